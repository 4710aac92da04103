"""Exact 港式五张 values (sim.games.hkstud.exact) checked independently, and simulations against them.

* category counts of the 98,280 hands equal the closed-form combinatorial counts;
* exact showdown equity equals brute force by the reference over every completion, and a sampled
  equity agrees with the exact one within 5 sigma;
* P(庄家 after round st wins), two players, by Möbius inversion over disjoint pairs, agrees with
  seeded deals within 5 sigma.
"""

from math import comb

import numpy as np
import pytest

from kernels.hkstud.cards import CATEGORY_NAMES
from kernels.hkstud.layout import CENSUS_LAYOUT
from sim.games.hkstud import exact
from sim.games.hkstud.kernel_rows import census_rows
from sim.games.hkstud.rules import Rules
from tests.games.hkstud_helpers import hand
from tests.reference import hkstud as ref


def test_category_counts_equal_closed_forms():
    ranks, suits = 7, 4
    sf = suits * 4  # four straights (A-8-9-10-J lowest) per suit
    straight = 4 * suits**5 - sf
    flush = suits * comb(ranks, 5) - sf
    quads = ranks * (28 - 4)
    full = ranks * comb(4, 3) * (ranks - 1) * comb(4, 2)
    trips = ranks * comb(4, 3) * comb(ranks - 1, 2) * 4**2
    two_pair = comb(ranks, 2) * comb(4, 2) ** 2 * (ranks - 2) * 4
    pair = ranks * comb(4, 2) * comb(ranks - 1, 3) * 4**3
    high = comb(28, 5) - (sf + straight + flush + quads + full + trips + two_pair + pair)
    expected = [high, pair, two_pair, trips, straight, flush, full, quads, sf]
    assert exact.category_counts().tolist() == expected
    probs = exact.category_probabilities()
    assert list(probs) == list(CATEGORY_NAMES) and abs(sum(probs.values()) - 1) < 1e-12
    assert probs["同花"] < probs["葫芦"]  # why flush_beats_full_house is an option


STATES = [  # (ups, holes, live)
    ([hand("A♠ K♥ 9♣ 8♦"), hand("Q♠ Q♥ J♣ 10♦")], None, None),
    ([hand("A♠ K♥ 9♣"), hand("Q♠ Q♥ J♣")], [hand("8♠")[0], -1], None),
    ([hand("8♣ 9♣ 10♣ Q♦"), hand("A♥ A♦ K♦ 8♥")], None, None),
    ([hand("J♠ J♥ 8♦ 9♦"), hand("A♣ K♣ Q♣ 10♣"), hand("8♥ 9♥ 10♥ Q♦")], None, None),
    ([hand("J♠ J♥ 8♦ 9♦"), hand("A♣ K♣"), hand("8♥ 9♥ 10♥ Q♦")], None, [True, False, True]),
]


@pytest.mark.parametrize("ups,holes,live", STATES, ids=range(len(STATES)))
def test_exact_equity_equals_brute_force(ups, holes, live):
    got = exact.showdown_equity(ups, live, holes)
    assert got["exact"] and got["se"].max() == 0
    n = len(ups)
    holes_ = holes or [-1] * n
    live_ = live or [True] * n
    padded = [list(u) + [0] * (4 - len(u)) for u in ups]
    wins, total = ref.showdown_wins(holes_, padded, [len(u) for u in ups], live_, Rules(), float("inf"), 0, None)
    assert got["n"] == total
    assert got["equity"].tolist() == [w / total for w in wins]
    assert abs(got["equity"].sum() - 1) < 1e-12


def test_sampled_equity_agrees_with_exact():
    ups = [hand("A♠ K♥"), hand("Q♠ Q♥")]
    exact_eq = exact.showdown_equity(ups)
    assert exact_eq["exact"] and exact_eq["n"] > 10**6
    mc = exact.showdown_equity(ups, exact_max=0, samples=40_000, seed=3)
    assert not mc["exact"] and mc["n"] == 40_000
    z = (mc["equity"] - exact_eq["equity"]) / mc["se"]
    assert np.abs(z).max() < 5, z


def test_leader_wins_exact_against_deals():
    # rounds 2 and 5 (one and four visible cards: the cheapest enumerations, ~2 s each); rounds 3
    # and 4 run the same code with two and three visible cards, whose Möbius count is checked
    # against brute force in tests/kernels/test_showdown.py
    n = 300_000
    facts = CENSUS_LAYOUT.unpack(census_rows(Rules(players=2), 2024, 0, n), 2)
    probs = [exact.leader_win_probability(st) for st in (2, 5)]
    assert 0.5 < probs[0] < probs[1] < 1  # the lead grows more telling
    for st, p in zip((2, 5), probs):
        est = (facts[f"banker_{st}"] == facts["winner"]).mean()
        z = (est - p) / np.sqrt(p * (1 - p) / n)
        assert abs(z) < 5, (st, est, p)
