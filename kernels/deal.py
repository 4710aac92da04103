"""Shuffling and dealing: a Fisher–Yates shuffle driven by the game's own stream.

Deal convention (every game): after the shuffle, deck position ``p`` goes to seat
``p % n_seats`` as that seat's ``p // n_seats``-th card (one card at a time, counter-clockwise).
Positions past ``n_seats * hand_size`` form the kitty (底牌), in order. Each seat's row keeps
deal order, which some rules need (a call card re-called by deal position).
"""

from __future__ import annotations

from numba import njit

from kernels.rng import bounded


@njit(cache=True, nogil=True)
def shuffle(state, deck):
    """In-place unbiased Fisher–Yates shuffle of ``deck`` (from the top index down)."""
    for i in range(deck.shape[0] - 1, 0, -1):
        j = bounded(state, i + 1)
        tmp = deck[i]
        deck[i] = deck[j]
        deck[j] = tmp


@njit(cache=True, nogil=True)
def deal_hands(deck, n_seats, hand_size, hands, kitty):
    """Split a shuffled ``deck`` into ``hands[seat, k]`` (deal order) and the ``kitty``."""
    for p in range(n_seats * hand_size):
        hands[p % n_seats, p // n_seats] = deck[p]
    for p in range(kitty.shape[0]):
        kitty[p] = deck[n_seats * hand_size + p]
