"""Raw-fact row layout of one 仙桃千分 hand (``kernels.xiantao.play``) and the per-play facts the
shared turn loop (``kernels.climb.loop``) records for that family: 明鸡, bombs by ladder level, 喜 earned
by playing them.
"""

from __future__ import annotations

from numba import njit

from kernels.xiantao.layout import CENSUS_FEATURES, N_SEATS, PLAY
from kernels.climb.moves import BOMB, F_KIND, F_RANK, F_SIZE, F_WILDS, JOKER_BOMB

# offsets of the raw facts in ``out_rows[game, ROW_*]`` (int64), declared in kernels.xiantao.layout
ROW_MODE = PLAY.at("mode")  # 0 call (叫牌), 1 hard (硬牌)
ROW_BANKER = PLAY.at("banker")
ROW_HARD_SEAT = PLAY.at("hard_seat")  # -1 unless 硬牌
ROW_HARD_ASKED = PLAY.at("hard_asked")  # seats asked before someone declared (or all 4)
ROW_CALL_CARD = PLAY.at("call_card")  # physical id of 庄家's copy, -1 in 硬牌
ROW_CALL_PICK = PLAY.at("call_pick")  # the drawn pick index (for the reference check)
ROW_RECALLS = PLAY.at("recalls")
ROW_PARTNER = PLAY.at("partner")  # -1 in 硬牌
ROW_PUBLIC = PLAY.at("partner_public")  # 1 if the partnership was public from the start
ROW_MINGJI = PLAY.at("mingji_trick")  # 0-based trick of 明鸡, -1 never
ROW_REDEALS = PLAY.at("redeals")
ROW_FINISH = PLAY.at("finish")  # +seat: place 1..4, 0 still holding cards
ROW_CAPTURED = PLAY.at("captured")  # +seat
ROW_UNPLAYED = PLAY.at("unplayed")  # +seat
ROW_PLAYS = PLAY.at("plays")  # +seat: moves played (passes excluded)
ROW_XI_WANGZHA = PLAY.at("xi_wangzha")  # +seat: 喜 counted
ROW_XI_SEVEN = PLAY.at("xi_seven")  # +seat
ROW_XI_EIGHT = PLAY.at("xi_eight")  # +seat
ROW_N_TRICKS = PLAY.at("n_tricks")
ROW_N_JIEFENG = PLAY.at("n_jiefeng")
ROW_N_TURNS = PLAY.at("n_turns")
ROW_ENDED_BY = PLAY.at("ended_by")
ROW_LEFT_MAX_BOMB = PLAY.at("left_max_bomb")  # +seat
ROW_LEFT_WANGZHA = PLAY.at("left_wangzha")  # +seat
ROW_BIG_WHOLE = PLAY.at("big_whole")  # +seat
ROW_SEARCH_DECISIONS = PLAY.at("search_decisions")  # +seat
ROW_SEARCH_AGREE = PLAY.at("search_agree")  # +seat
ROW_SEARCH_ROLLOUTS = PLAY.at("search_rollouts")  # +seat
ROW_BOMBS = PLAY.at("bombs")  # +level-1 for levels 1..19
ROW_FEATURES = PLAY.at(CENSUS_FEATURES[0])  # + feature * N_SEATS + seat: census features of the deal
ROW_LEN = PLAY.length
assert all(PLAY.at(f) == ROW_FEATURES + i * N_SEATS for i, f in enumerate(CENSUS_FEATURES))


@njit(cache=True, nogil=True)
def other_copy(card, n_ids):
    """The same (rank, suit) in the other deck (two-deck packs: ids c and c ± 54)."""
    if card >= 108:
        return -1
    return card + 54 if card < 54 else card - 54


@njit(cache=True, nogil=True)
def note_big_whole(seat, move, dealt_counts, row):
    """A 7张/8张 played whole: one bomb holding every natural card of the rank the seat was dealt 7+ of."""
    if move[F_KIND] == BOMB:
        dealt = dealt_counts[seat, move[F_RANK]]
        if dealt >= 7 and move[F_SIZE] - move[F_WILDS] == dealt:
            row[ROW_BIG_WHOLE + seat] += 1


@njit(cache=True, nogil=True)
def note_left(counts, joker_bomb, row):
    """What each seat still holds at the end: its largest bomb and 王炸 (``left_*`` facts)."""
    for s in range(counts.shape[0]):
        best = 0
        for r in range(13):
            best = max(best, counts[s, r])
        best += counts[s, 15]
        row[ROW_LEFT_MAX_BOMB + s] = best if best >= 4 else 0
        row[ROW_LEFT_WANGZHA + s] = 1 if (joker_bomb and counts[s, 13] > 0 and counts[s, 14] > 0) else 0


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
