"""The user-error classes (``PaijuError``, its historic name ``UserError``) and ``did_you_mean``:
defined in ``analysis.errors`` (the lowest layer that raises them: ``analysis`` never imports
``sim``) and named here for the simulator's modules. The CLI prints them as one line (exit 2)."""

from analysis.errors import PaijuError, UserError, did_you_mean

__all__ = ["PaijuError", "UserError", "did_you_mean"]
