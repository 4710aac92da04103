"""The one exception type for mistakes a user can make; the CLI prints it as one line.

``PaijuError`` is what the Python API raises for a bad game, option, output path or run; its
message is the line the CLI prints (``error: …``, exit code 2). ``UserError`` is its historic
name, and the analysis side's ``RunError`` / ``RenderError`` are subclasses.
"""


class PaijuError(Exception):
    """Bad input from the user (unknown game, bad option, unusable output path, unreadable run...)."""


UserError = PaijuError
