"""Say when numba compiles, and only then: a warm run loads cached code and says nothing.

numba compiles a kernel the first time it runs and caches the machine code on disk. Whether a
run compiles is told by numba's own ``numba:compile`` event, which fires for a real compile and
not for a load from the disk cache, so a slow cache load on a busy machine is not mistaken for
compiling (elapsed time would be).
"""

from __future__ import annotations

import time
from contextlib import contextmanager
from typing import Callable, Iterator

HINT = "once: the code is cached on disk for later runs; `paiju warm-up` compiles every game ahead"


class CompileWatch:
    """What a watched block compiled: ``compiled`` (kernels compiled, not loaded) and ``seconds``."""

    def __init__(self) -> None:
        self.compiled = 0
        self.seconds = 0.0


@contextmanager
def watch(on_first: Callable[[], None] | None = None) -> Iterator[CompileWatch]:
    """Count the kernels numba compiles (not loads) inside the block; ``on_first()`` when it starts."""
    from numba.core import event

    w = CompileWatch()

    class _Listener(event.Listener):
        def on_start(self, ev) -> None:
            w.compiled += 1
            if w.compiled == 1 and on_first is not None:
                on_first()

        def on_end(self, ev) -> None:
            pass

    listener = _Listener()
    t0 = time.perf_counter()
    event.register("numba:compile", listener)
    try:
        yield w
    finally:
        event.unregister("numba:compile", listener)
        w.seconds = time.perf_counter() - t0


@contextmanager
def compile_notice(what: str, log: Callable[[str], None]) -> Iterator[CompileWatch]:
    """Before the first compile, say that ``what`` is being compiled and that it happens once;
    after the block, how long it took. Nothing at all when every kernel came from the cache."""
    with watch(lambda: log(f"compiling {what} ({HINT}) ...")) as w:
        yield w
    if w.compiled:
        log(f"compiled {what} in {w.seconds:.1f} s")
