"""A real `paiju census` run (sim + kernels) read back and checked against the exact values."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from sim.reports import build_report
from analysis.runs import open_run

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_real_census_run_agrees_with_exact(tmp_path):
    pytest.importorskip("numba")
    out = tmp_path / "run"
    cmd = [sys.executable, "-m", "sim.cli", "census", "xiantao", "-n", "120000", "--seed", "9",
           "--out", str(out), "--threads", "1", "--shard-size", "50000", "-q"]
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    run = open_run(out)
    assert run.complete and run.n_rows == 120_000 and len(run.parts) == 3
    report = build_report(run)
    assert report.flagged() == [], report.check_line()
    # 24 statistics with an exact value (P(7张+ / 8张+ with wilds) among them), per seat (96) and
    # pooled over the seats (24), and 6 invariants
    assert sum(s.z is not None for s in report.stats()) == 126
    assert sum(s.z is not None and s.seat is None for s in report.stats()) == 30
