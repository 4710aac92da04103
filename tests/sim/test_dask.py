"""The Dask backend: same rows as an in-process run, no shard lost to a dead worker, resume across
backends, fast failure on an unreachable scheduler. One real two-process LocalCluster is shared."""

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pyarrow.dataset as ds
import pytest

distributed = pytest.importorskip("distributed")
import cloudpickle  # noqa: E402  (a dependency of distributed)

from sim import dask_backend  # noqa: E402
from sim.errors import UserError  # noqa: E402
from sim.games.xiantao import rules as xiantao  # noqa: E402
from sim.runner import RunSpec, compute_shard, run_local  # noqa: E402
from sim.writer import MANIFEST, PART_RE  # noqa: E402

# the fault-injecting task below is defined here: ship it to the workers by value
cloudpickle.register_pickle_by_value(sys.modules[__name__])


def _spec(n, shard_size, seed=42):
    return RunSpec("xiantao", "census", "default", xiantao.Rules(), seed, n, shard_size)


def _read(path: Path):
    return ds.dataset(path, format="parquet").to_table().sort_by("game_index")


def _parts(path: Path):
    return sorted(p.name for p in path.iterdir() if PART_RE.match(p.name))


def _quiet(_msg):
    pass


@pytest.fixture(scope="module")
def cluster():
    import logging

    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0",
                                  silence_logs=logging.ERROR) as c:
        yield c


class _Recorder:
    """The sim.progress.Progress API, recording what it is told."""

    def __init__(self):
        self.calls = []

    def start(self, total, completed=0):
        self.calls.append(("start", total, completed))
        return "task"

    def advance(self, task, k):
        self.calls.append(("advance", k))

    def stop(self):
        self.calls.append(("stop",))


def test_dask_rows_equal_the_in_process_run(tmp_path, cluster):
    spec = _spec(50_000, 7_000)
    rec = _Recorder()
    manifest = dask_backend.run_dask(spec, tmp_path / "dask", resume=False, overwrite=False,
                                     scheduler=cluster.scheduler_address, progress=rec, log=_quiet)
    run_local(spec, tmp_path / "local", resume=False, overwrite=False, threads=1, log=_quiet)
    a, b = _read(tmp_path / "dask"), _read(tmp_path / "local")
    assert a.num_rows == 50_000 and a.equals(b)
    assert _parts(tmp_path / "dask") == _parts(tmp_path / "local") and len(_parts(tmp_path / "dask")) == 8
    assert not [p for p in (tmp_path / "dask").iterdir() if p.name.startswith(".")]  # no temporaries left

    on_disk = json.loads((tmp_path / "dask" / MANIFEST).read_text())
    assert on_disk == manifest
    assert on_disk["status"] == "complete" and on_disk["backend"] == "dask"
    assert on_disk["scheduler"] == cluster.scheduler_address and on_disk["dask_workers"] == 2
    assert on_disk["threads"] == 1 and on_disk["rate_per_s"] > 0 and on_disk["wall_time_s"] > 0
    # progress: one advance per shard, summing to n
    assert rec.calls[0] == ("start", 50_000, 0) and rec.calls[-1] == ("stop",)
    advances = [c[1] for c in rec.calls if c[0] == "advance"]
    assert len(advances) == 8 and sum(advances) == 50_000


def test_dask_parts_have_the_row_groups_of_local_parts(tmp_path, cluster):
    """Readers stream a part in row groups of ``sim.writer.ROW_GROUP`` rows, whichever backend wrote it."""
    import pyarrow.parquet as pq

    from sim.writer import ROW_GROUP

    n = 2 * ROW_GROUP + 5
    spec = _spec(n, n)
    dask_backend.run_dask(spec, tmp_path / "dask", resume=False, overwrite=False, scheduler=cluster.scheduler_address,
                          log=_quiet)
    run_local(spec, tmp_path / "local", resume=False, overwrite=False, threads=1, log=_quiet)
    for run in ("dask", "local"):
        meta = pq.ParquetFile(tmp_path / run / "part-00000.parquet").metadata
        assert meta.num_rows == n and meta.num_row_groups == 3, run
        assert max(meta.row_group(i).num_rows for i in range(3)) == ROW_GROUP


def die_once_task(spec, out, index, threads):
    """Shard 1's first attempt kills its own worker process before writing anything."""
    marker = Path(out).parent / "killed-once"
    if index == 1 and not marker.exists():
        marker.write_text(str(os.getpid()))
        os.kill(os.getpid(), signal.SIGKILL)
    table = compute_shard(spec, index)
    dask_backend.write_part(out, index, table)
    return table.num_rows


def test_a_worker_killed_mid_run_loses_no_shard(tmp_path, cluster, monkeypatch):
    monkeypatch.setattr(dask_backend, "shard_task", die_once_task)
    spec = _spec(40_000, 5_000, seed=9)
    out = tmp_path / "r"
    manifest = dask_backend.run_dask(spec, out, resume=False, overwrite=False,
                                     scheduler=cluster.scheduler_address, log=_quiet)
    killed = tmp_path / "killed-once"
    assert killed.exists() and int(killed.read_text()) != os.getpid(), "no worker was killed"
    assert manifest["status"] == "complete"
    table = _read(out)
    idx = table.column("game_index").to_numpy()
    assert len(idx) == 40_000 and (idx == range(40_000)).all()  # complete, no duplicate game_index
    run_local(spec, tmp_path / "local", resume=False, overwrite=False, threads=1, log=_quiet)
    assert table.equals(_read(tmp_path / "local"))
    cluster.wait_for_workers(2, timeout=30)  # the nanny restarts the killed worker for later tests


