"""Exact deal values of 关牌 (hypergeometric, in fractions) for the census estimates.

Each player's hand is a uniform ``hand_size``-subset of the GP-1 deck (the unused hand and cards
are just the rest), so per-seat values are those of one hand from ``analysis.exact.deck``. The
first lead depends on both hands together: the first-lead card is the ``i``-th of the order when
the ``i`` cards before it are all unused and it is not.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

from analysis.exact.deck import DeckSpec, hypergeom_pmf, ranks_with_count_pmf
from sim.games.guanpai.rules import DECKS, TCB_RANKS, deck_ids, deck_rank_copies, lead_order

N_SEATS = 2


def deck_spec(rules) -> DeckSpec:
    return DeckSpec(rank_copies=deck_rank_copies(rules.deck), hand_size=DECKS[rules.deck]["hand_size"])


def bombs_pmf(rules) -> dict[int, Fraction]:
    """P(a player is dealt k ranks four times)."""
    return ranks_with_count_pmf(deck_spec(rules), (4,))


def twos_pmf(rules) -> dict[int, Fraction]:
    """P(a player is dealt k 2s)."""
    d = deck_spec(rules)
    return {k: hypergeom_pmf(k, d.rank_copies[12], d.total, d.hand_size) for k in range(d.rank_copies[12] + 1)}


def prob_three_bomb(rules) -> Fraction:
    """P(a player is dealt >= 3 cards of the 3-card-bomb rank); 0 without one."""
    t = TCB_RANKS[rules.three_card_bomb_rank]
    if t < 0:
        return Fraction(0)
    d = deck_spec(rules)
    return sum((hypergeom_pmf(k, d.rank_copies[t], d.total, d.hand_size) for k in range(3, 5)), Fraction(0))


def prob_holds_card(rules) -> Fraction:
    """P(a given player holds a given card, e.g. ♠3) = hand_size / deck size."""
    d = deck_spec(rules)
    return Fraction(d.hand_size, d.total)


def lead_card_pmf(rules) -> list[Fraction]:
    """P(the first-lead card is the i-th card of the order), i = 0 .. deck size - 1 (cards not in
    the deck, e.g. ♦2, have probability 0)."""
    d = deck_spec(rules)
    in_deck = {int(c) for c in deck_ids(rules.deck)}
    total, dealt = d.total, N_SEATS * d.hand_size
    unused = total - dealt
    out = []
    before = 0  # deck cards earlier in the order, all of which must be unused
    for card in lead_order(rules.first_lead_order):
        if int(card) not in in_deck:
            out.append(Fraction(0))
            continue
        # the `before` earlier cards all unused and this one dealt
        p_before = Fraction(comb(unused, before), comb(total, before)) if before <= unused else Fraction(0)
        out.append(p_before * Fraction(dealt, total - before) if before < total else Fraction(0))
        before += 1
    return out


def prob_leads(rules) -> Fraction:
    """P(a given player leads first) = 1/2 (the two hands are exchangeable)."""
    return Fraction(1, 2)
