"""八十分 through every command: play (whole matches, sessions, --duplicate), report in every format
with its plots, replay, rescore, balance, and the census against exact values."""

from __future__ import annotations

import numpy as np
import pyarrow.dataset as ds
import pytest
from typer.testing import CliRunner

from sim.cli import app

runner = CliRunner()


def _ok(*args):
    result = runner.invoke(app, [str(a) for a in args])
    assert result.exit_code == 0, result.output
    return result.output


def _rows(path):
    return ds.dataset(path, format="parquet").to_table().sort_by([("game_index", "ascending"),
                                                                   ("match_hand", "ascending")]).to_pylist()


@pytest.fixture(scope="module")
def match_run(tmp_path_factory):
    out = tmp_path_factory.mktemp("tractor") / "run"
    _ok("play", "tractor", "-n", 8, "--seed", 3, "--policy", "smart,greedy,random,smart", "--rotate", "--out", out,
        "-q", "--threads", 1)
    return out


def test_a_game_index_is_a_whole_match(match_run):
    rows = _rows(match_run)
    by_match: dict[int, list] = {}
    for r in rows:
        by_match.setdefault(r["game_index"], []).append(r)
    assert sorted(by_match) == list(range(8))
    for g, hands in by_match.items():
        assert [h["match_hand"] for h in hands] == list(range(len(hands)))
        assert all(h["match_hands"] == len(hands) for h in hands)
        assert [h["match_over"] for h in hands] == [False] * (len(hands) - 1) + [True]
        assert hands[0]["team0_level_before"] == hands[0]["team1_level_before"] == 0
        for a, b in zip(hands, hands[1:]):  # the levels carry from hand to hand
            assert (a["team0_level_after"], a["team1_level_after"]) == (b["team0_level_before"], b["team1_level_before"])
            assert b["banker_team"] == (a["banker_team"] if a["keeps"] else 1 - a["banker_team"])
        last = hands[-1]
        assert max(last["team0_level_after"], last["team1_level_after"]) == 13
        for h in hands:
            assert sum(h[f"s{k}_money"] for k in range(4)) == 0
            assert {h[f"s{k}_role"] for k in range(4)} == {"banker", "partner", "opponent"}
            assert h["points"] == h["played_points"] and h["keeps"] == h["played_keeps"]


def test_report_in_every_format(match_run, tmp_path):
    text = _ok("report", match_run)
    assert "Headline" in text and "P(庄 team keeps the deal)" in text and "E[hands per match]" in text
    md = _ok("report", match_run, "--format", "md")
    for title in ("## Headline", "## Whole matches", "## Throws, penalties and play", "## Players: money by policy",
                  "## Play quality", "## Deal check", "P(扣底)", "throw success rate"):
        assert title in md
    _ok("report", match_run, "--format", "md", "--out", tmp_path / "r.md")
    for slug in ("points", "outcome", "win_by_trumps", "win_by_kitty", "money_by_role", "match_length"):
        assert (tmp_path / "r_files" / f"{slug}.png").stat().st_size > 1000
    _ok("report", match_run, "--format", "html", "--out", tmp_path / "r.html")
    assert "data:image/png;base64" in (tmp_path / "r.html").read_text()


def test_replay_shows_the_match_trick_by_trick(match_run):
    rows = [r for r in _rows(match_run) if r["game_index"] == 2]
    text = _ok("replay", match_run, "--game", 2)
    assert text.count("=== hand ") == len(rows)
    assert text.count("— trick ") == sum(r["n_tricks"] for r in rows)  # pairs and 拖拉机 make fewer than 25
    assert "leads" in text and "buries" in text
    assert f"team {rows[-1]['match_winner']} passes A and wins the match" in text


