"""``paiju sweep GAME --variant a,b`` / ``--set KEY=x,y`` (``sim.sweep_rules``): the same deals under each
rule setting, each figure equal to the plain run of that setting and the paired differences to pandas."""

from __future__ import annotations

import numpy as np
import pytest
from typer.testing import CliRunner

import sim
from sim.cli import app


def landlord_money(df) -> np.ndarray:
    money = df[["s0_money", "s1_money", "s2_money"]].to_numpy()
    ll = df["landlord"].to_numpy()
    return money[np.arange(len(df)), np.maximum(ll, 0)]


def test_a_set_sweep_is_the_plain_runs_of_each_setting_paired_by_hand():
    result = sim.sweep_rules("doudizhu", 600, set={"bomb_factor": [2, 4]}, rules={"base": 2}, seed=3, progress=False)
    table = result.to_pandas()
    runs = {b: sim.play("doudizhu", 600, seed=3, rules={"base": 2, "bomb_factor": b}, progress=False).to_pandas()
            for b in (2, 4)}
    for b, df in runs.items():
        row = table[(table.setting == f"bomb_factor={b}") & (table.statistic == "E[money | landlord]")].iloc[0]
        assert row.estimate == pytest.approx(landlord_money(df).mean()) and row.n == 600
    diff = landlord_money(runs[4]) - landlord_money(runs[2])
    row = table[table.statistic == "Δ E[money | landlord]"].iloc[0]
    assert row.setting == "bomb_factor=4" and row.estimate == pytest.approx(diff.mean())
    half = 1.959963984540054 * diff.std(ddof=1) / np.sqrt(len(diff))
    assert (row.ci_high - row.ci_low) == pytest.approx(2 * half, rel=1e-6)
    # the deals are the same: the landlord's seat and the win do not depend on a scoring option
    assert (runs[2].landlord.to_numpy() == runs[4].landlord.to_numpy()).all()


def test_variant_sweep_on_the_command_line_and_its_refusals():
    runner = CliRunner()
    res = runner.invoke(app, ["sweep", "doudizhu", "--variant", "default,r3-qiang", "-n", "300", "-q", "-f", "md"])
    assert res.exit_code == 0, res.output
    text = res.output.replace("\\|", "|")
    assert "| variant=r3-qiang | Δ E[money | landlord] |" in text
    res = runner.invoke(app, ["sweep", "doudizhu", "--variant", "default,r1", "--players", "greedy,smart", "-n", "10"])
    assert res.exit_code == 2 and "a sweep varies one thing" in res.output
    res = runner.invoke(app, ["sweep", "doudizhu", "--set", "bomb_factor=2", "-n", "10"])
    assert res.exit_code == 2 and "give exactly one of" in res.output
    res = runner.invoke(app, ["sweep", "doudizhu", "--set", "bomb_factr=2,4", "-n", "10"])
    assert res.exit_code == 2 and res.output.startswith("error: ") and "bomb_factr" in res.output
    with pytest.raises(sim.PaijuError, match="at least two settings"):
        sim.sweep_rules("doudizhu", 10, set={"bomb_factor": [2]})


def test_every_setting_is_checked_before_any_hand_is_played(tmp_path):
    """The second setting's output directory is taken: the sweep stops before playing the first."""
    (tmp_path / "bomb_factor=4").mkdir()
    (tmp_path / "bomb_factor=4" / "notes.txt").write_text("mine")
    with pytest.raises(sim.PaijuError, match="bomb_factor=4"):
        sim.sweep_rules("doudizhu", 50, set={"bomb_factor": [2, 4]}, out=tmp_path, progress=False)
    assert not (tmp_path / "bomb_factor=2").exists()
