"""Each play report's sensitivity section (``analysis.player_range``): the shipped self-play figures
of each player, their range, and a check that the shipped files still describe today's players."""

from __future__ import annotations

import math

import pytest

import sim
from analysis import player_range
from sim.registry import GAMES, load_game, resolve_rules

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


SHIPPED = [g for g in GAMES if load_game(g).player_ranges() is not None]


def test_some_games_ship_their_ranges():
    assert "xiantao" in SHIPPED


REPLAY_HANDS = 2000  # per player: the first hands of the shipped seed
REPLAY_SEARCH_HANDS = 100  # search plays a few hundred hands a second at most: fewer, so a wider tolerance


def _se(estimate_ci: list) -> float:
    return (estimate_ci[2] - estimate_ci[1]) / (2 * 1.959963984540054)


@pytest.mark.parametrize("game", SHIPPED)
def test_shipped_ranges_describe_todays_players(game):
    """Replaying the first hands of the shipped seed with every shipped player (with its shipped
    parameters) gives every shipped figure, each within 5 standard errors (of the replay and the
    file together) of the shipped value, applying to a share of the hands within 5σ of the
    shipped share (exactly all hands for an unconditional figure): a change to the players or
    rules that moves the rates makes the file stale, and this test says so."""
    data = load_game(game).player_ranges()
    g = load_game(game)
    variant = data["variant"]
    seats = g.seats(resolve_rules(g, variant, None))
    assert set(data["n"]) <= set(g.players.names)
    for player, shipped_hands in data["n"].items():
        n = min(shipped_hands, REPLAY_SEARCH_HANDS if player == "search" else REPLAY_HANDS)
        n -= n % seats
        table = sim.sweep_players(game, n, [player], seed=data["seed"], variant=variant, progress=False,
                                  policy_params=data["params"].get(player) or None).to_pandas()
        assert set(table.statistic) == set(data["figures"]), (player, "the shipped figures are not today's")
        for _, row in table.iterrows():
            shipped = data["figures"][row.statistic].get(player)
            if shipped is None:  # the file has no value of this figure for this player
                continue
            share, shipped_share = row.n / n, shipped[3] / shipped_hands
            # binomial: the share of game indices a figure applies to; a figure counted per hand of a
            # match (several per game index) varies about as a count does (Poisson)
            var = shipped_share * (1 - shipped_share) if shipped_share <= 1 else shipped_share
            sd = math.sqrt(var * (1 / n + 1 / shipped_hands))
            assert abs(share - shipped_share) <= 5 * sd + 1e-12, (player, row.statistic, "hands it applies to")
            if row.n < 30 or math.isnan(row.estimate) or shipped[0] is None or math.isnan(shipped[0]):
                continue
            tolerance = 5 * math.hypot(_se([row.estimate, row.ci_low, row.ci_high]), _se(shipped)) + 1e-12
            assert abs(row.estimate - shipped[0]) <= tolerance, (player, row.statistic, row.estimate, shipped[0])


def test_play_report_has_the_section(tmp_path):
    run = sim.play("xiantao", 40, seed=1, progress=False)
    titles = [s.title for s in run.report().sections]
    assert player_range.TITLE in titles


def test_a_game_without_ranges_reports_without_the_section():
    """牛牛 ships no player_ranges.json (one player, no decisions): the Game says None and its play
    report simply has no sensitivity section."""
    assert load_game("niuniu").player_ranges() is None
    run = sim.play("niuniu", 40, seed=1, progress=False)
    assert player_range.TITLE not in [s.title for s in run.report().sections]
