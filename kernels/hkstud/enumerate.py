"""Exact 港式五张 counts by enumeration over the 28-card deck.

``subset_keys(k, ...)`` gives the key of every k-card subset (1..5) of local ids, indexed by its
colex rank (``kernels.showdown.combos``); with ``k = 5`` that is every one of the 98,280 hands.
``leader_wins(street, ...)`` counts ordered pairs of disjoint hands, each with one of its choices
of visible up-cards, where the hand leading on the ``street - 1`` up-cards (庄家 after that
round, HK-2) also wins the showdown (``kernels.showdown.pairs``).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.hkstud.cards import N_CARDS
from kernels.hkstud.evaluate import key_k
from kernels.showdown.combos import binomials, colex_rank, first_combination, next_combination
from kernels.showdown.pairs import disjoint_dominance


@njit(cache=True, nogil=True)
def subset_keys(k, plain, flush):
    """(keys, categories) of all C(28, k) subsets, indexed by colex rank."""
    binom = binomials(N_CARDS, 5)
    n = binom[N_CARDS, k]
    keys = np.empty(n, np.int64)
    cats = np.empty(n, np.int64)
    idx = np.zeros(5, np.int64)
    first_combination(idx, k)
    while True:
        key, cat = key_k(idx[0], idx[1], idx[2], idx[3], idx[4], k, plain, flush)
        r = colex_rank(idx, k, binom)
        keys[r] = key
        cats[r] = cat
        if not next_combination(idx, k, N_CARDS):
            break
    return keys, cats


@njit(cache=True, nogil=True)
def leader_wins(street, plain, flush):
    """Ordered disjoint pairs (A, B) of (hand, visible up-cards) where A leads on the up-cards
    after ``street`` (2..5) and wins the showdown."""
    final, _ = subset_keys(5, plain, flush)
    visible, _ = subset_keys(street - 1, plain, flush)
    return disjoint_dominance(N_CARDS, 5, street - 1, final, visible)
