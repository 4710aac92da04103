"""港式五张 through every command it offers: census, play (players and their parameters,
--rotate, --duplicate), report (table, md and html with plots), replay, rescore and balance, on
small seeded runs through the CLI."""

from __future__ import annotations

import numpy as np
import pyarrow.dataset as ds
import pytest
from typer.testing import CliRunner

from kernels.hkstud.cards import CATEGORY_NAMES, to_local
from kernels.showdown.deal import unpack_cards
from sim.cli import app
from sim.games.hkstud import rules as R
from sim.ruleset import apply_overrides
from tests.reference import hkstud as ref

runner = CliRunner()
N = 900
POLICIES = ["equity", "random", "calling-station"]
PARAMS = [{"samples": 30}, {"p_fold": 0.2}, {}]
RULES = apply_overrides(R.Rules(), {**R.VARIANTS["fixed-limit"].overrides, "players": 3})


def _ok(*args):
    result = runner.invoke(app, [str(a) for a in args])
    assert result.exit_code == 0, result.output
    return result.output


def _df(path):
    return ds.dataset(path, format="parquet").to_table().to_pandas().sort_values("game_index").reset_index(drop=True)


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    out = tmp_path_factory.mktemp("hkstud") / "run"
    _ok("play", "hkstud", "-n", N, "--seed", 3, "--variant", "fixed-limit", "--set", "players=3", "--policy",
        ",".join(POLICIES), "--policy-param", "0:samples=30", "--policy-param", "1:p_fold=0.2", "--rotate",
        "--out", out, "-q")
    return out


def test_games_lists_what_hkstud_offers():
    assert "offers: census, play, replay, rescore, balance, tune, sweep, --duplicate, --fix\n" in _ok("games", "--long")


def test_rows_are_the_references_tables(run):
    df = _df(run)
    assert len(df) == N
    for g in (0, 1, 2, 500, N - 1):
        t = ref.play_table(3, g, RULES, POLICIES, PARAMS, rotate=True)
        row = df.iloc[g]
        assert [row[f"banker_{st}"] for st in (2, 3, 4, 5)] == t["bankers"] and row.winner == t["winner"]
        for k in range(3):
            cards = [to_local(int(c)) for c in unpack_cards(np.array([row[f"s{k}_cards"]]), 5)[0]]
            assert cards == t["cards"][k] and row[f"s{k}_category"] == CATEGORY_NAMES[t["categories"][k]]
            assert row[f"s{k}_money"] == t["chips"][k] and row[f"s{k}_folded"] == t["folded"][k]
            assert row[f"s{k}_policy"] == POLICIES[(k + g) % 3]


def test_report_in_every_format(run, tmp_path):
    text = _ok("report", run)
    assert "Headline" in text and "all within 5σ" in text
    md = _ok("report", run, "--format", "md")
    assert "| P(庄家 after round 5 takes the pot) |" in md
    assert "## Players: money by policy" in md and "## Outcomes and pots" in md
    assert "| E[money equity(samples=30)] − E[money random(p_fold=0.2)] (paired per hand) |" in md
    assert "| P(wins by a fold \\| random(p_fold=0.2)) |" in md
    _ok("report", run, "--format", "md", "--out", tmp_path / "r.md")
    pngs = sorted(p.name for p in (tmp_path / "r_files").iterdir())
    assert pngs == ["categories.png", "money_by_player.png", "money_by_role.png", "zhuang_wins.png"]
    _ok("report", run, "--format", "html", "--out", tmp_path / "r.html")
    assert (tmp_path / "r.html").read_text().count("data:image/png;base64") == 4


def test_replay_shows_every_round_and_action(run):
    df = _df(run)
    for g in (7, 8):
        text = _ok("replay", run, "--game", g)
        t = ref.play_table(3, g, RULES, POLICIES, PARAMS, rotate=True)
        acts = [line for line in text.splitlines() if line.startswith("  seat ")]
        assert len(acts) == len(t["actions"])
        for line, (street, seat, action, paid) in zip(acts, t["actions"]):
            assert line.startswith(f"  seat {seat} {action}")
        row = df.iloc[g]
        assert "round 2: up-cards" in text and f"庄家: seat {row.banker_2}" in text
        assert "money: " + ", ".join(f"seat {k} {row[f's{k}_money']:+g}" for k in range(3)) in text


def test_rescore_chip_value_and_balance(run, tmp_path):
    _ok("rescore", run, "--set", "chip_value=2.5", "--out", tmp_path / "re")
    a, b = _df(run), _df(tmp_path / "re")
    for k in range(3):
        assert (b[f"s{k}_money"] == 2.5 * a[f"s{k}_chips"]).all()
    bad = runner.invoke(app, ["rescore", str(run), "--set", "stakes.bet=5", "--out", str(tmp_path / "x")])
    assert bad.exit_code == 2 and "changes how the game is played" in bad.output
    same, cheap = tmp_path / "same.toml", tmp_path / "cheap.toml"
    same.write_text("")
    cheap.write_text("chip_value = 0.5\n")
    text = _ok("balance", run, "--scenario", same, "--scenario", cheap, "--format", "md")
    assert "庄家 after round 2 (best first up-card: acts first) (zhuang)" in text
    assert "the antes (the winner takes every seat's ante)" in text and "⚠" not in text


def test_duplicate_plays_each_deal_from_every_seat(tmp_path):
    out = tmp_path / "dup"
    _ok("play", "hkstud", "-n", 120, "--variant", "heads-up", "--duplicate", "--policy", "equity,random", "--out", out,
        "-q")
    df = _df(out)
    assert (df.deal_index == df.game_index // 2).all() and (df.rotation == df.game_index % 2).all()
    assert (df.s0_cards.to_numpy()[0::2] == df.s1_cards.to_numpy()[1::2]).all()
    assert "(paired per deal)" in _ok("report", out, "--format", "md")


def test_census_has_the_exact_leader_odds_for_two_players(tmp_path):
    out = tmp_path / "census"
    _ok("census", "hkstud", "-n", 4000, "--set", "players=2", "--seed", 2, "--out", out, "-q")
    text = _ok("report", out, "--format", "md", "--out", tmp_path / "c.md")
    md = (tmp_path / "c.md").read_text()
    assert "all within 5σ" in md and "| P(庄家 after round 5 wins the showdown) |" in md
    assert f"{0.71395:.5g}" in md and sorted(p.name for p in (tmp_path / "c_files").iterdir()) == [
        "categories.png", "zhuang_wins.png"]
    assert text.startswith("wrote")


def test_sweep_compares_a_player_parameter_on_the_same_deals():
    import sim

    result = sim.sweep("hkstud", 400, "p_fold", [0.05, 0.4], seed=6, policy="random", variant="fixed-limit",
                       progress=False)
    a, b = (run.to_pandas() for run in result.runs)
    assert (a.s0_cards.to_numpy() == b.s0_cards.to_numpy()).all()  # the same deals
    table = result.to_pandas()
    row = table[(table.setting == "p_fold=0.4") & (table.statistic == "P(开牌: showdown)")].iloc[0]
    assert row.estimate == pytest.approx(b.showdown.mean()) and row.n == 400
    row = table[table.statistic == "Δ E[money, seat 2]"].iloc[0]
    assert row.estimate == pytest.approx((b.s2_money - a.s2_money).mean())
    assert b.showdown.mean() < a.showdown.mean() - 0.2  # players who fold more reach 开牌 less often
