"""The climbing engine's turn loop, shared by every climbing game (DESIGN principle 2).

One turn of a trick-based climbing game: the seat to act generates its legal moves, its player
picks one (or passes), the cards leave the hand, the trick ends when every other active player has
passed since the last play, and the hand ends by the game's end rule. The shared steps here are
``record_pass``, ``after_play`` (the move tops the trick, a player out takes his place, the end
rule) and ``advance`` (trick end, 接风, next seat). Each game family writes its own ``take_turn``
in its kernel package (move generation, player, what a play records) and calls these steps, so a
game compiles only its own family and this module.

The end rule is data (``gs[GS_END_RULE]``): ``END_FIRST_OUT_OR_TEAM`` — with ``gs[GS_LONE_SIDE]``
the hand ends when the first player is out (one seat, ``gs[GS_LONE_SEAT]``, against the rest: a
lone declarer against a side, either player of a two-handed game),
otherwise when a partnership (``gs[GS_BANKER]`` and ``gs[GS_PARTNER]`` against the other seats)
is decided; ``END_BY_GAME`` — the shared steps only record who went out and the game's own turn
ends the hand (a 终止牌, players playing on after the first is out). The direction of play is
data too (``gs[GS_DIRECTION]``: counter-clockwise, seat + 1, or clockwise). The number of seats
is the length of ``hand_left``.

Hooks: ``advance`` returns True when its turn ended the trick, so a game can act at trick end
(draw from a stock, count trick facts) before the next lead; a game whose leader may have no
legal play passes the lead on with ``pass_lead``.

Rules: every family's int64 ``rules`` vector starts with the header ``CL_*`` below, which this
module reads; a family's own options follow from ``CL_HEADER`` on.

State: ``gs[GS_*]`` scalars, ``hand_left[seat]``, ``seat_flags[row, seat]`` (rows ``SF_*``:
finish place, passed, locked, and rows a family may use for its own per-seat state),
``captured[seat]`` and ``order`` (finishing order). The small helpers called per turn are inlined
(numba increfs the array arguments of a non-inlined call).
"""

from __future__ import annotations

from numba import njit

from kernels.climb.moves import MOVE_FIELDS

# header of every climbing family's ``rules`` vector
CL_PASS_LOCKS = 0  # 1: a pass locks the player out of the rest of the trick
CL_JIEFENG_SKIPS_BANKER = 1  # 1: while the partnership is hidden, 接风 skips the banker (打拱 rooms)
CL_HAND_SIZE = 2  # cards dealt to each seat
CL_HEADER = 8  # first slot of a family's own options

# scalar state of the turn loop, gs[GS_*] (int64)
GS_TURN, GS_TOP_SEAT, GS_TRICK_POINTS, GS_N_TRICKS, GS_N_JIEFENG, GS_N_TURNS, GS_N_OUT = range(7)
GS_REVEALED, GS_LONE_SIDE, GS_BANKER, GS_PARTNER, GS_LONE_SEAT = range(7, 12)
GS_N_LOG = 13
GS_DIRECTION, GS_END_RULE, GS_FAMILY = 14, 15, 16  # GS_FAMILY: first slot a game may use for its own state
GS_LEN = 24
COUNTER_CLOCKWISE, CLOCKWISE = 0, 1  # gs[GS_DIRECTION]
END_FIRST_OUT_OR_TEAM, END_BY_GAME = 0, 1  # gs[GS_END_RULE]

# seat_flags rows
SF_FINISH, SF_PASSED, SF_LOCKED, SF_BOMBS_USED, SF_BOMB_LIMIT, SF_REL = range(6)
SF_ROWS = 6

# log of one hand: one row per action (the move record, then the physical cards played)
LOG_SEAT, LOG_TRICK, LOG_MOVE = 0, 1, 2
LOG_NCARDS = LOG_MOVE + MOVE_FIELDS
LOG_CARDS = LOG_NCARDS + 1
LOG_MAX_CARDS = 24  # most cards one logged play can hold; a longer one raises (never truncated)
LOG_WIDTH = LOG_CARDS + LOG_MAX_CARDS
MAX_LOG = 1024


@njit(cache=True, nogil=True)
def next_active(seat, hand_left, direction=COUNTER_CLOCKWISE):
    """The next seat in the direction of play (counter-clockwise: seat + 1) still holding cards."""
    n_seats = hand_left.shape[0]
    step = 1 if direction == COUNTER_CLOCKWISE else n_seats - 1
    for k in range(1, n_seats + 1):
        s = (seat + k * step) % n_seats
        if hand_left[s] > 0:
            return s
    return -1


