"""Every command for every landlord-family game (斗地主 3p/4p, 上海三打一): report with plots,
replay, rescore, balance and --duplicate, through the CLI on small seeded runs."""

from __future__ import annotations

import numpy as np
import pyarrow.dataset as ds
import pytest
from typer.testing import CliRunner

from sim.cli import app

runner = CliRunner()
GAMES = {"doudizhu": 3, "doudizhu4": 4, "shanghai": 4}
# a scoring option each game reads, and the column that shows its effect
RESCORE = {"doudizhu": ("bomb_factor=3", "bombs_played"), "doudizhu4": ("bomb_factor=3", "bombs_played"),
           "shanghai": ("bombs_multiply=true", "bombs_played")}


def _ok(*args):
    result = runner.invoke(app, [str(a) for a in args])
    assert result.exit_code == 0, result.output
    return result.output


def _df(path):
    return ds.dataset(path, format="parquet").to_table().to_pandas().sort_values("game_index").reset_index(drop=True)


@pytest.fixture(scope="module", params=list(GAMES))
def run(request, tmp_path_factory):
    game = request.param
    out = tmp_path_factory.mktemp(game) / "run"
    seats = GAMES[game]
    policies = ",".join((["smart", "greedy", "random", "smart"])[:seats])
    _ok("play", game, "-n", 600, "--seed", 5, "--policy", policies, "--rotate", "--out", out, "-q")
    return game, out


def test_report_with_plots(run, tmp_path):
    game, out = run
    text = _ok("report", out)
    assert "Headline" in text and "landlord wins" in text
    _ok("report", out, "--format", "md", "--out", tmp_path / "r.md")
    pngs = sorted(p.name for p in (tmp_path / "r_files").iterdir())
    assert {"money_by_role.png", "landlord_wins_by_bid.png", "multiplier.png", "money_by_player.png"} <= set(pngs)
    _ok("report", out, "--format", "html", "--out", tmp_path / "r.html")
    html = (tmp_path / "r.html").read_text()
    assert html.count("data:image/png;base64") == len(pngs)


def test_replay_matches_the_stored_hand(run):
    game, out = run
    df = _df(out)
    g = int(df.index[df.landlord >= 0][3])
    text = _ok("replay", out, "--game", g)
    row = df.iloc[g]
    assert f"landlord: seat {row.landlord} at bid {row.bid}" in text
    assert f"seat {row.winner} goes out first" in text or row.baodao == "buda"
    money = ", ".join(f"seat {k} {row[f's{k}_money']:+g}" for k in range(GAMES[game]))
    assert f"money: {money}" in text
    plays = [line for line in text.splitlines() if line.startswith("  seat ") and ":" in line and "(" not in line]
    assert len(plays) == row.n_turns or row.baodao == "buda"


def test_rescore_changes_only_what_the_option_reaches(run, tmp_path):
    game, out = run
    option, column = RESCORE[game]
    _ok("rescore", out, "--set", option, "--out", tmp_path / "re")
    a, b = _df(out), _df(tmp_path / "re")
    money = [f"s{k}_money" for k in range(GAMES[game])]
    changed = (a[money].to_numpy() != b[money].to_numpy()).any(axis=1)
    assert changed.any() and not changed[a[column].to_numpy() == 0].any()
    assert np.abs(b[money].to_numpy().sum(axis=1)).max() < 1e-9
    same = [c for c in a.columns if c not in money and not c.startswith("f_") and c not in ("multiplier", "dang")]
    assert a[same].equals(b[same])
    bad = runner.invoke(app, ["rescore", str(out), "--set", "max_bid=2", "--out", str(tmp_path / "x")])
    assert bad.exit_code == 2 and "changes how the game is played" in bad.output


def test_balance_roles_and_scenarios(run, tmp_path):
    game, out = run
    same, double = tmp_path / "same.toml", tmp_path / "double.toml"
    same.write_text("")
    double.write_text("base = 2\n")
    text = _ok("balance", out, "--scenario", same, "--scenario", double, "--format", "md")
    assert "| double | Δ mean money 地主 vs same |" in text
    assert "地主 (landlord)" in text and "农民 (farmer)" in text
    assert "⚠" not in text  # zero-sum and the components add up in every hand


def test_duplicate_turns_each_deal_round_the_table(tmp_path):
    for game, seats in GAMES.items():
        out = tmp_path / game
        _ok("play", game, "-n", 40 * seats, "--duplicate", "--policy", "greedy", "--out", out, "-q")
        df = _df(out)
        assert (df.deal_index == df.game_index // seats).all() and (df.rotation == df.game_index % seats).all()
        held = df[[f"s{k}_bombs_held" for k in range(seats)] + [f"s{k}_twos_held" for k in range(seats)]].to_numpy()
        fresh = df.redeals.to_numpy() == 0
        for d in range(40):
            base = d * seats
            for r in range(1, seats):
                if fresh[base] and fresh[base + r]:
                    turned = [(k + r) % seats for k in range(seats)]
                    assert (held[base + r][: seats] == held[base][:seats][turned]).all(), (game, d, r)
