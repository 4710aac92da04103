"""Each play report's sensitivity section (``analysis.player_range``): the shipped self-play figures
of each player, their range, and a check that the shipped files still describe today's players."""

from __future__ import annotations

import math

import pytest

import sim
from analysis import player_range
from sim.registry import GAMES, game_module, load_game, resolve_rules

DATA = {"game": "g", "variant": "default", "seed": 3, "n": {"greedy": 100, "smart": 100, "search": 20},
        "params": {"search": {"worlds": 4.0}}, "paiju": "0",
        "figures": {"P(x)": {"greedy": [0.1, 0.05, 0.15, 100], "smart": [0.3, 0.2, 0.4, 100],
                             "search": [0.2, 0.0, 0.4, 20]},
                    "E[y]": {"greedy": [1.0, 0.0, 2.0, 90], "smart": [float("nan")] * 3 + [0]}}}


def test_section_lists_each_player_and_the_range():
    sec = player_range.section(DATA, "default")
    names = [s.name for s in sec.stats]
    assert names == ["P(x) | greedy self-play", "P(x) | smart self-play", "P(x) | search self-play",
                     "E[y] | greedy self-play"]
    assert [s.n for s in sec.stats] == [100, 100, 20, 90]
    assert "P(x): 0.1 to 0.3 across greedy, smart" in sec.notes  # search's 20 hands: shown, not in the range
    assert not any(n.startswith("E[y]") for n in sec.notes)  # one player with a value: no range
    assert any("search with worlds=4" in n for n in sec.notes)
    assert not any("not this run's" in n for n in sec.notes)
    assert any("not this run's 'r3'" in n for n in player_range.section(DATA, "r3").notes)


SHIPPED = [g for g in GAMES if player_range.load(game_module(g)) is not None]


def test_some_games_ship_their_ranges():
    assert "xiantao" in SHIPPED


@pytest.mark.parametrize("game", SHIPPED)
def test_shipped_ranges_describe_todays_players(game):
    """Replaying the first hands of the shipped seed with greedy and smart gives figures within
    5 standard errors (of the replay, which dominates) of the shipped ones: a change to the
    players or rules that moves the rates makes the file stale, and this test says so."""
    data = player_range.load(game_module(game))
    g = load_game(game)
    variant = data["variant"]
    assert set(data["n"]) <= set(g.players.names)
    for player in ("greedy", "smart"):
        if player not in data["n"]:
            continue
        n = min(data["n"][player], 2000)
        n -= n % g.seats(resolve_rules(g, variant, None))
        table = sim.sweep_players(game, n, [player], seed=data["seed"], variant=variant, progress=False).to_pandas()
        for _, row in table.iterrows():
            shipped = data["figures"][row.statistic][player]
            assert shipped[3] == row.n or n < data["n"][player]
            if row.n < 30 or math.isnan(row.estimate) or shipped[0] is None or math.isnan(shipped[0]):
                continue
            se = (row.ci_high - row.ci_low) / (2 * 1.959963984540054)
            shipped_se = (shipped[2] - shipped[1]) / (2 * 1.959963984540054)
            assert abs(row.estimate - shipped[0]) <= 5 * math.hypot(se, shipped_se) + 1e-12, (player, row.statistic)


def test_play_report_has_the_section(tmp_path):
    run = sim.play("xiantao", 40, seed=1, progress=False)
    titles = [s.title for s in run.report().sections]
    assert player_range.TITLE in titles
