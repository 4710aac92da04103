"""Run directories: determinism, sharding, resume after a kill, refusals."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import numba
import pyarrow.dataset as ds
import pytest

from sim.errors import UserError
from sim.games.xiantao import rules as xiantao
from sim.runner import RunSpec, run_local
from sim.writer import PART_RE


def _spec(n, shard_size, seed=42):
    return RunSpec("xiantao", "census", "default", xiantao.Rules(), seed, n, shard_size)


def _read(path: Path):
    return ds.dataset(path, format="parquet").to_table().sort_by("game_index")


def _quiet(_msg):
    pass


def test_same_rows_for_any_thread_count_and_shard_size(tmp_path):
    n = 120_000
    run_local(_spec(n, n), tmp_path / "a", resume=False, overwrite=False, threads=1, log=_quiet)
    threads = min(2, numba.config.NUMBA_NUM_THREADS)
    run_local(_spec(n, 7_001), tmp_path / "b", resume=False, overwrite=False, threads=threads, log=_quiet)
    a, b = _read(tmp_path / "a"), _read(tmp_path / "b")
    assert a.num_rows == b.num_rows == n
    assert a.equals(b)
    assert len([p for p in (tmp_path / "b").iterdir() if PART_RE.match(p.name)]) == 18


def test_manifest_records_the_run(tmp_path):
    manifest = run_local(_spec(5_000, 2_000), tmp_path / "r", resume=False, overwrite=False, threads=1, log=_quiet)
    on_disk = json.loads((tmp_path / "r" / "_run.json").read_text())
    assert on_disk == manifest
    assert on_disk["status"] == "complete"
    assert on_disk["n_shards"] == 3 and on_disk["n"] == 5_000 and on_disk["seed"] == 42
    assert on_disk["ruleset"]["grade.da_qing"] == 4
    for key in ("paiju_version", "numba_version", "numpy_version", "wall_time_s", "rate_per_s", "threads"):
        assert key in on_disk


def test_non_empty_output_is_refused_without_resume_or_overwrite(tmp_path):
    out = tmp_path / "r"
    run_local(_spec(1_000, 1_000), out, resume=False, overwrite=False, threads=1, log=_quiet)
    before = sorted(p.name for p in out.iterdir())
    with pytest.raises(UserError, match="not empty"):
        run_local(_spec(1_000, 1_000), out, resume=False, overwrite=False, threads=1, log=_quiet)
    assert sorted(p.name for p in out.iterdir()) == before
    run_local(_spec(2_000, 500, seed=1), out, resume=False, overwrite=True, threads=1, log=_quiet)
    assert _read(out).num_rows == 2_000


def test_overwrite_refuses_a_directory_with_foreign_files(tmp_path):
    out = tmp_path / "r"
    out.mkdir()
    (out / "notes.txt").write_text("mine")
    with pytest.raises(UserError, match="not part of a paiju run"):
        run_local(_spec(1_000, 1_000), out, resume=False, overwrite=True, threads=1, log=_quiet)
    assert (out / "notes.txt").read_text() == "mine"


def test_resume_with_other_parameters_is_refused(tmp_path):
    out = tmp_path / "r"
    run_local(_spec(1_000, 500), out, resume=False, overwrite=False, threads=1, log=_quiet)
    with pytest.raises(UserError, match="seed"):
        run_local(_spec(1_000, 500, seed=7), out, resume=True, overwrite=False, threads=1, log=_quiet)


def test_resume_finishes_a_killed_run_without_duplicates(tmp_path):
    """Kill a real CLI run after a few shards, resume it, compare with an uninterrupted run."""
    out = tmp_path / "killed"
    n, shard = 3_000_000, 100_000
    cmd = [sys.executable, "-m", "sim.cli", "census", "xiantao", "-n", str(n), "--seed", "5",
           "--shard-size", str(shard), "--out", str(out), "--threads", "1", "--quiet"]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
    deadline = time.time() + 120
    while time.time() < deadline:
        if out.is_dir() and len([p for p in out.iterdir() if PART_RE.match(p.name)]) >= 3:
            break
        if proc.poll() is not None:
            pytest.fail(f"run ended before it could be killed: {proc.stderr.read().decode()}")
        time.sleep(0.05)
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    parts_before = len([p for p in out.iterdir() if PART_RE.match(p.name)])
    assert 3 <= parts_before < n // shard, "the run must be cut mid-way for this test to mean anything"
    assert json.loads((out / "_run.json").read_text())["status"] == "running"

    resumed = subprocess.run(cmd + ["--resume"], capture_output=True, text=True, timeout=300)
    assert resumed.returncode == 0, resumed.stderr
    table = _read(out)
    idx = table.column("game_index").to_numpy()
    assert len(idx) == n and (idx == range(n)).all()
    assert json.loads((out / "_run.json").read_text())["status"] == "complete"
    reference = tmp_path / "whole"
    run_local(RunSpec("xiantao", "census", "default", xiantao.Rules(), 5, n, shard), reference,
              resume=False, overwrite=False, threads=None, log=_quiet)
    assert table.equals(_read(reference))


def test_missing_parent_directories_are_created(tmp_path):
    """`paiju census ... --out runs/xt-census` in a fresh checkout, where runs/ does not exist yet."""
    out = tmp_path / "runs" / "deeper" / "c"
    run_local(_spec(1_000, 1_000), out, resume=False, overwrite=False, threads=1, log=_quiet)
    assert _read(out).num_rows == 1_000
    (tmp_path / "plain").write_text("a file")
    with pytest.raises(UserError, match="is not a directory"):
        run_local(_spec(1_000, 1_000), tmp_path / "plain" / "c", resume=False, overwrite=False, threads=1, log=_quiet)
