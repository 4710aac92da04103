"""Every command for 干瞪眼 through the game interface, on small seeded runs of each variant at
its own seat count (columns for the run's seats): report (table, md, html with plots), replay,
rescore, balance, sweep, --duplicate, sessions and --resume."""

from __future__ import annotations

import numpy as np
import pyarrow.dataset as ds
import pytest
from typer.testing import CliRunner

from sim.cli import app

runner = CliRunner()
RUNS = {"qq": 4, "one-deck": 6, "two-deck": 10, "sichuan": 3}  # variant -> players
N = 300


def _ok(*args):
    result = runner.invoke(app, [str(a) for a in args])
    assert result.exit_code == 0, result.output
    return result.output


def _df(path):
    return ds.dataset(path, format="parquet").to_table().to_pandas().sort_values("game_index").reset_index(drop=True)


def _play_args(variant):
    return ["play", "gandengyan", "--variant", variant, "--set", f"players={RUNS[variant]}", "-n", N, "--seed", 3,
            "--policy", ",".join((["smart", "greedy", "random"] * 4)[:RUNS[variant]]), "--rotate", "--hands-per-session", 3, "--shard-size", 99, "-q"]


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    out = {}
    for variant in RUNS:
        out[variant] = tmp_path_factory.mktemp(variant) / "run"
        _ok(*_play_args(variant), "--out", out[variant])
    return out


def _money(seats):
    return [f"s{k}_money" for k in range(seats)]


def test_reports_and_replays(runs, tmp_path):
    for variant, seats in RUNS.items():
        df = _df(runs[variant])
        assert f"s{seats - 1}_money" in df and f"s{seats}_money" not in df
        text = _ok("report", runs[variant], "--format", "md")
        assert "P(banker wins)" in text and "瞪眼 rate" in text and "within 5σ" in text
        g = int(df.index[df.winner >= 0][5])
        row = df.iloc[g]
        text = _ok("replay", runs[variant], "--game", g)
        assert f"banker: seat {row.banker}" in text
        assert "money: " + ", ".join(f"seat {k} {row[f's{k}_money']:+g}" for k in range(seats)) in text
    _ok("report", runs["qq"], "--format", "html", "--out", tmp_path / "r.html")
    assert (tmp_path / "r.html").read_text().count("data:image/png;base64") >= 3


def test_rescore_and_balance(runs, tmp_path):
    for variant, seats in RUNS.items():
        money = _money(seats)
        _ok("rescore", runs[variant], "--set", "base=2", "--set", "held_joker=4", "--out", tmp_path / variant)
        a, b = _df(runs[variant]), _df(tmp_path / variant)
        jokers = a[[f"s{k}_jokers_left" for k in range(seats)]].to_numpy().sum(axis=1)
        rows_same = np.isclose(b[money].to_numpy(), 2 * a[money].to_numpy()).all(axis=1)
        assert rows_same[jokers == 0].all(), variant  # held_joker reaches only hands ending with jokers held
        if variant == "qq":  # every loser pays, personal ×held_joker per joker, no cap
            reached = (jokers > 0) & (a.winner.to_numpy() >= 0)
            assert reached.any() and not rows_same[reached].any()
        assert np.abs(b[money].to_numpy().sum(axis=1)).max() < 1e-9
        assert "⚠" not in _ok("balance", runs[variant], "--format", "md")
    bad = runner.invoke(app, ["rescore", str(runs["qq"]), "--set", "players=3", "--out", str(tmp_path / "x")])
    assert bad.exit_code == 2 and "changes how the game is played" in bad.output


def test_sessions_and_resume(runs, tmp_path):
    df = _df(runs["sichuan"])
    assert (df.session == df.game_index // 3).all()
    later = (df.game_index % 3 != 0).to_numpy()
    prev_winner = np.roll(df.winner.to_numpy(), 1)
    ok = later & (prev_winner >= 0)
    assert (df.banker.to_numpy()[ok] == prev_winner[ok]).all()  # sichuan: the previous winner deals
    lost = tmp_path / "resumed"
    lost.mkdir()
    for p in runs["sichuan"].iterdir():
        (lost / p.name).write_bytes(p.read_bytes())
    next(lost.glob("part-00001.parquet")).unlink()
    _ok(*_play_args("sichuan"), "--out", lost, "--resume")
    assert _df(lost).equals(df)


def test_duplicate_and_sweep(tmp_path):
    out = tmp_path / "dup"
    seats = 6
    _ok("play", "gandengyan", "--variant", "one-deck", "--set", f"players={seats}", "-n", 20 * seats, "--duplicate",
        "--policy", "smart,random,greedy,random,greedy,smart", "--out", out, "-q")
    df = _df(out)
    assert (df.deal_index == df.game_index // seats).all() and (df.rotation == df.game_index % seats).all()
    dealt = df[[f"s{k}_twos_dealt" for k in range(seats)] + [f"s{k}_jokers_dealt" for k in range(seats)]].to_numpy()
    for r in range(1, seats):  # rotation r: the same deal, seat k holding what seat k + r held
        turned = [(k + r) % seats for k in range(seats)]
        assert (dealt[r::seats] == dealt[0::seats][:, turned + [seats + t for t in turned]]).all(), r
    assert "smart vs random" in _ok("report", out)
    text = _ok("sweep", "gandengyan", "--policy-param", "keep=0,1", "-n", 200, "--policy", "smart,greedy,greedy",
               "--set", "players=3", "-q", "--format", "md")
    assert "Δ P(banker wins)" in text
