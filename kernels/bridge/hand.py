"""Suit holdings and hand features: one table lookup per suit.

A *holding* is the 13-bit mask of one suit in a hand (bit r = rank r, 0:2 .. 12:A; see
``kernels.bridge.cards``). ``holding_table()`` precomputes, for all 8192 holdings, a ``uint32``
with four byte fields, so that the features of a whole hand are the sum of its four suits'
entries (no field can overflow a byte: at most 13 cards, 37 HCP, 12 controls, 12 losers)::

    byte 0  length              cards in the suit
    byte 1  hcp                 A 4, K 3, Q 2, J 1 (spec §1)
    byte 2  controls            A 2, K 1
    byte 3  losers              losing-trick count of the suit (below)

Losing-trick count (LTC), the usual rule: only the top min(length, 3) cards of a suit can be
winners; a suit's losers are min(length, 3) minus the honours held among the first min(length, 3)
of A, K, Q. So a void is 0, a singleton A 0 and any other singleton 1, AK/Ax/Kx/xx 0/1/1/2 (Qx is
2), and a 3+ card suit counts the missing A, K, Q. A hand has 0..12 losers.

Hand pattern: the four suit lengths sorted from longest, e.g. 4-4-3-2. ``PATTERNS`` lists the 39
patterns (longest first, lexicographic: 4-3-3-3, 4-4-3-2, ..., 13-0-0-0); ``pattern_table()``
maps the lengths in suit order (♣, ♦, ♥; ♠ is 13 minus their sum) to an index into ``PATTERNS``.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
from numba import njit

from kernels.bridge.cards import HOLDING_MASK

HCP_OF_RANK = (0,) * 9 + (1, 2, 3, 4)  # J Q K A
CONTROLS_OF_RANK = (0,) * 11 + (1, 2)  # K A
ACE, KING, QUEEN = 12, 11, 10


def holding_features(h: int) -> tuple[int, int, int, int]:
    """(length, hcp, controls, losers) of a 13-bit holding, card by card."""
    ranks = [r for r in range(13) if h >> r & 1]
    length = len(ranks)
    hcp = sum(HCP_OF_RANK[r] for r in ranks)
    controls = sum(CONTROLS_OF_RANK[r] for r in ranks)
    top = min(length, 3)
    losers = top - sum(1 for r in (ACE, KING, QUEEN)[:top] if r in ranks)
    return length, hcp, controls, losers


def holding_table() -> np.ndarray:
    """``uint32[8192]``: packed (length, hcp, controls, losers) of every holding (module docstring)."""
    return _holding_table().copy()


@lru_cache(maxsize=1)
def _holding_table() -> np.ndarray:
    table = np.zeros(HOLDING_MASK + 1, np.uint32)
    for h in range(HOLDING_MASK + 1):
        length, hcp, controls, losers = holding_features(h)
        table[h] = length | hcp << 8 | controls << 16 | losers << 24
    return table


def _partitions() -> list[tuple[int, int, int, int]]:
    out = []
    for a in range(13, -1, -1):
        for b in range(min(a, 13 - a), -1, -1):
            for c in range(min(b, 13 - a - b), -1, -1):
                d = 13 - a - b - c
                if 0 <= d <= c:
                    out.append((a, b, c, d))
    return sorted(out)


PATTERNS: tuple[tuple[int, int, int, int], ...] = tuple(_partitions())
PATTERN_NAMES: tuple[str, ...] = tuple("-".join(map(str, p)) for p in PATTERNS)


def pattern_index(lengths) -> int:
    """Index into ``PATTERNS`` of four suit lengths (any order)."""
    return PATTERNS.index(tuple(sorted(lengths, reverse=True)))


def pattern_table() -> np.ndarray:
    """``int8[14*14*14]``: entry ``(c*14 + d)*14 + h`` is the pattern index of lengths (c, d, h, 13-c-d-h);
    -1 where the lengths cannot form a hand."""
    return _pattern_table().copy()


@lru_cache(maxsize=1)
def _pattern_table() -> np.ndarray:
    table = np.full(14 * 14 * 14, -1, np.int8)
    for c in range(14):
        for d in range(14 - c):
            for h in range(14 - c - d):
                table[(c * 14 + d) * 14 + h] = pattern_index((c, d, h, 13 - c - d - h))
    return table


@njit(cache=True, nogil=True)
def suit_holding(hand, suit):
    """The 13-bit holding of ``suit`` in a hand bitmask."""
    return np.int64((hand >> np.uint64(13 * suit)) & np.uint64(0x1FFF))


@njit(cache=True, nogil=True)
def seat_masks(deck, masks):
    """Hand bitmasks of the four seats from a shuffled deck (position p to seat p % 4)."""
    for s in range(4):
        masks[s] = np.uint64(0)
    for p in range(52):
        masks[p & 3] |= np.uint64(1) << np.uint64(deck[p])


@njit(cache=True, nogil=True)
def hand_summary(hand, table):
    """Packed (length, hcp, controls, losers) summed over the four suits; and the four packed
    entries (their byte 0 is each suit's length)."""
    e0 = table[suit_holding(hand, 0)]
    e1 = table[suit_holding(hand, 1)]
    e2 = table[suit_holding(hand, 2)]
    e3 = table[suit_holding(hand, 3)]
    return e0 + e1 + e2 + e3, e0, e1, e2, e3


@njit(cache=True, nogil=True)
def byte(x, k):
    return np.int64((x >> np.uint32(8 * k)) & np.uint32(0xFF))
