"""港式五张 throughput: hand evaluations/s and tables/s, against numpy, pokerkit and phevaluator.

    python benchmarks/bench_hkstud.py                  # 4M hands, 1M tables, 5 repeats, cold compile
    python benchmarks/bench_hkstud.py --n 1000000 --tables 200000 --no-compile

Prints five-card evaluations/s of the kernel (``key5``: table lookup by rank counts, flush test,
suit of the deciding card) on one thread and on all cores, and in the same process of: a numpy
evaluator doing the same lookups vectorised; pokerkit's ``Lookup`` over the 28-card rank order
(the one the test suite checks categories against); phevaluator's C evaluator on five cards of a
standard 52-card deck (a different game: a speed reference only). Then tables/s of
``play_range``: four seats without betting, four random players in fixed limit, and two equity
players in fixed limit (their equity is enumerated or sampled at every decision); then the cold
start (compile and run on a tiny input, empty numba cache, fresh process) of the play engine and
of the exact enumerations: wall and CPU time, peak RSS.
"""

from __future__ import annotations

import argparse
import time

import numba
import numpy as np
from numba import njit, prange

from _cost import cold_compile, median_cpu_rate
from _util import fmt, median_rate
from kernels.hkstud.evaluate import evaluate_hands

WARM_PLAY = """
from sim.games.hkstud.rules import Rules
from sim.games.hkstud.kernel_rows import play_rows, census_rows
from sim.ruleset import apply_overrides
rules = apply_overrides(Rules(), {"betting": "pot_limit"})
play_rows(rules, 1, 0, 50, ["random", "equity", "calling-station", "equity"]); census_rows(Rules(), 1, 0, 50)
"""
WARM_EXACT = """
from sim.games.hkstud import exact
exact.category_counts(); exact.showdown_equity([[0, 5, 9, 13], [1, 6, 10, 14]]); exact.leader_win_probability(5)
"""


@njit(cache=True, parallel=True)
def _evaluate_parallel(hands, plain, flush, keys, cats, n_blocks):
    n = hands.shape[0]
    for b in prange(n_blocks):
        lo, hi = n * b // n_blocks, n * (b + 1) // n_blocks
        evaluate_hands(hands[lo:hi], plain, flush, keys[lo:hi], cats[lo:hi])


def numpy_keys(hands: np.ndarray, plain: np.ndarray, flush: np.ndarray) -> np.ndarray:
    """The kernel's lookups, vectorised: rank-count index, flush test, best suit of the deciding rank."""
    ranks, suits = hands >> 2, hands & 3
    idx = (5 ** ranks).sum(axis=1)
    suited = (suits == suits[:, :1]).all(axis=1)
    e = np.where(suited, flush[idx], plain[idx]).astype(np.int64)
    dec = (e >> 21) & 7
    best = np.where(ranks == dec[:, None], suits, 4).min(axis=1)
    return (e & ((1 << 21) - 1)) | ((3 - best) * ((e >> 24) & 1))


def pokerkit_rate(hands: np.ndarray) -> float | None:
    import importlib.util
    import sys

    if importlib.util.find_spec("pokerkit") is None:
        return None
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from tests.reference.hkstud_pokerkit import CARDS, hkstud_lookup

    lookup = hkstud_lookup(False)
    sample = [[CARDS[c] for c in h] for h in hands[:20_000].tolist()]
    t0 = time.perf_counter()
    for h in sample:
        lookup.get_entry(h)
    return len(sample) / (time.perf_counter() - t0)


