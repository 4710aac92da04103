"""The climbing engine's turn loop, shared by every climbing game (DESIGN principle 2).

One turn of a trick-based climbing game: the seat to act generates its legal moves, its player
picks one (or passes), the cards leave the hand, the trick ends when every other active player has
passed since the last play, and the hand ends by the game's end rule. The shared steps are
``record_pass``, ``after_play`` (the move tops the trick, a player out takes his place, the end
rule) and ``advance`` (trick end, 接风, next seat); each family's turn (``take_turn_xiantao``,
``take_turn_landlord``) adds only what differs, so that each game compiles its own family alone:

* ``FAMILY_XIANTAO`` (仙桃千分): suit-aware generation with wilds and the bomb ladder
  (``kernels.movegen``), card picking (``kernels.cardpick``), 明鸡, points in tricks, 接风,
  passes that lock, 喜 (``kernels.xiantao_rows``);
* ``FAMILY_LANDLORD`` (斗地主 3p/4p, 上海三打一): rank-count generation and the landlord beat rule
  (``kernels.landlord_movegen``), landlord players (``kernels.landlord_policies``), bomb limits
  (上海 §2.1) and the per-play facts of ``kernels.landlord_rows``.

The end rule is data too: with ``gs[GS_MODE_HARD]`` the hand ends when the first player is out
(仙桃千分 硬牌, and every landlord game with the landlord as the lone side ``gs[GS_HARD]``);
otherwise when a partnership is decided (仙桃千分 叫牌). The number of seats is the length of
``hand_left``.

State: ``gs[GS_*]`` scalars, ``hand_left[seat]``, ``seat_flags[row, seat]`` (rows: finish place,
passed, locked; landlord games add bombs counted for the limit and the limit itself),
``captured[seat]`` and ``order`` (finishing order). Every helper called per turn is inlined
(numba increfs the array arguments of a non-inlined call).
"""

from __future__ import annotations

from numba import njit

from kernels.cardpick import pick_cards, remove_cards
from kernels.ladder import move_level
from kernels.landlord_movegen import LL_BOMB_LIMITS, LL_TW_LIMIT, ll_generate, ll_move_counts
from kernels.landlord_policies import ll_choose
from kernels.landlord_rows import landlord_after_play, ROW_BLOCKED as LROW_BLOCKED
from kernels.landlord_moves import BOMB as LL_BOMB_KIND, TIANWANG
from kernels.movegen import R_BANKER_NO_JIEFENG, R_BONUS_REQUIRES_PLAY, R_JOKER_BOMB, \
    R_PASS_LOCKS, generate_moves
from kernels.moves import MOVE_FIELDS
from kernels.policies import call_preference, choose_play, relation
from kernels.xiantao_rows import ROW_BOMBS, ROW_ENDED_BY, ROW_MINGJI, ROW_PLAYS, earn_bonus, other_copy

# scalar state of the turn loop, gs[GS_*] (int64)
GS_TURN, GS_TOP_SEAT, GS_TRICK_POINTS, GS_N_TRICKS, GS_N_JIEFENG, GS_N_TURNS, GS_N_OUT = range(7)
GS_REVEALED, GS_MODE_HARD, GS_BANKER, GS_PARTNER, GS_HARD, GS_CALL, GS_N_LOG = range(7, 14)
GS_LEN = 14

# seat_flags rows
SF_FINISH, SF_PASSED, SF_LOCKED, SF_BOMBS_USED, SF_BOMB_LIMIT, SF_REL = range(6)
SF_ROWS = 6

# log of one hand: one row per action
LOG_SEAT, LOG_TRICK, LOG_MOVE = 0, 1, 2
LOG_NCARDS = LOG_MOVE + MOVE_FIELDS
LOG_CARDS = LOG_NCARDS + 1
LOG_WIDTH = LOG_CARDS + 14
MAX_LOG = 1024


