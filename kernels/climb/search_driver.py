"""The search player's driver, written once for every climbing game (DESIGN principle 10).

``search_decide`` picks one of a seat's candidate options (moves, bids, a 硬牌 answer…) by
determinized Monte Carlo (``kernels.climb.search`` explains the method): ``worlds`` times it deals
the cards the seat cannot see, consistently with what it knows; in each world it plays every
candidate out with the rollout player (every seat plays as the searcher would, with its
parameters); it keeps the heuristic's option unless another's mean paired gain is at least
``confidence`` standard errors (``kernels.climb.search_pick.confident_best``). Every candidate
meets the same worlds and the same rollout draws (common random numbers).

What a game adds are the hooks below, implemented for its declared state with
``kernels.hooks.implements``: its search parameters, what the seat knows, how a world is
sampled, how an option is played out and scored, and where the decision is recorded.

The state ``st`` is the game's declared state (``kernels.climb.state.CLIMB_CORE`` extended): the
driver reads its ``rng`` (the hand's stream, never advanced here), ``policies`` and ``pp`` (set to
the rollout players in the worlds) and ``gs`` (a world writes no log).

Compilation: ``search_decide`` has no ``cache=True`` on purpose. It is specialized per game state
and compiled into that game's own cached entry points, so it is cached there, with the game's
hooks inside; cached on its own it would keep a stale copy of a game's hooks after an edit.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.climb.loop import GS_N_LOG
from kernels.climb.search import search_stream
from kernels.climb.search_pick import confident_best
from kernels.rng import next_u64
from kernels.state import clone, copy_into


# ---- hooks: a game implements each for its declared state (kernels.hooks.implements) --------------

def search_params(st, seat):
    """``(worlds, confidence, rollout_policy)`` of ``seat``'s search player (its ``pp`` row)."""
    raise NotImplementedError


def knowledge(st, seat, kind):
    """What ``seat`` knows that a world must respect, computed once per decision (any array or
    tuple the game's ``sample_world`` reads: an unseen pool, the cards it cannot see…)."""
    raise NotImplementedError


def sample_world(world, st, seat, kind, know, rng):
    """Deal the hidden part of ``world`` (a copy of ``st``) at random from ``rng``, consistently with
    ``know``; ``seat``'s own cards and everything public stay as in ``st``."""
    raise NotImplementedError


def play_out(world, seat, kind, option):
    """Play ``option`` of decision ``kind`` for ``seat`` in ``world`` and finish the hand with the
    world's players; ``seat``'s money (float). NaN: the option is not played in this world (it
    counts as equal to the heuristic's, and not as a rollout)."""
    raise NotImplementedError


def record_search(st, seat, rollouts, agreed):
    """Count one searched decision of ``seat`` in ``st``'s row: ``rollouts`` played out, and whether
    the pick ``agreed`` with the heuristic's."""
    raise NotImplementedError


# ---- the driver ---------------------------------------------------------------------------------------

@njit(nogil=True)
def search_decide(st, seat, kind, cand, nc, heuristic, stream_index):
    """The option of ``cand[:nc]`` that ``seat`` takes at decision ``kind`` (``cand[0]`` is the
    heuristic's own option, ``heuristic`` what the heuristic would play, for the agreement count);
    ``stream_index`` derives the search's stream from the hand's (the turn number, or a salt for
    a decision before play). Counts the decision with ``record_search``."""
    worlds, z, rollout_policy = search_params(st, seat)
    worlds = max(np.int64(1), np.int64(worlds))
    sstate = np.empty(4, np.uint64)
    search_stream(st.rng, stream_index, sstate)
    know = knowledge(st, seat, kind)
    base = clone(st)
    world = clone(st)
    gain, gain2, money = np.zeros(nc), np.zeros(nc), np.empty(nc)
    rollouts = 0
    for _ in range(worlds):
        copy_into(base, st)
        sample_world(base, st, seat, kind, know, sstate)
        for s in range(base.policies.shape[0]):
            base.policies[s] = rollout_policy
            base.pp[s, :] = st.pp[seat, :]
        base.gs[GS_N_LOG] = base.log.shape[0]  # a world writes no log
        for k in range(4):
            base.rng[k] = next_u64(sstate)
        for ci in range(nc):
            copy_into(world, base)
            money[ci] = play_out(world, seat, kind, cand[ci])
            if not np.isnan(money[ci]):
                rollouts += 1
        for ci in range(1, nc):
            d = 0.0 if np.isnan(money[ci]) or np.isnan(money[0]) else money[ci] - money[0]
            gain[ci] += d
            gain2[ci] += d * d
    best = confident_best(gain, gain2, nc, worlds, z)
    record_search(st, seat, rollouts, cand[best] == heuristic)
    return cand[best]
