"""Dealing a few cards from the top of the deck, and the packed card encoding of a seat.

A comparison game deals only ``k`` cards of a deck (say 20 of 54), so it runs just the first
``k`` draws of the shared Fisher–Yates shuffle (``kernels.deal.shuffle``): that shuffle fixes
positions from the top index down, so after its first ``k`` draws positions ``n-1 .. n-k`` hold
exactly the cards the full shuffle would leave there. Family deal convention: the ``d``-th card
dealt is ``deck[n-1-d]`` (the top of the fully shuffled deck), and it goes to seat
``(first + d) % n_seats`` as that seat's ``d // n_seats``-th card (one card at a time,
counter-clockwise, as in ``kernels.deal``). A pure-Python twin therefore runs the full shuffle of
``tests/reference/rng.py`` and reads the deck from its end.

Packed cards: one int64 per seat holds up to 10 card ids of 6 bits each (ids < 64: one 54-card
deck), card ``j`` of the seat in bits ``6j .. 6j+5``, in deal order; empty slots are never read
(the game knows its hand size).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.rng import bounded

CARD_BITS = 6
CARD_MASK = (1 << CARD_BITS) - 1


@njit(cache=True, nogil=True, inline="always")
def deal_top(state, deck, k):
    """Run the first ``k`` draws of ``kernels.deal.shuffle`` on ``deck`` (in place): afterwards
    ``deck[n-1-d]`` for ``d < k`` is the ``d``-th card dealt. (Inlined: it is the hot loop of a
    table, and a call per deal with array arguments costs a sizeable part of it.)"""
    n = deck.shape[0]
    for i in range(n - 1, n - 1 - k, -1):
        j = bounded(state, i + 1)
        tmp = deck[i]
        deck[i] = deck[j]
        deck[j] = tmp


@njit(cache=True, nogil=True)
def deal_seats(deck, n_seats, hand_size, first, hands):
    """``hands[seat, j]`` from a deck after ``deal_top(state, deck, n_seats * hand_size)``."""
    p = deck.shape[0] - 1
    for j in range(hand_size):  # (no division per card: integer division is slow)
        seat = first
        for _ in range(n_seats):
            hands[seat, j] = deck[p]
            p -= 1
            seat += 1
            if seat == n_seats:
                seat = 0


@njit(cache=True, nogil=True)
def pack_cards(cards, k):
    """The first ``k`` card ids of ``cards`` packed 6 bits each (card j in bits 6j..6j+5)."""
    out = np.int64(0)
    for j in range(k):
        out |= np.int64(cards[j]) << np.int64(CARD_BITS * j)
    return out


def unpack_cards(packed: np.ndarray, k: int) -> np.ndarray:
    """Numpy inverse of ``pack_cards`` for a column: (n,) int64 → (n, k) card ids."""
    packed = np.asarray(packed, dtype=np.int64)
    shifts = np.arange(k, dtype=np.int64) * CARD_BITS
    return (packed[:, None] >> shifts[None, :]) & CARD_MASK
