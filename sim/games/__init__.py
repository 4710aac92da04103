"""One module per game: its ruleset as data, its named variants and its outcome schema."""
