"""Exact deal-time values for 仙桃千分 (rules §2, §10.3): 7张/8张, wilds, 王炸, points.

Deck (X-Q1, default ``pei_cards``): 108 cards = ranks 4..2 with 8 naturals each, 4 natural 3s
(♠3×2, ♣3×2), 6 wilds (4 red 3s + 2 配牌 jokers), one natural 大王 and one 小王; 27-card hands.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Mapping

from analysis.exact.deck import (
    DeckSpec,
    Pmf,
    expected_points,
    expected_ranks_with_count,
    pmf_var,
    prob_joker_pair,
    prob_max_natural_at_least,
    prob_reach_at_least,
    prob_some_rank_count,
    score_pmf,
    wilds_pmf,
)

RANKS = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")
POINTS = {"5": 5, "10": 10, "K": 10}
XIANTAO_DECK = DeckSpec(
    rank_copies=(4,) + (8,) * 12,
    hand_size=27,
    wilds=6,
    jokers=2,
    rank_points=tuple(POINTS.get(r, 0) for r in RANKS),
)
XI_DEFAULT = {"wangzha": 3, "seven": 3, "eight": 6}  # 喜 units for the holder (§10.3)
MAX_NATURAL_KS = (4, 5, 6, 7, 8)
WITH_WILDS = {7: "P(7张+ with wilds)", 8: "P(8张+ with wilds)"}  # a rank's naturals + the hand's wilds ≥ k


def _lookup(ruleset: Mapping, keys, default):
    for k in keys:
        if k in ruleset:
            return ruleset[k]
    return default


def deck_from_ruleset(ruleset: Mapping | None) -> DeckSpec | None:
    """The deck a ruleset deals from, or None where no exact model exists (``extra_cards``)."""
    ruleset = ruleset or {}
    pei = _lookup(ruleset, ("pei_cards", "deck.pei_cards"), "one_bj_one_sj")
    if pei != "one_bj_one_sj":
        return None
    hand = int(_lookup(ruleset, ("hand_size", "deck.hand_size"), XIANTAO_DECK.hand_size))
    return DeckSpec(XIANTAO_DECK.rank_copies, hand, XIANTAO_DECK.wilds, XIANTAO_DECK.jokers,
                    XIANTAO_DECK.rank_points)


def xi_from_ruleset(ruleset: Mapping | None) -> dict[str, int]:
    """喜 multipliers ``xi.wangzha``, ``xi.seven``, ``xi.eight`` (defaults 3, 3, 6)."""
    ruleset = ruleset or {}
    return {k: int(_lookup(ruleset, (f"xi.{k}", f"scoring.xi.{k}"), v)) for k, v in XI_DEFAULT.items()}


def p_seven(deck: DeckSpec = XIANTAO_DECK) -> Fraction:
    """P(at least one rank held exactly 7 times naturally) — 7张."""
    return prob_some_rank_count(deck, (7,))


def p_eight(deck: DeckSpec = XIANTAO_DECK) -> Fraction:
    """P(at least one rank held exactly 8 times naturally) — 8张."""
    return prob_some_rank_count(deck, (8,))


def e_seven(deck: DeckSpec = XIANTAO_DECK) -> Fraction:
    return expected_ranks_with_count(deck, (7,))


def e_eight(deck: DeckSpec = XIANTAO_DECK) -> Fraction:
    return expected_ranks_with_count(deck, (8,))


def p_wangzha(deck: DeckSpec = XIANTAO_DECK) -> Fraction:
    return prob_joker_pair(deck)


def p_xi(deck: DeckSpec = XIANTAO_DECK, xi: Mapping[str, int] = XI_DEFAULT) -> Fraction:
    """P(xi_units > 0): some 喜 event with a positive multiplier is held at deal."""
    counts = {7: xi["seven"] > 0, 8: xi["eight"] > 0}
    pmf = score_pmf(
        deck,
        rank_score=lambda r, c: int(counts.get(c, False)),
        joker_score=lambda j: int(xi["wangzha"] > 0 and deck.jokers > 0 and j == deck.jokers),
    )
    return 1 - pmf.get(0, Fraction(0))


def e_xi(deck: DeckSpec = XIANTAO_DECK, xi: Mapping[str, int] = XI_DEFAULT) -> Fraction:
    """E[xi_units] = wangzha·P(王炸) + seven·E[7张] + eight·E[8张] (linearity)."""
    return xi["wangzha"] * p_wangzha(deck) + xi["seven"] * e_seven(deck) + xi["eight"] * e_eight(deck)


def census_exact(
    deck: DeckSpec = XIANTAO_DECK, xi: Mapping[str, int] = XI_DEFAULT
) -> dict[str, Fraction]:
    """Every exact per-seat census value, keyed by the statistic name the report uses."""
    out: dict[str, Fraction] = {
        "P(王炸)": p_wangzha(deck),
        "P(7张 ≥ 1)": p_seven(deck),
        "E[7张]": e_seven(deck),
        "P(8张 ≥ 1)": p_eight(deck),
        "E[8张]": e_eight(deck),
        "P(xi_units > 0)": p_xi(deck, xi),
        "E[xi_units]": e_xi(deck, xi),
    }
    pw = wilds_pmf(deck)
    for w, p in enumerate(pw):
        out[f"P(wilds = {w})"] = p
    out["E[wilds]"] = sum((w * p for w, p in enumerate(pw)), Fraction(0))
    for k in MAX_NATURAL_KS:
        out[f"P(max_natural ≥ {k})"] = prob_max_natural_at_least(deck, k)
    for k in (7, 8):
        out[WITH_WILDS[k]] = prob_reach_at_least(deck, k)
    out["E[natural_bombs]"] = expected_ranks_with_count(deck, range(4, max(deck.rank_copies) + 1))
    out["E[points]"] = expected_points(deck)
    return out


def census_pmfs(
    deck: DeckSpec = XIANTAO_DECK, xi: Mapping[str, int] = XI_DEFAULT
) -> dict[str, Pmf]:
    """Exact distribution of the per-seat quantity behind each mean statistic ("E[…]")."""
    top = max(deck.rank_copies)
    return {
        "E[7张]": score_pmf(deck, rank_score=lambda r, c: int(c == 7)),
        "E[8张]": score_pmf(deck, rank_score=lambda r, c: int(c == 8)),
        "E[xi_units]": score_pmf(
            deck,
            rank_score=lambda r, c: xi["seven"] * (c == 7) + xi["eight"] * (c == 8),
            joker_score=lambda j: xi["wangzha"] * (deck.jokers > 0 and j == deck.jokers)),
        "E[wilds]": dict(enumerate(wilds_pmf(deck))),
        "E[natural_bombs]": score_pmf(deck, rank_score=lambda r, c: int(4 <= c <= top)),
        "E[points]": score_pmf(deck, rank_score=lambda r, c: deck.rank_points[r] * c
                               if deck.rank_points else 0),
    }


def census_exact_var(
    deck: DeckSpec = XIANTAO_DECK, xi: Mapping[str, int] = XI_DEFAULT
) -> dict[str, Fraction]:
    """Exact variance of the per-seat quantity behind each mean statistic (for z under the null)."""
    return {name: pmf_var(pmf) for name, pmf in census_pmfs(deck, xi).items()}
