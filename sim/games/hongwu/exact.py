"""Exact deal values of 仙居红五 (162 cards = 3 decks, 39 per seat, 6 in the kitty), in fractions.

Every kind (card face) has three identical copies: pairs (a kind held twice or more), triples,
points, ♥5s and — for a fixed trump suit — trumps are sums over kinds of per-kind scores, so
``analysis.exact.deck`` gives their exact distributions.
"""

from __future__ import annotations

from fractions import Fraction

from analysis.exact.deck import DeckSpec, hypergeom_pmf, pmf_mean, pmf_var, ranks_with_count_pmf, score_pmf
from kernels.cards import card_points_5_10_k as kind_points  # a kind id is the card id of deck 0

N_KINDS = 54
COPIES = 3
TOTAL = N_KINDS * COPIES
HAND = 39
KITTY = 6
HEART5_KIND = 9


def deck(hand: int = HAND) -> DeckSpec:
    return DeckSpec(rank_copies=(COPIES,) * N_KINDS, hand_size=hand,
                    rank_points=tuple(kind_points(k) for k in range(N_KINDS)))


def hearts5_pmf(hand: int = HAND) -> dict[int, Fraction]:
    """Distribution of the ♥5 copies in a hand: hypergeometric(162, 3, hand)."""
    return {k: hypergeom_pmf(k, COPIES, TOTAL, hand) for k in range(COPIES + 1)}


def pairs_pmf(hand: int = HAND) -> dict[int, Fraction]:
    """Kinds held at least twice."""
    return ranks_with_count_pmf(deck(hand), {2, 3})


def triples_pmf(hand: int = HAND) -> dict[int, Fraction]:
    return ranks_with_count_pmf(deck(hand), {3})


def points_pmf(hand: int = HAND) -> dict[int, Fraction]:
    return score_pmf(deck(hand), rank_score=lambda k, c: kind_points(k) * c)


def trump_kinds(trump: int) -> set[int]:
    """Kinds that are trumps for a trump suit: ♥5, jokers, both 参谋 3s, all 10s, the trump suit."""
    fu = (trump + 2) % 4
    return {HEART5_KIND, 52, 53, 0 * 4 + trump, 0 * 4 + fu} | {7 * 4 + s for s in range(4)} | \
        {r * 4 + trump for r in range(13)}


def trumps_pmf(trump: int, hand: int = HAND) -> dict[int, Fraction]:
    """Trumps held for a fixed trump suit: hypergeometric(162, 3 x |trump kinds|, hand) — 60 trumps
    (57 when ♥ is trump: ♥5 is counted once)."""
    t = COPIES * len(trump_kinds(trump))
    return {k: hypergeom_pmf(k, t, TOTAL, hand) for k in range(min(t, hand) + 1)}


def jokers_pmf(hand: int = HAND) -> dict[int, Fraction]:
    """Jokers held: hypergeometric(162, 6, hand)."""
    return {k: hypergeom_pmf(k, 2 * COPIES, TOTAL, hand) for k in range(2 * COPIES + 1)}


def census_exact(census_trump: str) -> dict[str, dict[int, Fraction]]:
    """Census column → exact pmf; trumps only for a fixed suit (the first 10 shown picks it)."""
    out = {"pairs": pairs_pmf(), "triples": triples_pmf(), "points": points_pmf(), "hearts5": hearts5_pmf(),
           "jokers": jokers_pmf()}
    if census_trump != "declared":
        out["trumps"] = trumps_pmf(("spades", "hearts", "clubs", "diamonds").index(census_trump))
    return out


def deal_exact() -> dict[str, dict[int, Fraction]]:
    """Play-row column → exact pmf of the dealt hands."""
    return {"pairs": pairs_pmf(), "triples": triples_pmf(), "points_held": points_pmf(), "hearts5": hearts5_pmf(),
            "jokers": jokers_pmf()}


def summary() -> dict[str, float]:
    h5 = hearts5_pmf()
    return {f"p_hearts5_{k}": float(v) for k, v in h5.items()} | {
        "pairs_mean": float(pmf_mean(pairs_pmf())), "pairs_var": float(pmf_var(pairs_pmf())),
        "triples_mean": float(pmf_mean(triples_pmf())), "points_mean": float(pmf_mean(points_pmf())),
        "trumps_mean_spades": float(pmf_mean(trumps_pmf(0))), "trumps_mean_hearts": float(pmf_mean(trumps_pmf(1)))}
