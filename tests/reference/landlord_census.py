"""Pure-Python twin of ``kernels.landlord.census``: the deal card by card from the reference
stream, fixed cards swapped in by the twin of ``kernels.deal.place_fixed``, and every feature
counted from the cards with no packing."""

from __future__ import annotations

from collections import Counter

from kernels.cards import card_rank
from tests.reference.deal import place_fixed
from tests.reference.rng import Stream, deal, shuffle


def longest_run(counts: Counter, at_least: int) -> int:
    best = cur = 0
    for r in range(12):  # 3 .. A
        cur = cur + 1 if counts[r] >= at_least else 0
        best = max(best, cur)
    return best


def seat_features(hand: list[int]) -> tuple[int, ...]:
    """``kernels.landlord.layout.CENSUS_SEAT`` of one hand."""
    c = Counter(card_rank(x) for x in hand)
    return (sum(1 for r in range(13) if c[r] >= 4), max(c[r] for r in range(13)), c[13], c[14], c[12], c[11],
            longest_run(c, 1), longest_run(c, 2), longest_run(c, 3))


def census_row(seed: int, game: int, n_decks: int, n_seats: int, hand_size: int, fixed=()):
    """(per-seat features, (kitty jokers, kitty 2s, most of one rank in the kitty), the deck)."""
    deck = list(range(54 * n_decks))
    stream = Stream(seed, game)
    shuffle(stream, deck)
    place_fixed(stream, deck, list(fixed))
    hands, kitty = deal(deck, n_seats, hand_size)
    k = Counter(card_rank(x) for x in kitty)
    return ([seat_features(h) for h in hands], (k[13] + k[14], k[12], max([k[r] for r in range(13)] + [0])), deck)
