"""One turn of 仙桃千分 on the climbing engine's shared steps (``kernels.climb.steps``).

What this family adds to the shared steps: suit-aware move generation with wilds and the bomb
ladder (``kernels.xiantao.movegen``), the player's choice (``kernels.xiantao.policies``), which
physical cards realise the move (``kernels.xiantao.cardpick``), 明鸡 (the partner shows himself
by playing the call card), points on the table, bomb-class plays per ladder level and 喜 earned by
playing (``kernels.xiantao.rows``). Every function takes the hand's state ``st``
(``kernels.xiantao.state``).
"""

from __future__ import annotations

from numba import njit

from kernels.climb import steps
from kernels.climb.loop import (
    CL_HAND_SIZE, GS_BANKER, GS_LONE_SEAT, GS_LONE_SIDE, GS_N_TRICKS, GS_N_TURNS, GS_PARTNER, GS_REVEALED, GS_TOP_SEAT,
    GS_TRICK_POINTS, GS_TURN, SF_REL,
)
from kernels.xiantao.cardpick import play_cards
from kernels.xiantao.ladder import move_level
from kernels.xiantao.movegen import R_BONUS_REQUIRES_PLAY, generate_moves
from kernels.xiantao.policies import call_preference, choose_play, relation
from kernels.xiantao.rows import ROW_BOMBS, ROW_ENDED_BY, ROW_MINGJI, ROW_PLAYS, earn_bonus, note_big_whole, other_copy
from kernels.xiantao.state import GS_CALL


@njit(cache=True, nogil=True, inline="always")
def fill_relations(st, seat):
    """``st.seat_flags[SF_REL]``: what ``seat`` knows of each seat (``relation``), which the players read."""
    gs = st.gs
    rel = st.seat_flags[SF_REL]
    for s in range(rel.shape[0]):
        rel[s] = relation(seat, s, gs[GS_LONE_SIDE] == 1, gs[GS_BANKER], gs[GS_PARTNER], gs[GS_LONE_SEAT],
                          gs[GS_REVEALED] == 1)


@njit(cache=True, nogil=True, inline="always")
def take_turn(st, forced):
    """One turn of the 仙桃千分 family: suit-aware moves with wilds, card picking, 明鸡, points.

    ``forced`` >= 0 plays that move (its index in ``generate_moves``' order), -1 passes, -2 lets
    the seat's policy choose (a search player decides before the turn; ``kernels.xiantao.search``).
    Returns True when the hand is over (``st.row``: ``kernels.xiantao.rows`` layout).
    """
    gs, row, moves = st.gs, st.row, st.moves
    mode_hard = gs[GS_LONE_SIDE] == 1
    banker, partner, call_card = gs[GS_BANKER], gs[GS_PARTNER], gs[GS_CALL]
    seat = gs[GS_TURN]
    gs[GS_N_TURNS] += 1
    n = generate_moves(st.counts[seat], st.suit_counts[seat], st.top, st.rules, moves)
    fill_relations(st, seat)
    if forced > -2:
        choice = forced
    else:
        choice = choose_play(st, st.policies[seat], seat, moves, n)
    if choice < 0:
        steps.record_pass(st, seat)
    else:
        cmode = call_preference(st.policies[seat], seat, partner, banker, gs[GS_REVEALED] == 1, st.hand_left, st.pp)
        n_played, points = play_cards(st, seat, choice, cmode)
        played = st.scratch
        if not mode_hard and gs[GS_REVEALED] == 0 and seat == partner and call_card >= 0:
            partner_copy = other_copy(call_card, st.owner.shape[0])
            for i in range(n_played):  # 明鸡: the partner plays his copy of the call card
                if played[i] == partner_copy:
                    gs[GS_REVEALED] = 1
                    row[ROW_MINGJI] = gs[GS_N_TRICKS]
        gs[GS_TRICK_POINTS] += points
        move = moves[choice]
        level = move_level(move)
        if level > 0:
            row[ROW_BOMBS + level - 1] += 1
        if st.rules[R_BONUS_REQUIRES_PLAY] != 0:
            earn_bonus(seat, move, st.dealt_wz, st.dealt_counts, row)
        note_big_whole(seat, move, st.dealt_counts, row)
        row[ROW_PLAYS + seat] += 1
        steps.log_play(st, seat, choice, played, n_played)
        if steps.after_play(st, seat, choice, n_played):
            row[ROW_ENDED_BY] = seat
            return True
    steps.advance(st, seat)
    return False


@njit(cache=True, nogil=True)
def start_tricks(st, banker, partner, hard_seat, call_card, revealed):
    """The trick state of a freshly dealt hand: 硬牌家 (or 庄家) leads, nobody out, no trick open."""
    gs = st.gs
    mode_hard = hard_seat >= 0
    gs[:] = 0
    gs[GS_TURN] = hard_seat if mode_hard else banker
    gs[GS_TOP_SEAT] = -1
    gs[GS_LONE_SIDE] = 1 if mode_hard else 0
    gs[GS_BANKER] = banker
    gs[GS_PARTNER] = partner
    gs[GS_LONE_SEAT] = hard_seat
    gs[GS_CALL] = call_card
    gs[GS_REVEALED] = 1 if revealed else 0
    st.hand_left[:] = st.rules[CL_HAND_SIZE]
    st.seat_flags[:, :] = 0  # kernels.climb.loop SF_* rows
    st.captured[:] = 0
    st.order[:] = -1
    st.top[:] = 0