@njit(cache=True, nogil=True)
def log_play(log, gs, seat, moves, choice, played, n_played):
    """Log row ``gs[GS_N_LOG]``: ``seat`` plays ``moves[choice]`` with the cards ``played[:n_played]``
    (a batch run passes a one-row log: only the first action is kept)."""
    n_log = gs[GS_N_LOG]
    if n_log >= log.shape[0]:
        return
    if n_played > log.shape[1] - LOG_CARDS:
        raise ValueError("a logged play has more cards than the log row holds (LOG_MAX_CARDS)")
    log[n_log, LOG_SEAT] = seat
    log[n_log, LOG_TRICK] = gs[GS_N_TRICKS]
    for f in range(MOVE_FIELDS):
        log[n_log, LOG_MOVE + f] = moves[choice, f]
    log[n_log, LOG_NCARDS] = n_played
    for i in range(n_played):
        log[n_log, LOG_CARDS + i] = played[i]
    gs[GS_N_LOG] = n_log + 1


@njit(cache=True, nogil=True)
def log_pass(log, gs, seat):
    """Log row ``gs[GS_N_LOG]``: ``seat`` passes (the PASS record, no cards)."""
    n_log = gs[GS_N_LOG]
    if n_log >= log.shape[0]:
        return
    log[n_log, LOG_SEAT] = seat
    log[n_log, LOG_TRICK] = gs[GS_N_TRICKS]
    for f, value in enumerate((0, -1, 0, 0, -1, 1, 0)):  # the PASS record
        log[n_log, LOG_MOVE + f] = value
    log[n_log, LOG_NCARDS] = 0
    gs[GS_N_LOG] = n_log + 1


@njit(cache=True, nogil=True)
def teammate(seat, mode_hard, banker, partner, n_seats):
    """The partner whose turn a finished player's lead passes to (接风); -1 if none."""
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


@njit(cache=True, nogil=True)
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
def record_pass(gs, seat, seat_flags, top, played, log, rules):
    """The seat to act passes (with ``CL_PASS_LOCKS`` a pass locks him out of the trick).
    ``top`` and ``played`` are not read (inlined: they cost nothing); the signature is shared
    with the games written against it."""
    log_pass(log, gs, seat)
    seat_flags[SF_PASSED, seat] = 1
    if rules[CL_PASS_LOCKS] != 0:
        seat_flags[SF_LOCKED, seat] = 1


@njit(cache=True, nogil=True, inline="always")
def after_play(gs, seat, n_played, moves, choice, hand_left, seat_flags, order, captured, top):
    """Common to every climbing game once a move's cards have left the hand: the move tops the
    trick; a player out takes his finishing place. Returns True when that ends the hand (by the
    end rule of ``gs[GS_LONE_SIDE]``); the table's points then go to him."""
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
    if gs[GS_END_RULE] == END_FIRST_OUT_OR_TEAM and hand_over(gs[GS_N_OUT], order, gs[GS_LONE_SIDE] == 1,
                                                              gs[GS_BANKER], gs[GS_PARTNER]):
        captured[seat] += gs[GS_TRICK_POINTS]  # table points go to the finisher
        gs[GS_N_TRICKS] += 1
        return True
    return False


@njit(cache=True, nogil=True, inline="always")
def advance(gs, seat, hand_left, captured, seat_flags, top, rules):
    """After a turn: the trick ends when every other active player has passed since the last play
    (or is locked out), else the turn goes to the next active, unlocked seat. Returns True when
    the trick ended (the game may then act before the lead, e.g. draw from a stock)."""
    top_seat = gs[GS_TOP_SEAT]
    over = True
    for s in range(hand_left.shape[0]):
        if s != top_seat and hand_left[s] > 0 and seat_flags[SF_PASSED, s] == 0 and seat_flags[SF_LOCKED, s] == 0:
            over = False
    if over:
        end_trick(gs, hand_left, captured, seat_flags, top, rules)
        return True
    turn = seat
    while True:
        turn = next_active(turn, hand_left, gs[GS_DIRECTION])
        if seat_flags[SF_LOCKED, turn] == 0:
            break
    gs[GS_TURN] = turn
    return False


@njit(cache=True, nogil=True, inline="always")
def pass_lead(gs, seat, hand_left):
    """A leader with no legal play: the lead passes to the next seat holding cards, the trick
    (still empty) goes on. Returns the new leader (-1: nobody holds cards)."""
    nxt = next_active(seat, hand_left, gs[GS_DIRECTION])
    gs[GS_TURN] = nxt
    return nxt


@njit(cache=True, nogil=True, inline="always")
def end_trick(gs, hand_left, captured, seat_flags, top, rules):
    """The last player takes the trick's points and leads; if he is out, 接风: the lead passes to his
    partner once the partnership is known, else to the next seat still holding cards."""
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
    mate = teammate(winner, gs[GS_LONE_SIDE] == 1, gs[GS_BANKER], gs[GS_PARTNER], hand_left.shape[0])
    if revealed and mate >= 0 and hand_left[mate] > 0:
        gs[GS_TURN] = mate
        return
    turn = next_active(winner, hand_left, gs[GS_DIRECTION])
    if (not revealed) and rules[CL_JIEFENG_SKIPS_BANKER] != 0 and turn == gs[GS_BANKER]:
        nxt = next_active(turn, hand_left, gs[GS_DIRECTION])
        if nxt >= 0:
            turn = nxt
    gs[GS_TURN] = turn
