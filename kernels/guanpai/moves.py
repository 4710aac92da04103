"""Move records of 关牌 (rules/guanpai.md §3); constants only, no numba.

A move is one row of an int64 array with ``MOVE_FIELDS`` = 7 columns, the climbing engine's
record shape (``kernels.moves``)::

    (kind, rank, size, wilds, suit, chain, cards)

kind   pattern id below (PASS = 0)
rank   the main rank index (``kernels.cards``: 0:3 .. 11:A 12:2): the single/pair/trio/four rank,
       the 3-card bomb's rank (Q or A), or the **top** card of a chain. A straight through a low
       ace (option ``as_straights``: A2345, 23456) keeps its top card's rank; compare chain tops
       with ``chain_pos``.
size   number of cards played (a bomb with its single is 5, the 3Q bomb with one is 4)
wilds  always 0 (关牌 has no wild cards)
suit   always -1 (suits never matter: "只比点数不考虑花色")
chain  consecutive main ranks: straight length, pairs of a 姐妹对, trios of a 三连; 1 otherwise
cards  packed rank counts of **every** card the move plays, 4 bits per rank index (rank r at
       bits 4r..4r+3, ``pack_counts``): kickers included, so removing a move from a hand is one
       subtraction per rank and two moves are equal exactly when their records are equal

Kind ids are the climbing family's one table (``kernels.climb.moves``); this module says which
关牌 has and what it calls them.
"""

from __future__ import annotations

from kernels.climb.moves import (  # noqa: F401  (the family's kind ids and record helpers, re-exported)
    BOMB, FOUR_THREE, MOVE_FIELDS, PAIR, PAIR_CHAIN, PASS, SINGLE, STRAIGHT, THREE_BOMB, TRIO_CHAIN, TRIO_PAIR, TRIPLE,
    chain_pos, pack_counts, pos_rank, unpack_counts,
)

KIND_NAMES_ZH = {
    PASS: "不出", SINGLE: "单张", PAIR: "对子", TRIPLE: "三张", BOMB: "炸弹", STRAIGHT: "顺子", PAIR_CHAIN: "姐妹对",
    TRIO_CHAIN: "三连", TRIO_PAIR: "三带二", THREE_BOMB: "3张炸弹", FOUR_THREE: "四带三",
}
