"""Run the shards of a job as Dask tasks (principle 8: one machine first, a real engine beyond).

Each pending shard becomes one task. The task computes the shard with the same ``compute_shard``
as the local runner and writes its own part file to the output directory, which must be a path
that every worker sees (a shared filesystem when the workers are on several machines). A part file
is written under a hidden temporary name and renamed into place, so a task that dies half way
leaves nothing a reader or ``--resume`` would trust, and a task that runs twice (a retry after a
lost worker) just replaces the file with identical bytes: no partial or duplicate rows.

Because each game's stream depends only on ``(seed, game_index)``, the dataset is the same as an
in-process run, and a run begun locally can be resumed on Dask and the other way round.

``dask[distributed]`` is an optional dependency (``pip install 'paiju[dask]'``); it is imported
only when a Dask run is asked for.
"""

from __future__ import annotations

import os
import time
import uuid
from pathlib import Path
from typing import Any, Callable

from sim.errors import UserError
from sim.progress import rate
from sim.runner import RunSpec

CONNECT_TIMEOUT_S = 5  # an unreachable scheduler fails after this long, never hangs
WAIT_FOR_WORKERS_S = 30  # a reachable scheduler with no worker at all
RETRIES = 2  # re-runs of a task that raised (a task whose worker died is re-run by the scheduler)


def _import_distributed():
    try:
        import distributed
    except ImportError:
        raise UserError("Dask is not installed; install it with: pip install 'paiju[dask]'") from None
    return distributed


# ---------------------------------------------------------------------------------------------
# What runs on a worker: plain top-level functions, so they pickle by reference.


