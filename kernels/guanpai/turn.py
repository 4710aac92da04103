"""One 关牌 turn on the climbing engine's shared steps (``kernels.climb.loop``).

What this game adds: its move generation and beat rule (``kernels.guanpai.movegen``), the option
that the first play must contain the first-lead card's rank, its players
(``kernels.guanpai.policies``) and the per-play facts of ``kernels.guanpai.layout``. Two seats: a
pass ends the trick (``advance``) and the last player leads; the first player out ends the hand
(the lone-side end rule with ``gs[GS_LONE_SIDE]``).
"""

from __future__ import annotations

from numba import njit

from kernels.climb.loop import GS_N_LOG, GS_N_TRICKS, GS_N_TURNS, GS_TOP_SEAT, GS_TURN, advance, after_play, \
    log_action, record_pass
from kernels.guanpai.layout import LAYOUT
from kernels.guanpai.movegen import gp_generate, is_bomb, keep_with_rank
from kernels.guanpai.moves import THREE_BOMB
from kernels.guanpai.policies import gp_choose
from kernels.guanpai.rulevec import GP_LEAD_MUST_PLAY

ROW_PLAYS = LAYOUT.at("plays")
ROW_BOMBS_PLAYED = LAYOUT.at("bombs_played")
ROW_THREE_BOMBS_PLAYED = LAYOUT.at("three_bombs_played")


@njit(cache=True, nogil=True)
def turn_moves(gs, seat, counts, top, rules, moves, lead_rank):
    """The moves the seat to act may choose from (PASS not listed): ``gp_generate``, and on the
    hand's first turn only those holding the first-lead card's rank (``GP_LEAD_MUST_PLAY``)."""
    n = gp_generate(counts[seat], top, rules, moves)
    if gs[GS_N_TURNS] == 0 and rules[GP_LEAD_MUST_PLAY] != 0 and lead_rank >= 0:
        n = keep_with_rank(moves, n, lead_rank)
    return n


@njit(cache=True, nogil=True)
def take_turn(gs, hand_left, seat_flags, captured, order, rules, policies, pp, state, counts, moves, scratch, top,
              row, log, lead_rank, forced):
    """The seat ``gs[GS_TURN]`` plays or passes. Returns True when the hand is over.

    ``forced`` >= 0 plays that move (its row in the list generated here), -1 passes, -2 lets the
    seat's policy choose (a search player decides before the turn; ``kernels.guanpai.search``).

    ``counts[seat, 16]`` rank counts (updated), ``moves`` the move buffer, ``scratch`` the
    players' int64 scratch, ``lead_rank`` the first-lead card's rank (the first play must hold
    one with ``GP_LEAD_MUST_PLAY``; -1 when a session's previous deal chose the leader)."""
    seat = gs[GS_TURN]
    lead = gs[GS_TOP_SEAT] < 0
    n = turn_moves(gs, seat, counts, top, rules, moves, lead_rank)
    gs[GS_N_TURNS] += 1
    if forced > -2:
        choice = forced
    else:
        choice = gp_choose(policies[seat], seat, moves, n, lead, counts, hand_left, pp, rules, state, scratch)
    if choice < 0:
        record_pass(gs, seat, seat_flags, top, scratch, log, rules)
    else:
        cards = moves[choice, 6]
        for r in range(13):
            counts[seat, r] -= (cards >> (4 * r)) & 15
        row[ROW_PLAYS + seat] += 1
        if is_bomb(moves[choice, 0]):
            row[ROW_BOMBS_PLAYED + seat] += 1
            if moves[choice, 0] == THREE_BOMB:
                row[ROW_THREE_BOMBS_PLAYED + seat] += 1
        gs[GS_N_LOG] = log_action(log, gs[GS_N_LOG], seat, gs[GS_N_TRICKS], moves[choice], scratch, 0, False)
        if after_play(gs, seat, moves[choice, 2], moves, choice, hand_left, seat_flags, order, captured, top):
            return True
    advance(gs, seat, hand_left, captured, seat_flags, top, rules)
    return False
