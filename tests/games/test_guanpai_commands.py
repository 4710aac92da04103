"""Every command for 关牌 through the game interface, on small seeded runs: report (table, md,
html with plots), replay, rescore, balance, sweep, --duplicate, sessions and --resume."""

from __future__ import annotations

import numpy as np
import pyarrow.dataset as ds
import pytest
from typer.testing import CliRunner

from sim.cli import app

runner = CliRunner()
MONEY = ["s0_money", "s1_money"]


def _ok(*args):
    result = runner.invoke(app, [str(a) for a in args])
    assert result.exit_code == 0, result.output
    return result.output


def _df(path):
    return ds.dataset(path, format="parquet").to_table().to_pandas().sort_values("game_index").reset_index(drop=True)


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    out = tmp_path_factory.mktemp("guanpai") / "run"
    _ok("play", "guanpai", "-n", 600, "--seed", 5, "--policy", "smart,greedy", "--rotate", "--hands-per-session", 4,
        "--set", "next_lead=winner", "--shard-size", 200, "--out", out, "-q")
    return out


def test_report_and_replay(run, tmp_path):
    text = _ok("report", run)
    assert "P(♠3 holder wins)" in text and "P(全关)" in text and "within 5σ" in text
    _ok("report", run, "--format", "md", "--out", tmp_path / "r.md")
    pngs = list((tmp_path / "r_files").iterdir())
    assert pngs
    _ok("report", run, "--format", "html", "--out", tmp_path / "r.html")
    assert (tmp_path / "r.html").read_text().count("data:image/png;base64") == len(pngs)
    df = _df(run)
    row = df.iloc[7]
    text = _ok("replay", run, "--game", 7)
    assert f"seat {row.winner} goes out" in text
    assert f"money: seat 0 {row.s0_money:+g}, seat 1 {row.s1_money:+g}" in text


def test_rescore_and_balance(run, tmp_path):
    _ok("rescore", run, "--set", "base=2", "--set", "quanguan_factor=3", "--out", tmp_path / "re")
    a, b = _df(run), _df(tmp_path / "re")
    factor = np.where(a.quanguan, 3 / 2, 1.0) * 2
    assert np.allclose(b[MONEY].to_numpy(), a[MONEY].to_numpy() * factor[:, None])
    same = [c for c in a.columns if c not in MONEY + ["payment"]]
    assert a[same].equals(b[same])
    bad = runner.invoke(app, ["rescore", str(run), "--set", "deck=as_48", "--out", str(tmp_path / "x")])
    assert bad.exit_code == 2 and "changes how the game is played" in bad.output
    text = _ok("balance", run, "--format", "md")
    assert "⚠" not in text  # zero-sum and the components add up in every hand


def test_sessions_carry_the_lead_and_resume_fills_a_lost_shard(run, tmp_path):
    df = _df(run)
    assert (df.session == df.game_index // 4).all()
    later = (df.game_index % 4 != 0).to_numpy()
    assert (df.lead_card[later] == -1).all()  # the previous deal decided the lead (next_lead=winner)
    assert (df.first_leader.to_numpy()[later] == df.winner.to_numpy()[np.roll(later, -1)]).all()
    parts = sorted(run.glob("part-*.parquet"))
    lost = tmp_path / "resumed"
    lost.mkdir()
    for p in list(parts) + [run / "_run.json"]:
        (lost / p.name).write_bytes(p.read_bytes())
    (lost / parts[1].name).unlink()
    _ok("play", "guanpai", "-n", 600, "--seed", 5, "--policy", "smart,greedy", "--rotate", "--hands-per-session", 4,
        "--set", "next_lead=winner", "--shard-size", 200, "--out", lost, "--resume", "-q")
    assert _df(lost).equals(df)


def test_duplicate_and_sweep(tmp_path):
    out = tmp_path / "dup"
    _ok("play", "guanpai", "-n", 200, "--duplicate", "--policy", "smart,random", "--out", out, "-q")
    df = _df(out)
    assert (df.deal_index == df.game_index // 2).all() and (df.rotation == df.game_index % 2).all()
    dealt = df[["s0_bombs_dealt", "s1_bombs_dealt", "s0_twos_dealt", "s1_twos_dealt"]].to_numpy()
    assert (dealt[1::2] == dealt[0::2][:, [1, 0, 3, 2]]).all()  # the same deal, seats swapped
    assert "smart vs random" in _ok("report", out)
    text = _ok("sweep", "guanpai", "--policy-param", "slack=0,2", "-n", 200, "--policy", "smart,greedy", "-q",
               "--format", "md")
    assert "Δ P(first leader wins)" in text