def _cut(out: Path, drop: list[int]) -> None:
    """Make a finished run look interrupted: some part files missing, status running."""
    for i in drop:
        (out / f"part-{i:05d}.parquet").unlink()
    manifest = json.loads((out / MANIFEST).read_text())
    manifest["status"] = "running"
    (out / MANIFEST).write_text(json.dumps(manifest))


def test_resume_across_backends(tmp_path, cluster):
    spec = _spec(30_000, 4_000, seed=3)
    reference = tmp_path / "whole"
    run_local(spec, reference, resume=False, overwrite=False, threads=1, log=_quiet)

    begun_locally = tmp_path / "local-then-dask"
    run_local(spec, begun_locally, resume=False, overwrite=False, threads=1, log=_quiet)
    _cut(begun_locally, [0, 5])
    (begun_locally / ".part-00005.parquet.tmp123").write_bytes(b"half a file")  # a killed attempt
    rec = _Recorder()
    manifest = dask_backend.run_dask(spec, begun_locally, resume=True, overwrite=False,
                                     scheduler=cluster.scheduler_address, progress=rec, log=_quiet)
    assert manifest["backend"] == "dask" and manifest["status"] == "complete" and manifest["resumed"] == 1
    assert rec.calls[0] == ("start", 30_000, 30_000 - 8_000)
    assert _read(begun_locally).equals(_read(reference))
    assert _parts(begun_locally) == _parts(reference)
    assert not (begun_locally / ".part-00005.parquet.tmp123").exists()

    begun_on_dask = tmp_path / "dask-then-local"
    dask_backend.run_dask(spec, begun_on_dask, resume=False, overwrite=False,
                          scheduler=cluster.scheduler_address, log=_quiet)
    _cut(begun_on_dask, [7])
    manifest = run_local(spec, begun_on_dask, resume=True, overwrite=False, threads=1, log=_quiet)
    assert manifest["backend"] == "local" and manifest["status"] == "complete"
    assert _read(begun_on_dask).equals(_read(reference))


def test_resume_with_other_parameters_is_refused_on_dask(tmp_path, cluster):
    out = tmp_path / "r"
    run_local(_spec(2_000, 500), out, resume=False, overwrite=False, threads=1, log=_quiet)
    with pytest.raises(UserError, match="seed"):
        dask_backend.run_dask(_spec(2_000, 500, seed=7), out, resume=True, overwrite=False,
                              scheduler=cluster.scheduler_address, log=_quiet)


def test_default_threads_share_each_machines_cores(tmp_path, cluster):
    """Two single-threaded workers on one host: each task gets half the cores, not all of them."""
    import numba

    messages = []
    manifest = dask_backend.run_dask(_spec(4_000, 1_000), tmp_path / "r", resume=False, overwrite=False,
                                     scheduler=cluster.scheduler_address, threads_per_worker=None,
                                     log=messages.append)
    assert manifest["threads"] is None and manifest["status"] == "complete"
    share = max(1, numba.config.NUMBA_NUM_THREADS // 2)
    line = next(m for m in messages if m.startswith("numba threads per Dask task"))
    assert line.count(f": {share}") == 2, line


def _unused_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_unreachable_scheduler_is_a_quick_user_error(tmp_path):
    address = f"tcp://127.0.0.1:{_unused_port()}"
    t0 = time.perf_counter()
    with pytest.raises(UserError, match="cannot reach the Dask scheduler") as err:
        dask_backend.run_dask(_spec(1_000, 500), tmp_path / "r", resume=False, overwrite=False,
                              scheduler=address, log=_quiet)
    assert time.perf_counter() - t0 < 10
    assert "\n" not in str(err.value) and address in str(err.value)
    assert not (tmp_path / "r").exists()


def test_output_is_checked_before_connecting(tmp_path):
    out = tmp_path / "r"
    out.mkdir()
    (out / "notes.txt").write_text("mine")
    t0 = time.perf_counter()
    with pytest.raises(UserError, match="not empty"):
        dask_backend.run_dask(_spec(1_000, 500), out, resume=False, overwrite=False,
                              scheduler=f"tcp://127.0.0.1:{_unused_port()}", log=_quiet)
    assert time.perf_counter() - t0 < 1


def test_missing_dask_names_the_extra(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed -> ImportError
    with pytest.raises(UserError, match=r"pip install 'paiju\[dask\]'"):
        dask_backend.run_dask(_spec(1_000, 500), tmp_path / "r", resume=False, overwrite=False, workers=1, log=_quiet)
    assert not (tmp_path / "r").exists()


def test_cli_runs_on_a_local_cluster_and_refuses_bad_options(tmp_path):
    from typer.testing import CliRunner

    from sim.cli import app

    runner = CliRunner()
    out = tmp_path / "cli"
    result = runner.invoke(app, ["census", "xiantao", "-n", "6000", "--shard-size", "2000", "--workers", "2",
                                 "--threads", "1", "--out", str(out), "--quiet"])
    assert result.exit_code == 0, result.output
    manifest = json.loads((out / MANIFEST).read_text())
    assert manifest["backend"] == "dask" and manifest["dask_workers"] == 2 and manifest["status"] == "complete"
    assert _read(out).num_rows == 6000
    for args, message in [
        (["--workers", "0"], "--workers must be at least 1"),
        (["--workers", "1", "--scheduler", "tcp://127.0.0.1:1"], "cannot be used together"),
    ]:
        bad = runner.invoke(app, ["census", "xiantao", "-n", "10", "--out", str(tmp_path / "bad"), *args])
        lines = [line for line in bad.output.splitlines() if line.strip()]
        assert bad.exit_code == 2 and len(lines) == 1 and message in lines[0], bad.output
        assert not (tmp_path / "bad").exists()


def test_cli_import_does_not_import_dask():
    code = "import sys, sim.cli; print(any(m in sys.modules for m in ('dask', 'distributed')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
