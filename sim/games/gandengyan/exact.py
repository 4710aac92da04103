"""Exact deal values of 干瞪眼 (hypergeometric, in fractions) for the census estimates.

Every seat's hand is a uniform subset of the pack of its size (the banker's share or the
others'), so per-seat values depend only on that size: jokers, 2s and natural bombs held, and
P(双王) where the ruleset has it. The banker is uniformly random in a session's first hand.
"""

from __future__ import annotations

from fractions import Fraction

from analysis.exact.deck import DeckSpec, hypergeom_pmf, ranks_with_count_pmf


def pack_size(rules) -> int:
    return 54 * rules.decks


def hand_sizes(rules) -> dict[str, int]:
    """Cards dealt by role."""
    return {"banker": rules.banker_cards, "other": rules.other_cards}


def jokers_pmf(rules, hand: int) -> list[Fraction]:
    """P(a hand of ``hand`` cards holds k jokers), k = 0 .. 2 × decks."""
    j = 2 * rules.decks
    return [hypergeom_pmf(k, j, pack_size(rules), hand) for k in range(j + 1)]


def twos_pmf(rules, hand: int) -> list[Fraction]:
    """P(k 2s), k = 0 .. 4 × decks."""
    t = 4 * rules.decks
    return [hypergeom_pmf(k, t, pack_size(rules), hand) for k in range(t + 1)]


def bombs_pmf(rules, hand: int) -> dict[int, Fraction]:
    """P(k ranks held at least ``bomb_min`` times naturally)."""
    copies = 4 * rules.decks
    deck = DeckSpec(rank_copies=(copies,) * 13, hand_size=hand, wilds=2 * rules.decks)
    return ranks_with_count_pmf(deck, range(rules.bomb_min, copies + 1))


def prob_joker_bomb(rules, hand: int) -> Fraction:
    """P(the hand holds two jokers or more: 双王 where the ruleset has it)."""
    return sum(jokers_pmf(rules, hand)[2:], Fraction(0)) if rules.joker_bomb != "none" else Fraction(0)


def prob_banker(rules) -> Fraction:
    """P(a given seat is the banker of a session's first hand)."""
    return Fraction(1, rules.players)
