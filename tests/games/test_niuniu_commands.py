"""牛牛 through every command it offers: census, play, report (table, md and html with plots),
replay, rescore and balance, on small seeded runs through the CLI."""

from __future__ import annotations

import numpy as np
import pyarrow.dataset as ds
import pytest
from typer.testing import CliRunner

from kernels.showdown.deal import unpack_cards
from sim.cli import app
from sim.games.niuniu import exact
from sim.games.niuniu import rules as R
from sim.ruleset import apply_overrides
from tests.reference import niuniu as ref

runner = CliRunner()
N = 3000
CATEGORIES = ("没牛", "牛1", "牛2", "牛3", "牛4", "牛5", "牛6", "牛7", "牛8", "牛9", "牛牛")


def _ok(*args):
    result = runner.invoke(app, [str(a) for a in args])
    assert result.exit_code == 0, result.output
    return result.output


def _df(path):
    return ds.dataset(path, format="parquet").to_table().to_pandas().sort_values("game_index").reset_index(drop=True)


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    out = tmp_path_factory.mktemp("niuniu") / "run"
    _ok("play", "niuniu", "-n", N, "--seed", 5, "--variant", "rotate", "--out", out, "-q")
    return out


def test_games_lists_what_niuniu_offers():
    text = _ok("games", "--long")
    assert "offers: census, play, replay, rescore, balance, tune, --fix\n" in text  # no --duplicate: no decisions to compare
    bad = runner.invoke(app, ["play", "niuniu", "-n", "8", "--duplicate", "--out", "x"])
    assert bad.exit_code == 2 and "niuniu does not offer --duplicate" in bad.output
    bad = runner.invoke(app, ["sweep", "niuniu", "--policy-param", "x=1,2", "-n", "8"])
    assert bad.exit_code == 2 and "niuniu does not offer `paiju sweep` (its players have no parameters" in bad.output


def test_rows_hold_each_seats_cards_and_are_the_references_tables(run):
    df = _df(run)
    rules = apply_overrides(R.Rules(), R.VARIANTS["rotate"].overrides)
    assert len(df) == N and (df.game_index == np.arange(N)).all()
    assert (df.s0_policy == "auto").all()
    for i in (0, 1, 2, 999, 2998):
        t = ref.play_table(5, i, rules)
        row = df.iloc[i]
        assert row.banker == t["banker"]
        for k in range(4):
            assert unpack_cards(np.array([row[f"s{k}_cards"]]), 5)[0].tolist() == t["hands"][k]
            assert row[f"s{k}_category"] == CATEGORIES[t["categories"][k]] and row[f"s{k}_top"] == t["tops"][k]
            assert row[f"s{k}_money"] == t["chips"][k]
    money = df[[f"s{k}_money" for k in range(4)]].to_numpy()
    assert (money.sum(axis=1) == 0).all() and (df.banker_net == money[np.arange(N), df.banker]).all()


def test_report_in_every_format_with_exact_values(run, tmp_path):
    text = _ok("report", run)
    assert "Headline" in text and "庄家's edge per unit bet" in text and "all within 5σ" in text
    md = _ok("report", run, "--format", "md")
    edge = f"{exact.banker_edge(R.Rules()):.5g}"
    assert "| 庄家's edge per unit bet | " in md and edge in md
    assert "## Balancing multipliers" in md and "| m* 牛牛 (multipliers.niuniu) |" in md
    assert f"{exact.balancing_multiplier(R.Rules(), 'niuniu'):.5g}" in md
    _ok("report", run, "--format", "md", "--out", tmp_path / "r.md")
    pngs = sorted(p.name for p in (tmp_path / "r_files").iterdir())
    assert pngs == ["balancing.png", "categories.png", "money_by_role.png", "paid.png"]
    _ok("report", run, "--format", "html", "--out", tmp_path / "r.html")
    assert (tmp_path / "r.html").read_text().count("data:image/png;base64") == 4


def test_replay_shows_the_stored_deal(run):
    df = _df(run)
    g = 41
    text = _ok("replay", run, "--game", g)
    row = df.iloc[g]
    assert f"庄家 is seat {row.banker}" in text
    for k in range(4):
        assert f"seat {k} ({'庄家' if k == row.banker else '闲家'}): " in text
        assert f": {row[f's{k}_category']}, highest" in text
    money = ", ".join(f"seat {k} {row[f's{k}_money']:+g}" for k in range(4))
    assert f"money: {money}" in text


def test_rescore_under_other_multipliers_and_the_tie_rule(run, tmp_path):
    _ok("rescore", run, "--set", "multipliers.niuniu=10", "--set", "banker_advantage=false", "--set", "bets.seat2=3",
        "--out", tmp_path / "re")
    a, b = _df(run), _df(tmp_path / "re")
    rules = apply_overrides(R.Rules(), {**R.VARIANTS["rotate"].overrides, "multipliers": {"niuniu": 10},
                                        "banker_advantage": False, "bets": {"seat2": 3}})
    for i in range(0, N, 97):
        assert [b.iloc[i][f"s{k}_money"] for k in range(4)] == ref.play_table(5, i, rules)["chips"]
    facts = ["banker"] + [f"s{k}_{f}" for k in range(4) for f in ("cards", "category", "top")]
    assert a[facts].equals(b[facts])
    assert "all within 5σ" in _ok("report", tmp_path / "re")  # exact values follow the rescored rules
    bad = runner.invoke(app, ["rescore", str(run), "--set", "jokers=false", "--out", str(tmp_path / "x")])
    assert bad.exit_code == 2 and "changes how the game is played" in bad.output


def test_balance_by_role_and_by_paid_category(run, tmp_path):
    same, low = tmp_path / "same.toml", tmp_path / "low.toml"
    same.write_text("")
    low.write_text("[multipliers]\nniuniu = 3\n")
    text = _ok("balance", run, "--scenario", same, "--scenario", low, "--format", "md")
    assert "庄家 (plays against every 闲家) (banker)" in text and "| low | Δ mean money 庄家" in text
    assert "牛牛 multiplier (multipliers.niuniu)" in text and "⚠" not in text


def test_census_deals_the_play_runs_hands(run, tmp_path):
    out = tmp_path / "census"
    _ok("census", "niuniu", "-n", 1000, "--seed", 5, "--out", out, "-q")
    c, p = _df(out), _df(run).iloc[:1000].reset_index(drop=True)
    cols = [f"s{k}_{f}" for k in range(4) for f in ("cards", "category", "top")]
    assert c[cols].equals(p[cols])
    text = _ok("report", out)
    assert "P(highest card ≤ Q)" in text and "all within 5σ" in text
    _ok("report", out, "--format", "html", "--out", tmp_path / "c.html")
    assert "data:image/png;base64" in (tmp_path / "c.html").read_text()
