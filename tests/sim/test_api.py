"""The Python API (``sim``): the same runs as the CLI, bit for bit; in-memory runs; errors as
one exception class; and docs/python.md executed as written."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pyarrow.dataset as ds
import pytest
from typer.testing import CliRunner

import sim
from sim.cli import app

ROOT = Path(__file__).resolve().parents[2]


def _table(path):
    return ds.dataset(path, format="parquet").to_table().sort_by("game_index")


def test_import_sim_is_light():
    code = "import sys, sim; sim.PaijuError; print(any(m in sys.modules for m in ('numba', 'pyarrow', 'pandas', 'numpy')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.strip() == "False"


def test_games_as_data():
    info = {g.name: g for g in sim.games()}
    assert {"xiantao", "doudizhu", "doudizhu4", "shanghai"} <= set(info)
    assert "census" in info["xiantao"].offers and "--duplicate" in info["shanghai"].offers
    assert info["xiantao"].options["grade.da_qing"] == 4 and "dagong-room" in info["xiantao"].variants
    assert info["doudizhu"].policies == ("random", "greedy", "smart", "search")


def test_api_and_cli_write_the_same_rows(tmp_path):
    args = dict(seed=5, policy="smart,greedy,random,smart", rotate=True, rules={"grade.da_qing": 6})
    result = CliRunner().invoke(app, ["play", "xiantao", "-n", "2000", "--seed", "5", "--policy",
                                      "smart,greedy,random,smart", "--rotate", "--set", "grade.da_qing=6",
                                      "--shard-size", "700", "--out", str(tmp_path / "cli"), "-q"])
    assert result.exit_code == 0, result.output
    on_disk = sim.play("xiantao", 2000, out=tmp_path / "api", shard_size=700, progress=False, **args)
    in_memory = sim.play("xiantao", 2000, progress=False, **args)
    cli = _table(tmp_path / "cli")
    assert cli.equals(_table(tmp_path / "api")) and cli.equals(in_memory.to_arrow())
    assert on_disk.path == tmp_path / "api" and in_memory.path is None and in_memory.n_rows == 2000
    assert in_memory.manifest["ruleset"] == sim.open_run(tmp_path / "cli").manifest["ruleset"]
    census = sim.census("xiantao", 5000, seed=3, progress=False)
    CliRunner().invoke(app, ["census", "xiantao", "-n", "5000", "--seed", "3", "--out", str(tmp_path / "c"), "-q"])
    assert census.to_arrow().equals(_table(tmp_path / "c"))


def test_in_memory_runs_report_rescore_balance_and_replay(tmp_path):
    run = sim.play("doudizhu", 900, seed=2, policy="smart,greedy,random", rotate=True, progress=False)
    rep = run.report()
    assert "landlord wins" in [s.name for s in rep.headline] and "Headline" in str(rep)
    richer = run.rescore({"bomb_factor": 4})
    written = sim.open_run(sim.play("doudizhu", 900, seed=2, policy="smart,greedy,random", rotate=True,
                                    out=tmp_path / "d", progress=False).path).rescore({"bomb_factor": 4},
                                                                                       out=tmp_path / "d4")
    assert richer.to_arrow().equals(written.to_arrow())
    bal = run.balance({"x2": {}, "x4": {"bomb_factor": 4}})
    df = bal.to_pandas()
    assert set(df.scenario) == {"x2", "x4"} and (df.statistic == "Δ mean money 地主 vs x2").any()
    text = run.replay(5)
    assert text.startswith("hand 5 of <in memory>") and "money:" in text
    assert "money:" in richer.replay(5)  # a rescored hand replays: its rows are those its new rules play
    run.report(format="md", out=tmp_path / "r.md")
    assert (tmp_path / "r_files" / "money_by_role.png").exists()


@pytest.mark.parametrize("call, message", [
    (lambda: sim.play("chess", 10), "unknown game 'chess'"),
    (lambda: sim.play("xiantao", 10, rules={"grade.huge": 1}), "unknown option 'grade.huge'"),
    (lambda: sim.play("xiantao", 2_000_000), "more than a run keeps in memory"),
    (lambda: sim.census("xiantao", 10, workers=2), "needs a run directory"),
    (lambda: sim.play("doudizhu", 12, hands_per_session=3), "doudizhu does not offer --hands-per-session"),
    (lambda: sim.play("xiantao", 12, policy_params=[{"near_out": 2}]), "one dict per seat"),
    (lambda: sim.open_run("/nonexistent/run"), "run not found"),
])
def test_errors_are_one_exception_class(call, message):
    with pytest.raises(sim.PaijuError, match=re.escape(message)) as err:
        call()
    assert "\n" not in str(err.value)


def test_policy_params_forms_agree():
    a = sim.play("xiantao", 40, seed=1, policy_params={"near_out": 3}, progress=False).manifest["options"]
    b = sim.play("xiantao", 40, seed=1, policy_params=["near_out=3"], progress=False).manifest["options"]
    c = sim.play("xiantao", 40, seed=1, policy_params=[{"near_out": 3}] * 4, progress=False).manifest["options"]
    assert a["policy_params"] == b["policy_params"] == c["policy_params"] == [{"near_out": 3.0}] * 4


def test_the_python_guide_runs_as_written(tmp_path, monkeypatch):
    text = (ROOT / "docs" / "python.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.S)
    assert len(blocks) >= 6
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("MPLBACKEND", "Agg")
    namespace: dict = {}
    for i, code in enumerate(blocks):
        exec(compile(code, f"docs/python.md block {i + 1}", "exec"), namespace)  # noqa: S102
    assert (tmp_path / "money_by_role.png").stat().st_size > 1000
    assert "unknown option 'grade.huge'" in namespace["message"]
