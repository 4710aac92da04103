"""Exact bridge odds: known values, and the census within 5 sigma of them on 1M deals."""

from __future__ import annotations

from fractions import Fraction
from math import comb, sqrt

import numpy as np
import pytest

from sim.games.bridge import exact
from sim.games.bridge.kernel_rows import census

N_DEALS = 1_000_000


def test_distributions_sum_to_one_and_match_known_values():
    for dist in (exact.hcp_distribution(13), exact.hcp_distribution(26), exact.controls_distribution(),
                 exact.losers_distribution(), exact.suit_length_distribution(), exact.fit_distribution()):
        assert sum(dist.values()) == 1
    assert sum(exact.pattern_frequencies().values()) == 1
    hcp = exact.hcp_distribution(13)
    assert sum(k * p for k, p in hcp.items()) == 10 and max(hcp) == 37
    assert round(float(hcp[10]), 4) == 0.0941  # the textbook table
    assert round(float(exact.pattern_frequencies()["4-4-3-2"]), 4) == 0.2155
    assert round(float(exact.pattern_frequencies()["5-3-3-2"]), 4) == 0.1552
    assert exact.pattern_frequencies()["13-0-0-0"] == Fraction(4, comb(52, 13))
    assert round(float(exact.suit_split(5)["3-2"]), 4) == 0.6783
    assert round(float(exact.suit_split(4)["2-2"]), 4) == 0.4070
    assert exact.suit_split(2) == {"2-0": Fraction(12, 25), "1-1": Fraction(13, 25)}
    assert sum(k * p for k, p in exact.controls_distribution().items()) == 3


def test_hcp_by_suit_holdings_equals_hcp_by_cards():
    """Two counts of the same thing: per-suit holdings convolved, and honours chosen card by card."""
    assert exact._hand_distribution(1) == exact.hcp_distribution(13)


def test_p_eight_card_fit_by_complement():
    """P(no 8-card fit) = P(every suit has at most 7 of the partnership's 26 cards, so 5..7)."""
    short = range(5, 8)
    none = sum(comb(13, a) * comb(13, b) * comb(13, c) * comb(13, 26 - a - b - c)
               for a in short for b in short for c in short if 26 - a - b - c in short)
    assert exact.p_eight_card_fit() == 1 - Fraction(none, comb(52, 26))


@pytest.fixture(scope="module")
def big_census():
    return census(20261201, 0, N_DEALS)


def _within_5_sigma(values: np.ndarray, dist: dict) -> None:
    n = values.shape[0]
    counts = np.bincount(values.astype(np.int64), minlength=max(dist) + 1)
    assert counts.sum() == n and set(np.flatnonzero(counts)) <= set(dist)
    for value, p in dist.items():
        p = float(p)
        sigma = sqrt(n * p * (1 - p))
        assert abs(counts[value] - n * p) <= 5 * sigma + 1e-9, (value, counts[value], n * p)


@pytest.mark.parametrize("feature", ["hcp", "len_s", "len_c", "pattern", "controls", "losers"])
def test_seat_features_within_5_sigma(big_census, feature):
    dist = exact.census_exact()[feature]
    for seat in range(4):
        _within_5_sigma(big_census[f"s{seat}_{feature}"], dist)


@pytest.mark.parametrize("feature", ["ns_hcp", "ew_hcp", "ns_fit", "ew_fit"])
def test_partnership_features_within_5_sigma(big_census, feature):
    _within_5_sigma(big_census[feature], exact.census_exact()[feature])


def test_suit_splits_within_5_sigma(big_census):
    """E-W's split of the spades N-S miss, on the deals where N-S miss exactly k."""
    ns = big_census["s0_len_s"].astype(int) + big_census["s2_len_s"]
    east = big_census["s1_len_s"].astype(int)
    for k in (3, 4, 5, 6):
        sel = ns == 13 - k
        e = east[sel]
        split = np.maximum(e, k - e) * 10 + np.minimum(e, k - e)
        want = {int(key.split("-")[0]) * 10 + int(key.split("-")[1]): p for key, p in exact.suit_split(k).items()}
        _within_5_sigma(split, want)


def test_eight_card_fit_rate_within_5_sigma(big_census):
    hits = int((big_census["ns_fit"] >= 8).sum())
    p = float(exact.p_eight_card_fit())
    assert abs(hits - N_DEALS * p) <= 5 * sqrt(N_DEALS * p * (1 - p))
