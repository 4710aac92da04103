"""五十K and 百变双扣 whole-hand throughput per policy, and the ratio against the pure-Python
reference engines.

    python benchmarks/bench_wushik_shuangkou_play.py                    # both games, 20k hands a timing
    python benchmarks/bench_wushik_shuangkou_play.py --game shuangkou --n 5000 --reference-n 20

For each game and policy (random, greedy, smart, all four seats) prints hands/s on one thread
and on all cores (median of ``--repeats``, after warm-up) through the play job's kernel call
(``sim.games.<game>.play.run_kernel``: the engine, the players and the raw fact rows; no
scoring, no Parquet). 五十K is timed on single hands (``matches = false``; a match is ~5.5 hands
of the same engine). Then ``--reference-n`` hands with uniformly random players through the
reference engine (tests/reference/*_game.py: every move from its legal-move enumeration, checked)
give the ratio paiju random (one thread) / reference. On a shared machine the wall-clock rates
fall with the load; the rate per CPU-second of one thread does much less.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the reference engines live in tests/

from _util import fmt, median_rate  # noqa: E402

POLICIES = ("random", "greedy", "smart")


def make_spec(game: str, policy: str, n: int):
    from sim.registry import load_game, resolve_rules
    from sim.runner import RunSpec

    g = load_game(game)
    rules = resolve_rules(g, "default", None, ["matches=false"] if game == "wushik" else [])
    return RunSpec(game=game, kind="play", variant="default", rules=rules, seed=1, n=n, shard_size=n,
                   options={"policies": [policy] * 4, "rotate": False, "duplicate": False})


def cpu_rate(game: str, policy: str, n: int) -> float:
    """Hands per second of process CPU time on one thread: what a thread does when it has a
    core, however loaded the shared machine is."""
    import importlib

    import numba

    numba.set_num_threads(1)
    run_kernel = importlib.import_module(f"sim.games.{game}.play").run_kernel
    spec = make_spec(game, policy, n)
    run_kernel(replace(spec, n=64), 0, 64)
    t0 = time.process_time()
    done = len(run_kernel(spec, 0, n))
    return done / (time.process_time() - t0)


def paiju_rate(game: str, policy: str, n: int, repeats: int, threads: int) -> float:
    import importlib

    import numba

    numba.set_num_threads(threads)
    run_kernel = importlib.import_module(f"sim.games.{game}.play").run_kernel
    spec = make_spec(game, policy, n)
    run_kernel(replace(spec, n=64), 0, 64)
    return median_rate(lambda: len(run_kernel(spec, 0, n)), repeats)


def reference_rate(game: str, n: int) -> float:
    import importlib

    ref = importlib.import_module(f"tests.reference.{game}_rules")
    rng = random.Random(7)

    def choose(hand, seat, options):  # uniformly among the legal plays, and the pass when following
        return rng.choice(options) if hand.lead() else rng.choice(options + [ref.PASS_KEY])

    t0 = time.perf_counter()
    if game == "wushik":
        from tests.reference.wushik_game import play_match

        for g in range(n):
            play_match(1, g, choose, {"matches": False})
    else:
        from tests.reference.shuangkou_game import play_game

        for g in range(n):
            play_game(1, g, choose)
    return n / (time.perf_counter() - t0)


def main() -> None:
    import numba

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", choices=("wushik", "shuangkou"), action="append")
    ap.add_argument("--n", type=int, default=20_000)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--reference-n", type=int, default=40)
    a = ap.parse_args()
    cores = numba.config.NUMBA_NUM_THREADS
    for game in a.game or ("wushik", "shuangkou"):
        print(f"== {game}: hands/s (median of {a.repeats}, {a.n:,} hands a timing)")
        one = {}
        for policy in POLICIES:
            one[policy] = paiju_rate(game, policy, a.n, a.repeats, 1)
            rate_all = paiju_rate(game, policy, a.n, a.repeats, cores) if cores > 1 else one[policy]
            cpu = cpu_rate(game, policy, a.n)
            print(f"  {policy:7s} 1 thread {fmt(one[policy]):>8s}   {cores} threads {fmt(rate_all):>8s}   "
                  f"per CPU-second of one thread {fmt(cpu):>8s}")
        ref = reference_rate(game, a.reference_n)
        print(f"  reference (random players, {a.reference_n} hands) {fmt(ref)} hands/s; "
              f"paiju random / reference = {one['random'] / ref:,.0f}x")


if __name__ == "__main__":
    main()
