"""Bridge through every command of the interface: census and play runs, their reports (table,
Markdown, HTML with plots), replay, rescore, balance, --duplicate, --resume, and the one-line
refusals. Small runs: the statistics are checked elsewhere; here the wiring is."""

from __future__ import annotations

import shutil

import numpy as np
import pyarrow.dataset as ds
import pytest
from typer.testing import CliRunner

from sim.cli import app
from sim.games.bridge.text import auction_calls, call_name, deal_pbn, parse_pbn

runner = CliRunner()
MIXED = "natural-greedy,natural-random,natural-greedy,natural-random"


def _ok(*args):
    result = runner.invoke(app, [str(a) for a in args])
    assert result.exit_code == 0, result.output
    return result.output


def _fails(*args):
    result = runner.invoke(app, [str(a) for a in args])
    assert result.exit_code == 2, result.output
    return result.output.strip()


def _rows(path):
    return ds.dataset(path, format="parquet").to_table().sort_by("game_index").to_pylist()


@pytest.fixture(scope="module")
def play_run(tmp_path_factory):
    out = tmp_path_factory.mktemp("bridge") / "play"
    _ok("play", "bridge", "-n", 3000, "--seed", 3, "--policy", MIXED, "--rotate", "--shard-size", 1000, "--out", out,
        "-q")
    return out


@pytest.fixture(scope="module")
def dd_run(tmp_path_factory):
    """Double dummy, every deal from the four seats: 12 deals in shards of 4 (DDS takes ~0.3 s a deal here)."""
    out = tmp_path_factory.mktemp("bridge") / "dd"
    _ok("play", "bridge", "-n", 48, "--seed", 5, "--variant", "dd", "--duplicate", "--shard-size", 16, "--out", out,
        "-q")
    return out


def test_games_lists_bridge_and_what_it_offers():
    text = _ok("games", "--long")  # `paiju games` is one line per game; --long says what each offers
    assert "桥牌 contract bridge" in text and "offers: census, play, replay, rescore, balance, tune, sweep, --duplicate" in text


def test_play_rows_hold_the_board(play_run):
    rows = _rows(play_run)
    assert len(rows) == 3000 and rows[0]["board"] == 1 and rows[17]["board"] == 18
    for r in rows[:300]:
        masks = [r[f"s{k}_hand"] for k in range(4)]
        assert parse_pbn(r["deal"]) == masks and r["deal"] == deal_pbn(masks)
        words = [r[f"auction{k}"] for k in range(5)]
        assert r["auction"] == " ".join(call_name(c) for c in auction_calls(words))
        assert len(auction_calls(words)) == r["n_calls"]
        assert r["s0_money"] == r["s2_money"] == r["ns_score"] == -r["s1_money"] == -r["s3_money"]
        assert r["ns_hcp"] == r["s0_hcp"] + r["s2_hcp"]
        if r["level"] > 0:
            assert r["result"] == r["tricks"] - 6 - r["level"]
            d = r["declarer"]
            assert (r[f"s{d}_role"], r[f"s{d ^ 2}_role"], r[f"s{d ^ 1}_role"]) == ("declarer", "dummy", "defender")
        else:
            assert r["contract"] == "pass" and r["s0_role"] == "none" and r["ns_score"] == 0
    g = rows[5]["game_index"]
    assert [rows[5][f"s{k}_policy"] for k in range(4)] == [MIXED.split(",")[(k + g) % 4] for k in range(4)]


def test_play_report_in_every_format(play_run, tmp_path):
    text = _ok("report", play_run)
    assert "Headline" in text and "P(game or slam bid)" in text and "Make rate" in text
    md = _ok("report", play_run, "--format", "md")
    assert "## Players: money by policy" in md and "E[N-S score \\| vulnerable: both]" in md
    _ok("report", play_run, "--format", "md", "--out", tmp_path / "r.md")
    assert (tmp_path / "r_files" / "contracts.png").stat().st_size > 1000
    _ok("report", play_run, "--format", "html", "--out", tmp_path / "r.html")
    assert "data:image/png;base64" in (tmp_path / "r.html").read_text()


