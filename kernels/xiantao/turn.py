"""One turn of 仙桃千分 on the climbing engine's shared steps (``kernels.climb.steps``).

What this family adds to the shared steps: suit-aware move generation with wilds and the bomb
ladder (``kernels.xiantao.movegen``), the player's choice (``kernels.xiantao.policies``), which
physical cards realise the move (``kernels.xiantao.cardpick``), 明鸡 (the partner shows himself
by playing the call card), points on the table, bomb-class plays per ladder level and 喜 earned by
playing (``kernels.xiantao.rows``). Every function takes the hand's state ``st``
(``kernels.xiantao.state``).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.climb import steps
from kernels.climb.loop import (
    CL_HAND_SIZE, GS_BANKER, GS_LONE_SEAT, GS_LONE_SIDE, GS_N_TRICKS, GS_N_TURNS, GS_PARTNER, GS_REVEALED,
    GS_TRICK_POINTS, GS_TURN, SF_REL,
)
from kernels.climb.search_driver import KIND_PLAY
from kernels.xiantao.cardpick import play_cards
from kernels.xiantao.ladder import move_level
from kernels.xiantao.movegen import R_BONUS_REQUIRES_PLAY, generate_moves
from kernels.xiantao.policies import SEARCH, call_preference, choose_play, relation
from kernels.xiantao.rows import ROW_BOMBS, ROW_ENDED_BY, ROW_MINGJI, ROW_PLAYS, note_xi_play, other_copy
from kernels.xiantao.state import GS_CALL

MAX_TURNS = 4096  # far above any hand's turns (108 cards, at most three passes a play)


@njit(cache=True, nogil=True, inline="always")
def fill_relations(rel, gs, seat):
    """``rel[s]``: what ``seat`` knows of seat ``s`` (``relation``), which the players read."""
    for s in range(rel.shape[0]):
        rel[s] = relation(seat, s, gs[GS_LONE_SIDE] == 1, gs[GS_BANKER], gs[GS_PARTNER], gs[GS_LONE_SEAT],
                          gs[GS_REVEALED] == 1)


@njit(cache=True, nogil=True)
def play_on(st, forced, search_on):
    """Play the hand of ``st`` on, turn by turn, until the end rule: suit-aware moves with wilds,
    the player's choice, card picking, 明鸡, points.

    ``forced`` is the first turn's move: >= 0 plays that move (its index in ``generate_moves``'
    order), -1 passes, -2 lets the seat's player choose (a search rollout forces its candidate).
    ``search_on``: None when no seat searches (not compiled in); else a search seat decides before
    each of its turns (``kernels.xiantao.search``). The turn is written out here over the state's
    arrays, taken once: an (even inlined) call taking the state costs numba a reference count per
    slot, every turn, so only the shared steps take it. ``st.row``: ``kernels.xiantao.rows`` layout.
    """
    gs, row, moves, rules, counts, suit_counts = st.gs, st.row, st.moves, st.rules, st.counts, st.suit_counts
    top, hand_left, policies, pp, owner = st.top, st.hand_left, st.policies, st.pp, st.owner
    rel, played = st.seat_flags[SF_REL], st.scratch
    choose_tabs = (rules, st.rank_points, st.rng)
    hand = (owner, counts, suit_counts, played)
    card_tabs = (st.nat_ids, st.wild_ids, st.card_tab)
    dealt_wz, dealt_counts = st.dealt_wz, st.dealt_counts
    f = forced
    for _ in range(MAX_TURNS):
        seat = gs[GS_TURN]
        if search_on is not None:
            if policies[seat] == SEARCH:
                f = search_on(st, seat, np.int64(KIND_PLAY))
        mode_hard = gs[GS_LONE_SIDE] == 1
        banker, partner, call_card = gs[GS_BANKER], gs[GS_PARTNER], gs[GS_CALL]
        gs[GS_N_TURNS] += 1
        n = generate_moves(counts[seat], suit_counts[seat], top, rules, moves)
        fill_relations(rel, gs, seat)
        choice = f if f > -2 else choose_play(policies[seat], seat, moves, n, gs, counts, hand_left, rel, pp,
                                              choose_tabs)
        f = -2
        if choice < 0:
            steps.record_pass(st, seat)
        else:
            cmode = call_preference(policies[seat], seat, partner, banker, gs[GS_REVEALED] == 1, hand_left, pp)
            n_played, points = play_cards(seat, moves, choice, (call_card, cmode), hand, card_tabs)
            if not mode_hard and gs[GS_REVEALED] == 0 and seat == partner and call_card >= 0:
                partner_copy = other_copy(call_card)
                for i in range(n_played):  # 明鸡: the partner plays his copy of the call card
                    if played[i] == partner_copy:
                        gs[GS_REVEALED] = 1
                        row[ROW_MINGJI] = gs[GS_N_TRICKS]
            gs[GS_TRICK_POINTS] += points
            move = moves[choice]
            level = move_level(move)
            if level > 0:
                row[ROW_BOMBS + level - 1] += 1
            note_xi_play(seat, move, dealt_wz, dealt_counts, rules[R_BONUS_REQUIRES_PLAY] != 0, row)
            row[ROW_PLAYS + seat] += 1
            steps.log_play(st, seat, choice, played, n_played)
            if steps.after_play(st, seat, choice, n_played):
                row[ROW_ENDED_BY] = seat
                return
        steps.advance(st, seat)


@njit(cache=True, nogil=True)
def start_tricks(st, banker, partner, hard_seat, call_card, revealed):
    """The trick state of a freshly dealt hand: 硬牌家 (or 庄家) leads, nobody out, no trick open."""
    mode_hard = hard_seat >= 0
    steps.start_tricks(st, hard_seat if mode_hard else banker, banker, partner)
    gs = st.gs
    gs[GS_LONE_SIDE] = 1 if mode_hard else 0
    gs[GS_LONE_SEAT] = hard_seat
    gs[GS_CALL] = call_card
    gs[GS_REVEALED] = 1 if revealed else 0
    st.hand_left[:] = st.rules[CL_HAND_SIZE]
