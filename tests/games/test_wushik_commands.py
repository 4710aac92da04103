"""五十K through every command: census with exact values (1M deals, 5 sigma), play of whole matches
(hand rows of each match under its game index), report as table / Markdown / HTML with plots,
replay, rescore, balance and --duplicate, through the CLI on small seeded runs."""

from __future__ import annotations

import numpy as np
import pyarrow.dataset as ds
import pytest
from typer.testing import CliRunner

import sim
from sim.cli import app

runner = CliRunner()


def _ok(*args):
    result = runner.invoke(app, [str(a) for a in args])
    assert result.exit_code == 0, result.output
    return result.output


def _df(path):
    return ds.dataset(path, format="parquet").to_table().to_pandas().sort_values(["game_index", "hand_no"]) \
        .reset_index(drop=True)


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    out = tmp_path_factory.mktemp("wushik") / "run"
    _ok("play", "wushik", "-n", 60, "--seed", 5, "--policy", "smart,greedy,random,smart", "--rotate", "--out", out,
        "-q")
    return out


def test_census_against_exact_values():
    rep = sim.census("wushik", 1_000_000, seed=11, progress=False).report()
    assert not rep.flagged(), rep.check_line()
    assert sum(s.z is not None for s in rep.stats()) >= 80


def test_matches_are_rows_of_hands(run):
    df = _df(run)
    assert df.game_index.nunique() == 60 and len(df) > 60
    for g, m in df.groupby("game_index"):
        assert list(m.hand_no) == list(range(len(m))) and (m.match_hands == len(m)).all()
        assert m.match_over.tolist() == [False] * (len(m) - 1) + [True]
        last = m.iloc[-1]
        assert max(last.team0_total, last.team1_total) >= 800
        assert (m.team0_score.cumsum() == m.team0_total).all() and (m.team1_score.cumsum() == m.team1_total).all()
        t0, t1 = last.team0_total, last.team1_total
        assert last.match_winner == ("team0" if t0 > t1 else "team1" if t1 > t0 else "draw")
        assert m.iloc[0].turned_card >= 0 and (m.turned_card.iloc[1:] == -1).all()
    money = np.stack([df[f"s{k}_money"] for k in range(4)], axis=1)
    assert (money.sum(axis=1) == 0).all()


def test_report_with_plots(run, tmp_path):
    text = _ok("report", run)
    assert "Headline" in text and "P(双抓)" in text and "E[hands per match]" in text and "exact checks" in text
    _ok("report", run, "--format", "md", "--out", tmp_path / "r.md")
    pngs = sorted(p.name for p in (tmp_path / "r_files").iterdir())
    assert {"patterns.png", "bombs_played.png", "match_length.png", "money_by_role.png"} <= set(pngs)
    _ok("report", run, "--format", "html", "--out", tmp_path / "r.html")
    assert (tmp_path / "r.html").read_text().count("data:image/png;base64") == len(pngs)


def test_replay_shows_every_hand_of_a_match(run):
    df = _df(run)
    m = df[df.game_index == 7]
    text = _ok("replay", run, "--game", 7)
    assert text.count("== hand ") == len(m) and "终止牌 by seat" in text
    last = m.iloc[-1]
    assert f"totals {last.team0_total} : {last.team1_total}" in text


def test_rescore_and_balance(run, tmp_path):
    out = tmp_path / "rescored"
    _ok("rescore", run, *[a for k in ("five", "six", "seven", "eight") for a in ("--set", f"bomb_bonus.{k}=0")],
        "--out", out)
    a, b = _df(run), _df(out)
    assert (b.team0_bonus == 0).all() and (b.team1_bonus == 0).all()
    assert ((a.team0_score - a.team0_bonus) == b.team0_score).all()
    bad = runner.invoke(app, ["rescore", str(run), "--set", "target_score=400", "--out", str(tmp_path / "x")])
    assert bad.exit_code == 2 and "changes how the game is played" in bad.output
    scen = tmp_path / "void.toml"
    scen.write_text('terminal_trick_points = "void"\n')
    text = _ok("balance", run, "--scenario", scen)
    assert "bomb bonuses" in text and "first leader" in text


def test_duplicate_plays_each_deal_from_every_seat(tmp_path):
    out = tmp_path / "dup"
    _ok("play", "wushik", "-n", 8, "--duplicate", "--policy", "smart", "--variant", "single-hands", "--out", out, "-q")
    df = _df(out)
    for d in range(2):
        rows = df[df.deal_index == d]
        assert sorted(rows.rotation) == [0, 1, 2, 3]
        pts = {r.rotation: [r[f"s{k}_dealt_points"] for k in range(4)] for _, r in rows.iterrows()}
        for rot in range(4):
            assert pts[rot] == [pts[0][(k + rot) % 4] for k in range(4)]


def test_sweep_pairs_matches_by_game_index():
    sw = sim.sweep("wushik", 30, "near_out", [1, 3], seed=3, progress=False)
    df = sw.to_pandas()
    paired = df[df.statistic.str.startswith("Δ")]
    assert len(paired) == 9 and (paired.n <= 30).all() and (paired.n > 0).all()
    per_match = df[(df.statistic == "E[hands per match]")]
    assert (per_match.n == 30).all() and (per_match.estimate > 1).all()
