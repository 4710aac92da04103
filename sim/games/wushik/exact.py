"""Exact deal values of 五十K for one seat (hypergeometric, exact fractions).

Deck: 104 cards = 13 ranks x 8 (two decks, no jokers), 26 cards a seat; points 5 → 5, 10 and
K → 10 (200 in all). ``census_pmfs`` gives the exact distribution of every census feature of
``kernels.wushik.layout.CENSUS_FIELDS``; the census tests compare Monte Carlo means with them.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import comb

from analysis.exact import DeckSpec, pmf_at_least, pmf_mean, pmf_var, prob_max_natural_at_least, \
    ranks_with_count_pmf, score_pmf

RANKS = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")
POINTS = {"5": 5, "10": 10, "K": 10}
N_CARDS = 104
HAND = 26
COPIES = 8  # of each rank
WUSHIK_DECK = DeckSpec(rank_copies=(COPIES,) * 13, hand_size=HAND,
                       rank_points=tuple(POINTS.get(r, 0) for r in RANKS))
OTHER = N_CARDS - 3 * COPIES  # cards that are not 5, 10 or K (80)
ALL = comb(N_CARDS, HAND)
Pmf = dict[int, Fraction]


def bombs_pmf(k: int) -> Pmf:
    """Ranks held exactly k times (a natural k-card bomb), k = 4..8."""
    return ranks_with_count_pmf(WUSHIK_DECK, (k,))


def max_bomb_pmf() -> Pmf:
    """Largest count of one rank, 0 when under 4."""
    at_least = {k: prob_max_natural_at_least(WUSHIK_DECK, k) for k in range(4, 10)}
    pmf = {0: 1 - at_least[4]}
    for k in range(4, 9):
        pmf[k] = at_least[k] - at_least[k + 1]
    return pmf


def points_pmf() -> Pmf:
    return score_pmf(WUSHIK_DECK, rank_score=lambda r, c: WUSHIK_DECK.rank_points[r] * c)


def _ways_ranks(low: int) -> dict[int, int]:
    """#ways to take a, b, c >= low of the 5s, 10s, Ks (8 copies each), keyed by a + b + c."""
    ways: dict[int, int] = {}
    for a in range(low, COPIES + 1):
        for b in range(low, COPIES + 1):
            for c in range(low, COPIES + 1):
                ways[a + b + c] = ways.get(a + b + c, 0) + comb(COPIES, a) * comb(COPIES, b) * comb(COPIES, c)
    return ways


def _with_others(ways: dict[int, int], others: int = OTHER) -> Fraction:
    """Probability of the point-card holdings in ``ways`` (by count), the rest of the hand from
    the ``others`` remaining cards."""
    return Fraction(sum(w * comb(others, HAND - t) for t, w in ways.items() if t <= HAND), ALL)


def any_510k_pmf() -> Pmf:
    """min(5s, 10s, Ks) held: disjoint 510K of any suits."""
    at_least = {m: _with_others(_ways_ranks(m)) for m in range(0, COPIES + 2)}
    at_least[COPIES + 1] = Fraction(0)
    return {m: at_least[m] - at_least[m + 1] for m in range(COPIES + 1)}


def zheng_510k_pmf() -> Pmf:
    """Sum over suits of min(5, 10, K of that suit) held (2 copies of each card)."""
    per_suit: dict[tuple[int, int], int] = {}  # (cards taken, zheng) -> ways, one suit
    for a in range(3):
        for b in range(3):
            for c in range(3):
                key = (a + b + c, min(a, b, c))
                per_suit[key] = per_suit.get(key, 0) + comb(2, a) * comb(2, b) * comb(2, c)
    state = {(0, 0): 1}
    for _ in range(4):
        nxt: dict[tuple[int, int], int] = {}
        for (t, z), w in state.items():
            for (t2, z2), w2 in per_suit.items():
                nxt[(t + t2, z + z2)] = nxt.get((t + t2, z + z2), 0) + w * w2
        state = nxt
    pmf: Pmf = {}
    for (t, z), w in state.items():
        if t <= HAND:
            pmf[z] = pmf.get(z, Fraction(0)) + Fraction(w * comb(OTHER, HAND - t), ALL)
    return dict(sorted(pmf.items()))


def p_fu_510k() -> Fraction:
    """P(a 副510K can be formed): each of 5, 10, K held, and not all of them in one single suit."""
    all_present = _with_others(_ways_ranks(1))
    one_suit = 0  # 5, 10, K of suit s held (1 or 2 copies each), none of the other 18 point cards
    for a in (1, 2):
        for b in (1, 2):
            for c in (1, 2):
                one_suit += comb(2, a) * comb(2, b) * comb(2, c) * comb(OTHER, HAND - a - b - c)
    return all_present - 4 * Fraction(one_suit, ALL)


@lru_cache(maxsize=1)
def census_pmfs() -> dict[str, Pmf]:
    """Exact per-seat distribution of every census feature (``CENSUS_FIELDS`` names)."""
    fu = p_fu_510k()
    out = {f"bombs{k}": bombs_pmf(k) for k in range(4, 9)}
    out["max_bomb"] = max_bomb_pmf()
    out["zheng_510k"] = zheng_510k_pmf()
    out["any_510k"] = any_510k_pmf()
    out["fu_510k"] = {0: 1 - fu, 1: fu}
    out["points"] = points_pmf()
    return out


def census_exact() -> dict[str, Fraction]:
    """Headline exact values: P(a bomb of >= k), expected bombs, 510K holdings, points."""
    pmfs = census_pmfs()
    out: dict[str, Fraction] = {}
    for k in range(4, 9):
        out[f"P(bomb ≥ {k})"] = prob_max_natural_at_least(WUSHIK_DECK, k)
        out[f"E[{k}-card bombs]"] = pmf_mean(pmfs[f"bombs{k}"])
    out["E[natural bombs]"] = sum((out[f"E[{k}-card bombs]"] for k in range(4, 9)), Fraction(0))
    out["P(dealt 8 of a kind)"] = out["P(bomb ≥ 8)"]
    out["P(正510K)"] = pmf_at_least(pmfs["zheng_510k"], 1)
    out["E[正510K]"] = pmf_mean(pmfs["zheng_510k"])
    out["P(副510K)"] = pmfs["fu_510k"][1]
    out["P(any 510K)"] = pmf_at_least(pmfs["any_510k"], 1)
    out["E[points]"] = pmf_mean(pmfs["points"])
    out["Var[points]"] = pmf_var(pmfs["points"])
    return out


def feature_mean_var(name: str) -> tuple[Fraction, Fraction]:
    pmf = census_pmfs()[name]
    return pmf_mean(pmf), pmf_var(pmf)