@njit(cache=True, nogil=True, inline="always")
def next_active(seat, hand_left):
    """The next seat counter-clockwise (seat + 1) still holding cards."""
    n_seats = hand_left.shape[0]
    for k in range(1, n_seats + 1):
        s = (seat + k) % n_seats
        if hand_left[s] > 0:
            return s
    return -1


@njit(cache=True, nogil=True, inline="always")
def log_action(log, n_log, seat, trick, move, played, n_played, is_pass):
    if n_log >= log.shape[0]:
        return n_log
    log[n_log, LOG_SEAT] = seat
    log[n_log, LOG_TRICK] = trick
    for f in range(MOVE_FIELDS):
        log[n_log, LOG_MOVE + f] = move[f]
    if is_pass:
        log[n_log, LOG_MOVE] = 0
        log[n_log, LOG_MOVE + 1] = -1
        log[n_log, LOG_MOVE + 2] = 0
        log[n_log, LOG_MOVE + 3] = 0
        log[n_log, LOG_MOVE + 4] = -1
        log[n_log, LOG_MOVE + 5] = 1
        log[n_log, LOG_MOVE + 6] = 0
        n_played = 0
    log[n_log, LOG_NCARDS] = n_played
    for i in range(n_played):
        log[n_log, LOG_CARDS + i] = played[i]
    return n_log + 1


@njit(cache=True, nogil=True, inline="always")
def teammate(seat, mode_hard, banker, partner, n_seats):
    """The partner whose turn a finished player's lead passes to (仙桃千分 接风); -1 if none."""
    if mode_hard:
        return -1
    if seat == banker:
        return partner
    if seat == partner:
        return banker
    for s in range(n_seats):
        if s != seat and s != banker and s != partner:
            return s
    return -1


@njit(cache=True, nogil=True, inline="always")
def hand_over(order_len, order, mode_hard, banker, partner):
    """End rule: first player out (lone side vs the rest), or a decided partnership."""
    if mode_hard:
        return order_len >= 1
    if order_len >= 3:
        return True
    if order_len == 2:
        a, b = order[0], order[1]
        in_a = a == banker or a == partner
        in_b = b == banker or b == partner
        return in_a == in_b
    return False


@njit(cache=True, nogil=True, inline="always")
def _drop_limited_bombs(moves, n, rules):
    """上海 §2.1: a farmer at his bomb limit loses his bombs (and 天王炸 with SH-2)."""
    k = 0
    for i in range(n):
        kind = moves[i, 0]
        if kind == LL_BOMB_KIND or (kind == TIANWANG and rules[LL_TW_LIMIT] != 0):
            continue
        if k != i:
            moves[k, :] = moves[i, :]
        k += 1
    return k


@njit(cache=True, nogil=True, inline="always")
def record_pass(gs, seat, seat_flags, top, played, log, rules):
    """The seat to act passes (a pass may lock him out of the trick, 仙桃千分 X-Q8)."""
    gs[GS_N_LOG] = log_action(log, gs[GS_N_LOG], seat, gs[GS_N_TRICKS], top, played, 0, True)
    seat_flags[SF_PASSED, seat] = 1
    if rules[R_PASS_LOCKS] != 0:
        seat_flags[SF_LOCKED, seat] = 1


@njit(cache=True, nogil=True, inline="always")
def after_play(gs, seat, n_played, moves, choice, hand_left, seat_flags, order, captured, top):
    """Common to every climbing game once a move's cards have left the hand: the move tops the
    trick; a player out takes his finishing place. Returns True when that ends the hand (by the
    end rule of ``gs[GS_MODE_HARD]``); the table's points then go to him."""
    hand_left[seat] -= n_played
    for f in range(MOVE_FIELDS):
        top[f] = moves[choice, f]
    gs[GS_TOP_SEAT] = seat
    for s in range(hand_left.shape[0]):
        seat_flags[SF_PASSED, s] = 0
    if hand_left[seat] > 0:
        return False
    order[gs[GS_N_OUT]] = seat
    gs[GS_N_OUT] += 1
    seat_flags[SF_FINISH, seat] = gs[GS_N_OUT]
    if hand_over(gs[GS_N_OUT], order, gs[GS_MODE_HARD] == 1, gs[GS_BANKER], gs[GS_PARTNER]):
        captured[seat] += gs[GS_TRICK_POINTS]  # table points go to the finisher
        gs[GS_N_TRICKS] += 1
        return True
    return False


