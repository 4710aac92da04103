"""Raw-fact row of one landlord-family hand (``kernels.landlord_play``), and what the shared turn
loop (``kernels.climb``) records per play. Money is not computed here: ``sim.games.landlord_play``
scores these facts late (DESIGN principle 6).
"""

from __future__ import annotations

from numba import njit

from kernels.landlord_movegen import LL_TW_LIMIT, is_chain_kind, seq_pos
from kernels.landlord_moves import BOMB, ROCKET, TIANWANG

MAX_SEATS = 4
ROW_LANDLORD = 0  # -1: nobody bid (OpenSpiel all-pass hand, no score)
ROW_FIRST_BIDDER = 1
ROW_BID = 2  # winning bid / 档数 (1..3), 0 if nobody bid
ROW_QIANG = 3  # number of 抢地主
ROW_MINGPAI = 4  # 明牌 (斗地主) / 摊打 (上海)
ROW_REDEALS = 5  # all-pass redeals before this deal
ROW_WINNER = 6  # first player out (the landlord on 报到不打); -1 no game
ROW_LANDLORD_WON = 7
ROW_SPRING = 8  # 春天: landlord out, farmers played nothing
ROW_FANCHUN = 9  # 反春: a farmer out, the landlord played one hand only
ROW_BOMBS = 10  # bombs played (BOMB kind)
ROW_ROCKETS = 11
ROW_TIANWANG = 12
ROW_N_TRICKS = 13
ROW_N_TURNS = 14
ROW_TOULIAO = 15
ROW_MINGWANG = 16
ROW_BAODAO_SETS = 17  # 上海 报到 sets the landlord holds after the kitty (four jokers, each 7+ rank)
ROW_BAODAO = 18  # 0 none, 1 打, 2 不打
ROW_BLOCKED = 19  # turns on which the bomb limit took bombs away from a farmer
ROW_BIG_BOMBS = 20  # bombs of >= 7 cards played
ROW_N_TOKENS = 21
ROW_KITTY = 22  # +rank (15): the kitty's rank counts
ROW_SAID = 37  # +seat: first bid said (0 pass), -1 never asked
ROW_PLAYS = 41  # +seat: plays (passes excluded)
ROW_SEAT_BOMBS = 45  # +seat: bomb-class plays
ROW_LIMITED = 49  # +seat: plays counted against the 上海 bomb limit
ROW_DEALT = 53  # + seat * 15 + rank: the seat's dealt rank counts (before the kitty)
ROW_TOKENS = ROW_DEALT + MAX_SEATS * 15  # the bidding/declaration tokens in order (TOK_*)
MAX_TOKENS = 40
ROW_HUANGFAN = ROW_TOKENS + MAX_TOKENS  # 上海: consecutive all-pass deals right before this deal
ROW_BOMB_LIMIT = ROW_HUANGFAN + 1  # +seat: 上海 §2.1 bomb limit of the seat (-1 unlimited)
ROW_LOW_CHAINS = ROW_BOMB_LIMIT + MAX_SEATS  # 上海: chains played that use A-low or 2 (A2345.., 23456..)
ROW_LEN = ROW_LOW_CHAINS + 1

# ROW_BAODAO values
BAODAO_NONE, BAODAO_DA, BAODAO_BUDA = 0, 1, 2

# tokens: 0..3 bids (0 = pass), then these
TOK_QIANG, TOK_BUQIANG = 10, 11
TOK_MINGPAI, TOK_TANDA, TOK_BAODAO_DA, TOK_BAODAO_BUDA = 20, 21, 22, 23


@njit(cache=True, nogil=True, inline="always")
def landlord_after_play(seat, move, landlord, seat_flags, row, rules):
    """Facts of one play: plays per seat, bombs by kind, bombs counted for the 上海 limit."""
    row[ROW_PLAYS + seat] += 1
    kind = move[0]
    if is_chain_kind(kind) and seq_pos(move[1]) - move[5] + 1 <= 1:
        row[ROW_LOW_CHAINS] += 1
    if kind == BOMB or kind == ROCKET or kind == TIANWANG:
        row[ROW_SEAT_BOMBS + seat] += 1
        if kind == BOMB:
            row[ROW_BOMBS] += 1
            if move[2] >= 7:
                row[ROW_BIG_BOMBS] += 1
        elif kind == ROCKET:
            row[ROW_ROCKETS] += 1
        else:
            row[ROW_TIANWANG] += 1
        if kind == BOMB or (kind == TIANWANG and rules[LL_TW_LIMIT] != 0):
            seat_flags[3, seat] += 1
            row[ROW_LIMITED + seat] += 1


@njit(cache=True, nogil=True, inline="always")
def add_token(row, tok):
    k = row[ROW_N_TOKENS]
    if k < MAX_TOKENS:
        row[ROW_TOKENS + k] = tok
        row[ROW_N_TOKENS] = k + 1
