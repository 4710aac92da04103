"""Per-game steps of a shared engine, chosen by the type of the declared state (no branch on a name).

A family's engine (``kernels.climb.search.search_decide``, …) is written once over *hooks*: plain
functions declared here with their meaning and arguments, whose body only raises. A game
supplies its step for its own state type with ``@implements(hook, LAYOUT)``; when numba compiles
the engine for that game's state, it takes that game's step (a numba ``overload`` keyed on the
state's named tuple class). So the engine names no game and a game changes no shared module.

The engine is compiled into each game's own cached entry points (see ``kernels.climb.search``):
an edit to a game's step therefore recompiles that game only (``kernels.drop_stale_cache``).

``implements`` checks that the step takes the hook's arguments under the hook's names, so a
mismatch is an error at import, not a numba typing error at the first run.
"""

from __future__ import annotations

import inspect

from numba.core import types
from numba.extending import overload


def implements(hook, layout):
    """Decorator: ``fn`` is ``hook``'s step for states of ``layout`` (a ``kernels.state.StateLayout``).
    The first argument of every hook is a declared state, which selects the step."""

    def register(fn):
        want = list(inspect.signature(hook).parameters)
        got = list(inspect.signature(fn).parameters)
        if want != got:
            raise TypeError(f"{fn.__module__}.{fn.__name__} implements {hook.__name__}{tuple(want)} "
                            f"but takes {tuple(got)}")
        cls = layout.cls
        first = want[0]

        def typer(*args, **kwargs):
            st = args[0] if args else kwargs[first]
            if isinstance(st, types.BaseNamedTuple) and st.instance_class is cls:
                return fn
            return None

        typer.__signature__ = inspect.signature(hook)
        overload(hook, jit_options={"nogil": True})(typer)
        return fn

    return register
