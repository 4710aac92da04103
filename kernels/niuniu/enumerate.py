"""Exact 牛牛 counts by enumeration: every hand, and every banker/player pair of hands.

``hand_categories`` walks all C(n, 5) hands of a deck (3,162,510 with jokers). ``pair_outcomes``
counts every ordered pair of disjoint hands (庄家, 闲家) — about 6 * 10^12 pairs with jokers —
without listing them: a hand's category depends on its ranks only, and its highest card on its
top rank and, when both hands share that rank, on who holds the best suit of it. So pairs are
walked as pairs of rank multisets, each weighted by its number of suit assignments:
``prod_r C(cap_r, x_r) * C(cap_r - x_r, y_r)``; when both top ranks are the same rank R (x and y
cards of it), the best of the ``x + y`` suits is the player's in ``C(4, x+y) * C(x+y-1, y-1)`` of
the ``C(4, x) * C(4-x, y)`` ways.

Ranks here are in 牛牛 order: 0 A, 1 2, …, 9 10, 10 J, 11 Q, 12 K, 13 小王, 14 大王.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.niuniu.evaluate import category_of_residues, evaluate5
from kernels.showdown.combos import binomials, first_combination, next_combination

N_RANKS = 15
Q_RANK = 11  # ranks <= Q_RANK are "Q or lower" (N-3)
# outcome classes of one pair; which side wins depends on banker_advantage (see sim.games.niuniu.exact)
BANKER_BY_CATEGORY, PLAYER_BY_CATEGORY = 0, 1
BANKER_BY_CARD, PLAYER_BY_CARD = 2, 3  # equal values, a highest card above Q involved
Q_RULE_PLAYER_HIGHER, Q_RULE_BANKER_HIGHER = 4, 5  # equal values, both highest cards <= Q
N_CLASSES = 6


@njit(cache=True, nogil=True)
def hand_categories(deck, card_info, card_of_strength, cats, tops):
    """Category and top card of every 5-subset of ``deck`` (lexicographic over deck positions)."""
    n = deck.shape[0]
    idx = np.empty(5, np.int64)
    first_combination(idx, 5)
    h = 0
    while True:
        cat, top = evaluate5(deck[idx[0]], deck[idx[1]], deck[idx[2]], deck[idx[3]], deck[idx[4]], card_info,
                             card_of_strength)
        cats[h] = cat
        tops[h] = top
        h += 1
        if not next_combination(idx, 5, n):
            break
    return h


@njit(cache=True, nogil=True)
def rank_multisets(cap):
    """All 5-card rank multisets under ``cap[r]`` copies: (count vectors, category, top rank, ways)."""
    binom = binomials(8, 8)
    out = np.zeros((20000, N_RANKS), np.int64)
    m = 0
    r = np.zeros(5, np.int64)  # non-decreasing ranks r[0] <= ... <= r[4]
    while True:
        ok = True
        counts = np.zeros(N_RANKS, np.int64)
        for j in range(5):
            counts[r[j]] += 1
        for k in range(N_RANKS):
            if counts[k] > cap[k]:
                ok = False
        if ok:
            out[m] = counts
            m += 1
        j = 4
        while j >= 0 and r[j] == N_RANKS - 1:
            j -= 1
        if j < 0:
            break
        r[j] += 1
        for k in range(j + 1, 5):
            r[k] = r[j]
    vec = out[:m].copy()
    cat = np.empty(m, np.int64)
    top = np.empty(m, np.int64)
    ways = np.empty(m, np.int64)
    res = np.empty(5, np.int64)
    for i in range(m):
        k = 0
        w = 1
        for rank in range(N_RANKS):
            for _ in range(vec[i, rank]):
                res[k] = min(rank + 1, 10) % 10  # A 1, 2..9, 10/J/Q/K/jokers 10 → residue
                k += 1
            if vec[i, rank] > 0:
                top[i] = rank
            w *= binom[cap[rank], vec[i, rank]]
        cat[i] = category_of_residues(res[0], res[1], res[2], res[3], res[4])
        ways[i] = w
    return vec, cat, top, ways


@njit(cache=True, nogil=True)
def pair_outcomes(cap):
    """``counts[banker category, player category, class]`` over all ordered disjoint pairs."""
    binom = binomials(8, 8)
    vec, cat, top, ways = rank_multisets(cap)
    m = vec.shape[0]
    # support lists of each multiset: (rank, count) pairs
    sup_r = np.zeros((m, 5), np.int64)
    sup_c = np.zeros((m, 5), np.int64)
    sup_n = np.zeros(m, np.int64)
    for i in range(m):
        for rank in range(N_RANKS):
            if vec[i, rank] > 0:
                sup_r[i, sup_n[i]] = rank
                sup_c[i, sup_n[i]] = vec[i, rank]
                sup_n[i] += 1
    counts = np.zeros((11, 11, N_CLASSES), np.int64)
    for x in range(m):  # 庄家's multiset
        cx, tx, wx = cat[x], top[x], ways[x]
        for y in range(m):  # 闲家's multiset
            w = wx
            for k in range(sup_n[y]):
                rank = sup_r[y, k]
                left = cap[rank] - vec[x, rank]
                if sup_c[y, k] > left:
                    w = 0
                    break
                w *= binom[left, sup_c[y, k]]
            if w == 0:
                continue
            cy, ty = cat[y], top[y]
            if cx != cy:
                counts[cx, cy, PLAYER_BY_CATEGORY if cy > cx else BANKER_BY_CATEGORY] += w
                continue
            low = tx <= Q_RANK and ty <= Q_RANK
            p_cls = Q_RULE_PLAYER_HIGHER if low else PLAYER_BY_CARD
            b_cls = Q_RULE_BANKER_HIGHER if low else BANKER_BY_CARD
            if tx != ty:
                counts[cx, cy, p_cls if ty > tx else b_cls] += w
            else:  # same top rank: split by who holds its best suit
                a, b = vec[x, tx], vec[y, tx]
                both = binom[cap[tx], a] * binom[cap[tx] - a, b]
                rest = w // both
                counts[cx, cy, p_cls] += rest * binom[cap[tx], a + b] * binom[a + b - 1, b - 1]
                counts[cx, cy, b_cls] += rest * binom[cap[tx], a + b] * binom[a + b - 1, a - 1]
    return counts
