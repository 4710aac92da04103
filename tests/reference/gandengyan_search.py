"""Pure-Python twin of the 干瞪眼 search player's sampling (``kernels.gandengyan.search``): the pool
a seat cannot see, the other hands dealt from it and the stock shuffled from the rest, bit for bit."""

from __future__ import annotations

from tests.reference import search as ref
from tests.reference.rng import Stream, shuffle

JOKER = 15


def unseen_pool(seat: int, counts: list[list[int]], played: list[int], decks: int) -> list[int]:
    """The pack less the cards played and the seat's own hand."""
    pack = [4 * decks if r < 13 else (2 * decks if r == JOKER else 0) for r in range(16)]
    return [pack[r] - played[r] - counts[seat][r] for r in range(16)]


def sample_world(seat: int, pool: list[int], hand_left: list[int], stream: Stream):
    """(the other seats' counts, None for the seat itself; the stock as ids, rank r as 4 r and a
    joker as 52, in drawing order)."""
    fixed = [s == seat for s in range(len(hand_left))]
    left = list(pool)
    hands = ref.deal_counts(left, hand_left, fixed, stream)
    for h in hands:
        if h is not None:
            for r in range(16):
                left[r] -= h[r]
    ids = [52 if r == JOKER else 4 * r for r in range(16) for _ in range(left[r])]
    shuffle(stream, ids)
    return hands, ids