def test_census_run_and_report(tmp_path):
    out = tmp_path / "census"
    _ok("census", "bridge", "-n", 20000, "--seed", 4, "--out", out, "-q")
    rows = ds.dataset(out, format="parquet").to_table(columns=["s0_hcp", "ns_hcp", "s2_hcp"]).to_pydict()
    assert rows["ns_hcp"] == [a + b for a, b in zip(rows["s0_hcp"], rows["s2_hcp"])]
    md = _ok("report", out, "--format", "md", "--out", tmp_path / "c.md")
    text = (tmp_path / "c.md").read_text()
    assert "P(3-2 \\| 5 missing)" in text and "all within 5σ" in text
    assert (tmp_path / "c_files" / "hcp.png").stat().st_size > 1000 and md is not None


def test_replay_shows_the_auction_and_every_trick(play_run):
    rows = _rows(play_run)
    g = next(i for i, r in enumerate(rows) if r["level"] > 0)
    text = _ok("replay", play_run, "--game", g)
    r = rows[g]
    assert f"deal {r['deal']}" in text and "auction:" in text and "trick 13:" in text
    assert f"score: N-S {r['ns_score']:+d}" in text


def test_duplicate_turns_the_board_and_its_dd_table(dd_run):
    rows = _rows(dd_run)
    assert len(rows) == 48
    for r0, *turned in zip(*[rows[i::4] for i in range(4)]):
        assert r0["rotation"] == 0 and r0["deal_index"] == r0["game_index"] // 4
        for r in turned:
            t = r["rotation"]
            assert r["deal_index"] == r0["deal_index"] and r["board"] == r0["board"]
            assert [r[f"s{k}_hand"] for k in range(4)] == [r0[f"s{(k + t) % 4}_hand"] for k in range(4)]
            assert "NESW"[("NESW".index(r["dealer"]) + t) % 4] == r0["dealer"]
            assert [r[f"s{k}_dd_nt"] for k in range(4)] == [r0[f"s{(k + t) % 4}_dd_nt"] for k in range(4)]
            assert r["par_score"] == (-r0["par_score"] if t % 2 else r0["par_score"])
        assert r0["dd_tricks"] == -1 or r0["equals_par"] in (True, False)


def test_dd_report_and_replay(dd_run, tmp_path):
    text = _ok("report", dd_run, "--format", "md", "--out", tmp_path / "d.md")
    md = (tmp_path / "d.md").read_text()
    assert "P(contract = a par contract)" in md and "E[NT tricks \\| side HCP 25]" in md
    assert (tmp_path / "d_files" / "dd_nt_by_hcp.png").stat().st_size > 1000 and text is not None
    rows = _rows(dd_run)
    g = next(i for i, r in enumerate(rows) if r["level"] > 0)
    replay = _ok("replay", dd_run, "--game", g)
    assert "double dummy (tricks by declarer)" in replay and f"par {rows[g]['par_score']:+d}" in replay


def test_rescore_changes_only_the_scored_columns(play_run, dd_run, tmp_path):
    out = tmp_path / "seed_insult"
    _ok("rescore", play_run, "--set", "insult_redoubled=50", "--out", out)
    for b, a in zip(_rows(play_run), _rows(out)):
        made_xx = b["doubled"] == 2 and b["tricks"] >= 6 + b["level"]
        sign = 1 if b["declarer"] % 2 == 0 else -1
        assert a["ns_score"] == b["ns_score"] - (50 * sign if made_xx else 0)
        assert a["deal"] == b["deal"] and a["tricks"] == b["tricks"]
    imps = tmp_path / "imps"
    _ok("rescore", dd_run, "--set", "money=imps", "--out", imps)
    for r in _rows(imps):
        assert r["s0_money"] == r["imps_vs_par"] == -r["s1_money"]
    assert "changes how the game is played" in _fails("rescore", play_run, "--set", "dd=true", "--out", tmp_path / "x")
    assert "needs dd = true" in _fails("rescore", play_run, "--set", "money=imps", "--out", tmp_path / "y")


