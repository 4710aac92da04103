"""What the climbing games' players share: the parameter matrix, the random player's draw, going
out in one play, and the nearest opponent to going out in a partnership.

Each game's ``policies`` keeps what is its own (its costs, its planner's patterns, its bidding);
these are the pieces that were written the same way in every one of them. The random draw and the
scans keep the games' order exactly (golden playthroughs depend on it). The pure-Python twin is
``tests/reference/climb_gen.py``.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.rng import bounded


def params_matrix(policies: list[str], overrides: list[dict], defaults: dict, order: tuple) -> np.ndarray:
    """``pp[seat, PP_*]`` (float64) from policy names and per-seat overrides (``sim.players``): a
    seat's values are its policy's ``defaults`` updated by its overrides, in the game's ``order``."""
    pp = np.zeros((len(policies), len(order)), np.float64)
    for seat, (name, extra) in enumerate(zip(policies, overrides)):
        values = dict(defaults[name])
        values.update(extra)
        pp[seat] = [float(values[k]) for k in order]
    return pp


@njit(cache=True, nogil=True, inline="always")
def random_pick(rng, n, lead):
    """The random player: uniform over the ``n`` legal plays, PASS (-1) one more choice when
    following; one ``bounded`` draw from ``rng``."""
    k = bounded(rng, n if lead else n + 1)
    return k if k < n else -1


@njit(cache=True, nogil=True, inline="always")
def going_out(moves, n, left):
    """First of ``moves[:n]`` that plays all ``left`` cards of the hand (going out now is always
    right), or -1."""
    for i in range(n):
        if moves[i, 2] == left:
            return i
    return -1


@njit(cache=True, nogil=True, inline="always")
def enemy_min(seat, hand_left):
    """Fewest cards an opponent still in the hand holds (partners sit opposite: opponents are the
    seats an odd distance away), 1 << 30 if none."""
    m = 1 << 30
    for s in range(hand_left.shape[0]):
        if (s - seat) % 2 == 1 and hand_left[s] > 0 and hand_left[s] < m:
            m = hand_left[s]
    return m
