"""``paiju sweep``: the same deals under each setting of a policy parameter, every headline figure
per setting and its paired difference, equal to direct pandas computations on the runs."""

from __future__ import annotations

import numpy as np
import pytest
from typer.testing import CliRunner

import sim
from sim.cli import app


def test_sweep_equals_pandas_on_the_same_deals():
    result = sim.sweep("xiantao", 3000, "bomb_points", [20, 35], seed=4, progress=False)
    a, b = (run.to_pandas() for run in result.runs)
    assert (a[[f"s{k}_wilds" for k in range(4)]].to_numpy() == b[[f"s{k}_wilds" for k in range(4)]].to_numpy()).all()
    table = result.to_pandas()
    for setting, df in (("bomb_points=20", a), ("bomb_points=35", b)):
        row = table[(table.setting == setting) & (table.statistic == "P(大清)")].iloc[0]
        assert row.estimate == pytest.approx((df.grade == "da_qing").mean()) and row.n == 3000
    call = (a["mode"] == "call") & (b["mode"] == "call")
    money = lambda df: df[[f"s{k}_money" for k in range(4)]].to_numpy()[np.arange(len(df)), df.banker]  # noqa: E731
    diff = (money(b) - money(a))[call.to_numpy()]
    row = table[table.statistic == "Δ E[money | 庄家, 叫牌]"].iloc[0]
    assert row.estimate == pytest.approx(diff.mean()) and row.n == call.sum()
    half = 1.959963984540054 * diff.std(ddof=1) / np.sqrt(len(diff))
    assert (row.ci_high - row.ci_low) == pytest.approx(2 * half, rel=1e-6)
    assert a.game_index.tolist() == b.game_index.tolist()


def test_sweep_cli_and_refusals(tmp_path):
    from sim import registry

    runner = CliRunner()
    res = runner.invoke(app, ["sweep", "doudizhu", "--policy-param", "bid3=12,16", "-n", "900", "--format", "md",
                              "-q"])
    assert res.exit_code == 0, res.output
    assert "| bid3=16 | Δ P(landlord wins | bid 3) |" in res.output.replace("\\|", "|")
    registry.register("toy-bare", "tests.toy.bare")  # the toy offering only play (the full toy sweeps)
    try:
        assert "sweep" not in registry.load_game("toy-bare").offers()
        res = runner.invoke(app, ["sweep", "toy-bare", "--policy-param", "x=1,2", "-n", "10"])
        assert res.exit_code == 2 and "toy-bare does not offer `paiju sweep`" in res.output
    finally:
        registry.GAMES.pop("toy-bare")
    res = runner.invoke(app, ["sweep", "doudizhu", "--policy-param", "bid3=12", "-n", "10"])
    assert res.exit_code == 2 and "at least two values" in res.output


def test_players_sweep_is_self_play_on_the_same_deals():
    """``--players greedy,smart``: each setting is the plain self-play run of that player, seed for
    seed, and the CLI refuses what a players sweep cannot mean."""
    result = sim.sweep_players("xiantao", 800, ["greedy", "smart"], seed=5, progress=False)
    table = result.to_pandas()
    for setting, player in (("players=greedy", "greedy"), ("players=smart", "smart")):
        df = sim.play("xiantao", 800, seed=5, policy=player, progress=False).to_pandas()
        row = table[(table.setting == setting) & (table.statistic == "P(大清)")].iloc[0]
        assert row.estimate == pytest.approx((df.grade == "da_qing").mean()) and row.n == 800
        assert set(df.s0_policy.astype(str)) == {player}
    runner = CliRunner()
    res = runner.invoke(app, ["sweep", "xiantao", "--players", "greedy,smart", "--policy-param", "near_out=1,2"])
    assert res.exit_code == 2 and "exactly one of" in res.output
    res = runner.invoke(app, ["sweep", "xiantao", "--players", "greedy,best", "-n", "8"])
    assert res.exit_code == 2 and "no player 'best'" in res.output
    res = runner.invoke(app, ["sweep", "xiantao", "--players", "greedy,smart", "--rotate", "-n", "8"])
    assert res.exit_code == 2 and "cannot be combined" in res.output