def _numba_threads(threads: int | dict[str, int] | None) -> int:
    """Set this worker thread's numba thread count and return it.

    An int is used as is (capped at the cores numba sees). A dict maps each host to the number of
    Dask task slots on it (all its workers' threads together): the host's cores are shared between
    them, so several single-threaded worker processes on one machine do not oversubscribe it.
    ``None`` shares the cores between this worker's own slots.
    """
    import numba

    limit = numba.config.NUMBA_NUM_THREADS
    if not isinstance(threads, int):
        slots = 1
        try:
            from distributed import get_worker
            from distributed.comm import get_address_host

            worker = get_worker()
            slots = worker.state.nthreads
            if threads:
                slots = threads.get(get_address_host(worker.address), slots)
        except (ImportError, ValueError, AttributeError):
            pass
        threads = max(1, limit // max(1, slots))
    threads = max(1, min(threads, limit))
    numba.set_num_threads(threads)  # thread-local in numba: must be set in the task's own thread
    return threads


def write_part(out: str, index: int, table: Any) -> None:
    """Write one shard atomically under a temporary name unique to this attempt."""
    from sim.writer import part_name, write_part_file

    # matches writer.TMP_RE, so --resume and --overwrite clear leftovers of a killed attempt
    tmp = os.path.join(out, f".{part_name(index)}.tmp{os.getpid()}-{uuid.uuid4().hex[:8]}")
    write_part_file(table, tmp, os.path.join(out, part_name(index)))


def shard_task(spec: RunSpec, out: str, index: int, threads: int | dict[str, int] | None) -> int:
    """Compute shard ``index`` of ``spec`` and write its part file under ``out``; returns its rows."""
    from sim.runner import compute_shard

    _numba_threads(threads)
    table = compute_shard(spec, index)
    write_part(out, index, table)
    return table.num_rows


def worker_warm_up(spec: RunSpec, out: str, threads: int | dict[str, int] | None) -> dict[str, Any]:
    """Compile (or load from numba's cache) the kernels on one worker and describe the worker."""
    from sim.compiling import watch
    from sim.runner import versions, warm_up

    from distributed import get_worker

    used = _numba_threads(threads)
    with watch() as w:  # whether this worker compiled or only loaded cached code
        seconds = warm_up(spec)
    return {"worker": get_worker().address, "seconds": seconds, "compiled": w.compiled, "threads": used,
            "sees_out": os.path.isdir(out), **versions()}


# ---------------------------------------------------------------------------------------------
# The client side.


def _connect(distributed, scheduler: str):
    try:
        return distributed.Client(scheduler, timeout=CONNECT_TIMEOUT_S, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as exc:
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise UserError(f"cannot reach the Dask scheduler at {scheduler!r}: {reason}") from None


def _check_threads(threads_per_worker: int | None, local: bool) -> None:
    if threads_per_worker is None:
        return
    if threads_per_worker < 1:
        raise UserError(f"--threads must be at least 1; got {threads_per_worker}")
    if local:
        import numba

        limit = numba.config.NUMBA_NUM_THREADS
        if threads_per_worker > limit:
            raise UserError(f"--threads must be between 1 and {limit} on this machine; got {threads_per_worker}")


def _slots_per_host(nthreads: dict[str, int]) -> dict[str, int]:
    from distributed.comm import get_address_host

    hosts: dict[str, int] = {}
    for address, n in nthreads.items():
        host = get_address_host(address)
        hosts[host] = hosts.get(host, 0) + n
    return hosts


def run_dask(spec: RunSpec, out: Path, *, resume: bool, overwrite: bool, scheduler: str | None = None,
             workers: int | None = None, threads_per_worker: int | None = 1, progress: Any = None,
             log: Callable[[str], None] = print) -> dict[str, Any]:
    """Run ``spec`` into ``out`` as one Dask task per pending shard; returns the final manifest.

    ``scheduler="tcp://host:port"`` uses an existing cluster; ``workers=N`` starts a local cluster
    of N worker processes for this run and closes it at the end. ``threads_per_worker`` is the
    numba thread count of each task (each local worker runs one task at a time); ``None`` divides
    each machine's cores between all the Dask task slots on it (with ``workers=N``: cores // N).
    """
    from sim.writer import check_output

    if (scheduler is None) == (workers is None):
        raise UserError("give exactly one of --scheduler and --workers")
    if workers is not None and workers < 1:
        raise UserError(f"--workers must be at least 1; got {workers}")
    _check_threads(threads_per_worker, local=workers is not None)
    if workers is not None and threads_per_worker is None:
        import numba

        threads_per_worker = max(1, numba.config.NUMBA_NUM_THREADS // workers)  # share this machine's cores
    check_output(out, resume=resume, overwrite=overwrite)
    distributed = _import_distributed()

    if workers is not None:
        import logging

        try:
            cluster = distributed.LocalCluster(
                n_workers=workers, threads_per_worker=1, processes=True,
                dashboard_address=":0", silence_logs=logging.ERROR,
            )
        except Exception as exc:  # e.g. no free port, cannot spawn processes
            raise UserError(f"cannot start a local Dask cluster: {exc}") from None
        try:
            with distributed.Client(cluster, set_as_default=False) as client:
                return _run_on(client, cluster.scheduler_address, spec, out, resume, overwrite,
                               threads_per_worker, progress, log)
        finally:
            cluster.close()
    with _connect(distributed, scheduler) as client:
        return _run_on(client, scheduler, spec, out, resume, overwrite, threads_per_worker, progress, log)


def _run_on(client, address: str, spec: RunSpec, out: Path, resume: bool, overwrite: bool,
            threads: int | None, progress: Any, log: Callable[[str], None]) -> dict[str, Any]:
    from distributed import as_completed

    from sim.runner import manifest_for, versions
    from sim.writer import completed_shards, open_run_directory

    try:
        client.wait_for_workers(1, timeout=WAIT_FOR_WORKERS_S)
    except (TimeoutError, OSError):
        raise UserError(f"the Dask scheduler at {address} has no workers (waited {WAIT_FOR_WORKERS_S} s)") from None
    slots = client.nthreads()
    worker_addrs = sorted(slots)
    # what the tasks are told: a thread count, or (auto) each host's task slots to share its cores
    task_threads: int | dict[str, int] = threads if threads is not None else _slots_per_host(slots)

    manifest = manifest_for(spec, threads if threads is not None else 0, "dask")
    manifest["threads"] = threads  # numba threads per task; null: each worker chose from its cores
    manifest["scheduler"] = address
    manifest["dask_workers"] = len(worker_addrs)
    rundir = open_run_directory(out, manifest, resume=resume, overwrite=overwrite)
    shared_out = str(out.resolve())

    # compile on every worker before the clock starts (as run_local does), and check each one runs
    # this paiju and sees the output directory
    t_warm = time.perf_counter()
    # (loose placement: a warm-up whose worker dies must run elsewhere, not wait for it forever)
    warm = [client.submit(worker_warm_up, spec, shared_out, task_threads, workers=[w], allow_other_workers=True,
                          pure=False, key=f"paiju-warm-up-{uuid.uuid4().hex}") for w in worker_addrs]
    try:
        infos = client.gather(warm)
    except Exception as exc:
        raise UserError(f"Dask workers cannot run paiju ({type(exc).__name__}: {exc}); "
                        "install the same paiju on every worker") from None
    mine = versions()
    for info in infos:
        w = info["worker"]
        if info["paiju_version"] != mine["paiju_version"]:
            raise UserError(f"Dask worker {w} runs paiju {info['paiju_version']}, this client "
                            f"{mine['paiju_version']}; install the same paiju on every worker")
        other = {k: info[k] for k in mine if info[k] != mine[k]}
        if other:
            log(f"note: Dask worker {w} runs other library versions than this client: {other}")
        if not info["sees_out"]:
            raise UserError(f"Dask worker {w} cannot see the output directory {shared_out!r}; "
                            "--out must be on a filesystem shared by all workers")
    if threads is None:
        log("numba threads per Dask task: " + ", ".join(sorted({f"{i['worker']}: {i['threads']}" for i in infos})))
    compiled = sum(1 for i in infos if i.get("compiled"))
    if compiled:  # said only when a worker compiled (numba's compile event), never for cached code
        log(f"compiled the {spec.game} {spec.kind} kernels on {compiled} of {len(worker_addrs)} Dask workers in "
            f"{time.perf_counter() - t_warm:.1f} s (once per worker machine: cached on its disk)")
    if resume:
        log(f"resuming: {len(rundir.done)} of {spec.n_shards} shards already written")

    pending = [i for i in range(spec.n_shards) if i not in rundir.done]
    done_games = sum(spec.shard_range(i)[1] - spec.shard_range(i)[0] for i in rundir.done)
    run_id = uuid.uuid4().hex[:12]
    t0 = time.perf_counter()
    task = progress.start(spec.n, done_games) if progress else None
    computed = 0
    futures = {}
    try:
        for index in pending:
            fut = client.submit(shard_task, spec, shared_out, index, task_threads, retries=RETRIES, pure=False,
                                key=f"paiju-shard-{run_id}-{index:05d}")
            futures[fut] = index
        for fut in as_completed(list(futures), loop=client.loop):
            index = futures[fut]
            try:
                rows = fut.result()
            except Exception as exc:
                if type(exc).__name__ == "KilledWorker":
                    raise UserError(f"shard {index} failed: its Dask workers kept dying ({exc}); "
                                    "out of memory? the finished shards are kept, rerun with --resume") from None
                raise
            rundir.done.add(index)
            computed += rows
            if progress:
                progress.advance(task, rows)
    finally:
        for fut in futures:
            if not fut.done():
                fut.cancel()
        if progress:
            progress.stop()
    wall = time.perf_counter() - t0

    missing = sorted(set(range(spec.n_shards)) - completed_shards(out))
    if missing:
        raise UserError(f"the Dask workers finished but {len(missing)} part files are not in {str(out)!r} "
                        f"(first: shard {missing[0]}); is --out on a filesystem shared by all workers?")
    rundir.finish(wall_time_s=round(wall, 3), rate_per_s=rate(computed, wall),
                  threads=threads, backend="dask", scheduler=address, dask_workers=len(worker_addrs))
    return rundir.manifest
