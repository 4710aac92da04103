"""The search player's candidates at a play, and the search of them, written once for the climbing
games whose candidates are smart's move, pass, greedy's move and then the cheapest others (a
game uses it by implementing ``order_cost``; which games do is theirs to say).

A game's cached ``search(st, seat, kind)`` lists the seat's moves in ``st.moves``, returns -2 when
there is nothing to search (``kernels.climb.search_pick.nothing_to_search``), asks its smart and
greedy players and hands the rest to ``search_move``: the candidates in
``kernels.climb.search_pick``'s order (smart's choice, pass when following, greedy's choice, then
the others by the game's ``order_cost``, costed only when needed), at most the seat's
``candidates`` parameter of them (its ``pp`` column ``st.search_at[SA_CANDIDATES]``), searched by
``kernels.climb.search_driver.search_decide``. ``order_cost`` is a hook the game implements for its
state (``kernels.hooks.implements``); a game that also searches its cheapest
answers of a stronger class when following (bombs) implements ``follow_candidates`` and passes
``follow=True``; one that adds its own candidates leading too implements ``own_candidates`` instead
and passes ``own=True``. A game that searches another decision as well (an answer before the
tricks) lists its move candidates with ``move_candidates`` and reaches ``search_decide`` through
one call for both decisions: each call site of the inlined driver is a copy of it.

``search_move`` and ``move_candidates`` have no ``cache=True``, like ``search_decide``: they are
compiled into each game's cached ``search`` with the game's hooks inside.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.climb import search_driver as sd
from kernels.climb.loop import GS_N_TURNS, GS_TOP_SEAT
from kernels.climb.plan import NEVER
from kernels.climb.rankmask import pack_counts
from kernels.climb.search_pick import fill_cheapest, first_candidates
from kernels.climb.state import SA_CANDIDATES
from kernels.state import borrow


def order_cost(st, seat, i, hand):
    """Smart's own measure of ``st.moves[i]`` for ``seat`` holding the packed ranks ``hand``
    (``kernels.climb.rankmask.pack_counts`` of its 13 ranks), cheapest first; ``NEVER`` or more:
    not a candidate."""
    raise NotImplementedError


def follow_candidates(st, seat, n, cand, nc):
    """Add to ``cand[:nc]`` (``kernels.climb.search_pick.add_candidate``) the game's own candidates
    among ``st.moves[:n]`` when ``seat`` follows, after smart's, pass and greedy's; the new count."""
    raise NotImplementedError


def own_candidates(st, seat, n, cand, nc):
    """Add to ``cand[:nc]`` the game's own candidates among ``st.moves[:n]``, leading or following,
    after smart's, pass and greedy's; the new count."""
    raise NotImplementedError


@njit(nogil=True, inline="always")
def move_candidates(st, seat, n, smart, greedy, cand, follow, own):
    """``cand[:nc]``: the candidates among the ``n`` moves of ``st.moves`` (a row, -1 to pass) at
    ``seat``'s play in the module's order, at most its ``candidates`` parameter (at least 1);
    returns ``nc``. ``smart`` and ``greedy`` are the heuristics' rows; ``follow`` / ``own`` not
    None: ``follow_candidates`` / ``own_candidates`` too (pruned when None). Inlined: a function
    of its own would be one more level that numba links and optimizes the search in again."""
    limit = max(np.int64(1), np.int64(st.pp[seat, st.search_at[SA_CANDIDATES]]))
    lead = st.gs[GS_TOP_SEAT] < 0
    nc = first_candidates(cand, smart, greedy, lead)
    if own is not None:
        nc = own_candidates(borrow(st), seat, n, cand, nc)
    if follow is not None and not lead:
        nc = follow_candidates(borrow(st), seat, n, cand, nc)
    if nc < limit:  # then the cheapest other moves, by the game's order (costed only when needed)
        view = borrow(st)  # st is the caller's, used below: no reference counts in the loop
        hand = pack_counts(view.counts[seat], 13)
        cost = np.empty(n, np.int64)
        for i in range(n):
            cost[i] = order_cost(view, seat, i, hand)
        nc = fill_cheapest(cand, nc, limit, cost, n, NEVER)
    return min(nc, limit)


@njit(nogil=True)
def search_move(st, seat, kind, n, smart, greedy, salt=0, who=-1, follow=None):
    """The search's choice among the ``n`` moves of ``st.moves`` (a row, -1 to pass) at ``seat``'s
    play, or -2 when fewer than two candidates are left (the turn then decides as smart would).
    ``smart``, ``greedy`` and ``follow`` as ``move_candidates``'; ``salt`` is added to the turn
    number for the search's stream, ``who`` is the decision's row index (-1: the seat)."""
    cand = np.empty(n + 1, np.int64)
    nc = move_candidates(st, seat, n, smart, greedy, cand, follow, None)
    if nc < 2:
        return np.int64(-2)
    return sd.search_decide(st, seat, kind, cand, nc, smart, st.gs[GS_N_TURNS] + salt, seat if who < 0 else who,
                            np.int64(1))
