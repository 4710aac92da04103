"""The one exception type for mistakes a user can make; the CLI prints it as one line."""


class UserError(Exception):
    """Bad input from the user (unknown game, bad option, unusable output path...)."""
