"""Compile every game's kernels ahead of time, several engines at once (``paiju warm-up``).

numba compiles a kernel the first time it runs and caches the machine code on disk, so the
first run of each game pays for compiling (see the README). Warming up runs each game's jobs on
a handful of games in a fresh process per engine, up to ``jobs`` processes at a time: games that
share compiled code (``Game.engine``) are warmed in the same process, one after another, so the
second one only loads what the first compiled. The test suite calls this before a whole run so
that compiling is spread over every core instead of happening inside whichever test comes first.
"""

from __future__ import annotations

import os
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from multiprocessing import get_context
from typing import Callable, Mapping, Sequence

from sim.compiling import HINT


def engines(names: Sequence[str] | None = None) -> dict[str, list[str]]:
    """Game names grouped by the compiled code they use, in registry order."""
    from sim.registry import GAMES, load_game

    groups: dict[str, list[str]] = {}
    for name in names or list(GAMES):
        groups.setdefault(load_game(name).engine, []).append(name)
    return groups


def warm_up_games(names: Sequence[str]) -> tuple[float, int]:
    """Run every job of each game on a few games in memory: (seconds, kernels compiled, not loaded)."""
    import numba

    from sim import api
    from sim.compiling import watch
    from sim.registry import load_game

    numba.set_num_threads(1)  # compiled code does not depend on the thread count
    with watch() as w:
        for name in names:
            for kind in load_game(name).jobs:
                getattr(api, kind)(name, 4, seed=0, progress=False, threads=1, log=lambda line: None)
    return w.seconds, w.compiled


def warm_up(names: Sequence[str] | None = None, jobs: int | None = None,
            log: Callable[[str], None] = print) -> float:
    """Warm up ``names`` (default: every registered game) in up to ``jobs`` processes; seconds.

    Says first what it compiles, then one line per engine as it finishes. Ctrl-C stops it at once
    (the engines not yet finished are cancelled, their processes ended) and raises
    ``KeyboardInterrupt``; what finished stays cached."""
    groups = engines(names)
    jobs = max(1, min(jobs or os.cpu_count() or 1, len(groups)))
    log(f"compiling the kernels of {len(groups)} engine(s), {jobs} at a time ({HINT}) ...")
    return run_groups(groups, jobs, log, warm_up_games)


def run_groups(groups: Mapping[str, Sequence[str]], jobs: int, log: Callable[[str], None],
               task: Callable[[Sequence[str]], tuple[float, int]]) -> float:
    """``task(games)`` for each engine's games in a fresh process, ``jobs`` at a time; one line per
    engine as it finishes; seconds in all. Interruptible (see ``warm_up``)."""
    t0 = time.perf_counter()
    ctx = get_context("spawn")  # a fresh interpreter per engine: no numba state is shared or forked
    pool = ProcessPoolExecutor(max_workers=jobs, mp_context=ctx, max_tasks_per_child=1)
    try:
        pending = {pool.submit(task, list(games)): (engine, games) for engine, games in groups.items()}
        for done in as_completed(pending):
            engine, games = pending[done]
            seconds, compiled = done.result()
            what = engine if list(games) == [engine] else f"{engine} ({', '.join(games)})"
            how = f"compiled in {seconds:.0f} s" if compiled else f"already cached (loaded in {seconds:.1f} s)"
            log(f"  {what}: {how}")
    except BaseException:  # Ctrl-C (or a failed engine): stop the others now, do not start the rest
        _stop(pool)
        raise
    pool.shutdown(wait=True)
    return time.perf_counter() - t0


def _stop(pool: ProcessPoolExecutor) -> None:
    """Cancel what has not started and end the processes that are compiling."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        if process.is_alive():
            process.terminate()
    for process in processes:
        process.join(timeout=5)
