"""Move records of 百变双扣: the engine's 7-field ``int64`` record with two fields renamed.

::

    (kind, rank, size, wilds, big, chain, wildas)

kind    ``SINGLE`` 1, ``PAIR`` 2, ``TRIPLE`` 3, ``BOMB`` 4 (>= 4 of one rank, naturals + wild
        jokers), ``STRAIGHT`` 7 (>= 5), ``PAIR_CHAIN`` 8 (连对, >= 3 pairs), ``TRIO_CHAIN`` 9 (连三同张,
        >= 3 triples), ``TIANWANG`` 16 (天王炸弹, the four jokers), ``SANWANG`` 17 (三王, three
        jokers), ``LIANZHA`` 18 (连炸, >= 3 bombs of equal size on consecutive ranks); ``PASS`` 0.
rank    top rank index (``kernels.cards``: 0:3 .. 11:A 12:2, 13 小王, 14 大王); a chain's highest
        rank; 13/14 for a joker single or a pair of identical jokers; -1 for 三王 and 天王
size    number of cards played
wilds   jokers standing for another rank (百变); 0 when every joker played is itself
big     (the ``suit`` slot) 大王 among the cards played, wild or not; the 小王 played are
        ``wilds - big`` in a combination with naturals, ``size - big`` in an all-joker play
chain   ranks in a chain (straight, 连对, 连三同张) or bombs in a 连炸; 1 otherwise
wildas  (the ``kickers`` slot) what the wild jokers stand for: packed rank counts, 4 bits per
        rank index 0..12 (``pack``); 0 without wilds

A record fixes the cards it plays (``movegen.move_cards``): naturals = the pattern's cards per rank
minus ``wildas``, plus the jokers. 相 (bomb strength, spec §4) of a bomb-class play: a bomb of n
cards is n相, a 连炸 of k bombs of n cards is (n + k)相, 三王 is the smallest 6相, 天王 the top play
or the smallest 7相 (``tianwang_rank``).
"""

from __future__ import annotations

from kernels.climb.moves import (  # noqa: F401  (the family's kind ids, re-exported)
    BOMB, LIANZHA, MOVE_FIELDS, PAIR, PAIR_CHAIN, PASS, SANWANG, SINGLE, STRAIGHT, TIANWANG, TRIO_CHAIN, TRIPLE,
)
from kernels.climb.moves import pack_counts as pack  # noqa: F401  (a record's wildas from 13 counts)

KIND_NAMES_ZH = {
    PASS: "不出", SINGLE: "单张", PAIR: "对子", TRIPLE: "三同张", BOMB: "炸弹", STRAIGHT: "顺子",
    PAIR_CHAIN: "连对", TRIO_CHAIN: "连三同张", TIANWANG: "天王炸弹", SANWANG: "三王", LIANZHA: "连炸",
}
