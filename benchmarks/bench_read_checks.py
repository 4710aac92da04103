"""What the read-back checks cost: streaming every column of a stored run with page checksums
verified and declared ranges checked, against checksums only and against neither.

    python benchmarks/bench_read_checks.py                 # 牛牛, 400,000 hands, best of 3
    python benchmarks/bench_read_checks.py --game wushik --n 2000

Every reader of a run (report, rescore, balance, replay, sweep) goes through ``Run.iter_batches``
or ``Run.to_table``, so this is the whole overhead a command pays for catching damaged parts; a
report's own computation comes on top of the read and is the same either way.
"""

from __future__ import annotations

import argparse
import dataclasses
import tempfile
import time
from pathlib import Path

import pyarrow.dataset as ds

import sim
from sim.stored import open_stored


def best_of(run, repeats: int) -> tuple[float, int]:
    best, rows = float("inf"), 0
    for _ in range(repeats):
        t0 = time.perf_counter()
        rows = sum(b.num_rows for b in run.iter_batches())
        best = min(best, time.perf_counter() - t0)
    return best, rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="niuniu")
    ap.add_argument("--n", type=int, default=400_000)
    ap.add_argument("--repeats", type=int, default=3)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        sim.play(args.game, args.n, seed=1, out=Path(tmp) / "run", progress=False, log=lambda s: None)
        checked = open_stored(Path(tmp) / "run")
        checksums = dataclasses.replace(checked, ranges={})
        plain = dataclasses.replace(checksums, dataset=ds.dataset([str(p) for p in checked.parts], format="parquet"))
        best_of(plain, 1)  # the files in the page cache before anything is timed
        times = {name: best_of(run, args.repeats) for name, run in
                 (("checksums + ranges", checked), ("checksums only", checksums), ("neither", plain))}
        base, rows = times["neither"]
        print(f"{args.game}: {rows:,} rows, {len(checked.columns)} columns ({len(checked.ranges)} with a declared range)")
        for name, (secs, _) in times.items():
            print(f"  {name:<19} {secs:7.3f} s  {rows / secs:12,.0f} rows/s  ×{secs / base:.2f} of unchecked")


if __name__ == "__main__":
    main()
