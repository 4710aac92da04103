"""八十分 and 仙居红五 full-hand throughput per policy, the ratio against the pure-Python reference
engine, and each engine's cold compile time and peak memory.

    python benchmarks/bench_trick.py                       # 20k hands per timing, 3 repeats
    python benchmarks/bench_trick.py --n 5000 --reference-n 20 --compile

For each game and policy (all four seats) prints hands/s on all cores and on one thread (median
of ``--repeats``, after warm-up). Then plays ``--reference-n`` hands with uniformly random players
through the slow reference engine (tests/reference/trick_player.py: every lead and follow checked
by the reference rules) and prints the ratio paiju random (one thread) / reference. With
``--compile``, each game's batch engine (and its logged twin) is compiled in a fresh process with
an empty numba cache: wall and CPU seconds and peak RSS.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the reference engine lives in tests/

from _util import fmt, median_rate  # noqa: E402

POLICIES = ("random", "greedy", "smart")


def _inputs(game: str, policy: str):
    import numpy as np

    from kernels.trick.players import params_matrix

    if game == "tractor":
        from sim.games.tractor.rules import TractorRules as Rules, compile_rules
    else:
        from sim.games.hongwu.rules import HongwuRules as Rules, compile_rules
    return compile_rules(Rules())["rules"], np.full(4, POLICIES.index(policy), np.int64), params_matrix([policy] * 4)


def cpu_rate(fn, repeats: int) -> float:
    """Median items per CPU-second of this process (on a shared machine wall time also counts other
    jobs; for one thread CPU time is what an idle machine's wall time would be)."""
    import statistics

    rates = []
    for _ in range(repeats):
        t0 = time.process_time()
        n = fn()
        rates.append(n / (time.process_time() - t0))
    return statistics.median(rates)


def paiju_rate(game: str, policy: str, n: int, repeats: int, threads: int, cpu: bool = False) -> float:
    import numba
    import numpy as np

    numba.set_num_threads(threads)
    from kernels.run_vector import run_vector

    rules, pol, pp = _inputs(game, policy)
    if game == "tractor":
        from kernels.tractor.layout import ROW_LEN
        from kernels.tractor.play import play_range, template
    else:
        from kernels.hongwu.layout import ROW_LEN
        from kernels.hongwu.play import play_range, template
    tpl = template(rules, pol, pp)

    def run(count):
        rows = np.zeros((count, ROW_LEN), np.int64)
        play_range(tpl, run_vector(1, 0, count, 4 * threads), rows)
        return count
    run(64)
    return (cpu_rate if cpu else median_rate)(lambda: run(n), repeats)


def reference_rate(game: str, n: int) -> tuple[float, float]:
    """(hands per wall second, hands per CPU second) of the pure-Python reference engine."""
    from tests.reference.trick_player import play_random_hand

    rng = random.Random(1)
    t0, c0 = time.perf_counter(), time.process_time()
    for g in range(n):
        play_random_hand(game, 1, g, rng)
    return n / (time.perf_counter() - t0), n / (time.process_time() - c0)


COMPILE_SNIPPET = """
import time, numpy as np
t0 = time.perf_counter()
from kernels.run_vector import run_vector
from kernels.trick.players import params_matrix
game = {game!r}
pp = params_matrix(["random", "greedy", "smart", "smart"])
pol = np.array([0, 1, 2, 2], np.int64)
if game == "tractor":
    from sim.games.tractor.rules import TractorRules, compile_rules
    from kernels.tractor.codes import MS_BANKER_TEAM, MS_LEN
    from kernels.tractor.layout import ROW_LEN
    from kernels.tractor.play import play_logged, play_range, template
    rules = compile_rules(TractorRules())["rules"]
    play_range(template(rules, pol, pp), run_vector(1, 0, 4, 2, 2), np.zeros((4, ROW_LEN), np.int64))
    t1 = time.perf_counter()
    ms = np.zeros(MS_LEN, np.int64); ms[MS_BANKER_TEAM] = -1
    play_logged(1, 0, 0, ms, rules, pol, pp)
else:
    from sim.games.hongwu.rules import HongwuRules, compile_rules
    from kernels.hongwu.layout import ROW_LEN
    from kernels.hongwu.play import play_logged, play_range, template
    rules = compile_rules(HongwuRules())["rules"]
    play_range(template(rules, pol, pp), run_vector(1, 0, 4, 2), np.zeros((4, ROW_LEN), np.int64))
    t1 = time.perf_counter()
    play_logged(1, 0, 0, rules, pol, pp)
t2 = time.perf_counter()
print(f"RESULT {{t1 - t0:.1f}} {{t2 - t0:.1f}} {{time.process_time():.1f}}")
"""


def compile_figures(game: str) -> str:
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache, PYTHONPATH=str(ROOT))
        before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        out = subprocess.run([sys.executable, "-c", COMPILE_SNIPPET.format(root=str(ROOT), game=game)], env=env,
                             capture_output=True, text=True, check=True).stdout
        rss = max(before, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss) / 1024
    batch, both, cpu = out.split("RESULT")[1].split()
    return (f"{game}: cold compile of the play engine {batch} s wall, {both} s with the logged entry point too "
            f"({cpu} s CPU in all, imports included), peak RSS {rss:.0f} MB")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=20_000)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--reference-n", type=int, default=20)
    ap.add_argument("--games", default="tractor,hongwu")
    ap.add_argument("--compile", action="store_true", help="also measure cold compile time and peak RSS")
    args = ap.parse_args()

    import numba

    cores = numba.config.NUMBA_NUM_THREADS
    for game in args.games.split(","):
        if args.compile:
            print(compile_figures(game))
        one, one_cpu = {}, {}
        for policy in POLICIES:
            all_cores = paiju_rate(game, policy, args.n, args.repeats, cores)
            one[policy] = paiju_rate(game, policy, args.n // 2, args.repeats, 1)
            one_cpu[policy] = paiju_rate(game, policy, args.n // 2, args.repeats, 1, cpu=True)
            print(f"{game} {policy:>6}: {fmt(all_cores)} hands/s on {cores} threads, {fmt(one[policy])} hands/s on "
                  f"1 thread ({fmt(one_cpu[policy])} per CPU-second)")
        ref, ref_cpu = reference_rate(game, args.reference_n)
        print(f"{game} reference engine (pure Python, random players): {ref:.2f} hands/s ({ref_cpu:.2f} per CPU-second)")
        print(f"{game} ratio paiju random (1 thread) / reference: {one['random'] / ref:,.0f}x "
              f"(per CPU-second: {one_cpu['random'] / ref_cpu:,.0f}x)")
    print(f"load average while measuring: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")


if __name__ == "__main__":
    main()
