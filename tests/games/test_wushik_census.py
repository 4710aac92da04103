"""五十K census kernel: row for row against a plain per-card census of the same deals, and its
means against the exact hypergeometric values (5 sigma, fixed seeds)."""

import math
from collections import Counter

import numpy as np
import pytest

from kernels.cards import card_rank, card_suit
from kernels.wushik.census import census
from kernels.wushik.layout import CENSUS_FEATURES
from sim.games.wushik.exact import census_exact, census_pmfs, p_fu_510k
from sim.games.wushik.rules import WushikRules, compile_rules
from tests.reference.rng import Stream, deal, shuffle
from tests.reference.wushik_rules import DECK, fifty_k_keys, points


def run_census(seed, start, count, n_blocks=4):
    return census(compile_rules(WushikRules()), seed, start, count, n_blocks)


def reference_features(hand):
    """The census features of one hand, card by card."""
    c = Counter(card_rank(x) for x in hand)
    by_suit = Counter((card_rank(x), card_suit(x)) for x in hand)
    f = {f"bombs{k}": sum(1 for r in range(13) if c[r] == k) for k in range(4, 9)}
    f["max_bomb"] = max(c.values()) if max(c.values()) >= 4 else 0
    f["zheng_510k"] = sum(min(by_suit[(2, s)], by_suit[(7, s)], by_suit[(10, s)]) for s in range(4))
    f["any_510k"] = min(c[2], c[7], c[10])
    f["fu_510k"] = int(any(k[4] == 4 for k in fifty_k_keys(hand)))
    f["points"] = sum(points(x) for x in hand)
    return f


def test_rows_equal_reference():
    seed, start, count = 20261201, 5000, 1500
    out = run_census(seed, start, count)
    for i in range(count):
        deck = list(DECK)
        shuffle(Stream(seed, start + i), deck)
        hands, kitty = deal(deck, 4, 26)
        assert not kitty
        for seat in range(4):
            want = reference_features(hands[seat])
            got = {name: int(out[f, seat, i]) for f, name in enumerate(CENSUS_FEATURES)}
            assert got == want, (start + i, seat)


def test_blocks_do_not_change_rows():
    a = run_census(7, 100, 3000, n_blocks=1)
    b = run_census(7, 100, 3000, n_blocks=13)
    assert (a == b).all()


@pytest.mark.parametrize("name", CENSUS_FEATURES)
def test_means_match_exact(name):
    """Mean of every feature over 200k deals x 4 seats within 5 sigma of the exact mean. The
    seats of one deal are not independent; sigma uses the variance of one seat over the deal count,
    an upper bound for the 4-seat average (seats are negatively correlated or exchangeable)."""
    out = _big_census()
    f = CENSUS_FEATURES.index(name)
    pmf = census_pmfs()[name]
    mean = float(sum(k * p for k, p in pmf.items()))
    var = float(sum((k - mean) ** 2 * p for k, p in pmf.items()))
    n = out.shape[2]
    got = out[f].astype(np.float64).mean()
    assert abs(got - mean) <= 5 * math.sqrt(var / n) + 1e-12, (name, got, mean)


_CACHE = {}


def _big_census():
    if "out" not in _CACHE:
        _CACHE["out"] = run_census(424242, 0, 200_000)
    return _CACHE["out"]


def test_deal_invariants_and_headline_values():
    out = _big_census()
    pts = out[CENSUS_FEATURES.index("points")].sum(axis=0)
    assert (pts == 200).all()
    any510 = out[CENSUS_FEATURES.index("any_510k")]
    assert any510.sum(axis=0).max() <= 8
    ex = census_exact()
    n = out.shape[2]
    p = float(ex["P(bomb ≥ 5)"])
    got = (out[CENSUS_FEATURES.index("max_bomb")] >= 5).mean()
    assert abs(got - p) <= 5 * math.sqrt(p * (1 - p) / n)
    assert ex["P(副510K)"] == p_fu_510k() and ex["E[points]"] == 50
