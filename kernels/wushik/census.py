"""五十K census: deal many games and write per-seat hand features, in parallel.

Output ``out[feature, seat, game - start]`` (int16) in the order of ``CENSUS_FIELDS``
(``kernels.wushik.layout``: names, types and meaning). Game i is dealt from the stream
``(seed, i)`` only (``kernels.rng``, ``kernels.deal``), so rows do not depend on threads or
blocks. A seat's packed rank counts and 5/10/K-by-suit holdings (``kernels.hand``) are summed
straight from its deal positions.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from kernels.cards import R5, R10, RK
from kernels.deal import place_fixed, shuffle
from kernels.hand import encode_seat, nibble
from kernels.rng import seed_stream
from kernels.wushik.movegen import fu_possible

# layout of the ``params`` int64 array (compiled by ``sim.games.wushik.rules.compile_rules``)
P_N_SEATS, P_HAND_SIZE = 0, 1
N_PARAMS = 2


@njit(cache=True, nogil=True, inline="always")
def seat_features(packed, fk, points, out, seat, col):
    """The census features of one seat's holding into ``out[:, seat, col]``."""
    best = 0
    for k in range(5):
        out[k, seat, col] = 0
    for r in range(13):
        c = nibble(packed, r)
        if c >= 4:
            out[c - 4, seat, col] += 1
        if c > best:
            best = c
    out[5, seat, col] = best if best >= 4 else 0
    zheng = 0
    m5 = 0
    m10 = 0
    mk = 0
    for s in range(4):
        a, b, c = nibble(fk, s), nibble(fk, 4 + s), nibble(fk, 8 + s)
        zheng += min(a, b, c)
        m5 |= (1 << s) if a > 0 else 0
        m10 |= (1 << s) if b > 0 else 0
        mk |= (1 << s) if c > 0 else 0
    out[6, seat, col] = zheng
    out[7, seat, col] = min(nibble(packed, R5), nibble(packed, R10), nibble(packed, RK))
    out[8, seat, col] = 1 if fu_possible(m5, m10, mk) else 0
    out[9, seat, col] = points


@njit(cache=True, nogil=True, parallel=True)
def census_range(seed, start, count, tables, fix, out, n_blocks):
    """Census of games ``start .. start+count-1`` into ``out[feature, seat, game - start]``.

    ``tables``: the run's ``(deck, inc_rank, inc_fk, card_points, params)``
    (``sim.games.wushik.rules.compile_rules``' ``census``); ``fix``: ``--fix``'s
    ``(fix_card, fix_slots)``, placed after the shuffle (``kernels.deal.place_fixed``), or None.
    Work is cut into ``n_blocks`` contiguous blocks (a few per thread), each with its own
    buffers, allocated once per block.
    """
    deck_template, inc_rank, inc_fk, card_points, params = tables
    n_blocks = max(1, min(count, n_blocks))
    n_seats = params[P_N_SEATS]
    hand_size = params[P_HAND_SIZE]
    for b in prange(n_blocks):
        lo = start + (count * b) // n_blocks
        hi = start + (count * (b + 1)) // n_blocks
        state = np.empty(4, np.uint64)
        deck = np.empty(deck_template.shape[0], deck_template.dtype)
        for g in range(lo, hi):
            seed_stream(seed, g, state)
            deck[:] = deck_template
            shuffle(state, deck)
            if fix is not None:
                place_fixed(state, deck, fix[0], fix[1])
            for seat in range(n_seats):
                packed, fk, points = encode_seat(deck, seat, n_seats, hand_size, inc_rank, inc_fk, card_points)
                seat_features(packed, fk, points, out, seat, g - start)
