"""Census throughput: paiju's kernel against a vectorised numpy dealer, and memory on a big run.

    python benchmarks/bench_census.py                 # 2M deals per timing, 5 repeats, 20M-deal RSS run
    python benchmarks/bench_census.py --n 1000000 --rss-n 0

Prints deals/s of the census kernel (all census features, after warm-up) on all cores and on one
thread, and of a numpy baseline in the same process: argsort of random keys to shuffle, then rank
counts per seat and the same simple features (wilds, max natural count, 7张, 8张, 王炸, points),
with the ratio. Then runs `paiju census` on ``--rss-n`` deals to disk in a subprocess and prints
its peak RSS, with a run ten times smaller for comparison (memory must stay flat in -n).
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import tempfile

import numpy as np

from _util import fmt, median_rate


def numpy_census(n: int, rng: np.random.Generator, batch: int = 100_000) -> int:
    """Vectorised baseline: shuffle by argsort of random keys, then count ranks per seat."""
    from sim.games.xiantao import rules as xiantao

    t = xiantao.compile_tables(xiantao.Rules())
    rank = np.where(t.wild == 1, 15, t.rank).astype(np.int64)  # wilds in their own column
    points = t.points.astype(np.int64)
    done = 0
    while done < n:
        b = min(batch, n - done)
        deck = np.argsort(rng.random((b, 108)), axis=1)  # deck[g, p] = card at position p
        seat = np.arange(108) % 4
        ranks = rank[deck]
        counts = np.zeros((b, 4, 16), np.int16)
        for s in range(4):
            cols = ranks[:, seat == s]
            for r in range(16):
                counts[:, s, r] = (cols == r).sum(axis=1)
        natural = counts[:, :, :13]
        _ = counts[:, :, 15], natural.max(axis=2), (natural == 7).sum(axis=2), (natural == 8).sum(axis=2)
        _ = (counts[:, :, 13] > 0) & (counts[:, :, 14] > 0)
        _ = np.stack([points[deck[:, seat == s]].sum(axis=1) for s in range(4)], axis=1)
        done += b
    return n


def paiju_census(n: int, seed: int) -> int:
    from sim.games.xiantao import rules as xiantao
    from sim.games.xiantao.census import compute_census
    from sim.runner import RunSpec

    compute_census(RunSpec("xiantao", "census", "default", xiantao.Rules(), seed, n, n), 0, n)
    return n


def peak_rss_mb(n: int) -> float:
    with tempfile.TemporaryDirectory() as d:
        cmd = [sys.executable, "-m", "sim.cli", "census", "xiantao", "-n", str(n), "--seed", "1", "--out",
               f"{d}/run", "--quiet"]
        before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        subprocess.run(cmd, check=True, capture_output=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return max(before, after) / 1024


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=2_000_000)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--rss-n", type=int, default=20_000_000, help="deals of the memory run (0 to skip)")
    args = ap.parse_args()

    import numba

    paiju_census(10_000, 0)  # compile or load from cache
    cores = numba.config.NUMBA_NUM_THREADS
    rate_all = median_rate(lambda: paiju_census(args.n, 1), args.repeats)
    numba.set_num_threads(1)
    rate_one = median_rate(lambda: paiju_census(args.n, 1), args.repeats)
    numba.set_num_threads(cores)
    rng = np.random.default_rng(1)
    n_np = max(100_000, args.n // 10)
    rate_np = median_rate(lambda: numpy_census(n_np, rng), max(3, args.repeats // 2))
    print(f"census xiantao, median of {args.repeats}: paiju {fmt(rate_all)} deals/s on {cores} threads, "
          f"{fmt(rate_one)} deals/s on 1 thread")
    print(f"numpy baseline (argsort + rank counts, 1 core): {fmt(rate_np)} deals/s")
    print(f"ratio paiju/numpy: {rate_all / rate_np:.1f}x all cores, {rate_one / rate_np:.1f}x one thread")
    if args.rss_n:
        small = peak_rss_mb(args.rss_n // 10)
        big = peak_rss_mb(args.rss_n)
        print(f"peak RSS of `paiju census` to disk: {small:.0f} MB at {args.rss_n // 10:,} deals, "
              f"{big:.0f} MB at {args.rss_n:,} deals")


if __name__ == "__main__":
    main()
