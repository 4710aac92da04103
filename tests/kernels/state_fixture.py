"""A declared state and search hooks for the driver's tests: a one-decision 'game' whose money is
known in closed form (module-level, so numba's cache can find the state class again)."""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.climb import search_driver as sd
from kernels.climb.state import CLIMB_CORE
from kernels.hooks import implements
from kernels.rng import bounded
from kernels.state import Slot

COIN = CLIMB_CORE.extend("CoinState", __name__, [
    Slot("prize", "float64", ("seats",), "what each option pays the searching seat, before noise"),
    Slot("hidden", "int64", (1,), "the card the seat cannot see (a world deals it)"),
])
CoinState = COIN.cls


@implements(sd.knowledge, COIN)
def _knowledge(st, seat, kind):
    return np.int64(10)  # the hidden card is one of 10


@implements(sd.sample_world, COIN)
def _sample(world, st, seat, kind, know, rng):
    world.hidden[0] = bounded(rng, know)


@implements(sd.play_out, COIN)
def _play_out(world, seat, kind, option):
    if option == 3:
        return np.nan, False  # not playable in any world
    assert world.policies[seat] == 7  # rollout players are set
    return world.prize[option] + (world.hidden[0] - 4.5) * 0.1, True


@njit(cache=True, nogil=True)
def decide(st, cand, nc):
    return sd.search_decide(st, np.int64(0), np.int64(0), cand, nc, cand[0], np.int64(5), np.int64(0), np.int64(1))


def new_state(prize, worlds=8, z=2.0):
    # rows 0-2 count; pp columns 0-2; rollout players capped at 7; candidates (pp column 0: the driver never reads it)
    search_at = np.array([0, 1, 2, 0, 1, 2, 7, 0], np.int64)
    st = COIN.allocate({"rules": np.zeros(8, np.int64), "mv": np.zeros(1), "search_at": search_at}, seats=4,
                       ranks=16, row=4, params=3, max_moves=4, scratch=2, log_rows=1)
    st.prize[:] = prize
    st.pp[:, 0] = worlds
    st.pp[:, 1] = z
    st.pp[:, 2] = 7
    st.rng[:] = [1, 2, 3, 4]
    return st
