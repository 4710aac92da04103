"""One turn of the landlord family (斗地主 3p/4p, 上海三打一) on the climbing engine's loop.

What this family adds to the shared steps (``kernels.climb.loop``): rank-count move generation
and the landlord beat rule (``kernels.landlord.movegen``), the landlord players
(``kernels.landlord.policies``), the 上海 per-farmer bomb limits (§2.1) and the per-play facts of
``kernels.landlord.rows``. The landlord is the lone side (``gs[GS_LONE_SEAT]``); the hand ends at the
first player out.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.climb import loop
from kernels.climb.loop import (
    CL_HAND_SIZE, GS_LONE_SEAT, GS_N_LOG, GS_N_TURNS, GS_TOP_SEAT, GS_TURN, SF_BOMB_LIMIT, SF_BOMBS_USED,
)
from kernels.climb.plan import random_pick
from kernels.landlord.movegen import LL_BOMB_LIMITS, LL_TW_LIMIT, _gen_bombs, ll_generate, ll_move_counts
from kernels.landlord.moves import BOMB as LL_BOMB_KIND, TIANWANG
from kernels.landlord.policies import GREEDY, RANDOM, SEARCH, greedy_move, random_move, smart_move
from kernels.landlord.rows import ROW_BOMB_LIMIT_BLOCKS, landlord_after_play

MAX_TURNS = 4096  # a hand ends long before (every turn a play or a pass; a trick ends when all pass)


@njit(cache=True, nogil=True)
def _drop_limited_bombs(moves, n, rules):
    """上海 §2.1: a farmer at his bomb limit loses his bombs (and 天王炸 with SH-2)."""
    k = 0
    for i in range(n):
        kind = moves[i, 0]
        if kind == LL_BOMB_KIND or (kind == TIANWANG and rules[LL_TW_LIMIT] != 0):
            continue
        if k != i:
            for f in range(7):
                moves[k, f] = moves[i, f]
        k += 1
    return k


@njit(cache=True, nogil=True, inline="always")
def _at_bomb_limit(rules, seat_flags, seat):
    """上海 §2.1: ``seat`` has played as many bombs as its limit allows."""
    return rules[LL_BOMB_LIMITS] != 0 and 0 <= seat_flags[SF_BOMB_LIMIT, seat] <= seat_flags[SF_BOMBS_USED, seat]


@njit(cache=True, nogil=True, inline="always")
def _within_limit(st, seat, n):
    """``st.moves[:n]`` less the bombs ``seat`` may not play at its 上海 bomb limit; how many."""
    return _drop_limited_bombs(st.moves, n, st.rules) if _at_bomb_limit(st.rules, st.seat_flags, seat) else n


@njit(cache=True, nogil=True, inline="always")
def turn_moves(st, seat):
    """The moves ``seat`` may make now into ``st.moves``, in ``ll_generate``'s order, less the bombs
    its 上海 bomb limit takes away; how many. A search player indexes the same list."""
    n = ll_generate(st.counts[seat], st.top, st.rules, st.moves, st.scratch[32:], np.int64(-1))
    return _within_limit(st, seat, n)


@njit(cache=True, nogil=True, inline="always")
def turn_bombs(st, seat):
    """How many bombs (火箭 and 天王炸 included) ``seat`` may play over ``st.top`` now: the bombs of
    ``turn_moves`` alone, generated into ``st.moves`` (the end of a hand asks only this)."""
    n = _gen_bombs(st.counts[seat], st.top, st.rules, st.moves, np.int64(0), np.int64(-1))
    return _within_limit(st, seat, n)


@njit(cache=True, nogil=True)
def play_on(st, forced, pause):
    """Play the hand of ``st`` on, turn by turn, until the first player is out (True) or, with
    ``pause`` (1), until a ``search`` seat is to decide (False: the caller searches and calls again
    with its answer). ``forced`` is the first turn's move: >= 0 plays that move (its index in
    ``turn_moves``' order), -1 passes, -2 lets the seat's player choose, -3 too without pausing (a
    search seat with nothing to search plays as smart).

    The turn is rank-count moves, the 上海 bomb limits, the landlord players and the facts of
    ``kernels.landlord.rows``; the landlord is the lone side (``gs[GS_LONE_SEAT]``). It is written
    over the state's arrays, taken once, and calls the climbing loop's steps (``kernels.climb.loop``)
    on them: each read of a slot of the state costs numba a reference count, once per turn in
    ``kernels.climb.steps``' wrappers. A uniform random player generates lazily
    (``policies.random_move``: count, draw, build only the move drawn; the same draw as over the
    full list), except at its bomb limit."""
    gs, row, moves, rules, counts, top = st.gs, st.row, st.moves, st.rules, st.counts, st.top
    hand_left, seat_flags, policies, pp, rng, played = st.hand_left, st.seat_flags, st.policies, st.pp, st.rng, st.scratch
    log, order, captured = st.log, st.order, st.captured
    work = played[32:]
    hand_size = rules[CL_HAND_SIZE]
    f = forced
    for _ in range(MAX_TURNS):
        seat = gs[GS_TURN]
        policy = policies[seat]
        if pause != 0 and f == -2 and policy == SEARCH:
            return False
        if f == -3:  # the search seat's own heuristic (nothing to search)
            f = -2
        gs[GS_N_TURNS] += 1
        limited = _at_bomb_limit(rules, seat_flags, seat)
        c = counts[seat]
        if f == -2 and policy == RANDOM and not limited:
            choice = random_move(c, top, rules, moves, work, rng, np.int64(gs[GS_TOP_SEAT] >= 0))
        else:
            n = ll_generate(c, top, rules, moves, work, np.int64(-1))
            if limited:
                n2 = _drop_limited_bombs(moves, n, rules)
                if n2 < n:
                    row[ROW_BOMB_LIMIT_BLOCKS] += 1
                n = n2
            if f > -2:
                choice = f
            elif policy == RANDOM:
                choice = random_pick(rng, n, gs[GS_TOP_SEAT] < 0)
            elif policy == GREEDY:
                choice = greedy_move(seat, moves, n, hand_left, gs, pp)
            else:
                choice = smart_move(seat, moves, n, counts, hand_left, gs, pp, played, hand_size)
        f = -2
        if choice < 0:
            loop.record_pass(gs, seat, seat_flags, top, played, log, rules)
        else:
            move = moves[choice]
            ll_move_counts(move, played)
            for r in range(15):
                c[r] -= played[r]
            landlord_after_play(seat, move, gs[GS_LONE_SEAT], seat_flags, row, rules)
            if gs[GS_N_LOG] < log.shape[0]:  # (a batch run keeps one log row: the call would write nothing)
                loop.log_play(log, gs, seat, moves, choice, played, np.int64(0))
            if loop.after_play(gs, seat, move[2], moves, choice, hand_left, seat_flags, order, captured, top):
                return True
        loop.advance(gs, seat, hand_left, captured, seat_flags, top, rules)
    return True
