"""The search player's driver, written once for every climbing game (DESIGN principle 10).

``search_decide`` picks one of a seat's candidate options (moves, bids, a 硬牌 answer…) by
determinized Monte Carlo (``kernels.climb.search`` explains the method): ``worlds`` times it deals
the cards the seat cannot see, consistently with what it knows; in each world it plays every
candidate out with the rollout player (every seat plays as the searcher would, with its
parameters); it keeps the heuristic's option unless another's mean paired gain is at least
``confidence`` standard errors (``kernels.climb.search_pick.confident_best``). Every candidate
meets the same worlds and the same rollout draws (common random numbers).

What a game adds are the hooks below, implemented for its declared state with
``kernels.hooks.implements``: what the seat knows, how a world is sampled, and how an option is
played out and scored. The rest is read from the state: the search parameters (``st.pp`` at the
columns ``st.search_at`` names) and the rows where a decision is counted (``st.search_at``'s row
offsets; ``kernels.climb.state.search_at`` builds the slot).

The state ``st`` is the game's declared state (``kernels.climb.state.CLIMB_CORE`` extended): the
driver reads its ``rng`` (the hand's stream, never advanced here), ``policies`` and ``pp`` (set to
the rollout players in the worlds), ``gs`` (a world writes no log), ``search_at`` and ``row``. It
owns the two copies it plays in (``base``, the sampled world, and ``world``, the one a candidate
is played out in) and hands the hooks ``borrow`` views of them and of ``st``: no reference count
of every slot at each call.

Compilation: ``search_decide`` has no ``cache=True`` on purpose. It is specialized per game state
and compiled into that game's own cached entry points, so it is cached there, with the game's
hooks inside; cached on its own it would keep a stale copy of a game's hooks after an edit. It is
inlined into that entry (one function fewer that numba links and optimizes again), so a game calls
it from one place: each call site would be a copy of the driver in the compiled code.

A game hands its search to its play kernels as a function pointer (``search_on_for``): one cached
entry ``search(st, seat, kind) -> int64`` that the play code calls through ``search_on``. numba
links every callee's code into each caller and optimizes the linked whole again at every level
of the call chain (``CodeLibrary.finalize``); called through a pointer, the search is compiled
and optimized once, on its own, instead of once more in every play function above it.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.climb.loop import GS_N_LOG
from kernels.climb.search import search_stream
from kernels.climb.search_pick import confident_best
from kernels.climb.state import SA_AGREE, SA_CONFIDENCE, SA_DECISIONS, SA_ROLLOUT, SA_ROLLOUT_CAP, SA_ROLLOUTS, SA_WORLDS
from kernels.pointers import FunctionValue
from kernels.rng import next_u64
from kernels.state import borrow, clone, copy_into


KIND_PLAY = 0  # the decision at a seat's turn, in every game: a row of the turn's move list, -1 to pass
# (-2 back: nothing to search, the heuristic decides). A game numbers its other decisions from 1.


def search_on_for(search, template, wanted):
    """What a game's play wrapper hands its cached kernels as ``search_on`` (plain Python): None
    unless ``wanted`` is not None (a seat of the run searches), so numba prunes the search and
    does not compile it; else the game's cached search entry ``search(st, seat, kind) -> int64``
    as a function value for states like ``template``; the play kernels call
    ``search_on(st, seat, kind)`` under ``if search_on is not None``."""
    if wanted is None:
        return None
    from numba import typeof, types

    return FunctionValue(search, types.int64(typeof(template), types.int64, types.int64))


# ---- hooks: a game implements each for its declared state (kernels.hooks.implements) --------------

def knowledge(st, seat, kind):
    """What ``seat`` knows that a world must respect, computed once per decision (any array or
    tuple the game's ``sample_world`` reads: an unseen pool, the cards it cannot see…)."""
    raise NotImplementedError


def sample_world(world, st, seat, kind, know, rng):
    """Deal the hidden part of ``world`` (a copy of ``st``) at random from ``rng``, consistently with
    ``know``; ``seat``'s own cards and everything public stay as in ``st``."""
    raise NotImplementedError


def play_out(world, seat, kind, option):
    """Play ``option`` of decision ``kind`` for ``seat`` in ``world`` (a ``borrow`` view the driver
    owns) and finish the hand with the world's players: ``(money, rolled)``, ``seat``'s money
    (float) and whether it counts as a rollout. Money NaN: the option is not played in this world
    (it counts as equal to the heuristic's)."""
    raise NotImplementedError


# ---- the driver ---------------------------------------------------------------------------------------

@njit(nogil=True, inline="always")
def search_decide(st, seat, kind, cand, nc, heuristic, stream_index, who, scale):
    """The option of ``cand[:nc]`` that ``seat`` takes at decision ``kind`` (``cand[0]`` is the
    heuristic's own option, ``heuristic`` what the heuristic would play, for the agreement count);
    ``stream_index`` derives the search's stream from the hand's (the turn number, or a salt for
    a decision before play); ``scale`` multiplies the seat's worlds (a bid searched harder). The
    decision is counted in ``st.row`` at ``st.search_at``'s offsets + ``who`` (the seat's index
    in the game's rows: the seat, or the player sitting there)."""
    sa = st.search_at
    worlds = max(np.int64(1), np.int64(st.pp[seat, sa[SA_WORLDS]])) * scale
    z = st.pp[seat, sa[SA_CONFIDENCE]]
    rollout_policy = min(np.int64(st.pp[seat, sa[SA_ROLLOUT]]), sa[SA_ROLLOUT_CAP])
    sstate = np.empty(4, np.uint64)
    search_stream(st.rng, stream_index, sstate)
    view = borrow(st)  # st is the caller's: it outlives this call
    know = knowledge(view, seat, kind)
    base = clone(st)
    world = clone(st)
    bv, wv = borrow(base), borrow(world)  # base and world stay alive: the loop copies them by name
    gain, gain2, money = np.zeros(nc), np.zeros(nc), np.empty(nc)
    rollouts = 0
    for _ in range(worlds):
        copy_into(base, st)
        sample_world(bv, view, seat, kind, know, sstate)
        for s in range(bv.policies.shape[0]):
            bv.policies[s] = rollout_policy
            bv.pp[s, :] = st.pp[seat, :]
        bv.gs[GS_N_LOG] = bv.log.shape[0]  # a world writes no log
        for k in range(4):
            bv.rng[k] = next_u64(sstate)
        for ci in range(nc):
            copy_into(world, base)
            m, rolled = play_out(wv, seat, kind, cand[ci])
            money[ci] = m
            if rolled:
                rollouts += 1
        for ci in range(1, nc):
            d = 0.0 if np.isnan(money[ci]) or np.isnan(money[0]) else money[ci] - money[0]
            gain[ci] += d
            gain2[ci] += d * d
    best = confident_best(gain, gain2, nc, worlds, z)
    st.row[sa[SA_DECISIONS] + who] += 1
    st.row[sa[SA_ROLLOUTS] + who] += rollouts
    if cand[best] == heuristic:
        st.row[sa[SA_AGREE] + who] += 1
    return cand[best]
