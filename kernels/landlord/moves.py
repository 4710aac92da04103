"""Move kinds of the landlord family (斗地主 3p/4p, 上海三打一); constants only, no numba.

The kind ids are the family's (``kernels.climb.moves``); this module says which the 斗地主 games have. A landlord
move is the same 7-field record ``(kind, rank, size, wilds, suit, chain, kickers)``:

rank     top rank index (``kernels.cards``) of the main part: the single/pair/trio/four rank, or
         the highest card of a chain. For 上海三打一 chains on the A-low sequence the top card is
         what it is (5 for A2345, 2 for AAA222); compare chain tops with ``seq_pos``.
         -1 for the joker bombs (火箭, 天王炸), where rank does not matter.
size     number of cards played (a bomb of n cards has size n).
wilds    always 0 (no wild cards in these games).
suit     always -1 (suits never matter).
chain    number of consecutive main ranks (straight length, pairs in a 双顺, trios in a 飞机);
         1 for non-chain patterns.
kickers  packed rank counts of the kicker cards (三带一/三带二, 飞机 wings, 四带二): 4 bits per rank
         index, rank r at bits 4r..4r+3 (``pack_counts``); 0 when the pattern has none.

The rocket (火箭, one BJ + one SJ) is the same card shape as 仙桃千分's 王炸, so it reuses
``JOKER_BOMB`` (= ``ROCKET``); the game's beat rule, not the kind id, says what it beats.
"""

from __future__ import annotations

from kernels.climb.moves import (  # noqa: F401  (the family's kind ids, re-exported for one-stop imports)
    AIRPLANE_PAIRS, AIRPLANE_SINGLES, BOMB, FOUR_TWO_PAIRS, FOUR_TWO_SINGLES, JOKER_BOMB, PAIR, PAIR_CHAIN, PASS, SINGLE,
    STRAIGHT, TIANWANG, TRIO_CHAIN, TRIO_PAIR, TRIO_SINGLE, TRIPLE, chain_pos, pack_counts, unpack_counts,
)

ROCKET = JOKER_BOMB  # 5: 火箭 / 王炸, one 大王 + one 小王

CHAIN_KINDS = (STRAIGHT, PAIR_CHAIN, TRIO_CHAIN, AIRPLANE_SINGLES, AIRPLANE_PAIRS)

# the kinds the landlord games have, by their names in the replay
LANDLORD_KIND_NAMES_ZH = {
    PASS: "不出",
    SINGLE: "单张",
    PAIR: "对子",
    TRIPLE: "三张",
    BOMB: "炸弹",
    ROCKET: "火箭",
    STRAIGHT: "单顺",
    PAIR_CHAIN: "双顺",
    TRIO_CHAIN: "三顺",
    TRIO_SINGLE: "三带一",
    TRIO_PAIR: "三带二",
    AIRPLANE_SINGLES: "飞机带单",
    AIRPLANE_PAIRS: "飞机带对",
    FOUR_TWO_SINGLES: "四带二",
    FOUR_TWO_PAIRS: "四带二对",
    TIANWANG: "天王炸",
}

# 上海三打一 sequence positions: A(low)=0, 2=1, 3=2, ..., K=12, A(high)=13. In 斗地主 chains stay
# within 3..A, where seq_pos is rank + 2, so one comparison serves both games. ``seq_pos`` is the
# family's ``chain_pos``; records pack kickers with the family's ``pack_counts``.
seq_pos = chain_pos
