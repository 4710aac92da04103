"""Raw-fact row layout of one 仙桃千分 hand (``kernels.xiantao_play``) and the per-play facts the
shared turn loop (``kernels.climb``) records for that family: 明鸡, bombs by ladder level, 喜 earned
by playing them.
"""

from __future__ import annotations

from numba import njit

from kernels.census import N_CENSUS_FEATURES
from kernels.moves import BOMB, F_KIND, F_RANK, F_SIZE, F_WILDS, JOKER_BOMB

N_SEATS = 4

# raw facts of one hand, row layout of ``out_rows[game, ROW_*]`` (int64)
ROW_MODE = 0  # 0 call (叫牌), 1 hard (硬牌)
ROW_BANKER = 1
ROW_HARD_SEAT = 2  # -1 unless 硬牌
ROW_CALL_CARD = 3  # physical id of 庄家's copy, -1 in 硬牌
ROW_RECALLS = 4
ROW_PARTNER = 5  # -1 in 硬牌
ROW_MINGJI = 6  # 0-based trick of 明鸡, -1 never
ROW_PUBLIC = 7  # 1 if the partnership was public from the start (daguong_opposite, both copies)
ROW_N_TRICKS = 8
ROW_N_JIEFENG = 9
ROW_CALL_PICK = 10  # the drawn pick index (for the reference check)
ROW_REDEALS = 11
ROW_ENDED_BY = 12
ROW_N_TURNS = 13
ROW_FINISH = 14  # +seat: place 1..4, 0 still holding cards
ROW_CAPTURED = 18  # +seat
ROW_UNPLAYED = 22  # +seat
ROW_XI_WANGZHA = 26  # +seat: 喜 counted (dealt, or dealt and played if bonus_requires_play)
ROW_XI_SEVEN = 30  # +seat
ROW_XI_EIGHT = 34  # +seat
ROW_BOMBS = 38  # +level-1 for levels 1..19
ROW_PLAYS = 57  # +seat: moves played (passes excluded)
ROW_HARD_ASKED = 61  # seats asked before someone declared (or all 4)
ROW_FEATURES = 62  # + feature * 4 + seat: census features of the deal
ROW_LEN = ROW_FEATURES + N_CENSUS_FEATURES * N_SEATS


@njit(cache=True, nogil=True)
def other_copy(card, n_ids):
    """The same (rank, suit) in the other deck (two-deck packs: ids c and c ± 54)."""
    if card >= 108:
        return -1
    return card + 54 if card < 54 else card - 54


@njit(cache=True, nogil=True)
def earn_bonus(seat, move, dealt_wz, dealt_counts, row):
    """bonus_requires_play: a 喜 counts when its holder plays it (王炸, or a bomb of the 7张/8张)."""
    if move[F_KIND] == JOKER_BOMB and move[F_WILDS] == 0 and dealt_wz[seat] == 1:
        row[ROW_XI_WANGZHA + seat] = 1
    if move[F_KIND] == BOMB:
        nat = move[F_SIZE] - move[F_WILDS]
        dealt = dealt_counts[seat, move[F_RANK]]
        if dealt == 8 and nat >= 8:
            row[ROW_XI_EIGHT + seat] += 1
        elif dealt == 7 and nat >= 7:
            row[ROW_XI_SEVEN + seat] += 1
