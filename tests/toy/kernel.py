"""The toy game's kernels: two players, each dealt ``hand_size`` cards of one 52-card deck, each
shows one card (``random``: any; ``high``: its best, or its ``keep``-th best with the policy
parameter ``keep``); the higher rank wins, ties go to the higher suit. In a session the winner of
a hand shows first in the next. One int64 row per hand: the cards shown, by seat, the winner and
who showed first; a census row holds each seat's aces and highest rank."""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from kernels.deal import shuffle
from kernels.layout import Field, RowLayout
from kernels.rng import bounded, seed_stream

LAYOUT = RowLayout([
    Field("shown", "int16", "card shown (kernels.cards id 0..51)", per_seat=True),
    Field("winner", "int8", "seat that showed the higher card"),
    Field("first", "int8", "seat that shows first (the dealer; in a session, the last hand's winner)"),
], max_seats=2)
CENSUS_LAYOUT = RowLayout([
    Field("aces", "int8", "aces dealt", per_seat=True),
    Field("high", "int8", "highest rank dealt (kernels.cards order: 0 = 3 .. 11 = A, 12 = 2)", per_seat=True),
], max_seats=2)
ROW_SHOWN, ROW_WINNER, ROW_FIRST = LAYOUT.at("shown"), LAYOUT.at("winner"), LAYOUT.at("first")
ROW_ACES, ROW_HIGH = CENSUS_LAYOUT.at("aces"), CENSUS_LAYOUT.at("high")
RANDOM, HIGH = 0, 1
ACE = 11  # rank of the ace in kernels.cards (3 .. K, A, 2)


@njit(cache=True, nogil=True)
def _strength(c):
    """Order of cards: rank first, then the lower suit id is the higher suit."""
    return c // 4 * 4 + 3 - c % 4


@njit(cache=True, nogil=True)
def play_hand(seed, deal, rotation, hand_size, policies, keep, first_in, row, deck, state):
    """One hand into ``row``; ``first_in`` is the seat that shows first (-1: drawn, a session's first hand)."""
    seed_stream(seed, deal, state)
    for i in range(52):
        deck[i] = i
    shuffle(state, deck)
    first = (bounded(state, 2) - rotation + 2) % 2
    if first_in >= 0:
        first = first_in
    for k in range(2):
        seat = (k - rotation + 2) % 2
        hand = deck[k * hand_size:(k + 1) * hand_size].copy()
        if policies[seat] == RANDOM:
            best = hand[bounded(state, hand_size)]
        else:
            order = np.argsort(-(hand // 4 * 4 + 3 - hand % 4))
            best = hand[order[min(keep[seat], hand_size - 1)]]
        row[ROW_SHOWN + seat] = best
    a, b = row[ROW_SHOWN], row[ROW_SHOWN + 1]
    row[ROW_WINNER] = 0 if _strength(a) > _strength(b) else 1
    row[ROW_FIRST] = first


@njit(cache=True, nogil=True, parallel=True)
def play_range(seed, start, count, rotate, duplicate, hands_per_session, hand_size, policies, keep, out, n_blocks):
    """Hands ``start .. start+count-1`` (whole sessions) into ``out``, sessions spread over blocks."""
    sessions = count // hands_per_session
    n_blocks = max(1, min(sessions, n_blocks))
    for b in prange(n_blocks):
        deck = np.empty(52, np.int64)
        state = np.empty(4, np.uint64)
        pol = policies.copy()
        kp = keep.copy()
        for s in range(sessions * b // n_blocks, sessions * (b + 1) // n_blocks):
            first = -1
            for h in range(hands_per_session):
                i = s * hands_per_session + h
                g = start + i
                if rotate:
                    for k in range(2):
                        pol[k] = policies[(k + g) % 2]
                        kp[k] = keep[(k + g) % 2]
                play_hand(seed, g // 2 if duplicate else g, g % 2 if duplicate else 0, hand_size, pol, kp, first,
                          out[i], deck, state)
                first = out[i][ROW_WINNER]


@njit(cache=True, nogil=True, parallel=True)
def census_range(seed, start, count, hand_size, out, n_blocks):
    """Deals ``start .. start+count-1``: each seat's aces and highest rank (the play job's deals)."""
    n_blocks = max(1, min(count, n_blocks))
    for b in prange(n_blocks):
        deck = np.empty(52, np.int64)
        state = np.empty(4, np.uint64)
        for i in range(count * b // n_blocks, count * (b + 1) // n_blocks):
            seed_stream(seed, start + i, state)
            for j in range(52):
                deck[j] = j
            shuffle(state, deck)
            for k in range(2):
                aces, high = 0, 0
                for j in range(k * hand_size, (k + 1) * hand_size):
                    r = deck[j] // 4
                    aces += r == ACE
                    high = max(high, r)
                out[i, ROW_ACES + k] = aces
                out[i, ROW_HIGH + k] = high
