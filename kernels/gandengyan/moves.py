"""Move records of 干瞪眼 (rules/gandengyan.md); constants only, no numba.

Hand encoding: rank counts ``c[16]``, ``c[0..12]`` natural cards of rank 3..2 (``kernels.cards``
rank index), ``c[JOKER]`` = ``c[15]`` the jokers held (the wild nibble of ``kernels.hand``);
``c[13]`` and ``c[14]`` stay 0. 小王 and 大王 are the same wild card in every variant; the one
pattern that names them, 双王 (BJ + SJ), is two jokers of a one-deck pack.

A move is one row of an int64 array with ``MOVE_FIELDS`` = 7 columns, the climbing engine's
record shape (``kernels.moves``)::

    (kind, rank, size, wilds, suit, chain, cards)

kind   pattern id below (PASS = 0)
rank   the rank the play counts as: the single/pair/trio/bomb rank with the jokers standing for
       it, or the **top** rank of a chain (chains never hold a 2); -1 for 双王
size   number of cards played, jokers included
wilds  jokers played
suit   always -1 (suits never matter)
chain  consecutive ranks of a chain (straight length, pairs of a 连对, trios of a 三连对); 1 otherwise
cards  packed counts of the **natural** cards played, 4 bits per rank index (rank r at bits
       4r..4r+3); with ``wilds`` it fixes exactly what leaves the hand. Each joker completion is
       its own record: 4, 5, joker → 345 (cards {4, 5}, wilds 1) and 456 (the same cards, rank 6)

Kind ids are the climbing family's one table (``kernels.climb.moves``); this module says which
干瞪眼 has and what it calls them.
"""

from __future__ import annotations

from kernels.climb.moves import (  # noqa: F401  (the family's kind ids and packed counts, re-exported)
    BOMB, JOKER_BOMB, MOVE_FIELDS, PAIR, PAIR_CHAIN, PASS, SINGLE, STRAIGHT, TRIO_CHAIN, TRIPLE, pack_counts,
    unpack_counts,
)

JOKER = 15  # index of the jokers in a hand's count vector
R_TWO = 12
R_ACE = 11

# log-only records (never generated, never played): a card drawn from the stock at a trick's end
# (its physical id is the logged card), and a leader holding only jokers passing the lead on
DRAW = 30
LEAD_PASS = 31

KIND_NAMES_ZH = {PASS: "不出", SINGLE: "单张", PAIR: "对子", TRIPLE: "三张", BOMB: "炸弹", JOKER_BOMB: "双王炸弹",
                 STRAIGHT: "顺子", PAIR_CHAIN: "连对", TRIO_CHAIN: "三连对"}

