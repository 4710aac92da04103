"""One turn of the landlord family (斗地主 3p/4p, 上海三打一) on the climbing engine's loop.

What this family adds to the shared steps (``kernels.climb.steps``): rank-count move generation
and the landlord beat rule (``kernels.landlord.movegen``), the landlord players
(``kernels.landlord.policies``), the 上海 per-farmer bomb limits (§2.1) and the per-play facts of
``kernels.landlord.rows``. The landlord is the lone side (``gs[GS_LONE_SEAT]``); the hand ends at the
first player out.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.climb import steps
from kernels.climb.loop import GS_LONE_SEAT, GS_N_TURNS, GS_TOP_SEAT, GS_TURN, SF_BOMB_LIMIT, SF_BOMBS_USED
from kernels.landlord.movegen import LL_BOMB_LIMITS, LL_TW_LIMIT, ll_generate, ll_lazy, ll_move_counts
from kernels.landlord.moves import BOMB as LL_BOMB_KIND, TIANWANG
from kernels.landlord.policies import RANDOM, ll_choose
from kernels.rng import bounded
from kernels.landlord.rows import ROW_BLOCKED as LROW_BLOCKED, landlord_after_play


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
def _at_bomb_limit(st, seat):
    """上海 §2.1: ``seat`` has played as many bombs as its limit allows."""
    sf = st.seat_flags
    return st.rules[LL_BOMB_LIMITS] != 0 and 0 <= sf[SF_BOMB_LIMIT, seat] <= sf[SF_BOMBS_USED, seat]


@njit(cache=True, nogil=True, inline="always")
def _random_choice(st, seat):
    """The uniform random player's move (``ll_choose``'s draw over ``turn_moves``' list, pass
    included when following) with lazy generation: count the moves, draw, and write only the one
    drawn (``st.moves[0]``; 0, or -1 to pass)."""
    c, work = st.counts[seat], st.scratch[32:]
    n = ll_lazy(c, st.top, st.rules, st.moves, work, np.int64(-2))
    k = bounded(st.rng, n if st.gs[GS_TOP_SEAT] < 0 else n + 1)
    if k >= n:
        return np.int64(-1)
    ll_lazy(c, st.top, st.rules, st.moves, work, k)
    return np.int64(0)


@njit(cache=True, nogil=True, inline="always")
def turn_moves(st, seat):
    """The moves ``seat`` may make now into ``st.moves``, in ``ll_generate``'s order: (how many,
    whether the 上海 bomb limit took bombs away). A search player indexes the same list."""
    n = ll_generate(st.counts[seat], st.top, st.rules, st.moves, st.scratch[32:])
    if _at_bomb_limit(st, seat):
        n2 = _drop_limited_bombs(st.moves, n, st.rules)
        return n2, n2 < n
    return n, False


@njit(cache=True, nogil=True, inline="always")
def take_turn(st, forced):
    """One turn of the landlord family: rank-count moves, the 上海 bomb limits, landlord players.

    The landlord is the lone side (``gs[GS_LONE_SEAT]``); the hand ends at the first player out.
    ``forced`` >= 0 plays that move (its index in ``turn_moves``' order), -1 passes, -2 lets the
    seat's policy choose (a search player decides before the turn; ``kernels.landlord.search``).
    Returns True when the hand is over (``st.row``: ``kernels.landlord.rows`` layout).
    """
    gs, row, played = st.gs, st.row, st.scratch
    seat = gs[GS_TURN]
    gs[GS_N_TURNS] += 1
    if forced == -2 and st.policies[seat] == RANDOM and not _at_bomb_limit(st, seat):
        choice = _random_choice(st, seat)
    else:
        n, blocked = turn_moves(st, seat)
        if blocked:
            row[LROW_BLOCKED] += 1
        choice = forced if forced > -2 else ll_choose(st, seat, n)
    if choice < 0:
        steps.record_pass(st, seat)
    else:
        move = st.moves[choice]
        ll_move_counts(move, played)
        for r in range(15):
            st.counts[seat, r] -= played[r]
        landlord_after_play(seat, move, gs[GS_LONE_SEAT], st.seat_flags, row, st.rules)
        steps.log_play(st, seat, choice, played, np.int64(0))
        if steps.after_play(st, seat, choice, move[2]):
            return True
    steps.advance(st, seat)
    return False
