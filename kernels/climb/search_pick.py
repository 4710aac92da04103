"""The search player's candidates and its pick among them from paired per-world gains, shared by
every climbing family's search player.

Keep the heuristic's choice (candidate 0) unless another candidate's mean paired gain over it is
positive and at least ``z`` standard errors. Rollout money is noisy and a handful of worlds often
ranks moves by luck; demanding evidence keeps search from trading a sound move for a lucky one.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.climb.plan import going_out


@njit(cache=True, nogil=True)
def confident_best(gain, gain2, nc, worlds, z):
    """Index of the candidate to play: 0 unless ``gain[ci] / worlds`` (the mean over worlds of
    candidate ``ci``'s money minus candidate 0's; ``gain2`` the sum of squares) is positive and
    at least ``z`` sample standard errors; then the one with the largest such mean."""
    best, best_gain = 0, 0.0
    for ci in range(1, nc):
        mean = gain[ci] / worlds
        var = (gain2[ci] / worlds - mean * mean) * worlds / max(worlds - 1, 1)
        se = np.sqrt(max(var, 0.0) / worlds)
        if mean > 1e-9 and mean >= z * se - 1e-9 and mean > best_gain:
            best, best_gain = ci, mean
    return best


@njit(cache=True, nogil=True)
def add_candidate(cand, nc, move):
    """Append ``move`` (a move index, -1 = pass; below -1 = none) to ``cand[:nc]`` unless it is
    there already; the new count."""
    if move < -1:
        return nc
    for i in range(nc):
        if cand[i] == move:
            return nc
    cand[nc] = move
    return nc + 1


@njit(cache=True, nogil=True)
def first_candidates(cand, smart, greedy, lead):
    """``cand`` starts with the heuristic's move ``smart``, pass when following (``lead`` false),
    then ``greedy``'s move (each once); how many."""
    nc = add_candidate(cand, 0, smart)
    if not lead:
        nc = add_candidate(cand, nc, -1)
    return add_candidate(cand, nc, greedy)


@njit(cache=True, nogil=True)
def nothing_to_search(moves, n, left):
    """No move, or one that plays the seat's last ``left`` cards (going out: the heuristic takes it)."""
    return n == 0 or going_out(moves, n, left) >= 0


@njit(cache=True, nogil=True)
def fill_cheapest(cand, nc, limit, cost, n, ceiling):
    """Top ``cand`` up to ``limit`` with the cheapest moves of ``moves[:n]`` not in it yet, by the
    game's ``cost[i]`` (lowest index on ties; a cost of ``ceiling`` or more is never taken); the
    new count."""
    while nc < limit:
        best, best_cost = -1, ceiling
        for i in range(n):
            taken = False
            for j in range(nc):
                if cand[j] == i:
                    taken = True
            if not taken and cost[i] < best_cost:
                best, best_cost = i, cost[i]
        if best < 0:
            break
        cand[nc] = best
        nc += 1
    return nc