@njit(cache=True, nogil=True, inline="always")
def advance(gs, seat, hand_left, captured, seat_flags, top, rules):
    """After a turn: the trick ends when every other active player has passed since the last play
    (or is locked out), else the turn goes to the next active, unlocked seat."""
    top_seat = gs[GS_TOP_SEAT]
    over = True
    for s in range(hand_left.shape[0]):
        if s != top_seat and hand_left[s] > 0 and seat_flags[SF_PASSED, s] == 0 and seat_flags[SF_LOCKED, s] == 0:
            over = False
    if over:
        end_trick(gs, hand_left, captured, seat_flags, top, rules)
        return
    turn = seat
    while True:
        turn = next_active(turn, hand_left)
        if seat_flags[SF_LOCKED, turn] == 0:
            break
    gs[GS_TURN] = turn


@njit(cache=True, nogil=True, inline="always")
def take_turn_xiantao(gs, hand_left, seat_flags, captured, order, dealt_wz, dealt_counts, card_tab, nat_ids,
                      wild_ids, rules, policies, pp, rank_points, state, owner, counts, suit_counts, moves, played,
                      top, row, log):
    """One turn of the 仙桃千分 family: suit-aware moves with wilds, card picking, 明鸡, points.

    Returns True when the hand is over (``row``: ``kernels.xiantao_rows`` layout).
    """
    n_seats = hand_left.shape[0]
    mode_hard = gs[GS_MODE_HARD] == 1
    banker, partner, hard_seat, call_card = gs[GS_BANKER], gs[GS_PARTNER], gs[GS_HARD], gs[GS_CALL]
    seat = gs[GS_TURN]
    gs[GS_N_TURNS] += 1
    top_seat = gs[GS_TOP_SEAT]
    n = generate_moves(counts[seat], suit_counts[seat], top, rules, moves)
    rel = seat_flags[SF_REL]  # what the seat to act knows of each seat (no allocation per turn)
    for s in range(n_seats):
        rel[s] = relation(seat, s, mode_hard, banker, partner, hard_seat, gs[GS_REVEALED] == 1)
    choice = choose_play(policies[seat], seat, moves, n, top_seat < 0, counts, top_seat, hand_left, rel,
                         gs[GS_TRICK_POINTS], pp, rules, rank_points, rules[R_JOKER_BOMB] != 0, state)
    if choice < 0:
        record_pass(gs, seat, seat_flags, top, played, log, rules)
    else:
        card_rank, card_suit, card_wild, card_points = card_tab[0], card_tab[1], card_tab[2], card_tab[3]
        cmode = call_preference(policies[seat], seat, partner, banker, gs[GS_REVEALED] == 1, hand_left, pp)
        n_played = pick_cards(seat, moves, choice, owner, nat_ids, wild_ids, suit_counts, card_rank, card_suit,
                              call_card, cmode, played)
        if not mode_hard and gs[GS_REVEALED] == 0 and seat == partner and call_card >= 0:
            partner_copy = other_copy(call_card, owner.shape[0])
            for i in range(n_played):  # 明鸡: the partner plays his copy of the call card
                if played[i] == partner_copy:
                    gs[GS_REVEALED] = 1
                    row[ROW_MINGJI] = gs[GS_N_TRICKS]
        gs[GS_TRICK_POINTS] += remove_cards(seat, played, n_played, owner, counts, suit_counts, card_rank,
                                            card_suit, card_wild, card_points)
        move = moves[choice]
        level = move_level(move)
        if level > 0:
            row[ROW_BOMBS + level - 1] += 1
        if rules[R_BONUS_REQUIRES_PLAY] != 0:
            earn_bonus(seat, move, dealt_wz, dealt_counts, row)
        row[ROW_PLAYS + seat] += 1
        gs[GS_N_LOG] = log_action(log, gs[GS_N_LOG], seat, gs[GS_N_TRICKS], move, played, n_played, False)
        if after_play(gs, seat, n_played, moves, choice, hand_left, seat_flags, order, captured, top):
            row[ROW_ENDED_BY] = seat
            return True
    advance(gs, seat, hand_left, captured, seat_flags, top, rules)
    return False


