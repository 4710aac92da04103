"""What the contract runs: the games (read from ``sim.registry.GAMES`` when the tests are
collected, plus the two toy games), their variants and jobs, and small runs shared between checks.

A game registered with ``sim.registry.register`` is in the contract with no edit here. Runs are
in memory, one thread, a fixed seed and a few hands, cached for the session so that one run
serves every check that reads it.
"""

from __future__ import annotations

import functools
import json

from sim.registry import GAMES, load_module_game

# the toy games of tests/toy (registered by tests/contract/conftest.py while the contract runs)
TOYS = {"toy": "tests.toy", "toy-bare": "tests.toy.bare"}
MODULES = {**GAMES, **TOYS}
SEED = 11
N = {"census": 24, "play": 12}


def game(name: str):
    return load_module_game(MODULES[name])


def default_variant(name: str) -> str:
    variants = game(name).variants
    return "default" if "default" in variants else next(iter(variants))


def variant_cases() -> list[tuple[str, str, str]]:
    """(game, variant, job) for every game, every variant and every job it offers."""
    return [(g, v, kind) for g in MODULES for v in game(g).variants for kind in game(g).jobs]


def job_cases() -> list[tuple[str, str]]:
    """(game, job) on the game's default variant: checks that cost a run directory."""
    return [(g, kind) for g in MODULES for kind in game(g).jobs]


def play_cases(*, all_variants: bool) -> list[tuple[str, str]]:
    """(game, variant) of every game with a play job (every variant, or the default only)."""
    return [(g, v) for g in MODULES if "play" in game(g).jobs
            for v in (game(g).variants if all_variants else [default_variant(g)])]


def ids(cases) -> list[str]:
    return ["-".join(map(str, c)) for c in cases]


def run(name: str, variant: str, kind: str, *, seed: int = SEED, n: int | None = None, threads: int = 1,
        shard_size: int | None = None, **options):
    """The ``sim.api.Run`` of a small in-memory run (cached: the same arguments, the same run)."""
    return _run(name, variant, kind, seed, n or N[kind], threads, shard_size, json.dumps(options, sort_keys=True))


@functools.lru_cache(maxsize=None)
def _run(name, variant, kind, seed, n, threads, shard_size, options):
    import numba

    import sim.api as api

    threads = min(threads, numba.config.NUMBA_NUM_THREADS)
    common = dict(seed=seed, variant=variant, threads=threads, progress=False, log=lambda _msg: None)
    if shard_size:
        common["shard_size"] = shard_size
    if kind == "census":
        return api.census(name, n, **common)
    return api.play(name, n, **common, **json.loads(options))


def table(name: str, variant: str, kind: str, **kwargs):
    """The rows of ``run(...)`` as an Arrow table."""
    return run(name, variant, kind, **kwargs).to_arrow()