def test_balance_splits_the_score_by_role_and_component(play_run, tmp_path):
    scenario = tmp_path / "seed_insult.toml"
    scenario.write_text("insult_redoubled = 50\n")
    text = _ok("balance", play_run, "--scenario", scenario)
    assert "庄家 (declarer)" in text and "part-score or game bonus" in text and "undertricks" in text


def test_sweep_compares_the_headline_figures_on_the_same_deals():
    import sim

    result = sim.sweep("bridge", 600, "game", [22, 28], seed=6, progress=False)
    a, b = (run.to_pandas() for run in result.runs)
    assert (a.deal == b.deal).all()
    table = result.to_pandas()

    def figure(setting, name):
        return table[(table.setting == setting) & (table.statistic == name)].iloc[0]

    for setting, df in (("game=22", a), ("game=28", b)):
        games = ((df.level >= 3) & (df.strain == 4)) | ((df.level >= 4) & (df.strain >= 2)) | (df.level >= 5)
        assert figure(setting, "P(game or slam bid)").estimate == pytest.approx(games.mean())
        played = df.level > 0
        made = (df.tricks >= 6 + df.level)[played]
        assert figure(setting, "P(contract made)").estimate == pytest.approx(made.mean()) and \
            figure(setting, "P(contract made)").n == played.sum()
    # a lower game threshold bids more games on the same deals (paired: no deal bids fewer)
    assert figure("game=22", "P(game or slam bid)").estimate > figure("game=28", "P(game or slam bid)").estimate
    assert "Δ P(game or slam bid)" in set(table.statistic)


def test_resume_computes_a_missing_dd_shard_again(dd_run, tmp_path):
    out = tmp_path / "resumed"
    shutil.copytree(dd_run, out)
    (out / "part-00001.parquet").unlink()  # as if the run had been interrupted
    _ok("play", "bridge", "-n", 48, "--seed", 5, "--variant", "dd", "--duplicate", "--shard-size", 16, "--out", out,
        "-q", "--resume")
    assert _rows(out) == _rows(dd_run)


def test_refusals_are_one_line(tmp_path):
    line = _fails("play", "bridge", "-n", 8, "--policy", "natural-dd", "--out", tmp_path / "a")
    assert line == "error: natural-dd plays double dummy: it needs the double-dummy columns, --set dd=true (or " \
                   "--variant dd)"
    line = _fails("play", "bridge", "-n", 8, "--policy", "pass-out", "--out", tmp_path / "b")
    assert "four pass-out players score the deal's par" in line and "\n" not in line
    line = _fails("play", "bridge", "-n", 8, "--variant", "dd", "--policy",
                  "natural-dd,natural-greedy,natural-dd,natural-dd", "--out", tmp_path / "c")
    assert "every seat that plays cards must be natural-dd" in line
    assert "bridge does not offer --hands-per-session" in _fails("play", "bridge", "-n", 8, "--hands-per-session", 2,
                                                                "--out", tmp_path / "d")
    assert "with --duplicate, -n counts hands" in _fails("play", "bridge", "-n", 6, "--duplicate", "--out",
                                                        tmp_path / "e")


def test_pass_out_players_score_par(tmp_path):
    out = tmp_path / "par"
    _ok("play", "bridge", "-n", 6, "--seed", 2, "--variant", "dd", "--policy", "pass-out", "--out", out, "-q")
    for r in _rows(out):
        assert r["result_is_par"] and r["auction"] == "P P P P" and r["ns_score"] == r["par_score"]
        assert r["imps_vs_par"] == 0 and np.isclose(r["mp_vs_par"], 1.0)
