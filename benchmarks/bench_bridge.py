"""Bridge throughput: deals + census, full heuristic boards, double-dummy tables; compile cost.

    python benchmarks/bench_bridge.py                      # defaults below
    python benchmarks/bench_bridge.py --n 1000000 --boards 100000 --dd 80 --compile

Prints, after warm-up (medians of ``--repeats``):
* deals + census per second on one thread and on all cores, against a numpy vectorised dealer
  (argsort of random keys, then the same features from the dealt cards), and the same census fed
  by the shared ``kernels.deal.shuffle`` (one generator output per card) to show what the
  batched draws of ``kernels.bridge.deal`` buy;
* full boards per second (natural bidding + greedy or random card play + score), one thread
  and all cores;
* DD tables per second through paiju (``sim.games.bridge.dd``, batches of 40) against endplay's
  own batched call (``calc_all_tables``) on the same deals in the same process, with DDS on one
  thread and on all cores, and paiju's overhead;
* with ``--compile``: the cold compile (empty numba cache) of the census and board kernels in a
  subprocess, its wall and CPU time and peak RSS.
Per-thread figures are also given in CPU time, since the 2-core machine is shared.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from _util import fmt, median_rate  # noqa: E402


def cpu_rate(fn, repeats: int) -> float:
    """Median items per CPU second (``fn`` returns the item count)."""
    rates = []
    for _ in range(repeats):
        t0 = time.process_time()
        n = fn()
        rates.append(n / max(time.process_time() - t0, 1e-9))
    return float(np.median(rates))


def numpy_census(n: int, rng: np.random.Generator, batch: int = 100_000) -> int:
    """Vectorised baseline: shuffle by argsort of random keys; HCP, suit lengths, pattern, controls
    and losers per seat from the dealt cards (holding lookups), partnership HCP and fits."""
    from kernels.bridge.hand import holding_table, pattern_table

    table = holding_table().astype(np.int64)
    patterns = pattern_table().astype(np.int64)
    seat_of = np.arange(52) % 4
    done = 0
    while done < n:
        b = min(batch, n - done)
        deck = np.argsort(rng.random((b, 52)), axis=1)
        lens = np.empty((b, 4, 4), np.int64)
        for seat in range(4):
            cards = deck[:, seat_of == seat]
            suit, rank = cards // 13, cards % 13
            total = np.zeros(b, np.int64)
            for s in range(4):
                holding = ((suit == s) << rank).sum(axis=1)
                e = table[holding]
                total += e
                lens[:, seat, s] = e & 0xFF
            _ = (total >> 8) & 0xFF, (total >> 16) & 0xFF, (total >> 24) & 0xFF
            _ = patterns[(lens[:, seat, 0] * 14 + lens[:, seat, 1]) * 14 + lens[:, seat, 2]]
        _ = (lens[:, 0] + lens[:, 2]).max(axis=1), (lens[:, 1] + lens[:, 3]).max(axis=1)
        done += b
    return n


def shared_shuffle_census(n: int) -> int:
    """The census fed by ``kernels.deal.shuffle`` (one bounded draw per card), one thread."""
    from numba import njit

    from kernels.bridge.census import census_of_masks
    from kernels.bridge.hand import holding_table, pattern_table, seat_masks
    from kernels.deal import shuffle
    from kernels.rng import seed_stream

    @njit(nogil=True)
    def run(seed, count, holding_tab, pattern_tab, out):
        state = np.empty(4, np.uint64)
        deck = np.empty(52, np.int8)
        masks = np.empty(4, np.uint64)
        for g in range(count):
            seed_stream(seed, g, state)
            for c in range(52):
                deck[c] = c
            shuffle(state, deck)
            seat_masks(deck, masks)
            census_of_masks(masks, holding_tab, pattern_tab, out, g)

    from kernels.bridge.census import N_CENSUS

    out = np.empty((N_CENSUS, n), np.int8)
    args = (holding_table(), pattern_table(), out)
    run(1, 10, *args)
    return lambda: (run(1, n, *args), n)[1]


def census_rate(n: int, repeats: int, cpu: bool = False) -> float:
    from sim.games.bridge.kernel_rows import census

    fn = lambda: (census(1, 0, n), n)[1]  # noqa: E731
    return cpu_rate(fn, repeats) if cpu else median_rate(fn, repeats)


def boards_rate(n: int, play: str, repeats: int, cpu: bool = False) -> float:
    from sim.games.bridge.kernel_rows import play as play_boards
    from sim.games.bridge.players import policy_arrays
    from sim.games.bridge.rules import BridgeRules

    policies, params = policy_arrays("natural", play)
    fn = lambda: (play_boards(1, 0, n, BridgeRules(), policies, params), n)[1]  # noqa: E731
    return cpu_rate(fn, repeats) if cpu else median_rate(fn, repeats)


def dd_rates(n: int, threads: int) -> tuple[float, float, float]:
    """(paiju tables/s, endplay tables/s, paiju's own share) on the same ``n`` deals with DDS on
    ``threads`` threads (0: all). Batches alternate which of the two goes first, so that load
    changes on a shared machine hit both alike; paiju's own share is the time of its conversions
    and copies (everything but the DDS call) over the DDS time."""
    from endplay.dds import calc_all_tables
    from endplay.types import Deal

    from sim.games.bridge.dd import BATCH, Solver, dd_tables, dds_holdings, set_threads
    from sim.games.bridge.kernel_rows import deal_masks
    from sim.games.bridge.text import deal_pbn

    masks = deal_masks(2026, 0, n)
    deals = [Deal(deal_pbn(m)) for m in masks]
    set_threads(threads)
    solver = Solver()
    t_paiju = t_endplay = 0.0
    for b, lo in enumerate(range(0, n, BATCH)):
        for first in ((0, 1) if b % 2 == 0 else (1, 0)):
            t0 = time.perf_counter()
            if first == 0:
                calc_all_tables(deals[lo:lo + BATCH])
                t_endplay += time.perf_counter() - t0
            else:
                dd_tables(masks[lo:lo + BATCH], solver)
                t_paiju += time.perf_counter() - t0
    set_threads(0)
    reps = 200  # paiju's own work without the DDS call: holdings, copies in and out
    t0 = time.perf_counter()
    for _ in range(reps):
        for lo in range(0, n, BATCH):
            k = min(BATCH, n - lo)
            solver.cards[:k] = dds_holdings(masks[lo:lo + BATCH])
            _ = solver.tables[:k][:, [3, 2, 1, 0, 4], :].copy()
    own = (time.perf_counter() - t0) / reps
    return n / t_paiju, n / t_endplay, own / t_endplay


COLD = """
import time
t0 = time.perf_counter()
import numpy as np
from sim.games.bridge.kernel_rows import census, play
from sim.games.bridge.players import policy_arrays
from sim.games.bridge.rules import BridgeRules
census(1, 0, 100)
t1 = time.perf_counter()
play(1, 0, 100, BridgeRules(), *policy_arrays("natural", "greedy"))
t2 = time.perf_counter()
print(f"{t1 - t0:.1f} {t2 - t1:.1f}")
"""


def cold_compile() -> tuple[float, float, float, float]:
    """(census s, boards s, CPU s, peak RSS MB) of a first run with an empty numba cache."""
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache, PYTHONPATH=str(Path(__file__).resolve().parents[1]))
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        out = subprocess.run([sys.executable, "-c", COLD], env=env, check=True, capture_output=True, text=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    census_s, boards_s = map(float, out.stdout.split())
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    return census_s, boards_s, cpu, after.ru_maxrss / 1024


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=2_000_000, help="deals per census timing")
    ap.add_argument("--boards", type=int, default=100_000, help="boards per play timing")
    ap.add_argument("--dd", type=int, default=80, help="deals per DD timing (0 to skip)")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--compile", action="store_true", help="also measure the cold compile in a subprocess")
    args = ap.parse_args()

    import numba

    from sim.games.bridge.kernel_rows import census

    cores = numba.config.NUMBA_NUM_THREADS
    census(1, 0, 1000)
    rate_all = census_rate(args.n, args.repeats)
    numba.set_num_threads(1)
    rate_one = census_rate(args.n, args.repeats)
    rate_one_cpu = census_rate(args.n, args.repeats, cpu=True)
    shared = shared_shuffle_census(args.n)
    rate_shared = cpu_rate(shared, args.repeats)
    numba.set_num_threads(cores)
    n_np = max(100_000, args.n // 10)
    rng = np.random.default_rng(1)
    rate_np = median_rate(lambda: numpy_census(n_np, rng), args.repeats)
    rate_np_cpu = cpu_rate(lambda: numpy_census(n_np, rng), args.repeats)
    print(f"deals + census: {fmt(rate_all)}/s on {cores} threads, {fmt(rate_one)}/s on one thread "
          f"({fmt(rate_one_cpu)}/s per CPU second)")
    print(f"  numpy vectorised dealer: {fmt(rate_np)}/s ({fmt(rate_np_cpu)}/s per CPU second); ratio paiju/numpy "
          f"{rate_one / rate_np:.1f}x one thread, {rate_all / rate_np:.1f}x all cores, "
          f"{rate_one_cpu / rate_np_cpu:.1f}x per CPU second")
    print(f"  same census fed by kernels.deal.shuffle: {fmt(rate_shared)}/s per CPU second "
          f"(batched draws: {rate_one_cpu / rate_shared:.2f}x)")

    for play in ("greedy", "random"):
        boards_rate(1000, play, 1)
        all_ = boards_rate(args.boards, play, args.repeats)
        numba.set_num_threads(1)
        one = boards_rate(args.boards, play, args.repeats)
        one_cpu = boards_rate(args.boards, play, args.repeats, cpu=True)
        numba.set_num_threads(cores)
        print(f"boards natural + {play}: {fmt(all_)}/s on {cores} threads, {fmt(one)}/s on one thread "
              f"({fmt(one_cpu)}/s per CPU second)")

    if args.dd:
        for threads in (1, 0):
            paiju, endplay, own = dd_rates(args.dd, threads)
            label = "one DDS thread" if threads == 1 else "all cores"
            print(f"DD tables, {label}: paiju {paiju:.2f}/s, endplay calc_all_tables {endplay:.2f}/s "
                  f"(end to end {100 * (endplay / paiju - 1):+.1f}%; paiju's own work {100 * own:.3f}% of DDS time)")
    if args.compile:
        census_s, boards_s, cpu, rss = cold_compile()
        print(f"cold compile: census {census_s:.1f} s, boards {boards_s:.1f} s (wall), {cpu:.1f} s CPU, "
              f"peak RSS {rss:.0f} MB")


if __name__ == "__main__":
    main()
