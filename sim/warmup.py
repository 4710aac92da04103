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
from typing import Callable, Sequence


def engines(names: Sequence[str] | None = None) -> dict[str, list[str]]:
    """Game names grouped by the compiled code they use, in registry order."""
    from sim.registry import GAMES, load_game

    groups: dict[str, list[str]] = {}
    for name in names or list(GAMES):
        groups.setdefault(load_game(name).engine, []).append(name)
    return groups


def warm_up_games(names: Sequence[str]) -> list[tuple[str, str, float]]:
    """Run every job of each game on a few games in memory; (game, kind, seconds) per job."""
    import numba

    from sim import api
    from sim.registry import load_game

    numba.set_num_threads(1)  # compiled code does not depend on the thread count
    timings = []
    for name in names:
        for kind in load_game(name).jobs:
            t0 = time.perf_counter()
            getattr(api, kind)(name, 4, seed=0, progress=False, threads=1, log=lambda line: None)
            timings.append((name, kind, time.perf_counter() - t0))
    return timings


def warm_up(names: Sequence[str] | None = None, jobs: int | None = None,
            log: Callable[[str], None] = print) -> float:
    """Warm up ``names`` (default: every registered game) in up to ``jobs`` processes; seconds."""
    groups = list(engines(names).values())
    jobs = max(1, min(jobs or os.cpu_count() or 1, len(groups)))
    t0 = time.perf_counter()
    ctx = get_context("spawn")  # a fresh interpreter per engine: no numba state is shared or forked
    with ProcessPoolExecutor(max_workers=jobs, mp_context=ctx, max_tasks_per_child=1) as pool:
        pending = {pool.submit(warm_up_games, group): group for group in groups}
        for done in as_completed(pending):
            for name, kind, seconds in done.result():
                log(f"  {name} {kind}: {seconds:.1f} s")
    return time.perf_counter() - t0
