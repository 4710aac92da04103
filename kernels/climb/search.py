"""Pieces every climbing family's ``search`` player shares: its own random stream, the sampling
of hidden cards (determinization) and the per-candidate money tally.

``search`` is determinized Monte Carlo: at a decision with more than one sensible candidate,
the seat samples ``worlds`` deals of the cards it cannot see, consistent with what it knows
(its own hand, the cards played, each seat's card count, anything declared face up), plays each
candidate in each world and finishes the hand with a fast rollout policy, then takes the
candidate with the best mean money for its side under the ruleset. Every candidate is tried in
the same worlds (common random numbers: the comparison is paired, its noise much smaller than
the money's spread).

Randomness: the search draws from its own stream, derived from the hand's stream and the turn
number without advancing it, so a hand stays deterministic from ``(seed, game_index)`` and the
deal, and every random player's draws, are the same whether a seat searches or not.

Search parameters travel in a family's ``pp[seat, ...]`` rows; ``SEARCH_PARAMS``
(``kernels.climb.search_params``, importable without numba) is their common name list and order:
each family appends them after its own heuristic parameters.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.climb.search_params import SEARCH_DEFAULTS, SEARCH_DOCS, SEARCH_PARAMS  # noqa: F401 (re-exported)
from kernels.rng import bounded, mix64

_SALT = np.uint64(0x5EA2C4D17E11B00F)


@njit(cache=True, nogil=True)
def search_stream(state, turn, out):
    """Fill ``out`` (uint64[4]) with a stream derived from ``state`` and ``turn``; ``state`` is
    not advanced (the hand's own draws are unchanged by searching)."""
    x = mix64(state[0] ^ _SALT) ^ mix64(state[1] + np.uint64(turn)) ^ mix64(state[2] ^ state[3])
    for k in range(4):
        x = x + np.uint64(0x9E3779B97F4A7C15)
        out[k] = mix64(x)


@njit(cache=True, nogil=True)
def shuffle_prefix(values, n, state):
    """Fisher–Yates shuffle of ``values[:n]`` in place."""
    for i in range(n - 1, 0, -1):
        j = bounded(state, np.int64(i + 1))
        values[i], values[j] = values[j], values[i]


@njit(cache=True, nogil=True)
def deal_counts(pool, sizes, fixed, out, state):
    """Deal the rank counts ``pool[r]`` at random to the seats with ``fixed[s] == 0``, seat ``s``
    receiving ``sizes[s]`` cards (``out[s, r]``; rows of fixed seats are left untouched).

    Card by card without replacement: the exact multivariate hypergeometric split of the pool.
    ``pool`` is consumed (all zero on return when the sizes add up to the pool)."""
    total = 0
    for r in range(pool.shape[0]):
        total += pool[r]
    for s in range(sizes.shape[0]):
        if fixed[s]:
            continue
        for r in range(out.shape[1]):
            out[s, r] = 0
        for _ in range(sizes[s]):
            if total <= 0:
                break
            k = bounded(state, np.int64(total))
            r = 0
            while k >= pool[r]:
                k -= pool[r]
                r += 1
            pool[r] -= 1
            out[s, r] += 1
            total -= 1


@njit(cache=True, nogil=True)
def collect_hidden(seat, owner, known_a, known_b, w_owner, unseen):
    """Start a world over card owners (``owner[c]``: the seat holding card id ``c``, -1 none):
    ``w_owner`` = ``owner``, and ``unseen[:n]`` the cards ``seat`` cannot see — held by another
    seat and not public (``known_a`` / ``known_b``, -1: none). Returns ``n``."""
    n = 0
    for c in range(owner.shape[0]):
        w_owner[c] = owner[c]
        if owner[c] >= 0 and owner[c] != seat and c != known_a and c != known_b:
            unseen[n] = c
            n += 1
    return n


@njit(cache=True, nogil=True)
def deal_hidden(seat, fill, unseen, n, w_owner, state):
    """Shuffle ``unseen[:n]`` and deal it to the seats other than ``seat`` in seat order,
    ``fill[s]`` cards each (the hidden cards a seat holds)."""
    shuffle_prefix(unseen, n, state)
    k = 0
    for s in range(fill.shape[0]):
        if s == seat:
            continue
        for _j in range(fill[s]):
            w_owner[unseen[k]] = s
            k += 1


@njit(cache=True, nogil=True)
def deal_unseen(seat, owner, known_a, known_b, fill, w_owner, unseen, state):
    """A world over card owners in one call: ``collect_hidden`` then ``deal_hidden`` (``fill[s]``
    hidden cards to each other seat). Returns the number of hidden cards."""
    n = collect_hidden(seat, owner, known_a, known_b, w_owner, unseen)
    deal_hidden(seat, fill, unseen, n, w_owner, state)
    return n


@njit(cache=True, nogil=True)
def deal_others(seat, pool, sizes, counts, state):
    """A world over rank counts: every seat but ``seat`` gets ``sizes[s]`` cards of ``pool`` at
    random into ``counts[s]`` (``deal_counts``); ``pool`` is not changed. Returns what is left of it."""
    work = pool.copy()
    fixed = np.zeros(sizes.shape[0], np.bool_)
    fixed[seat] = True
    deal_counts(work, sizes, fixed, counts, state)
    return work
