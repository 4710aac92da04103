"""仙居红五 card order (spec §4, XJ-5, XJ-6) as a ``kernels.trick.order`` table.

Trumps, high to low: ♥5 (红五, whatever the trump suit), 大王, 小王, 正参谋 (3 of the trump
suit), 副参谋 (3 of the same-colour suit: ♠↔♣, ♥↔♦), 正10, 副10 (the other three 10s, equal),
then the trump suit A K Q J 9 8 7 6 (5) 4 2. Side suits: A..2 without the 10, the 副参谋 3 and ♥5.

Adjacency (``ADJ_SKIP_REMOVED`` = XJ-6, default): every strength level is one step, so 9-J are
adjacent (10 removed), BJ-SJ-正参-副参-正10-副10-trump A chain and ♥5 pairs chain with 大王 pairs;
two 副10 pairs share a step and are never adjacent. ``ADJ_NATURAL``: only natural neighbours of
one suit, 大王-小王 adjacent, the special cards never chain.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.trick.order import BJ_KIND, CLS_TRUMP, N_KINDS, SJ_KIND, fill_order

ADJ_SKIP_REMOVED, ADJ_NATURAL = 0, 1
HEART5_KIND = np.int64(2 * 4 + 1)  # rank index 2 (5), suit 1 (♥); a numpy scalar (passed to kernels)
R3, R10 = 0, 7


@njit(cache=True, nogil=True)
def partner_suit(suit):
    """The 副参谋 suit: ♠0↔♣2, ♥1↔♦3."""
    return (suit + 2) % 4


@njit(cache=True, nogil=True)
def build_order(ot, trump, adjacency):
    kcls = np.full(N_KINDS, -1, np.int64)
    kstr = np.zeros(N_KINDS, np.int64)
    kadj = np.zeros(N_KINDS, np.int64)
    natural = adjacency == ADJ_NATURAL
    fu = partner_suit(trump)
    special = np.zeros(N_KINDS, np.bool_)
    special[HEART5_KIND] = True
    special[SJ_KIND] = True
    special[BJ_KIND] = True
    for suit in range(4):
        special[R10 * 4 + suit] = True
    special[R3 * 4 + trump] = True
    special[R3 * 4 + fu] = True
    # ordinary cards: by natural value inside each suit, strengths numbered from 0 without gaps
    n_trump_plain = 0
    for suit in range(4):
        n = 0
        for nv in range(13):
            k = ((nv + 12) % 13) * 4 + suit  # natural value -> rank index
            if special[k]:
                continue
            kcls[k] = CLS_TRUMP if suit == trump else suit
            kstr[k] = n
            kadj[k] = nv if natural else n
            n += 1
        if suit == trump:
            n_trump_plain = n
    m = n_trump_plain
    for suit in range(4):
        k = R10 * 4 + suit
        kcls[k] = CLS_TRUMP
        if suit == trump:
            kstr[k] = m + 1
            kadj[k] = 30 if natural else m + 1
        else:
            kstr[k] = m
            kadj[k] = 20 + 2 * suit if natural else m
    tops = (R3 * 4 + fu, R3 * 4 + trump, SJ_KIND, BJ_KIND, HEART5_KIND)
    nat_adj = (34, 36, 40, 41, 44)
    for i in range(5):
        k = tops[i]
        kcls[k] = CLS_TRUMP
        kstr[k] = m + 2 + i
        kadj[k] = nat_adj[i] if natural else m + 2 + i
    fill_order(ot, kcls, kstr, kadj)
