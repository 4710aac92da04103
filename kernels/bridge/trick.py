"""Trick-taking rules of bridge (spec §3) on hand bitmasks: legal cards and the trick winner.

Cards and masks as in ``kernels.bridge.cards`` (bit = suit * 13 + rank); ``trump`` is the contract
strain (4 = NT: no trumps). A trick is its cards in play order from the leader.
"""

from __future__ import annotations

import numpy as np
from numba import njit

SUIT_BITS = np.uint64(0x1FFF)


@njit(cache=True, nogil=True)
def suit_mask(suit):
    """Mask of all 13 cards of ``suit``."""
    return SUIT_BITS << np.uint64(13 * suit)


@njit(cache=True, nogil=True)
def legal_cards(hand, led_suit):
    """Cards of ``hand`` that may be played: any when leading (``led_suit`` < 0), else the led suit
    if held (follow suit), else any."""
    if led_suit < 0:
        return hand
    follow = hand & suit_mask(led_suit)
    return follow if follow != np.uint64(0) else hand


@njit(cache=True, nogil=True)
def beats(card, best, trump):
    """Does ``card`` beat the trick's current winning card ``best``? (a higher card of best's suit,
    or any trump over a non-trump)."""
    cs = card // 13
    bs = best // 13
    if cs == bs:
        return card > best
    return cs == trump


@njit(cache=True, nogil=True)
def trick_winner(cards, n, trump):
    """Position (0 = leader) of the winning card among the first ``n`` cards of a trick."""
    win = 0
    for k in range(1, n):
        if beats(cards[k], cards[win], trump):
            win = k
    return win
