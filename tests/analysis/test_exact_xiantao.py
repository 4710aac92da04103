"""Exact 仙桃千分 values against independent computations: closed forms, inclusion–exclusion,
brute-force enumeration of small decks, and a plain-numpy Monte Carlo deal."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction
from math import comb

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from analysis.exact import (
    DeckSpec,
    expected_points,
    expected_ranks_with_count,
    pmf_at_least,
    pmf_mean,
    pmf_var,
    prob_joker_pair,
    prob_max_natural_at_least,
    prob_some_rank_count,
    ranks_with_count_pmf,
    score_pmf,
    wilds_pmf,
)
from sim.games.xiantao.exact import (
    XIANTAO_DECK,
    census_exact,
    census_exact_var,
    census_pmfs,
    deck_from_ruleset,
    xi_from_ruleset,
)

ALL = comb(108, 27)
EX = census_exact()


# ---- closed forms -------------------------------------------------------------------------

def test_closed_forms():
    assert EX["P(王炸)"] == Fraction(27 * 26, 108 * 107)
    assert EX["E[points]"] == 50
    assert EX["E[wilds]"] == Fraction(27 * 6, 108)
    assert sum(EX[f"P(wilds = {w})"] for w in range(7)) == 1
    for w in range(7):
        assert EX[f"P(wilds = {w})"] == Fraction(comb(6, w) * comb(102, 27 - w), ALL)
    assert EX["E[7张]"] == Fraction(12 * 8 * comb(100, 20), ALL)
    assert EX["E[8张]"] == Fraction(12 * comb(100, 19), ALL)
    assert EX["E[xi_units]"] == 3 * EX["P(王炸)"] + 3 * EX["E[7张]"] + 6 * EX["E[8张]"]
    # rank 3 has 4 naturals: only the 12 eight-copy ranks can reach 8
    assert EX["P(max_natural ≥ 8)"] == EX["P(8张 ≥ 1)"]
    assert EX["P(8张 ≥ 1)"] < EX["E[8张]"] < EX["P(7张 ≥ 1)"] < EX["E[7张]"]


def _exactly_j_ranks_ways(j: int, lo: int, hi: int, rest: int, need: int) -> int:
    """#ways: j given 8-copy ranks each hold lo..hi naturals, ``need`` cards total,
    the others drawn freely from ``rest`` cards."""
    total = 0
    for cs in itertools.product(range(lo, hi + 1), repeat=j):
        ways = math.prod(comb(8, c) for c in cs)
        total += ways * comb(rest, need - sum(cs)) if need >= sum(cs) else 0
    return total


def _incl_excl_some_rank(lo: int, hi: int) -> Fraction:
    """P(some of the 12 eight-copy ranks holds lo..hi naturals), rank 3 unable (lo > 4)."""
    s = 0
    for j in range(1, 13):
        if j * lo > 27:
            break
        s += (-1) ** (j + 1) * comb(12, j) * _exactly_j_ranks_ways(j, lo, hi, 108 - 8 * j, 27)
    return Fraction(s, ALL)


def test_inclusion_exclusion_seven_eight_max_natural():
    assert EX["P(7张 ≥ 1)"] == _incl_excl_some_rank(7, 7)
    assert EX["P(8张 ≥ 1)"] == _incl_excl_some_rank(8, 8)
    for k in (5, 6, 7, 8):
        assert EX[f"P(max_natural ≥ {k})"] == _incl_excl_some_rank(k, 8)


def test_inclusion_exclusion_max_natural_4_with_rank3():
    # events: 12 ranks with >=4 of 8, plus rank 3 holding all 4 of its naturals
    s = 0
    for j in range(0, 7):
        for three in (0, 1):
            if j + three == 0:
                continue
            rest, need = 108 - 8 * j - 4 * three, 27 - 4 * three
            ways = _exactly_j_ranks_ways(j, 4, 8, rest, need) if j else comb(rest, need)
            s += (-1) ** (j + three + 1) * comb(12, j) * ways
    assert EX["P(max_natural ≥ 4)"] == Fraction(s, ALL)


def test_inclusion_exclusion_xi():
    # events: rank i holds 7 or 8 naturals (12 of them), B = 王炸
    s = 0
    for j in range(0, 4):
        for b in (0, 1):
            if j + b == 0:
                continue
            ways = sum(comb(j, a) * 8 ** (j - a) * comb(108 - 8 * j - 2 * b, 27 - 7 * j - a - 2 * b)
                       for a in range(j + 1))
            s += (-1) ** (j + b + 1) * comb(12, j) * ways
    assert EX["P(xi_units > 0)"] == Fraction(s, ALL)


def test_natural_bombs_linearity():
    p8 = sum(Fraction(comb(8, c) * comb(100, 27 - c), ALL) for c in range(4, 9))
    p3 = Fraction(comb(4, 4) * comb(104, 23), ALL)
    assert EX["E[natural_bombs]"] == 12 * p8 + p3


def test_pmfs_match_linearity_means():
    for name, pmf in census_pmfs().items():
        assert sum(pmf.values()) == 1
        assert pmf_mean(pmf) == EX[name], name  # distribution DP vs linearity / hypergeometric
    var = census_exact_var()
    assert var["E[wilds]"] == Fraction(27 * 6 * 102 * 81, 108 * 108 * 107)  # hypergeometric
    # points: sum of 24 point cards drawn without replacement, values 5 (×8) and 10 (×16)
    vals = [5] * 8 + [10] * 16 + [0] * 84
    mu = Fraction(sum(vals), 108)
    sigma2 = sum((Fraction(v) - mu) ** 2 for v in vals) / 108
    assert var["E[points]"] == 27 * sigma2 * Fraction(108 - 27, 108 - 1)
    e7 = EX["E[7张]"]
    pair7 = Fraction(12 * 11 * 8 * 8 * comb(92, 13), ALL)  # E[N(N-1)] over ordered rank pairs
    assert var["E[7张]"] == pair7 + e7 - e7 * e7


def test_ruleset_readers():
    assert deck_from_ruleset({}) == XIANTAO_DECK
    assert deck_from_ruleset({"pei_cards": "extra_cards"}) is None
    assert deck_from_ruleset({"hand_size": 20}).hand_size == 20
    assert xi_from_ruleset({"xi.seven": 5}) == {"wangzha": 3, "seven": 5, "eight": 6}
    doubled = census_exact(XIANTAO_DECK, {"wangzha": 6, "seven": 6, "eight": 12})
    assert doubled["E[xi_units]"] == 2 * EX["E[xi_units]"]
    assert doubled["P(xi_units > 0)"] == EX["P(xi_units > 0)"]
    no_wz = census_exact(XIANTAO_DECK, {"wangzha": 0, "seven": 3, "eight": 6})
    assert no_wz["P(xi_units > 0)"] == 1 - ranks_with_count_pmf(XIANTAO_DECK, (7, 8))[0]


# ---- brute force on small decks -----------------------------------------------------------

def _cards(deck: DeckSpec):
    cards = [("r", r) for r, c in enumerate(deck.rank_copies) for _ in range(c)]
    return cards + [("w", 0)] * deck.wilds + [("j", i) for i in range(deck.jokers)]


def _enumerate(deck: DeckSpec):
    cards = _cards(deck)
    for hand in itertools.combinations(range(len(cards)), deck.hand_size):
        nat = [0] * len(deck.rank_copies)
        w = j = 0
        for i in hand:
            kind, r = cards[i]
            if kind == "r":
                nat[r] += 1
            elif kind == "w":
                w += 1
            else:
                j += 1
        yield nat, w, j


decks = st.builds(
    lambda copies, wilds, jokers, frac, pts: DeckSpec(
        tuple(copies), round(frac * (sum(copies) + wilds + jokers)), wilds, jokers,
        tuple(pts[: len(copies)])),
    st.lists(st.integers(1, 4), min_size=1, max_size=3),
    st.integers(0, 2), st.integers(0, 2), st.floats(0, 1),
    st.lists(st.integers(0, 10), min_size=3, max_size=3),
)


@settings(max_examples=40, deadline=None)
@given(decks)
def test_brute_force_small_decks(deck):
    hands = list(_enumerate(deck))
    n = len(hands)
    assert n == deck.n_hands

    def p(pred):
        return Fraction(sum(1 for h in hands if pred(*h)), n)

    for k in range(0, 6):
        assert prob_max_natural_at_least(deck, k) == p(lambda nat, w, j: max(nat) >= k)
        assert prob_some_rank_count(deck, (k,)) == p(lambda nat, w, j: k in nat)
        assert expected_ranks_with_count(deck, (k,)) == Fraction(
            sum(nat.count(k) for nat, _, _ in hands), n)
    assert wilds_pmf(deck) == [p(lambda nat, w, j: w == x) for x in range(deck.wilds + 1)]
    assert prob_joker_pair(deck) == (p(lambda nat, w, j: j == deck.jokers) if deck.jokers else 0)
    pts = deck.rank_points
    assert expected_points(deck) == Fraction(
        sum(sum(c * q for c, q in zip(nat, pts)) for nat, _, _ in hands), n)
    # an arbitrary additive score through the generic engine
    pmf = score_pmf(deck, rank_score=lambda r, c: (r + 1) * c * c, wild_score=lambda w: 2 * w,
                    joker_score=lambda j: 5 * (j == 2))
    scores = [sum((r + 1) * c * c for r, c in enumerate(nat)) + 2 * w + 5 * (j == 2)
              for nat, w, j in hands]
    assert sum(pmf.values()) == 1
    for s in set(scores) | set(pmf):
        assert pmf.get(s, 0) == Fraction(scores.count(s), n)
    assert pmf_mean(pmf) == Fraction(sum(scores), n)
    assert pmf_var(pmf) == Fraction(sum(x * x for x in scores), n) - Fraction(sum(scores), n) ** 2
    assert pmf_at_least(pmf, 3) == Fraction(sum(s >= 3 for s in scores), n)


# ---- Monte Carlo with a plain numpy dealer ------------------------------------------------

def test_monte_carlo_agrees_with_exact(deal):
    n = 200_000
    deck = deal.shuffled(n, seed=12345)
    f = deal.hand_features(deck[:, : deal.HAND])  # seat 0 only: independent hands
    values = {
        "P(王炸)": f["wangzha"], "P(7张 ≥ 1)": f["seven"] >= 1, "E[7张]": f["seven"],
        "P(8张 ≥ 1)": f["eight"] >= 1, "E[8张]": f["eight"],
        "P(xi_units > 0)": f["xi_units"] > 0, "E[xi_units]": f["xi_units"],
        "E[wilds]": f["wilds"], "E[natural_bombs]": f["natural_bombs"], "E[points]": f["points"],
    }
    values |= {f"P(wilds = {w})": f["wilds"] == w for w in range(7)}
    values |= {f"P(max_natural ≥ {k})": f["max_natural"] >= k for k in range(4, 9)}
    reach = f["max_natural"].astype(np.int64) + f["wilds"]  # 7张 / 8张 counting the hand's wilds
    values |= {"P(7张+ with wilds)": reach >= 7, "P(8张+ with wilds)": reach >= 8}
    assert set(values) == set(EX)
    var = census_exact_var()
    for name, arr in values.items():
        x = np.asarray(arr, dtype=np.float64)
        mu = float(EX[name])
        sd = math.sqrt(mu * (1 - mu) if name.startswith("P(") else float(var[name]))
        tol = 5 * sd / math.sqrt(n) + 1e-12
        assert abs(x.mean() - mu) <= tol, (name, x.mean(), mu, tol)
