"""One turn of 仙桃千分 on the climbing engine's loop (``kernels.climb.loop``).

What this family adds to the shared steps: suit-aware move generation with wilds and the bomb
ladder (``kernels.xiantao.movegen``), the player's choice (``kernels.xiantao.policies``), which
physical cards realise the move (``kernels.xiantao.cardpick``), 明鸡 (the partner shows himself
by playing the call card), points on the table, bomb-class plays per ladder level and 喜 earned by
playing (``kernels.xiantao.rows``).
"""

from __future__ import annotations

from numba import njit

from kernels.climb.loop import (
    GS_BANKER, GS_FAMILY, GS_LONE_SEAT, GS_LONE_SIDE, GS_N_TRICKS, GS_N_TURNS, GS_PARTNER, GS_REVEALED,
    GS_TOP_SEAT, GS_TRICK_POINTS, GS_TURN, SF_REL, advance, after_play, log_play, record_pass,
)
from kernels.xiantao.cardpick import play_cards
from kernels.xiantao.ladder import move_level
from kernels.xiantao.movegen import R_BONUS_REQUIRES_PLAY, R_JOKER_BOMB, generate_moves
from kernels.xiantao.policies import call_preference, choose_play, relation
from kernels.xiantao.rows import ROW_BOMBS, ROW_ENDED_BY, ROW_MINGJI, ROW_PLAYS, earn_bonus, note_big_whole, other_copy

GS_CALL = GS_FAMILY  # the called card (叫牌), -1 in 硬牌


@njit(cache=True, nogil=True, inline="always")
def take_turn(gs, hand_left, seat_flags, captured, order, dealt_wz, dealt_counts, card_tab, nat_ids,
              wild_ids, rules, policies, pp, rank_points, state, owner, counts, suit_counts, moves, played,
              top, row, log, forced):
    """One turn of the 仙桃千分 family: suit-aware moves with wilds, card picking, 明鸡, points.

    ``forced`` >= 0 plays that move (its index in ``generate_moves``' order), -1 passes, -2 lets
    the seat's policy choose (a search player decides before the turn; ``kernels.xiantao.search``).
    Returns True when the hand is over (``row``: ``kernels.xiantao.rows`` layout).
    """
    n_seats = hand_left.shape[0]
    mode_hard = gs[GS_LONE_SIDE] == 1
    banker, partner, hard_seat, call_card = gs[GS_BANKER], gs[GS_PARTNER], gs[GS_LONE_SEAT], gs[GS_CALL]
    seat = gs[GS_TURN]
    gs[GS_N_TURNS] += 1
    top_seat = gs[GS_TOP_SEAT]
    n = generate_moves(counts[seat], suit_counts[seat], top, rules, moves)
    rel = seat_flags[SF_REL]  # what the seat to act knows of each seat (no allocation per turn)
    for s in range(n_seats):
        rel[s] = relation(seat, s, mode_hard, banker, partner, hard_seat, gs[GS_REVEALED] == 1)
    if forced > -2:
        choice = forced
    else:
        choice = choose_play(policies[seat], seat, moves, n, top_seat < 0, counts, top_seat, hand_left, rel,
                             gs[GS_TRICK_POINTS], pp, rules, rank_points, rules[R_JOKER_BOMB] != 0, state)
    if choice < 0:
        record_pass(gs, seat, seat_flags, top, played, log, rules)
    else:
        cmode = call_preference(policies[seat], seat, partner, banker, gs[GS_REVEALED] == 1, hand_left, pp)
        n_played, points = play_cards(seat, moves, choice, owner, nat_ids, wild_ids, counts, suit_counts, card_tab,
                                      call_card, cmode, played)
        if not mode_hard and gs[GS_REVEALED] == 0 and seat == partner and call_card >= 0:
            partner_copy = other_copy(call_card, owner.shape[0])
            for i in range(n_played):  # 明鸡: the partner plays his copy of the call card
                if played[i] == partner_copy:
                    gs[GS_REVEALED] = 1
                    row[ROW_MINGJI] = gs[GS_N_TRICKS]
        gs[GS_TRICK_POINTS] += points
        move = moves[choice]
        level = move_level(move)
        if level > 0:
            row[ROW_BOMBS + level - 1] += 1
        if rules[R_BONUS_REQUIRES_PLAY] != 0:
            earn_bonus(seat, move, dealt_wz, dealt_counts, row)
        note_big_whole(seat, move, dealt_counts, row)
        row[ROW_PLAYS + seat] += 1
        log_play(log, gs, seat, moves, choice, played, n_played)
        if after_play(gs, seat, n_played, moves, choice, hand_left, seat_flags, order, captured, top):
            row[ROW_ENDED_BY] = seat
            return True
    advance(gs, seat, hand_left, captured, seat_flags, top, rules)
    return False



@njit(cache=True, nogil=True)
def start_tricks(gs, hand_left, seat_flags, captured, order, top, hand_size, mode_hard, banker, partner, hard_seat,
                 call_card, revealed):
    """The trick state of a freshly dealt hand: 硬牌家 (or 庄家) leads, nobody out, no trick open."""
    gs[:] = 0
    gs[GS_TURN] = hard_seat if mode_hard else banker
    gs[GS_TOP_SEAT] = -1
    gs[GS_LONE_SIDE] = 1 if mode_hard else 0
    gs[GS_BANKER] = banker
    gs[GS_PARTNER] = partner
    gs[GS_LONE_SEAT] = hard_seat
    gs[GS_CALL] = call_card
    gs[GS_REVEALED] = 1 if revealed else 0
    hand_left[:] = hand_size
    seat_flags[:, :] = 0  # kernels.climb.loop SF_* rows
    captured[:] = 0
    order[:] = -1
    top[:] = 0
