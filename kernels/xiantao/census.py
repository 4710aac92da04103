"""Census kernel: deal many games and compute per-seat hand features, in parallel.

Output ``out[feature, seat, game - start]`` (int16), so that each Parquet column is one contiguous
row of ``out`` in ``CENSUS_FEATURES`` order (declared with names, types and meaning in
``kernels.xiantao.layout``). Hands are never copied out of the
shuffled deck: each seat's packed counts (``kernels.hand``) are summed straight from its deal
positions.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from kernels.deal import place_fixed, reset_deck, shuffle
from kernels.hand import best_fifty_k, encode_seat, has_joker_pair, max_bomb_size, rank_profile, wild_count
from kernels.rng import seed_stream

from kernels.xiantao.layout import CENSUS_FEATURES, N_CENSUS_FEATURES  # noqa: E402,F401  (feature order)

# layout of the ``params`` int64 array the ruleset compiles for this kernel
P_N_SEATS, P_HAND_SIZE, P_BOMB_MIN, P_BOMB_MAX, P_WILDS_510K, P_XI_WANGZHA, P_XI_SEVEN, P_XI_EIGHT = range(8)
N_PARAMS = 8
TILE = 256  # deals per tile (see census_range)


@njit(cache=True, nogil=True, inline="always")
def _seat_features(deck, seat, n_seats, hand_size, inc_rank, inc_fk, card_points, params, out, col):
    p, fk, points = encode_seat(deck, seat, n_seats, hand_size, inc_rank, inc_fk, card_points)
    wilds = wild_count(p)
    best, seven, eight, fours = rank_profile(p)
    wangzha = 1 if has_joker_pair(p) else 0
    out[col, seat, 0] = wilds
    out[col, seat, 1] = best
    out[col, seat, 2] = seven
    out[col, seat, 3] = eight
    out[col, seat, 4] = wangzha
    out[col, seat, 5] = points
    out[col, seat, 6] = fours
    out[col, seat, 7] = max_bomb_size(best, wilds, params[P_BOMB_MIN], params[P_BOMB_MAX])
    out[col, seat, 8] = best_fifty_k(fk, wilds, params[P_WILDS_510K])
    out[col, seat, 9] = wangzha * params[P_XI_WANGZHA] + seven * params[P_XI_SEVEN] + eight * params[P_XI_EIGHT]


@njit(cache=True, nogil=True)
def census_one(seed, game_index, deal, state, deck, out, col):
    """Deal game ``game_index`` (with ``--fix``'s cards: ``kernels.deal.place_fixed``) and write
    its features into ``out[col, :, :]``. ``deal``: the run's tables, as ``census_range``
    takes them."""
    deck_template, fix_card, fix_slots, inc_rank, inc_fk, card_points, params = deal
    n_seats = params[P_N_SEATS]
    hand_size = params[P_HAND_SIZE]
    seed_stream(seed, game_index, state)
    reset_deck(deck, deck_template)
    shuffle(state, deck)
    place_fixed(state, deck, fix_card, fix_slots)
    for seat in range(n_seats):
        _seat_features(deck, seat, n_seats, hand_size, inc_rank, inc_fk, card_points, params, out, col)


@njit(cache=True, nogil=True, parallel=True)
def census_range(seed, start, count, deal, out, n_blocks):
    """Census of games ``start .. start+count-1`` into ``out[feature, seat, game - start]``.

    Work is cut into ``n_blocks`` contiguous blocks (a few per thread); each block allocates its
    buffers once. A block computes ``TILE`` deals into a small row-major tile (one deal's features
    contiguous) and then copies the tile into the column-major ``out``, so that neither side
    writes to forty far-apart places per deal. Rows depend only on ``(seed, game_index)`` and the
    fixed cards (``fix_card`` / ``fix_slots``, empty without ``--fix``). ``deal``: the run's
    tables (deck template, --fix's tables, packed increments, card points, params).
    """
    deck_template, fix_card, fix_slots, inc_rank, inc_fk, card_points, params = deal
    n_blocks = max(1, min(count, n_blocks))
    n_seats = params[P_N_SEATS]
    for b in prange(n_blocks):
        lo = start + (count * b) // n_blocks
        hi = start + (count * (b + 1)) // n_blocks
        state = np.empty(4, np.uint64)
        deck = np.empty(deck_template.shape[0], deck_template.dtype)
        tile = np.empty((TILE, n_seats, N_CENSUS_FEATURES), np.int16)
        standard = n_seats == 4 and params[P_HAND_SIZE] == 27
        for t0 in range(lo, hi, TILE):
            t1 = min(hi, t0 + TILE)
            for g in range(t0, t1):
                if standard:  # the common deal, with constants the compiler can unroll
                    seed_stream(seed, g, state)
                    reset_deck(deck, deck_template)
                    shuffle(state, deck)
                    place_fixed(state, deck, fix_card, fix_slots)
                    for seat in range(4):
                        _seat_features(deck, seat, 4, 27, inc_rank, inc_fk, card_points, params, tile, g - t0)
                else:
                    census_one(seed, g, deal, state, deck, tile, g - t0)
            for f in range(N_CENSUS_FEATURES):
                for seat in range(n_seats):
                    for i in range(t1 - t0):
                        out[f, seat, t0 - start + i] = tile[i, seat, f]
