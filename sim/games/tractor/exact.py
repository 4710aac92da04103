"""Exact deal values of 八十分 (108 cards, 25 per seat, 8 in the kitty), in exact fractions.

Every kind (card face) has two identical copies, so a hand's identical pairs, points and — for a
fixed trump suit — trumps are sums over kinds of per-kind scores: ``analysis.exact.deck`` extracts
their exact distributions. (With the suit chosen by the declaring bots, the trump length is no
longer hypergeometric: the declarer picks his longest suit; those runs are Monte Carlo only.)
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

from analysis.exact.deck import DeckSpec, hypergeom_pmf, pmf_mean, pmf_var, ranks_with_count_pmf, score_pmf
from kernels.cards import card_points_5_10_k as kind_points  # a kind id is the card id of deck 0

N_KINDS = 54
COPIES = 2
TOTAL = N_KINDS * COPIES
HAND = 25
KITTY = 8
def deck(hand: int = HAND) -> DeckSpec:
    """Each kind as a 'rank' of two copies (jokers included), points per copy."""
    return DeckSpec(rank_copies=(COPIES,) * N_KINDS, hand_size=hand,
                    rank_points=tuple(kind_points(k) for k in range(N_KINDS)))


def pairs_pmf(hand: int = HAND) -> dict[int, Fraction]:
    """Distribution of the number of identical pairs in a hand."""
    return ranks_with_count_pmf(deck(hand), {2})


def expected_pairs(hand: int = HAND) -> Fraction:
    """54 kinds x P(both copies in the hand) = 54 x C(106, hand-2) / C(108, hand)."""
    return N_KINDS * Fraction(comb(TOTAL - 2, hand - 2), comb(TOTAL, hand))


def points_pmf(hand: int = HAND) -> dict[int, Fraction]:
    """Distribution of the points (5, 10, K) in a hand of ``hand`` cards (hand = 8: the kitty)."""
    return score_pmf(deck(hand), rank_score=lambda k, c: kind_points(k) * c)


TRUMPS_IN_PACK = 4 + 8 + 2 * 12  # jokers, the 8 level cards, the other 24 cards of the trump suit (any level)


def trumps_pmf(hand: int = HAND) -> dict[int, Fraction]:
    """Distribution of the trumps held for a fixed trump suit: hypergeometric(108, 36, hand)."""
    t = TRUMPS_IN_PACK
    return {k: hypergeom_pmf(k, t, TOTAL, hand) for k in range(min(t, hand) + 1)}


def jokers_pmf(hand: int = HAND) -> dict[int, Fraction]:
    """Jokers held: hypergeometric(108, 4, hand)."""
    return {k: hypergeom_pmf(k, 4, TOTAL, hand) for k in range(5)}


def census_exact(census_trump: str) -> dict[str, dict[int, Fraction]]:
    """Census column → exact pmf: pairs, points, jokers, and trumps for a fixed suit (a declared
    suit is the bots' choice, no longer hypergeometric)."""
    out = {"pairs": pairs_pmf(), "points": points_pmf(), "jokers": jokers_pmf()}
    if census_trump != "declared":
        out["trumps"] = trumps_pmf()
    return out


def deal_exact(no_declaration: str) -> dict[str, dict[int, Fraction]]:
    """Play-row column → exact pmf of the dealt hands (none when a redeal may condition the deal)."""
    if no_declaration == "redeal":
        return {}
    return {"pairs": pairs_pmf(), "points_held": points_pmf(), "jokers": jokers_pmf()}


def prob_no_level_card_dealt(level_cards: int = 8) -> Fraction:
    """P(every level-rank card lies in the kitty): nobody can declare (TR-2 applies)."""
    return Fraction(comb(TOTAL - level_cards, KITTY - level_cards), comb(TOTAL, KITTY)) if level_cards <= KITTY \
        else Fraction(0)


def summary() -> dict[str, float]:
    """Headline exact values (floats) for reports."""
    pp, tp, kp = pairs_pmf(), trumps_pmf(), points_pmf(KITTY)
    return {"pairs_mean": float(pmf_mean(pp)), "pairs_var": float(pmf_var(pp)),
            "trumps_mean_fixed_suit": float(pmf_mean(tp)), "trumps_var_fixed_suit": float(pmf_var(tp)),
            "points_mean": float(pmf_mean(points_pmf())), "kitty_points_mean": float(pmf_mean(kp)),
            "p_nobody_can_declare": float(prob_no_level_card_dealt())}
