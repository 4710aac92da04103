"""Raw-fact row of one landlord-family hand (``kernels.landlord.play``), and what the shared turn
loop (``kernels.climb.loop``) records per play. Money is not computed here:
``sim.games.landlord.scoring`` scores these facts late (DESIGN principle 6).
"""

from __future__ import annotations

from numba import njit

from kernels.climb.loop import SF_BOMBS_USED

from kernels.landlord.movegen import LL_ROCKET, LL_TIANWANG, LL_TW_LIMIT, is_chain_kind, seq_pos
from kernels.landlord.layout import MAX_SEATS, MAX_TOKENS, PLAY  # noqa: F401
from kernels.landlord.moves import BOMB, ROCKET, TIANWANG

# offsets of the raw facts in ``out_rows[game, ROW_*]`` (int64), declared in kernels.landlord.layout
ROW_LANDLORD = PLAY.at("landlord")  # -1: nobody bid (OpenSpiel all-pass hand, no score)
ROW_FIRST_BIDDER = PLAY.at("first_bidder")
ROW_BID = PLAY.at("bid")  # winning bid / 档数 (1..3), 0 if nobody bid
ROW_QIANG = PLAY.at("qiang")  # number of 抢地主
ROW_MINGPAI = PLAY.at("mingpai")  # 明牌 (斗地主) / 摊打 (上海)
ROW_REDEALS = PLAY.at("redeals")  # all-pass redeals before this deal
ROW_WINNER = PLAY.at("winner")  # first player out (the landlord on 报到不打); -1 no game
ROW_LANDLORD_WON = PLAY.at("landlord_won")
ROW_SPRING = PLAY.at("spring")  # 春天: landlord out, farmers played nothing
ROW_FANCHUN = PLAY.at("fanchun")  # 反春: a farmer out, the landlord played one hand only
ROW_BOMBS = PLAY.at("bombs_played")  # bombs played (BOMB kind)
ROW_ROCKETS = PLAY.at("rockets_played")
ROW_TIANWANG = PLAY.at("tianwang_played")
ROW_N_TRICKS = PLAY.at("n_tricks")
ROW_N_TURNS = PLAY.at("n_turns")
ROW_TOULIAO = PLAY.at("touliao")
ROW_MINGWANG = PLAY.at("mingwang")
ROW_BAODAO_SETS = PLAY.at("baodao_sets")  # 上海 报到 sets the landlord holds after the kitty
ROW_BAODAO = PLAY.at("baodao")  # 0 none, 1 打, 2 不打
ROW_BLOCKED = PLAY.at("bomb_limit_blocks")  # turns on which the bomb limit took bombs away from a farmer
ROW_BIG_BOMBS = PLAY.at("big_bombs_played")  # bombs of >= 7 cards played
ROW_HUANGFAN = PLAY.at("huangfan")  # 上海: consecutive all-pass deals right before this deal
ROW_LOW_CHAINS = PLAY.at("low_chains_played")  # 上海: chains played that use A-low or 2
ROW_SAID = PLAY.at("said")  # +seat: first bid said (0 pass), -1 never asked
ROW_PLAYS = PLAY.at("plays")  # +seat: plays (passes excluded)
ROW_SEAT_BOMBS = PLAY.at("bombs")  # +seat: bomb-class plays
ROW_LIMITED = PLAY.at("limited_bombs")  # +seat: plays counted against the 上海 bomb limit
ROW_BOMB_LIMIT = PLAY.at("bomb_limit")  # +seat: 上海 §2.1 bomb limit of the seat (-1 unlimited)
ROW_LEFT_BOMBS = PLAY.at("left_bombs")  # +seat: ranks still held 4+ at the end
ROW_LEFT_MAX_BOMB = PLAY.at("left_max_bomb")  # +seat
ROW_LEFT_ROCKET = PLAY.at("left_rocket")  # +seat
ROW_LEFT_BEATS_LAST = PLAY.at("left_beats_last")  # +seat
ROW_SEARCH_DECISIONS = PLAY.at("search_decisions")  # +seat
ROW_SEARCH_AGREE = PLAY.at("search_agree")  # +seat
ROW_SEARCH_ROLLOUTS = PLAY.at("search_rollouts")  # +seat
ROW_KITTY = PLAY.at("kitty")  # +rank (15): the kitty's rank counts
ROW_DEALT = PLAY.at("dealt")  # + seat * 15 + rank: the seat's dealt rank counts (before the kitty)
ROW_N_TOKENS = PLAY.at("n_tokens")
ROW_TOKENS = PLAY.at("tokens")  # the bidding/declaration tokens in order (TOK_*)
ROW_LEN = PLAY.length

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
            seat_flags[SF_BOMBS_USED, seat] += 1
            row[ROW_LIMITED + seat] += 1


@njit(cache=True, nogil=True, inline="always")
def deal_at(s, n_seats):
    """Where seat ``s``'s dealt rank counts are in a row (``ROW_DEALT``); ``s = n_seats``: the kitty's."""
    return ROW_KITTY if s == n_seats else ROW_DEALT + s * 15


@njit(cache=True, nogil=True)
def add_token(row, tok):
    k = row[ROW_N_TOKENS]
    if k >= MAX_TOKENS:  # the auction and declarations are bounded well below this: a bug, not data
        raise ValueError("more auction tokens than the row holds (kernels.landlord.layout MAX_TOKENS)")
    row[ROW_TOKENS + k] = tok
    row[ROW_N_TOKENS] = k + 1


@njit(cache=True, nogil=True)
def note_left(seat, c, rules, beats_last, row):
    """What ``seat`` (rank counts ``c``) still holds at the end: bombs kept, the largest, 火箭 /
    天王炸, and whether a bomb-class play of its beat the hand's last play (``left_*`` facts)."""
    n_bombs, biggest = 0, 0
    for r in range(13):
        if c[r] >= 4:
            n_bombs += 1
            biggest = max(biggest, c[r])
    row[ROW_LEFT_BOMBS + seat] = n_bombs
    row[ROW_LEFT_MAX_BOMB + seat] = biggest
    rocket = (rules[LL_ROCKET] != 0 and c[13] >= 1 and c[14] >= 1) or (rules[LL_TIANWANG] != 0 and c[13] >= 2
                                                                         and c[14] >= 2)
    row[ROW_LEFT_ROCKET + seat] = 1 if rocket else 0
    row[ROW_LEFT_BEATS_LAST + seat] = 1 if beats_last else 0


@njit(cache=True, nogil=True)
def end_facts(landlord, hand_left, n_tricks, n_turns, row):
    """Facts of a hand whose tricks are over: the winner (first out), 春天 and 反春, its length."""
    winner = -1
    for s in range(hand_left.shape[0]):
        if hand_left[s] == 0:
            winner = s
    row[ROW_WINNER] = winner
    won = winner == landlord
    row[ROW_LANDLORD_WON] = 1 if won else 0
    farmers_played = 0
    for s in range(hand_left.shape[0]):
        if s != landlord:
            farmers_played += row[ROW_PLAYS + s]
    row[ROW_SPRING] = 1 if (won and farmers_played == 0) else 0
    row[ROW_FANCHUN] = 1 if ((not won) and row[ROW_PLAYS + landlord] == 1) else 0
    row[ROW_N_TRICKS] = n_tricks
    row[ROW_N_TURNS] = n_turns
