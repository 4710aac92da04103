"""Exact counts over ordered pairs of disjoint hands, by Möbius inversion over shared cards.

Question answered: among all ordered pairs (A, B) of *disjoint* hands of ``h`` cards from an
``n``-card deck, each hand carrying a visible part of ``m`` of its cards (every choice of the
visible part equally likely), how many have ``v(A) > v(B)`` and ``f(A) > f(B)``? Here ``f`` is a
per-hand value (the showdown key) and ``v`` a per-visible-part value (the key of the up-cards).
With it, P(the leader on the visible cards wins the showdown) = 2 * count / pairs for two players.

Direct enumeration is ~10^11 pairs for five-card hands of 28 cards. Instead, since ``sum over T ⊆ A∩B of (-1)^|T|``
is 1 when A and B are disjoint and 0 otherwise, the count equals
``sum_T (-1)^|T| D(T)`` where ``D(T)`` counts dominating pairs among the (not necessarily
disjoint) hands that contain ``T``. Each ``D(T)`` is a two-dimensional dominance count: sort by
``v`` (ties broken so that they never count) and count increasing pairs of ``f`` by merge sort.
Work: each hand appears in ``2^h`` groups; about 3*10^7 items for n = 28, h = 5, m = 2.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.showdown.combos import binomials, colex_rank, first_combination, next_combination

F_BITS = 24  # f values are < 2**24 (ranks of the showdown keys)


@njit(cache=True, nogil=True)
def count_increasing_pairs(a, buf):
    """Pairs i < j with ``a[i] < a[j]`` (strict), by bottom-up merge sort; ``a`` ends sorted."""
    n = a.shape[0]
    total = np.int64(0)
    width = 1
    src, dst = a, buf
    while width < n:
        for lo in range(0, n, 2 * width):
            mid = min(lo + width, n)
            hi = min(lo + 2 * width, n)
            i, j, k = lo, mid, lo
            while i < mid and j < hi:
                if src[i] < src[j]:
                    dst[k] = src[i]
                    i += 1
                else:  # every left element taken so far is < src[j]; the rest are >= it
                    total += i - lo
                    dst[k] = src[j]
                    j += 1
                k += 1
            while i < mid:
                dst[k] = src[i]
                i += 1
                k += 1
            while j < hi:
                total += mid - lo
                dst[k] = src[j]
                j += 1
                k += 1
        src, dst = dst, src
        width *= 2
    if src is not a:
        a[:] = src[:]
    return total


@njit(cache=True, nogil=True)
def dominance_pairs(items, buf):
    """Pairs (a, b) among ``items`` (packed ``v << F_BITS | f``) with v_a > v_b and f_a > f_b."""
    n = items.shape[0]
    for i in range(n):  # sort by v ascending, f descending: equal v never form an increasing pair
        v = items[i] >> F_BITS
        f = items[i] & ((1 << F_BITS) - 1)
        items[i] = (v << F_BITS) | ((1 << F_BITS) - 1 - f)
    items.sort()
    for i in range(n):
        items[i] = (1 << F_BITS) - 1 - (items[i] & ((1 << F_BITS) - 1))
    return count_increasing_pairs(items, buf)


@njit(cache=True, nogil=True)
def disjoint_dominance(n, h, m, f_of_hand, v_of_visible):
    """Ordered disjoint pairs (A, B) of (hand, visible part) with v(A) > v(B) and f(A) > f(B).

    ``f_of_hand[colex rank of the h-subset]`` and ``v_of_visible[colex rank of the m-subset]``
    must be non-negative and < 2**24 (pass ranks, not raw keys, if keys are larger).
    """
    binom = binomials(n, h)
    n_splits = binom[h, m]
    cap = binom[n, h] * n_splits
    items = np.empty(cap, np.int64)
    buf = np.empty(cap, np.int64)
    t_idx = np.empty(h, np.int64)
    rest = np.empty(n, np.int64)
    c_idx = np.empty(h, np.int64)
    hand = np.empty(h, np.int64)
    vis = np.empty(m, np.int64)
    split = np.empty((n_splits, m), np.int64)  # positions (0..h-1) of each visible part
    s_idx = np.empty(max(m, 1), np.int64)
    first_combination(s_idx, m)
    for s in range(n_splits):
        for j in range(m):
            split[s, j] = s_idx[j]
        next_combination(s_idx, m, h)
    total = np.int64(0)
    for t in range(h + 1):
        sign = 1 if t % 2 == 0 else -1
        first_combination(t_idx, t)
        while True:
            # cards not in T, ascending
            n_rest = 0
            p = 0
            for c in range(n):
                if p < t and t_idx[p] == c:
                    p += 1
                else:
                    rest[n_rest] = c
                    n_rest += 1
            count = 0
            first_combination(c_idx, h - t)
            while True:
                # hand = T ∪ chosen, merged in ascending order
                a, b, k = 0, 0, 0
                while k < h:
                    if b >= h - t or (a < t and t_idx[a] < rest[c_idx[b]]):
                        hand[k] = t_idx[a]
                        a += 1
                    else:
                        hand[k] = rest[c_idx[b]]
                        b += 1
                    k += 1
                f = f_of_hand[colex_rank(hand, h, binom)]
                for s in range(n_splits):
                    for j in range(m):
                        vis[j] = hand[split[s, j]]
                    v = v_of_visible[colex_rank(vis, m, binom)]
                    items[count] = (v << F_BITS) | f
                    count += 1
                if not next_combination(c_idx, h - t, n_rest):
                    break
            total += sign * dominance_pairs(items[:count], buf[:count])
            if not next_combination(t_idx, t, n):
                break
    return total