def test_rescore_recomputes_the_level_change_only(match_run, tmp_path):
    out = tmp_path / "rescored"
    _ok("rescore", match_run, "--set", "levels.threshold=100", "--set", "kitty_multiplier=x1", "--out", out)
    before, after = _rows(match_run), _rows(out)
    assert len(before) == len(after)
    for b, a in zip(before, after):
        assert (a["captured"], a["team0_level_after"], a["played_points"]) == (b["captured"], b["team0_level_after"],
                                                                             b["played_points"])
        p = b["captured"] + (b["kitty_points"] if b["kou_di"] else 0) + b["penalty_banker"] - b["penalty_opp"]
        assert a["points"] == p and a["keeps"] == (p < 100)
        assert sum(a[f"s{k}_money"] for k in range(4)) == 0
    bad = runner.invoke(app, ["rescore", str(match_run), "--set", "allow_throw=false", "--out", str(tmp_path / "x")])
    assert bad.exit_code == 2 and "changes how the game is played" in bad.output


def test_balance_names_roles_and_components(match_run, tmp_path):
    scen = tmp_path / "kitty_x1.toml"
    scen.write_text('kitty_multiplier = "x1"\n')
    text = _ok("balance", match_run, "--scenario", scen)
    assert "庄家" in text and "what the kitty bonus (扣底) changes" in text


def test_duplicate_matches_replay_each_deal_from_every_seat(tmp_path):
    out = tmp_path / "dup"
    _ok("play", "tractor", "-n", 4, "--duplicate", "--policy", "smart", "--out", out, "-q", "--threads", 1)
    first = [r for r in _rows(out) if r["match_hand"] == 0]
    assert [(r["deal_index"], r["rotation"]) for r in first] == [(0, k) for k in range(4)]
    held = [first[0][f"s{k}_points_held"] for k in range(4)]
    for r in first:
        assert [r[f"s{k}_points_held"] for k in range(4)] == [held[(k + r["rotation"]) % 4] for k in range(4)]


def test_sessions_of_single_hands_carry_the_match(tmp_path):
    out = tmp_path / "hands"
    _ok("play", "tractor", "--variant", "hands", "-n", 8, "--hands-per-session", 4, "--out", out, "-q")
    rows = _rows(out)
    assert [r["game_index"] for r in rows] == list(range(8)) and all(r["match_hands"] == 0 for r in rows)
    for a, b in zip(rows, rows[1:]):
        if b["game_index"] % 4 and not a["match_over"]:
            assert (a["team0_level_after"], a["team1_level_after"]) == (b["team0_level_before"],
                                                                         b["team1_level_before"])
    assert "no unbiased match length" in _ok("report", out, "--format", "md")
    bad = runner.invoke(app, ["play", "tractor", "-n", 4, "--hands-per-session", 2, "--out", str(tmp_path / "x")])
    assert bad.exit_code == 2 and "matches = true" in bad.output


def test_census_against_exact_values(tmp_path):
    out = tmp_path / "census"
    _ok("census", "tractor", "-n", 4000, "--set", "census_trump=spades", "--out", out, "-q", "--threads", 1)
    from sim.reports import build_report
    from analysis.runs import open_run

    rep = build_report(open_run(out))
    checked = [s for s in rep.stats() if s.z is not None]
    assert len(checked) >= 20 and not rep.flagged(), rep.check_line()
    assert {s.name for s in checked} >= {"E[trumps]", "E[pairs]", "E[points]", "E[jokers]"}
    rows = ds.dataset(out, format="parquet").to_table(columns=["trump_suit", "s0_trumps"]).to_pydict()
    assert set(rows["trump_suit"]) == {"spades"} and max(rows["s0_trumps"]) <= 25
    text = _ok("report", out)
    assert "exact checks:" in text and "Headline" in text
    _ok("census", "tractor", "-n", 200, "--out", tmp_path / "declared", "-q")  # the bots' trump
    assert np.isfinite([s.estimate for s in build_report(open_run(tmp_path / "declared")).headline]).all()


def test_sweep_pairs_single_hands_and_refuses_whole_matches():
    text = " ".join(_ok("sweep", "tractor", "--variant", "hands", "--policy-param", "declare_min=0.2,0.4", "-n", 100,
                        "--threads", 1).split())
    assert "Δ E[P]" in text and "keeps" in text and "declare_min=0.4" in text
    bad = runner.invoke(app, ["sweep", "tractor", "--policy-param", "declare_min=0.2,0.4", "-n", "4", "--threads", "1"])
    assert bad.exit_code == 2 and "--variant hands" in bad.output
