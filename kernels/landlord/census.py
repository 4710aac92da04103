"""Landlord-family census (斗地主 3p/4p, 上海三打一): deal games and write what each seat and the
底牌 hold, in parallel.

The deal is the play job's first deal (``kernels.landlord.play``): stream ``(seed, i)``, the
deck ``0 .. 54 * n_decks - 1`` shuffled once, position ``p < n_seats * hand_size`` to seat
``p % n_seats``, the rest the kitty (``kernels.deal``); then the fixed cards of ``--fix``
(``kernels.deal.place_fixed``, nothing when the table is empty). ``out[feature, seat, game -
start]`` in ``kernels.landlord.layout.CENSUS_SEAT`` order, ``kitty_out[k, game - start]``:
kitty jokers, 2s, most of one rank.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from kernels.deal import place_fixed, reset_deck, shuffle
from kernels.rng import seed_stream

R_A, R_2, R_SJ, R_BJ = 11, 12, 13, 14


@njit(cache=True, nogil=True)
def longest_run(counts, at_least):
    """Longest run of consecutive ranks 3..A (rank indices 0..11) each held ``at_least`` times."""
    best = 0
    cur = 0
    for r in range(R_A + 1):
        if counts[r] >= at_least:
            cur += 1
            if cur > best:
                best = cur
        else:
            cur = 0
    return best


@njit(cache=True, nogil=True)
def seat_features(counts, out, seat, col):
    """The per-seat features of one hand's rank counts into ``out[:, seat, col]``."""
    bombs = 0
    most = 0  # (a loop, not counts[:R_2 + 1].max(): the slice made the census 20% slower)
    for r in range(R_2 + 1):
        if counts[r] >= 4:
            bombs += 1
        most = max(most, counts[r])
    out[0, seat, col] = bombs
    out[1, seat, col] = most
    out[2, seat, col] = counts[R_SJ]
    out[3, seat, col] = counts[R_BJ]
    out[4, seat, col] = counts[R_2]
    out[5, seat, col] = counts[R_A]
    out[6, seat, col] = longest_run(counts, 1)
    out[7, seat, col] = longest_run(counts, 2)
    out[8, seat, col] = longest_run(counts, 3)


@njit(cache=True, nogil=True, parallel=True)
def census_range(seed, run, deck_template, card_rank, fix_card, fix_slots, out, kitty_out):
    """Census of games ``start .. start + count - 1`` (``run``: start, count, seats, hand size and
    blocks: ``n_blocks`` contiguous blocks, a few per thread, buffers allocated once per block).
    Rows depend only on ``(seed, game)`` and the fixed cards (``fix_card`` / ``fix_slots``:
    ``kernels.deal.place_fixed``)."""
    start, count, n_seats, hand_size = run[0], run[1], run[2], run[3]
    n_blocks = max(1, min(count, run[4]))
    n_dealt = n_seats * hand_size
    for b in prange(n_blocks):
        lo = start + (count * b) // n_blocks
        hi = start + (count * (b + 1)) // n_blocks
        state = np.empty(4, np.uint64)
        deck = np.empty(deck_template.shape[0], deck_template.dtype)
        counts = np.zeros((n_seats + 1, 16), np.int64)  # row n_seats: the kitty
        for g in range(lo, hi):
            seed_stream(seed, g, state)
            reset_deck(deck, deck_template)
            shuffle(state, deck)
            place_fixed(state, deck, fix_card, fix_slots)
            counts[:, :] = 0
            for p in range(deck.shape[0]):
                counts[p % n_seats if p < n_dealt else n_seats, card_rank[deck[p]]] += 1
            col = g - start
            for s in range(n_seats):
                seat_features(counts[s], out, s, col)
            kitty = counts[n_seats]
            kitty_out[0, col] = kitty[R_SJ] + kitty[R_BJ]
            kitty_out[1, col] = kitty[R_2]
            most = 0
            for r in range(R_2 + 1):
                most = max(most, kitty[r])
            kitty_out[2, col] = most
