"""港式五张 comparison keys from the tables of ``kernels.hkstud.tables``.

``key`` of a hand is an int < 2**21, larger is better, and two disjoint hands never share a key
(the last tie-break is a suit). ``key_k`` takes the first ``k`` (1..5; the visible up-cards or the
whole hand) of five local ids, ``key5`` is its five-card form; both are inlined into the table
loops. ``hand_key`` reads ``k`` cards from an array (tests, enumeration).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.hkstud.tables import KEY_MASK

POW5_OF_CARD = (5 ** (np.arange(28) >> 2)).astype(np.int32)  # table index contribution of a local id


@njit(cache=True, nogil=True, inline="always")
def _finish(e, c0, c1, c2, c3, c4, k):
    """Key from a table entry: add the best suit of the deciding rank (branch-free)."""
    dec = (e >> 21) & 7
    best = 4
    best = min(best, (c0 & 3) if (c0 >> 2) == dec else 4)
    best = min(best, (c1 & 3) if k > 1 and (c1 >> 2) == dec else 4)
    best = min(best, (c2 & 3) if k > 2 and (c2 >> 2) == dec else 4)
    best = min(best, (c3 & 3) if k > 3 and (c3 >> 2) == dec else 4)
    best = min(best, (c4 & 3) if k > 4 and (c4 >> 2) == dec else 4)
    suit_part = (3 - best) * ((e >> 24) & 1)
    return (e & KEY_MASK) | suit_part


@njit(cache=True, nogil=True, inline="always")
def key5(c0, c1, c2, c3, c4, plain, flush):
    """(key, category) of five local card ids."""
    idx = POW5_OF_CARD[c0] + POW5_OF_CARD[c1] + POW5_OF_CARD[c2] + POW5_OF_CARD[c3] + POW5_OF_CARD[c4]
    s = c0 & 3
    suited = ((c1 & 3) == s) & ((c2 & 3) == s) & ((c3 & 3) == s) & ((c4 & 3) == s)
    e = np.int64(flush[idx] if suited else plain[idx])
    return _finish(e, c0, c1, c2, c3, c4, 5), (e >> 25) & 15


@njit(cache=True, nogil=True, inline="always")
def key_k(c0, c1, c2, c3, c4, k, plain, flush):
    """(key, category) of the first ``k`` (1..5) of five local ids; the others are ignored."""
    idx = POW5_OF_CARD[c0]
    s = c0 & 3
    suited = True
    if k > 1:
        idx += POW5_OF_CARD[c1]
        suited &= (c1 & 3) == s
    if k > 2:
        idx += POW5_OF_CARD[c2]
        suited &= (c2 & 3) == s
    if k > 3:
        idx += POW5_OF_CARD[c3]
        suited &= (c3 & 3) == s
    if k > 4:
        idx += POW5_OF_CARD[c4]
        suited &= (c4 & 3) == s
    e = np.int64(flush[idx] if suited else plain[idx])
    return _finish(e, c0, c1, c2, c3, c4, k), (e >> 25) & 15


@njit(cache=True, nogil=True)
def hand_key(cards, first, k, plain, flush):
    """(key, category) of the ``k`` local ids ``cards[first : first + k]`` (1 <= k <= 5)."""
    c = np.zeros(5, np.int64)
    for j in range(k):
        c[j] = cards[first + j]
    return key_k(c[0], c[1], c[2], c[3], c[4], k, plain, flush)


@njit(cache=True, nogil=True)
def evaluate_hands(hands, plain, flush, keys, cats):
    """Keys and categories of every row of ``hands`` (n, 5) of local ids."""
    for h in range(hands.shape[0]):
        key, cat = key5(hands[h, 0], hands[h, 1], hands[h, 2], hands[h, 3], hands[h, 4], plain, flush)
        keys[h] = key
        cats[h] = cat


@njit(cache=True, nogil=True)
def evaluate_subsets(hands, k, plain, flush, keys, cats):
    """Keys and categories of the first ``k`` cards of every row of ``hands`` (partial hands)."""
    for h in range(hands.shape[0]):
        key, cat = hand_key(hands[h], 0, k, plain, flush)
        keys[h] = key
        cats[h] = cat
