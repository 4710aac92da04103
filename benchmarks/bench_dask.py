"""Census throughput on a local Dask cluster as a fraction of the in-process run on the same cores.

    python benchmarks/bench_dask.py            # n = 10M, 2 workers x 1 thread vs 2 numba threads
    python benchmarks/bench_dask.py --n 4000000 --repeats 3

Both sides use the same cores: the in-process run uses ``workers * threads`` numba threads; the
Dask run uses ``workers`` worker processes of ``threads`` numba threads each, on a LocalCluster that
is started once (its start-up is not timed) and on which the kernels are warmed before the clock
starts, as run_local warms up before its clock. Each rate is the manifest's ``rate_per_s`` (games
computed and written per second of wall time); the median of ``--repeats`` runs is reported, and
the ratio dask / in-process (goal: >= 0.85), both of the medians and as the median of the per-repeat
ratios (each pair runs back to back, so it is the steadier figure on a shared machine).
"""

from __future__ import annotations

import argparse
import logging
import statistics
import tempfile
from pathlib import Path


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=10_000_000, help="games per run (default 10M)")
    ap.add_argument("--shard-size", type=int, default=1_000_000, help="games per shard / Dask task")
    ap.add_argument("--workers", type=int, default=2, help="Dask worker processes")
    ap.add_argument("--threads", type=int, default=1, help="numba threads per Dask worker")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()

    import numba
    from distributed import LocalCluster

    from sim.dask_backend import run_dask
    from sim.games.xiantao import rules as xiantao
    from sim.runner import RunSpec, run_local

    cores = args.workers * args.threads
    if cores > numba.config.NUMBA_NUM_THREADS:
        raise SystemExit(f"{args.workers} workers x {args.threads} threads exceed the "
                         f"{numba.config.NUMBA_NUM_THREADS} cores numba sees")
    spec = RunSpec("xiantao", "census", "default", xiantao.Rules(), args.seed, args.n, min(args.shard_size, args.n))
    quiet = lambda _s: None  # noqa: E731
    local_rates, dask_rates = [], []
    with tempfile.TemporaryDirectory(prefix="bench-dask-") as tmp, \
            LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True,
                         dashboard_address=":0", silence_logs=logging.ERROR) as cluster:
        tmp = Path(tmp)
        for r in range(args.repeats):  # interleaved, so drifting machine load hits both sides alike
            m = run_local(spec, tmp / f"local{r}", resume=False, overwrite=False, threads=cores, log=quiet)
            local_rates.append(m["rate_per_s"])
            m = run_dask(spec, tmp / f"dask{r}", resume=False, overwrite=False, scheduler=cluster.scheduler_address,
                         threads_per_worker=args.threads, log=quiet)
            dask_rates.append(m["rate_per_s"])
            print(f"repeat {r + 1}: in-process {local_rates[-1]:>12,.0f}/s   dask {dask_rates[-1]:>12,.0f}/s", flush=True)
    local, dask = statistics.median(local_rates), statistics.median(dask_rates)
    print(f"census n={args.n:,} shard={spec.shard_size:,} ({spec.n_shards} shards), {cores} cores")
    print(f"in-process ({cores} numba threads):             {local:>12,.0f} games/s (median of {args.repeats})")
    print(f"dask ({args.workers} workers x {args.threads} thread(s), LocalCluster): {dask:>12,.0f} games/s "
          f"(median of {args.repeats})")
    paired = statistics.median(d / lo for d, lo in zip(dask_rates, local_rates))
    print(f"ratio dask / in-process: {dask / local:.1%} of medians, {paired:.1%} median of paired repeats "
          "(goal >= 85%)")


if __name__ == "__main__":
    main()
