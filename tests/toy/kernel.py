"""The toy game's kernel: two players, each dealt ``hand_size`` cards of one 52-card deck, each
shows one card (``random``: any; ``high``: its best); the higher rank wins, ties go to the higher
suit. One int64 row per hand: the cards shown, by seat, and the winner."""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from kernels.deal import shuffle
from kernels.layout import Field, RowLayout
from kernels.rng import bounded, seed_stream

LAYOUT = RowLayout([
    Field("shown", "int16", "card shown (kernels.cards id 0..51)", per_seat=True),
    Field("winner", "int8", "seat that showed the higher card"),
    Field("first", "int8", "seat that shows first (the dealer)"),
], max_seats=2)
ROW_SHOWN, ROW_WINNER, ROW_FIRST = LAYOUT.at("shown"), LAYOUT.at("winner"), LAYOUT.at("first")
RANDOM, HIGH = 0, 1


@njit(cache=True, nogil=True)
def play_hand(seed, deal, rotation, hand_size, policies, row, deck, state):
    seed_stream(seed, deal, state)
    for i in range(52):
        deck[i] = i
    shuffle(state, deck)
    first = (bounded(state, 2) - rotation + 2) % 2
    for k in range(2):
        seat = (k - rotation + 2) % 2
        best = -1
        pick = bounded(state, hand_size) if policies[seat] == RANDOM else -1
        for j in range(hand_size):
            c = deck[k * hand_size + j]
            if (pick >= 0 and j == pick) or (pick < 0 and (best < 0 or c // 4 * 4 + 3 - c % 4 > best // 4 * 4 + 3 - best % 4)):
                best = c
        row[ROW_SHOWN + seat] = best
    a, b = row[ROW_SHOWN], row[ROW_SHOWN + 1]
    row[ROW_WINNER] = 0 if (a // 4 > b // 4 or (a // 4 == b // 4 and a % 4 < b % 4)) else 1
    row[ROW_FIRST] = first


@njit(cache=True, nogil=True, parallel=True)
def play_range(seed, start, count, rotate, duplicate, hand_size, policies, out, n_blocks):
    n_blocks = max(1, min(count, n_blocks))
    for b in prange(n_blocks):
        deck = np.empty(52, np.int64)
        state = np.empty(4, np.uint64)
        pol = policies.copy()
        for i in range(count * b // n_blocks, count * (b + 1) // n_blocks):
            g = start + i
            if rotate:
                for k in range(2):
                    pol[k] = policies[(k + g) % 2]
            play_hand(seed, g // 2 if duplicate else g, g % 2 if duplicate else 0, hand_size, pol, out[i], deck, state)
