"""牛牛 throughput: hand evaluations/s and whole tables/s, against a vectorised numpy evaluator.

    python benchmarks/bench_niuniu.py                  # 4M hands, 4M tables, 5 repeats, cold compile
    python benchmarks/bench_niuniu.py --n 1000000 --no-compile

Prints five-card evaluations/s of the kernel evaluator (category by the residue test + highest
card) on one thread and on all cores, and of a numpy evaluator in the same process (the ten
pair sums of each hand against the total mod 10, argmax of the card order), with the ratio; then
four-seat tables/s of ``play_range`` (deal, evaluate, compare with 庄家, pay, one int64 row per
table in memory, before Parquet) on one thread and all cores; then the cold start (compile and
run on a tiny input, empty numba cache, fresh process) of the play engine and of the exact
enumerations: wall and CPU time, peak RSS. On a shared machine the CPU-clock figures are the
code's cost; the wall-clock ones include the neighbours.
(pokerkit and phevaluator rank poker hands, not 牛牛 hands; bench_hkstud.py compares with them.)
"""

from __future__ import annotations

import argparse

import numba
import numpy as np
from numba import njit, prange

from _cost import cold_compile, median_cpu_rate
from _util import fmt, median_rate
from kernels.niuniu.evaluate import evaluate_hands

WARM_PLAY = """
from sim.games.niuniu.rules import Rules
from sim.games.niuniu.kernel_rows import play_rows, census_rows
play_rows(Rules(), 1, 0, 100); census_rows(Rules(), 1, 0, 100)
"""
WARM_EXACT = """
from sim.games.niuniu.rules import Rules
from sim.games.niuniu import exact
exact.category_counts(Rules()); exact.pair_counts(Rules(jokers=False))
"""


@njit(cache=True, parallel=True)
def _evaluate_parallel(hands, card_info, card_of_strength, cats, tops, n_blocks):
    n = hands.shape[0]
    for b in prange(n_blocks):
        lo, hi = n * b // n_blocks, n * (b + 1) // n_blocks
        evaluate_hands(hands[lo:hi], card_info, card_of_strength, cats[lo:hi], tops[lo:hi])


def numpy_evaluate(hands: np.ndarray, residue: np.ndarray, strength: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Vectorised baseline: a bull exists iff some pair sums to the total (mod 10)."""
    r = residue[hands]
    total = r.sum(axis=1) % 10
    bull = np.zeros(len(hands), bool)
    for i in range(5):
        for j in range(i + 1, 5):
            bull |= (r[:, i] + r[:, j]) % 10 == total
    cats = np.where(bull, np.where(total == 0, 10, total), 0)
    s = strength[hands]
    tops = hands[np.arange(len(hands)), s.argmax(axis=1)]
    return cats, tops


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=4_000_000, help="hands and tables per timing")
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--no-compile", action="store_true", help="skip the cold-compile measurement")
    args = ap.parse_args()

    from kernels.niuniu.layout import LAYOUT
    from kernels.niuniu.play import play_range
    from sim.games.niuniu.kernel_rows import table_state
    from sim.games.niuniu.rules import Rules, card_strength, card_value, compile_rules

    a = compile_rules(Rules())
    table = table_state(a)
    rng = np.random.default_rng(1)
    hands = np.argsort(rng.random((args.n, 54)), axis=1)[:, :5].astype(np.int16)
    cats = np.empty(args.n, np.int64)
    tops = np.empty(args.n, np.int64)
    cores = numba.config.NUMBA_NUM_THREADS
    evaluate_hands(hands[:10], a["card_info"], a["card_of_strength"], cats, tops)
    _evaluate_parallel(hands[:100], a["card_info"], a["card_of_strength"], cats, tops, 4 * cores)

    def kernel_eval(parallel: bool) -> int:
        if parallel:
            _evaluate_parallel(hands, a["card_info"], a["card_of_strength"], cats, tops, 4 * cores)
        else:
            evaluate_hands(hands, a["card_info"], a["card_of_strength"], cats, tops)
        return args.n

    eval_all = median_rate(lambda: kernel_eval(True), args.repeats)
    eval_one = median_rate(lambda: kernel_eval(False), args.repeats)
    residue = np.array([card_value(c) % 10 for c in range(54)])
    strength = np.array([card_strength(c) for c in range(54)])
    n_np = max(100_000, args.n // 10)
    np_cats, np_tops = numpy_evaluate(hands[:n_np].astype(np.int64), residue, strength)
    assert (np_cats == cats[:n_np]).all() and (np_tops == tops[:n_np]).all()
    np_hands = hands[:n_np].astype(np.int64)
    eval_np = median_rate(lambda: len(numpy_evaluate(np_hands, residue, strength)[0]), max(3, args.repeats // 2))
    cpu_one = median_cpu_rate(lambda: kernel_eval(False), args.repeats)
    cpu_np = median_cpu_rate(lambda: len(numpy_evaluate(np_hands, residue, strength)[0]), max(3, args.repeats // 2))
    print(f"牛牛 five-card evaluations, median of {args.repeats}: paiju {fmt(eval_one)}/s on 1 thread, "
          f"{fmt(eval_all)}/s on {cores} threads; numpy {fmt(eval_np)}/s "
          f"(ratio {eval_one / eval_np:.1f}x one thread, {eval_all / eval_np:.1f}x all cores)")
    print(f"  per CPU-second of one thread: paiju {fmt(cpu_one)}/s, numpy {fmt(cpu_np)}/s ({cpu_one / cpu_np:.1f}x)")

    out = np.empty((args.n, LAYOUT.length), np.int64)
    out.fill(0)  # touch the pages once: the timing is the kernel, not first-touch page faults

    def tables(threads: int) -> int:
        numba.set_num_threads(threads)
        play_range(table, None, np.uint64(7), 0, args.n, out, 4 * threads)  # None: no --fix
        numba.set_num_threads(cores)
        return args.n

    tables(1)
    t_all = median_rate(lambda: tables(cores), args.repeats)
    t_one = median_rate(lambda: tables(1), args.repeats)
    t_cpu = median_cpu_rate(lambda: tables(1), args.repeats)
    print(f"four-seat tables (deal, evaluate, compare, pay, row in memory): {fmt(t_one)}/s on 1 thread, "
          f"{fmt(t_all)}/s on {cores} threads; per CPU-second of one thread {fmt(t_cpu)}/s")
    if not args.no_compile:
        for label, snippet in (("play engine (play and census)", WARM_PLAY),
                               ("exact enumerations (all hands, all pairs of 52-card hands)", WARM_EXACT)):
            wall, cpu, rss = cold_compile(snippet)
            print(f"cold start of the 牛牛 {label}: {wall:.1f} s wall, {cpu:.1f} s CPU, peak RSS {rss:.0f} MB")


if __name__ == "__main__":
    main()
