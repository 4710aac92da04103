"""双扣 through every command: census with exact values (1M deals, 5 sigma), play, report as table /
Markdown / HTML with plots, replay, rescore, balance, sweep and --duplicate, through the CLI on
small seeded runs."""

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
    return ds.dataset(path, format="parquet").to_table().to_pandas().sort_values("game_index").reset_index(drop=True)


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    out = tmp_path_factory.mktemp("shuangkou") / "run"
    _ok("play", "shuangkou", "-n", 400, "--seed", 5, "--policy", "smart,greedy,random,smart", "--rotate", "--out", out,
        "-q")
    return out


def test_census_against_exact_values():
    for variant in ("default", "big-wild"):
        rep = sim.census("shuangkou", 1_000_000 if variant == "default" else 200_000, seed=11, variant=variant,
                         progress=False).report()
        assert not rep.flagged(), rep.check_line()
        assert sum(s.z is not None for s in rep.stats()) >= 80


def test_rows_by_player(run):
    df = _df(run)
    assert len(df) == 400 and list(df.game_index) == list(range(400))
    seats = np.stack([df[f"s{k}_seat"] for k in range(4)], axis=1)
    assert (np.sort(seats, axis=1) == np.arange(4)).all()
    assert (seats[np.arange(400), df.leader] == df.leader).all()  # the leader never moves
    assert ((seats[np.arange(400), df.mate] - df.leader) % 2 == 0).all()  # his mate sits opposite (or is him)
    money = np.stack([df[f"s{k}_money"] for k in range(4)], axis=1)
    assert (money.sum(axis=1) == 0).all() and df.swapped.mean() > 0.3


def test_report_with_plots(run, tmp_path):
    text = _ok("report", run)
    assert "Headline" in text and "P(双扣)" in text and "E[F]" in text and "exact checks" in text
    _ok("report", run, "--format", "md", "--out", tmp_path / "r.md")
    pngs = sorted(p.name for p in (tmp_path / "r_files").iterdir())
    assert {"outcomes.png", "fanbei.png", "jokers_value.png", "money_by_role.png"} <= set(pngs)
    _ok("report", run, "--format", "html", "--out", tmp_path / "r.html")
    assert (tmp_path / "r.html").read_text().count("data:image/png;base64") == len(pngs)


def test_replay_shows_the_stored_hand(run):
    df = _df(run)
    g = int(df.index[df.swapped][0])
    text = _ok("replay", run, "--game", g)
    r = df.iloc[g]
    assert "swaps seats" in text and "— trick 1" in text
    assert "money: " + ", ".join(f"player {k} {r[f's{k}_money']:+g}" for k in range(4)) in text


def test_rescore_and_balance(run, tmp_path):
    out = tmp_path / "rescored"
    _ok("rescore", run, "--set", "base=2", "--set", "contribution_table=qianbian", "--out", out)
    a, b = _df(run), _df(out)
    assert ((b.s0_hand_money == 2 * a.s0_hand_money)).all()
    bad = runner.invoke(app, ["rescore", str(run), "--set", "wild_jokers=none", "--out", str(tmp_path / "x")])
    assert bad.exit_code == 2 and "changes how the game is played" in bad.output
    scen = tmp_path / "qianbian.toml"
    scen.write_text('contribution_table = "qianbian"\n')
    text = _ok("balance", run, "--scenario", scen)
    assert "翻倍" in text and "holder of the announced card" in text


def test_sweep_and_duplicate(tmp_path):
    rep = sim.sweep("shuangkou", 200, "near_out", [3, 6], seed=2, policy="smart", progress=False).report
    assert any(s.name.startswith("Δ P(双扣)") for s in rep.stats())
    out = tmp_path / "dup"
    _ok("play", "shuangkou", "-n", 40, "--duplicate", "--policy", "smart", "--out", out, "-q")
    df = _df(out)
    for d in range(10):
        rows = df[df.deal_index == d]
        assert sorted(rows.rotation) == [0, 1, 2, 3] and rows.draw_card.nunique() == 1
        jokers = {r.rotation: [r[f"s{k}_dealt_jokers"] for k in range(4)] for _, r in rows.iterrows()}
        for rot in range(4):
            assert jokers[rot] == [jokers[0][(k + rot) % 4] for k in range(4)]
