"""Move records of the climbing-game engine, and every climbing game's move kinds (one id table).

A move is a small integer record, stored as one row of an ``int64`` array with ``MOVE_FIELDS``
columns, never as a Python object inside a kernel::

    (kind, rank, size, wilds, suit, chain, kickers)

kind   pattern id below (PASS = 0); the ids are one table for the family, and each game says
       which kinds it has, how they compare and what it calls them (its ``moves`` module)
rank   top rank index of the pattern (see ``kernels.cards``); -1 where rank does not matter
       (王炸, 五十K). An all-wild group counts as rank 0 (the 3s); a lone wild single takes the
       ruleset's ``wild_single_value``.
size   number of cards played
wilds  number of wild cards (癞子) used
suit   for 五十K: 0..3 = 正五十K of ♠ ♥ ♣ ♦, 4 = 杂五十K; -1 otherwise
chain  number of consecutive ranks for chain patterns (顺子, 连对, 飞机); 1 otherwise
kickers  packed rank counts (kernels.hand encoding, 4 bits per rank) of attached kicker cards
       (三带一, 四带二, airplane wings); 0 when the pattern has none

Which physical cards realise a move is decided separately, by the game's own kernels where the
copy played matters (for 正五十K suits, or a called card that reveals a partner).
"""

from __future__ import annotations

import numpy as np

MOVE_FIELDS = 7
F_KIND, F_RANK, F_SIZE, F_WILDS, F_SUIT, F_CHAIN, F_KICKERS = range(7)

PASS = 0
SINGLE = 1  # 单张
PAIR = 2  # 对
TRIPLE = 3  # 三条 (no kicker)
BOMB = 4  # n >= 4 of one rank, naturals + wilds (普通炸弹)
JOKER_BOMB = 5  # 王炸: natural 大王 + 小王
FIFTY_K = 6  # 五十K: one 5 + one 10 + one K
STRAIGHT = 7  # 单顺 / 顺子: consecutive singles
PAIR_CHAIN = 8  # 双顺 / 连对 / 姐妹对: consecutive pairs
TRIO_CHAIN = 9  # 三顺 / 三连 / 飞机不带: consecutive trios, no wings
TRIO_SINGLE = 10  # 三带一
TRIO_PAIR = 11  # 三带二 / 三带对
AIRPLANE_SINGLES = 12  # 飞机带翅膀: n trios + n single wings
AIRPLANE_PAIRS = 13  # 飞机带翅膀: n trios + n pair wings
FOUR_TWO_SINGLES = 14  # 四带二 (two singles), not a bomb
FOUR_TWO_PAIRS = 15  # 四带二对 (two pairs), not a bomb
TIANWANG = 16  # 天王炸: all four jokers of two decks
SANWANG = 17  # 三王: three jokers
LIANZHA = 18  # 连炸: bombs of the same card count on consecutive ranks
THREE_BOMB = 19  # a three-card bomb of one named rank (a 3Q bomb), alone or with one single
FOUR_THREE = 20  # 四带三: four + one pair + one single, not a bomb

KIND_NAMES = {
    PASS: "pass",
    SINGLE: "single",
    PAIR: "pair",
    TRIPLE: "triple",
    BOMB: "bomb",
    JOKER_BOMB: "wangzha",
    FIFTY_K: "510k",
}
KIND_NAMES_ZH = {
    PASS: "不出",
    SINGLE: "单张",
    PAIR: "对",
    TRIPLE: "三条",
    BOMB: "炸弹",
    JOKER_BOMB: "王炸",
    FIFTY_K: "五十K",
}
SUIT_ZA = 4  # 杂五十K


def empty_moves(rows: int) -> np.ndarray:
    """A zeroed move buffer of ``rows`` records (the games size it: their ``MAX_MOVES`` or
    ``max_moves``)."""
    return np.zeros((rows, MOVE_FIELDS), np.int64)


def pack_counts(counts) -> int:
    """Packed rank counts (4 bits per rank index, rank r at bits 4r..4r+3): a record's cards or
    kickers field, from a count vector."""
    packed = 0
    for r, c in enumerate(counts):
        if not 0 <= c < 16:
            raise ValueError(f"rank count out of range: {c}")
        packed |= int(c) << (4 * r)
    return packed


def unpack_counts(packed: int, n_ranks: int = 15) -> tuple:
    """Inverse of ``pack_counts``: a tuple of ``n_ranks`` counts."""
    return tuple((int(packed) >> (4 * r)) & 15 for r in range(n_ranks))


def chain_pos(top_rank: int) -> int:
    """Chain position of a chain's top card (``kernels.climb.gen.pos_rank`` is the inverse): a 2 on
    top only ends an A-low chain (A2 is never a top above 3), so rank 12 → 1; ranks 3..A → rank + 2."""
    return 1 if top_rank == 12 else top_rank + 2


def pos_rank(pos: int) -> int:
    """Rank index at a chain position: 0 = the low A, 1 = the low 2, p >= 2 = rank p - 2."""
    return 11 if pos == 0 else 12 if pos == 1 else pos - 2
