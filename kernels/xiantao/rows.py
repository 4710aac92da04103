"""Raw-fact row layout of one 仙桃千分 hand (``kernels.xiantao.play``) and the per-play facts the
shared turn loop (``kernels.climb.loop``) records for that family: 明鸡, bombs by ladder level, 喜 earned
by playing them.
"""

from __future__ import annotations

from numba import njit

from kernels.xiantao.layout import CENSUS_FEATURES, N_SEATS, PLAY
from kernels.climb.moves import BOMB, F_KIND, F_RANK, F_SIZE, F_WILDS, JOKER_BOMB

# offsets of the raw facts in ``row`` (int64), each field declared (and explained) in kernels.xiantao.layout
ROW_MODE, ROW_BANKER, ROW_HARD_SEAT, ROW_HARD_ASKED = map(PLAY.at, ("mode", "banker", "hard_seat", "hard_asked"))
ROW_CALL_CARD, ROW_CALL_PICK, ROW_RECALLS, ROW_PARTNER = map(PLAY.at, ("call_card", "call_pick", "recalls", "partner"))
ROW_PUBLIC, ROW_MINGJI, ROW_REDEALS = map(PLAY.at, ("partner_public", "mingji_trick", "redeals"))
ROW_N_TRICKS, ROW_N_JIEFENG, ROW_N_TURNS, ROW_ENDED_BY = map(PLAY.at, ("n_tricks", "n_jiefeng", "n_turns", "ended_by"))
# per seat: + seat
ROW_FINISH, ROW_CAPTURED, ROW_UNPLAYED, ROW_PLAYS = map(PLAY.at, ("finish", "captured", "unplayed", "plays"))
ROW_XI_WANGZHA, ROW_XI_SEVEN, ROW_XI_EIGHT = map(PLAY.at, ("xi_wangzha", "xi_seven", "xi_eight"))
ROW_LEFT_MAX_BOMB, ROW_LEFT_WANGZHA, ROW_BIG_WHOLE = map(PLAY.at, ("left_max_bomb", "left_wangzha", "big_whole"))
ROW_BOMBS = PLAY.at("bombs")  # + level - 1 for ladder levels 1..19
ROW_FEATURES = PLAY.at(CENSUS_FEATURES[0])  # + feature * N_SEATS + seat: census features of the deal
ROW_LEN = PLAY.length
assert all(PLAY.at(f) == ROW_FEATURES + i * N_SEATS for i, f in enumerate(CENSUS_FEATURES))


@njit(cache=True, nogil=True)
def other_copy(card):
    """The same (rank, suit) in the other deck (two-deck packs: ids c and c ± 54)."""
    if card >= 108:
        return -1
    return card + 54 if card < 54 else card - 54


@njit(cache=True, nogil=True)
def note_xi_play(seat, move, dealt_wz, dealt_counts, by_play, row):
    """A 7张/8张 played whole: one bomb holding every natural card of a rank the seat was dealt 7 (or
    8, two decks' worth) of. With ``by_play`` (bonus_requires_play) a 喜 counts when its holder
    plays it: that bomb's 7张/8张, or the 王炸 he was dealt."""
    if by_play and move[F_KIND] == JOKER_BOMB and move[F_WILDS] == 0 and dealt_wz[seat] == 1:
        row[ROW_XI_WANGZHA + seat] = 1
    if move[F_KIND] == BOMB:
        dealt = dealt_counts[seat, move[F_RANK]]
        if dealt >= 7 and move[F_SIZE] - move[F_WILDS] == dealt:
            row[ROW_BIG_WHOLE + seat] += 1
            if by_play:
                row[(ROW_XI_SEVEN if dealt == 7 else ROW_XI_EIGHT) + seat] += 1


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
