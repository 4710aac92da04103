"""Run a job shard by shard into a Parquet run directory, with progress and resume.

A run of ``n`` games is cut into shards of ``shard_size`` consecutive game indices. Shards are
independent (each game's stream comes from ``(seed, game_index)``), so they may be computed in any
order, on any thread count or backend, and the dataset is the same.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from sim.errors import UserError
from sim.progress import rate

# the most rows a run keeps in memory (``run_memory``: no directory); bigger runs need one
MEMORY_LIMIT = {"census": 5_000_000, "play": 1_000_000}


@dataclass
class RunSpec:
    game: str
    kind: str  # "census" | "play"
    variant: str
    rules: Any
    seed: int
    n: int
    shard_size: int
    options: dict[str, Any] = field(default_factory=dict)  # kind-specific (policies, sessions)
    module: str = ""  # the game's package (sim.registry); workers import it from here

    def __post_init__(self):
        if not self.module:
            from sim.registry import game_module

            self.module = game_module(self.game)

    @property
    def job(self):
        """The ``sim.game.Job`` this spec runs."""
        from sim.registry import load_module_game

        return load_module_game(self.module).job(self.kind)

    @property
    def n_shards(self) -> int:
        return (self.n + self.shard_size - 1) // self.shard_size

    def shard_range(self, index: int) -> tuple[int, int]:
        start = index * self.shard_size
        return start, min(self.n, start + self.shard_size)


def versions() -> dict[str, str]:
    import numba
    import numpy
    import pyarrow

    from sim import __version__

    return {
        "paiju_version": __version__,
        "numba_version": numba.__version__,
        "numpy_version": numpy.__version__,
        "pyarrow_version": pyarrow.__version__,
    }


def manifest_for(spec: RunSpec, threads: int, backend: str) -> dict[str, Any]:
    from sim.ruleset import flatten

    return {
        "game": spec.game,
        "variant": spec.variant,
        "kind": spec.kind,
        "ruleset": flatten(spec.rules),
        "seed": spec.seed,
        "n": spec.n,
        "shard_size": spec.shard_size,
        "n_shards": spec.n_shards,
        "options": spec.options,
        "threads": threads,
        "backend": backend,
        **versions(),
    }


def compute_shard(spec: RunSpec, index: int, on_progress: Callable[[int], None] | None = None):
    """The Arrow table of one shard (any backend calls this)."""
    start, stop = spec.shard_range(index)
    return spec.job.compute(spec, start, stop, on_progress)


PIECE = 262_144  # games per piece of a census shard (a multiple of the writer's row group)


def compute_pieces(spec: RunSpec, index: int, on_progress: Callable[[int], None] | None = None):
    """The rows of one shard as successive Arrow tables, so that a run writes a shard while it
    computes it. A census row depends on its game index alone (its shards may start anywhere), so
    a census shard comes in ``PIECE``-game pieces; a play shard holds whole sessions or duplicated
    deals and comes whole (``compute_shard``)."""
    if spec.kind != "census":
        yield compute_shard(spec, index, on_progress)
        return
    start, stop = spec.shard_range(index)
    for lo in range(start, stop, PIECE):
        yield spec.job.compute(spec, lo, min(stop, lo + PIECE), on_progress)


def warm_up(spec: RunSpec, log: Callable[[str], None] | None = None) -> float:
    """Compile or load the kernels for ``spec``; returns seconds spent. With ``log``, say before
    compiling what is compiled (and that it happens once) and after it how long it took; a run
    that only loads cached code says nothing (``sim.compiling``)."""
    from sim.compiling import compile_notice

    t0 = time.perf_counter()
    if log is None:
        spec.job.warm_up(spec)
    else:
        with compile_notice(f"the {spec.game} {spec.kind} kernels", log):
            spec.job.warm_up(spec)
    return time.perf_counter() - t0


def set_threads(threads: int | None) -> int:
    """Apply ``--threads`` (default: every core numba sees) and return the count in use."""
    import numba

    limit = numba.config.NUMBA_NUM_THREADS
    if threads is None:
        threads = limit
    if not 1 <= threads <= limit:
        raise UserError(f"--threads must be between 1 and {limit} on this machine; got {threads}")
    numba.set_num_threads(threads)
    return threads


def run_local(spec: RunSpec, out: Path, *, resume: bool, overwrite: bool, threads: int | None,
              progress: Any = None, log: Callable[[str], None] = print) -> dict[str, Any]:
    """Run ``spec`` in this process into ``out``; returns the final manifest."""
    from sim.writer import check_output, open_run_directory

    check_output(out, resume=resume, overwrite=overwrite)
    threads = set_threads(threads)
    warm_up(spec, log)
    rundir = open_run_directory(out, manifest_for(spec, threads, "local"), resume=resume, overwrite=overwrite)
    pending = [i for i in range(spec.n_shards) if i not in rundir.done]
    done_games = sum(spec.shard_range(i)[1] - spec.shard_range(i)[0] for i in rundir.done)
    if resume:
        log(f"resuming: {len(rundir.done)} of {spec.n_shards} shards already written")
    t0 = time.perf_counter()
    computed = 0
    task = progress.start(spec.n, done_games) if progress else None
    # Each piece of a shard is written (Parquet encoding releases the GIL) while the next one is
    # computed (so do the kernels), so only the last piece's write is left when the kernels are
    # done: at most two pieces are in memory, whatever the run's size.
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="paiju-writer") as writer:
        writing = None
        for index in pending:
            part = rundir.open_part(index)
            try:
                for table in compute_pieces(spec, index, (lambda k: progress.advance(task, k)) if progress else None):
                    if writing is not None:
                        writing.result()  # re-raises a failed write here
                    writing = writer.submit(part.append, table)
                    computed += table.num_rows
                    del table
                writing = writer.submit(rundir.close_part, index, part)
            except BaseException:
                writer.submit(part.abort).result()  # after the writes already queued
                raise
        if writing is not None:
            writing.result()
    wall = time.perf_counter() - t0
    if progress:
        progress.stop()
    rundir.finish(wall_time_s=round(wall, 3), rate_per_s=rate(computed, wall),
                  threads=threads)
    return rundir.manifest


def run_memory(spec: RunSpec, *, threads: int | None, progress: Any = None,
               log: Callable[[str], None] = print) -> tuple[Any, dict[str, Any]]:
    """Run ``spec`` in this process into memory: (the rows as one Arrow table, the manifest)."""
    import pyarrow as pa

    from sim.writer import FORMAT, SCHEMA_VERSION, now_iso

    threads = set_threads(threads)
    warm_up(spec, log)
    manifest = manifest_for(spec, threads, "memory")
    manifest.update(format=FORMAT, schema_version=SCHEMA_VERSION, created=now_iso())
    task = progress.start(spec.n, 0) if progress else None
    t0 = time.perf_counter()
    tables = [compute_shard(spec, i, (lambda k: progress.advance(task, k)) if progress else None)
              for i in range(spec.n_shards)]
    wall = time.perf_counter() - t0
    if progress:
        progress.stop()
    manifest.update(status="complete", finished=now_iso(), wall_time_s=round(wall, 3),
                    rate_per_s=rate(spec.n, wall))
    return pa.concat_tables(tables), manifest
