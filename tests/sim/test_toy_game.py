"""A toy game defined only in ``tests/toy`` goes through every command once it is registered:
``sim.game.Game`` is the whole contract between a game and paiju (no shared module knows it)."""

from __future__ import annotations

import pyarrow.dataset as ds
import pytest
from typer.testing import CliRunner

from sim import registry
from sim.cli import app

runner = CliRunner()


@pytest.fixture(scope="module", autouse=True)
def toy_registered():
    registry.register("toy", "tests.toy")
    yield
    registry.GAMES.pop("toy", None)


def _ok(*args):
    result = runner.invoke(app, [str(a) for a in args])
    assert result.exit_code == 0, result.output
    return result.output


def _rows(path):
    return ds.dataset(path, format="parquet").to_table().sort_by("game_index").to_pylist()


@pytest.fixture(scope="module")
def toy_run(tmp_path_factory):
    out = tmp_path_factory.mktemp("toy") / "run"
    _ok("play", "toy", "-n", 4000, "--seed", 3, "--policy", "random,high", "--rotate", "--out", out, "-q")
    return out


def test_games_lists_the_toy_and_what_it_offers():
    text = _ok("games", "--long")
    assert "toy high card (2 players)" in text
    assert "offers: census, play, replay, rescore, balance, tune, sweep, --duplicate, --hands-per-session" in text
    assert "--variant one-card" in text


def test_play_writes_rows_that_score_as_the_game_says(toy_run):
    rows = _rows(toy_run)
    assert len(rows) == 4000 and [r["game_index"] for r in rows] == list(range(4000))
    for r in rows[:500]:
        w = r["winner"]
        a, b = r["s0_shown"], r["s1_shown"]
        assert w == (0 if (a // 4, -(a % 4)) > (b // 4, -(b % 4)) else 1)
        assert r[f"s{w}_money"] == -r[f"s{1 - w}_money"] == (2.0 if r["ace"] else 1.0)
        assert {r["s0_policy"], r["s1_policy"]} == {"random", "high"}


def test_report_in_every_format(toy_run, tmp_path):
    text = _ok("report", toy_run)
    assert "Headline" in text and "P(seat 0 wins)" in text
    md = _ok("report", toy_run, "--format", "md")
    assert "## Headline" in md and "## Players: money by policy" in md
    assert "E[money high] − E[money random]" in md or "E[money random] − E[money high]" in md
    _ok("report", toy_run, "--format", "md", "--out", tmp_path / "r.md")
    assert (tmp_path / "r_files" / "wins.png").stat().st_size > 1000
    _ok("report", toy_run, "--format", "html", "--out", tmp_path / "r.html")
    assert "data:image/png;base64" in (tmp_path / "r.html").read_text()


def test_replay_shows_a_stored_hand(toy_run):
    rows = _rows(toy_run)
    text = _ok("replay", toy_run, "--game", 17)
    r = rows[17]
    assert f"seat {r['winner']} wins" in text and "shows" in text


def test_rescore_and_balance_use_the_games_scoring(toy_run, tmp_path):
    out = tmp_path / "rescored"
    _ok("rescore", toy_run, "--set", "ace_multiplier=5", "--out", out)
    before, after = _rows(toy_run), _rows(out)
    for b, a in zip(before, after):
        assert a["winner"] == b["winner"]
        factor = 5.0 if b["ace"] else 1.0
        assert a[f"s{b['winner']}_money"] == factor
    bad = runner.invoke(app, ["rescore", str(toy_run), "--set", "hand_size=4", "--out", str(tmp_path / "x")])
    assert bad.exit_code == 2 and "changes how the game is played" in bad.output
    scen = tmp_path / "big_ace.toml"
    scen.write_text("ace_multiplier = 10\n")
    text = _ok("balance", toy_run, "--scenario", tmp_path / "run.toml" if False else scen)
    assert "the ace bonus" in text and "shows first (dealer)" in text


def test_duplicate_plays_each_deal_from_both_seats(tmp_path):
    out = tmp_path / "dup"
    _ok("play", "toy", "-n", 400, "--duplicate", "--policy", "high", "--out", out, "-q")
    rows = _rows(out)
    for a, b in zip(rows[0::2], rows[1::2]):
        assert (a["deal_index"], a["rotation"], b["rotation"]) == (b["deal_index"], 0, 1)
        assert (a["s0_shown"], a["s1_shown"]) == (b["s1_shown"], b["s0_shown"])


def test_resume_and_dask_workers_give_the_same_rows(tmp_path):
    pytest.importorskip("distributed")
    local, dask_run = tmp_path / "local", tmp_path / "dask"
    _ok("play", "toy", "-n", 3000, "--shard-size", 1000, "--seed", 9, "--out", local, "-q")
    _ok("play", "toy", "-n", 3000, "--shard-size", 1000, "--seed", 9, "--out", dask_run, "-q", "--workers", 2,
        "--threads", 1)
    (dask_run / "part-00001.parquet").unlink()  # as if the run had been interrupted
    _ok("play", "toy", "-n", 3000, "--shard-size", 1000, "--seed", 9, "--out", dask_run, "-q", "--resume")
    assert _rows(local) == _rows(dask_run)


def test_a_capability_the_game_lacks_is_one_line(tmp_path):
    registry.register("toy-bare", "tests.toy.bare")  # the toy offering only play
    try:
        result = runner.invoke(app, ["census", "toy-bare", "-n", "10", "--out", str(tmp_path / "c")])
        assert result.exit_code == 2
        assert result.output.strip() == "error: toy-bare does not offer `paiju census` (it offers: play)"
        result = runner.invoke(app, ["play", "toy-bare", "-n", "10", "--hands-per-session", "2", "--out",
                                     str(tmp_path / "s")])
        assert result.exit_code == 2 and "toy-bare does not offer --hands-per-session" in result.output
        assert not (tmp_path / "c").exists() and not (tmp_path / "s").exists()
    finally:
        registry.GAMES.pop("toy-bare", None)
