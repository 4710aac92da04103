"""八十分 card order (spec §3, TR-3) as a ``kernels.trick.order`` table.

Level ``level`` is the natural value of the level rank (0 = "2", 1 = "3", ..., 12 = "A"); the
trump suit ``trump`` is 0..3 (♠♥♣♦). Trumps, high to low: 大王, 小王, the level card of the trump
suit (主级), the level cards of the other suits (副级, equal), the trump suit A..2 without the
level rank. Side suits: A..2 without the level rank.

Adjacency (``ADJ_SKIP_LEVEL`` = TR-3, default): every strength level is one step, so with the
level rank removed 8♥-6♥ (level 7) are adjacent, and BJ-SJ-主级-副级-trump A chain; two 副级 of
different suits share a step and are never adjacent. ``ADJ_NATURAL``: only natural neighbours of
one suit (the removed level rank breaks a chain), 大王-小王 stay adjacent, level cards never chain.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.trick.order import BJ_KIND, CLS_TRUMP, N_KINDS, SJ_KIND, fill_order, natural_value

ADJ_SKIP_LEVEL, ADJ_NATURAL = 0, 1


@njit(cache=True, nogil=True)
def level_kind(level, suit):
    """Kind id of the level-rank card of ``suit`` (level 0 = "2" is rank index 12)."""
    rank_index = 12 if level == 0 else level - 1
    return rank_index * 4 + suit


@njit(cache=True, nogil=True)
def build_order(ot, level, trump, adjacency):
    kcls = np.empty(N_KINDS, np.int64)
    kstr = np.empty(N_KINDS, np.int64)
    kadj = np.empty(N_KINDS, np.int64)
    natural = adjacency == ADJ_NATURAL
    for k in range(52):
        suit = k % 4
        nv = natural_value(k)
        if nv == level:
            kcls[k] = CLS_TRUMP
            if suit == trump:
                kstr[k] = 13
                kadj[k] = 32 if natural else 13
            else:
                kstr[k] = 12
                kadj[k] = 20 + 2 * suit if natural else 12
            continue
        s = nv if nv < level else nv - 1
        kcls[k] = CLS_TRUMP if suit == trump else suit
        kstr[k] = s
        kadj[k] = nv if natural else s
    kcls[SJ_KIND] = CLS_TRUMP
    kstr[SJ_KIND] = 14
    kadj[SJ_KIND] = 40 if natural else 14
    kcls[BJ_KIND] = CLS_TRUMP
    kstr[BJ_KIND] = 15
    kadj[BJ_KIND] = 41 if natural else 15
    fill_order(ot, kcls, kstr, kadj)
