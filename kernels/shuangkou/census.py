"""双扣 census: deal many games and write per-seat hand features, in parallel.

Output ``out[feature, seat, game - start]`` (int16) in the order of ``CENSUS_FIELDS``
(``kernels.shuangkou.layout``). Game i is dealt from the stream ``(seed, i)`` only. A seat's
packed rank counts (``kernels.hand``; jokers at nibbles 13 and 14, no card is flagged wild in the
table) are summed straight from its deal positions; which jokers are wild is ``params``.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from kernels.deal import place_fixed, shuffle
from kernels.hand import encode_seat, nibble
from kernels.rng import seed_stream
from kernels.shuangkou.wild import wild_jokers

# layout of the ``params`` int64 array (compiled by ``sim.games.shuangkou.rules.compile_rules``)
P_N_SEATS, P_HAND_SIZE, P_WILD_MODE = 0, 1, 2
N_PARAMS = 3


@njit(cache=True, nogil=True, inline="always")
def seat_features(packed, mode, out, seat, col):
    """The census features of one seat's packed rank counts into ``out[:, seat, col]``."""
    best = 0
    for k in range(5):
        out[k, seat, col] = 0
    for r in range(13):
        c = nibble(packed, r)
        if c >= 4:
            out[c - 4, seat, col] += 1
        if c > best:
            best = c
    sj, bj = nibble(packed, 13), nibble(packed, 14)
    w = wild_jokers(sj, bj, mode)
    out[5, seat, col] = best
    out[6, seat, col] = best + w if best + w >= 4 else 0
    out[7, seat, col] = sj + bj
    out[8, seat, col] = bj
    out[9, seat, col] = w


@njit(cache=True, nogil=True, parallel=True)
def census_range(seed, start, count, deck_template, fix, enc, params, out, n_blocks):
    """Census of games ``start .. start+count-1`` into ``out[feature, seat, game - start]``
    (``n_blocks`` contiguous blocks, a few per thread, buffers allocated once per block).
    ``fix = (fix_card, fix_slots)``: ``--fix``'s cards, placed after the shuffle
    (``kernels.deal.place_fixed``; empty tables draw nothing); ``enc = (inc_rank, inc_fk,
    card_points)``: the packed-count encoding tables (``kernels.hand.encode_seat``)."""
    fix_card, fix_slots = fix
    inc_rank, inc_fk, card_points = enc
    n_blocks = max(1, min(count, n_blocks))
    n_seats = params[P_N_SEATS]
    hand_size = params[P_HAND_SIZE]
    mode = params[P_WILD_MODE]
    for b in prange(n_blocks):
        lo = start + (count * b) // n_blocks
        hi = start + (count * (b + 1)) // n_blocks
        state = np.empty(4, np.uint64)
        deck = np.empty(deck_template.shape[0], deck_template.dtype)
        for g in range(lo, hi):
            seed_stream(seed, g, state)
            deck[:] = deck_template
            shuffle(state, deck)
            place_fixed(state, deck, fix_card, fix_slots)
            for seat in range(n_seats):
                packed, _, _ = encode_seat(deck, seat, n_seats, hand_size, inc_rank, inc_fk, card_points)
                seat_features(packed, mode, out, seat, g - start)