def phevaluator_rate(n: int, rng) -> float | None:
    try:
        from phevaluator import evaluate_cards
    except ImportError:
        return None
    hands = np.argsort(rng.random((n, 52)), axis=1)[:, :5].tolist()
    t0 = time.perf_counter()
    for h in hands:
        evaluate_cards(*h)
    return n / (time.perf_counter() - t0)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=4_000_000, help="hands per evaluation timing")
    ap.add_argument("--tables", type=int, default=1_000_000, help="tables per table timing (equity: / 200)")
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--no-compile", action="store_true", help="skip the cold-compile measurement")
    args = ap.parse_args()

    from kernels.hkstud.layout import LAYOUT
    from kernels.hkstud.play import play_range
    from sim.games.hkstud.kernel_rows import table_state
    from sim.games.hkstud.players import policy_arrays
    from sim.games.hkstud.rules import Rules, compile_rules
    from sim.ruleset import apply_overrides

    a = compile_rules(Rules())
    rng = np.random.default_rng(1)
    hands = np.argsort(rng.random((args.n, 28)), axis=1)[:, :5].astype(np.int64)
    keys = np.empty(args.n, np.int64)
    cats = np.empty(args.n, np.int64)
    cores = numba.config.NUMBA_NUM_THREADS
    evaluate_hands(hands[:10], a["plain"], a["flush"], keys, cats)
    _evaluate_parallel(hands[:100], a["plain"], a["flush"], keys, cats, 4 * cores)

    def kernel_eval(parallel: bool) -> int:
        if parallel:
            _evaluate_parallel(hands, a["plain"], a["flush"], keys, cats, 4 * cores)
        else:
            evaluate_hands(hands, a["plain"], a["flush"], keys, cats)
        return args.n

    eval_all = median_rate(lambda: kernel_eval(True), args.repeats)
    eval_one = median_rate(lambda: kernel_eval(False), args.repeats)
    n_np = max(100_000, args.n // 10)
    assert (numpy_keys(hands[:n_np], a["plain"], a["flush"]) == keys[:n_np]).all()
    eval_np = median_rate(lambda: len(numpy_keys(hands[:n_np], a["plain"], a["flush"])), max(3, args.repeats // 2))
    cpu_one = median_cpu_rate(lambda: kernel_eval(False), args.repeats)
    cpu_np = median_cpu_rate(lambda: len(numpy_keys(hands[:n_np], a["plain"], a["flush"])), max(3, args.repeats // 2))
    print(f"港式五张 five-card evaluations, median of {args.repeats}: paiju {fmt(eval_one)}/s on 1 thread, "
          f"{fmt(eval_all)}/s on {cores} threads; per CPU-second of one thread {fmt(cpu_one)}/s")
    print(f"  numpy (same lookups, vectorised) {fmt(eval_np)}/s: paiju {eval_one / eval_np:.1f}x one thread, "
          f"{eval_all / eval_np:.1f}x all cores (CPU clock: numpy {fmt(cpu_np)}/s, {cpu_one / cpu_np:.1f}x)")
    pk = pokerkit_rate(hands)
    print(f"  pokerkit Lookup (28-card order) {fmt(pk)}/s: paiju {eval_one / pk:.0f}x one thread" if pk
          else "  pokerkit not installed")
    ph = phevaluator_rate(200_000, rng)
    print(f"  phevaluator (C, standard 52-card 5-card hands, per call from Python) {fmt(ph)}/s: "
          f"paiju {eval_one / ph:.0f}x one thread" if ph else "  phevaluator not installed")

    cases = [
        ("4 seats, no betting", {}, ["calling-station"] * 4, args.tables),
        ("4 random players, fixed limit", {"betting": "fixed_limit"}, ["random"] * 4, args.tables),
        ("2 equity players, fixed limit", {"betting": "fixed_limit", "players": 2}, ["equity"] * 2,
         max(2000, args.tables // 200)),
    ]
    for label, over, pols, n in cases:
        rules = apply_overrides(Rules(), over)
        c = compile_rules(rules)
        policy, pp = policy_arrays(pols)
        table = table_state(rules, c, policy, pp)
        out = np.zeros((n, LAYOUT.length), np.int64)

        def run(threads: int) -> int:
            numba.set_num_threads(threads)
            play_range(table, None, np.uint64(3), 0, n, 0, 0, out, 4 * threads)  # None: no --fix
            numba.set_num_threads(cores)
            return n

        run(1)
        t_all = median_rate(lambda: run(cores), args.repeats)
        t_one = median_rate(lambda: run(1), args.repeats)
        t_cpu = median_cpu_rate(lambda: run(1), args.repeats)
        print(f"tables, {label}: {fmt(t_one)}/s on 1 thread, {fmt(t_all)}/s on {cores} threads; "
              f"per CPU-second of one thread {fmt(t_cpu)}/s")
    if not args.no_compile:
        for label, snippet in (("play engine (play and census, every player)", WARM_PLAY),
                               ("exact enumerations (categories, equity, P(庄家 wins) for round 5)", WARM_EXACT)):
            wall, cpu, rss = cold_compile(snippet)
            print(f"cold start of the 港式五张 {label}: {wall:.1f} s wall, {cpu:.1f} s CPU, peak RSS {rss:.0f} MB")


if __name__ == "__main__":
    main()
