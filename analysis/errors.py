"""The one exception type for mistakes a user can make; the CLI prints it as one line.

``PaijuError`` is what the Python API raises for a bad game, option, output path or run; its
message is the line the CLI prints (``error: …``, exit code 2). ``UserError`` is its historic
name, and the analysis side's ``RunError`` / ``RenderError`` are subclasses. It lives in the
lowest layer that raises it (``analysis`` never imports ``sim``); ``sim.errors`` is the same
classes under the name the simulator's modules use.
"""


class PaijuError(Exception):
    """Bad input from the user (unknown game, bad option, unusable output path, unreadable run...)."""


UserError = PaijuError


def did_you_mean(name: str, choices) -> str:
    """`` (did you mean 'x'?)`` for the choice closest to a mistyped ``name`` (difflib), else ''."""
    import difflib

    close = difflib.get_close_matches(str(name), [str(c) for c in choices], n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""
