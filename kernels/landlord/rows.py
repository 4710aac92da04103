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

# ``ROW_<FIELD>``: the offset of each field of ``kernels.landlord.layout.PLAY`` in ``out_rows[game, :]``
# (int64); the fields' docs say what each holds. A per-seat field's seat k is at ``+ k``;
# ``ROW_KITTY + rank`` (15 ranks), ``ROW_DEALT + seat * 15 + rank``.
ROW_LANDLORD = PLAY.at("landlord")
ROW_FIRST_BIDDER = PLAY.at("first_bidder")
ROW_BID = PLAY.at("bid")
ROW_QIANG = PLAY.at("qiang")
ROW_MINGPAI = PLAY.at("mingpai")
ROW_REDEALS = PLAY.at("redeals")
ROW_WINNER = PLAY.at("winner")
ROW_LANDLORD_WON = PLAY.at("landlord_won")
ROW_SPRING = PLAY.at("spring")
ROW_FANCHUN = PLAY.at("fanchun")
ROW_BOMBS_PLAYED = PLAY.at("bombs_played")
ROW_ROCKETS_PLAYED = PLAY.at("rockets_played")
ROW_TIANWANG_PLAYED = PLAY.at("tianwang_played")
ROW_N_TRICKS = PLAY.at("n_tricks")
ROW_N_TURNS = PLAY.at("n_turns")
ROW_TOULIAO = PLAY.at("touliao")
ROW_MINGWANG = PLAY.at("mingwang")
ROW_BAODAO_SETS = PLAY.at("baodao_sets")
ROW_BAODAO = PLAY.at("baodao")
ROW_BOMB_LIMIT_BLOCKS = PLAY.at("bomb_limit_blocks")
ROW_BIG_BOMBS_PLAYED = PLAY.at("big_bombs_played")
ROW_HUANGFAN = PLAY.at("huangfan")
ROW_LOW_CHAINS_PLAYED = PLAY.at("low_chains_played")
ROW_SAID = PLAY.at("said")
ROW_PLAYS = PLAY.at("plays")
ROW_BOMBS = PLAY.at("bombs")
ROW_LIMITED_BOMBS = PLAY.at("limited_bombs")
ROW_BOMB_LIMIT = PLAY.at("bomb_limit")
ROW_LEFT_BOMBS = PLAY.at("left_bombs")
ROW_LEFT_MAX_BOMB = PLAY.at("left_max_bomb")
ROW_LEFT_ROCKET = PLAY.at("left_rocket")
ROW_LEFT_BEATS_LAST = PLAY.at("left_beats_last")
ROW_SEARCH_DECISIONS = PLAY.at("search_decisions")
ROW_SEARCH_AGREE = PLAY.at("search_agree")
ROW_SEARCH_ROLLOUTS = PLAY.at("search_rollouts")
ROW_KITTY = PLAY.at("kitty")
ROW_DEALT = PLAY.at("dealt")
ROW_N_TOKENS = PLAY.at("n_tokens")
ROW_TOKENS = PLAY.at("tokens")
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
        row[ROW_LOW_CHAINS_PLAYED] += 1
    if kind == BOMB or kind == ROCKET or kind == TIANWANG:
        row[ROW_BOMBS + seat] += 1
        if kind == BOMB:
            row[ROW_BOMBS_PLAYED] += 1
            if move[2] >= 7:
                row[ROW_BIG_BOMBS_PLAYED] += 1
        elif kind == ROCKET:
            row[ROW_ROCKETS_PLAYED] += 1
        else:
            row[ROW_TIANWANG_PLAYED] += 1
        if kind == BOMB or (kind == TIANWANG and rules[LL_TW_LIMIT] != 0):
            seat_flags[SF_BOMBS_USED, seat] += 1
            row[ROW_LIMITED_BOMBS + seat] += 1


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
    winner, farmers_played = -1, 0
    for s in range(hand_left.shape[0]):
        if hand_left[s] == 0:
            winner = s
        if s != landlord:
            farmers_played += row[ROW_PLAYS + s]
    row[ROW_WINNER] = winner
    won = winner == landlord
    row[ROW_LANDLORD_WON] = 1 if won else 0
    row[ROW_SPRING] = 1 if (won and farmers_played == 0) else 0
    row[ROW_FANCHUN] = 1 if ((not won) and row[ROW_PLAYS + landlord] == 1) else 0
    row[ROW_N_TRICKS] = n_tricks
    row[ROW_N_TURNS] = n_turns
