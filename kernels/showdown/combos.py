"""Enumeration helpers: binomials, combination and multiset-permutation successors, colex ranks.

Exact values of the comparison games come from walking every hand (or every completion of a
visible state) in a fixed order. A combination is a strictly increasing int array of ``k``
indices into ``0 .. n-1``; ``next_combination`` steps it in lexicographic order. The colex rank
``sum_j C(c_j, j + 1)`` of a sorted ``k``-subset is a dense index in ``0 .. C(n, k) - 1``, used to
look up per-hand tables. ``next_permutation`` steps a multiset of labels through all its
distinct arrangements (who gets which of the dealt cards).
"""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True, nogil=True)
def binomials(n_max, k_max):
    """``b[n, k] = C(n, k)`` for ``n <= n_max``, ``k <= k_max`` (int64)."""
    b = np.zeros((n_max + 1, k_max + 1), np.int64)
    for n in range(n_max + 1):
        b[n, 0] = 1
        for k in range(1, min(n, k_max) + 1):
            b[n, k] = b[n - 1, k - 1] + (b[n - 1, k] if k <= n - 1 else 0)
    return b


@njit(cache=True, nogil=True)
def first_combination(idx, k):
    for j in range(k):
        idx[j] = j


@njit(cache=True, nogil=True)
def next_combination(idx, k, n):
    """Advance ``idx[:k]`` to the next k-subset of ``0..n-1`` (lexicographic); False after the last."""
    i = k - 1
    while i >= 0 and idx[i] == n - k + i:
        i -= 1
    if i < 0:
        return False
    idx[i] += 1
    for j in range(i + 1, k):
        idx[j] = idx[j - 1] + 1
    return True


@njit(cache=True, nogil=True)
def next_permutation(a, m):
    """Advance ``a[:m]`` to its next distinct arrangement (lexicographic); False after the last."""
    i = m - 2
    while i >= 0 and a[i] >= a[i + 1]:
        i -= 1
    if i < 0:
        return False
    j = m - 1
    while a[j] <= a[i]:
        j -= 1
    a[i], a[j] = a[j], a[i]
    lo, hi = i + 1, m - 1
    while lo < hi:
        a[lo], a[hi] = a[hi], a[lo]
        lo += 1
        hi -= 1
    return True


@njit(cache=True, nogil=True)
def colex_rank(sorted_cards, k, binom):
    """Dense index of the sorted k-subset ``sorted_cards[:k]`` (colexicographic order)."""
    r = 0
    for j in range(k):
        r += binom[sorted_cards[j], j + 1]
    return r