@njit(cache=True, nogil=True, inline="always")
def take_turn_landlord(gs, hand_left, seat_flags, captured, order, rules, policies, pp, state, counts, moves,
                       played, top, row, log):
    """One turn of the landlord family: rank-count moves, the 上海 bomb limits, landlord players.

    The landlord is the lone side (``gs[GS_HARD]``); the hand ends at the first player out.
    Returns True when the hand is over (``row``: ``kernels.landlord_rows`` layout).
    """
    hard_seat = gs[GS_HARD]
    seat = gs[GS_TURN]
    gs[GS_N_TURNS] += 1
    top_seat = gs[GS_TOP_SEAT]
    n = ll_generate(counts[seat], top, rules, moves, played[32:])
    if rules[LL_BOMB_LIMITS] != 0 and seat_flags[SF_BOMB_LIMIT, seat] >= 0 \
            and seat_flags[SF_BOMBS_USED, seat] >= seat_flags[SF_BOMB_LIMIT, seat]:
        n2 = _drop_limited_bombs(moves, n, rules)
        if n2 < n:
            row[LROW_BLOCKED] += 1
        n = n2
    choice = ll_choose(policies[seat], seat, moves, n, top_seat < 0, counts, top_seat, hand_left, hard_seat, pp,
                       rules, state, played)
    if choice < 0:
        record_pass(gs, seat, seat_flags, top, played, log, rules)
    else:
        move = moves[choice]
        ll_move_counts(move, played)
        for r in range(15):
            counts[seat, r] -= played[r]
        landlord_after_play(seat, move, hard_seat, seat_flags, row, rules)
        gs[GS_N_LOG] = log_action(log, gs[GS_N_LOG], seat, gs[GS_N_TRICKS], move, played, 0, False)
        if after_play(gs, seat, move[2], moves, choice, hand_left, seat_flags, order, captured, top):
            return True
    advance(gs, seat, hand_left, captured, seat_flags, top, rules)
    return False


@njit(cache=True, nogil=True, inline="always")
def end_trick(gs, hand_left, captured, seat_flags, top, rules):
    """The last player takes the trick's points and leads; if he is out, 接风 (仙桃千分 §8.4)."""
    winner = gs[GS_TOP_SEAT]
    captured[winner] += gs[GS_TRICK_POINTS]
    gs[GS_N_TRICKS] += 1
    gs[GS_TRICK_POINTS] = 0
    gs[GS_TOP_SEAT] = -1
    for f in range(top.shape[0]):
        top[f] = 0
    for s in range(hand_left.shape[0]):
        seat_flags[SF_PASSED, s] = 0
        seat_flags[SF_LOCKED, s] = 0
    if hand_left[winner] > 0:
        gs[GS_TURN] = winner
        return
    gs[GS_N_JIEFENG] += 1
    revealed = gs[GS_REVEALED] == 1
    mate = teammate(winner, gs[GS_MODE_HARD] == 1, gs[GS_BANKER], gs[GS_PARTNER], hand_left.shape[0])
    if revealed and mate >= 0 and hand_left[mate] > 0:
        gs[GS_TURN] = mate
        return
    turn = next_active(winner, hand_left)
    if (not revealed) and rules[R_BANKER_NO_JIEFENG] != 0 and turn == gs[GS_BANKER]:
        nxt = next_active(turn, hand_left)
        if nxt >= 0:
            turn = nxt
    gs[GS_TURN] = turn
