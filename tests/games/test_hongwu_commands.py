"""仙居红五 through every command: play (and --duplicate), report in every format with its plots,
replay, rescore, balance, and the census (♥5 copies of a 39-card hand among them) against exact
values."""

from __future__ import annotations

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
    return ds.dataset(path, format="parquet").to_table().sort_by("game_index").to_pylist()


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    out = tmp_path_factory.mktemp("hongwu") / "run"
    _ok("play", "hongwu", "-n", 120, "--seed", 5, "--policy", "smart,greedy,random,smart", "--rotate", "--out", out,
        "-q", "--threads", 1)
    return out


def test_rows_score_as_the_rules_say(run):
    rows = _rows(run)
    assert [r["game_index"] for r in rows] == list(range(120))
    for r in rows:
        assert r["h5_banker"] + r["h5_opp"] == 3
        assert r["points"] == r["played_points"]
        side = {r["banker"], r["partner"]}
        assert {k for k in range(4) if r[f"s{k}_banker_side"]} == side
        assert abs(sum(r[f"s{k}_money"] for k in range(4))) < 1e-9
        assert r["banker_won"] == (r["band"] <= 3)


def test_report_in_every_format(run, tmp_path):
    text = _ok("report", run)
    assert "Headline" in text and "P(庄 side wins the band)" in text
    md = _ok("report", run, "--format", "md")
    for title in ("## ♥5 (红五) captures and bonus", "## Deal check", "## Players: money by policy",
                  "## Play quality", "P(扣底)", "throw success rate", "P(hearts5 = 3)"):
        assert title in md
    _ok("report", run, "--format", "md", "--out", tmp_path / "r.md")
    for slug in ("points", "outcome", "win_by_trumps", "win_by_kitty", "money_by_role", "hearts5"):
        assert (tmp_path / "r_files" / f"{slug}.png").stat().st_size > 1000
    _ok("report", run, "--format", "html", "--out", tmp_path / "r.html")
    assert "data:image/png;base64" in (tmp_path / "r.html").read_text()


def test_replay_shows_a_hand_trick_by_trick(run):
    r = _rows(run)[7]
    text = _ok("replay", run, "--game", 7)
    assert "— trick 1:" in text and "leads" in text and f"band {r['band']}" in text
    assert f"♥5 captured: 庄 {r['h5_banker']}, 闲 {r['h5_opp']}" in text


def test_rescore_and_balance(run, tmp_path):
    out = tmp_path / "rescored"
    _ok("rescore", run, "--set", "hongwu_bonus_per_card=2", "--set", "bands.band7=8", "--out", out)
    for b, a in zip(_rows(run), _rows(out)):
        assert a["h5_net"] == 2 * b["h5_net"] and a["band"] == b["band"]
        assert abs(sum(a[f"s{k}_money"] for k in range(4))) < 1e-9
    scen = tmp_path / "bonus2.toml"
    scen.write_text("hongwu_bonus_per_card = 2\n")
    text = " ".join(_ok("balance", run, "--scenario", scen).split())  # the table wraps long labels
    assert "the ♥5 bonus (XJ-9)" in text and "庄家" in text


def test_duplicate_and_one_vs_three(tmp_path):
    out = tmp_path / "dup"
    _ok("play", "hongwu", "-n", 8, "--duplicate", "--variant", "one-vs-three", "--out", out, "-q")
    rows = _rows(out)
    assert all(r["partner"] == -1 for r in rows)
    for r in rows:
        base = rows[4 * (r["game_index"] // 4)]
        assert [r[f"s{k}_hearts5"] for k in range(4)] == [base[f"s{(k + r['rotation']) % 4}_hearts5"]
                                                         for k in range(4)]


def test_census_against_exact_values(tmp_path):
    out = tmp_path / "census"
    _ok("census", "hongwu", "-n", 3000, "--out", out, "-q", "--threads", 1)
    from sim.reports import build_report
    from analysis.runs import open_run

    rep = build_report(open_run(out))
    checked = {s.name for s in rep.stats() if s.z is not None}
    assert {f"P(hearts5 = {k})" for k in range(4)} | {"E[pairs]", "E[triples]", "E[points]"} <= checked
    assert not rep.flagged(), rep.check_line()
    assert "Headline" in _ok("report", out)


def test_sweep_compares_the_same_deals():
    text = " ".join(_ok("sweep", "hongwu", "--policy-param", "declare_min=0,0.3", "-n", 100, "--threads", 1).split())
    assert "Δ P(扣底)" in text and "♥5 captured" in text and "declare_min=0.3" in text
