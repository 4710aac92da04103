"""Evaluation tables of 港式五张 hands of 1 to 5 cards (spec §3, §5), built once per ruleset.

A hand's ranks index a table by ``idx = sum over cards of 5 ** rank`` (the base-5 digits are the
counts per rank, so ``idx < 5**7 = 78125`` and the number of cards is implied). ``plain[idx]``
holds the hand's value when its cards are not all one suit, ``flush[idx]`` when they are (it
equals ``plain[idx]`` where a flush does not count). An entry packs:

* bits 0..20, the comparison key without its suit part:
  ``order << 17 | r1 << 14 | r2 << 11 | r3 << 8 | r4 << 5 | r5 << 2`` — ``order`` is the
  category's place in the ruleset's ranking, ``r1..r5`` the tie-break ranks of §5 in order
  (0 where unused); the final key adds the suit strength (0..3) in bits 0..1;
* bits 21..23, the rank whose best suit breaks the last tie (the highest card, the pair, the
  higher pair, a straight's top card — the A of A-8-9-10-J);
* bit 24, whether a suit decides at all (not for trips, full house and four of a kind: one deck
  holds only one set of each rank);
* bits 25..28, the category code (``kernels.hkstud.cards.CATEGORY_NAMES``).

Hands of 1..4 cards are the visible up-cards that choose 庄家 (HK-2: the same tie-breaks applied
to the visible cards). With 4 cards, four consecutive ranks (A-8-9-10 lowest) and four of one
suit count as straight and flush when ``four_card_draws`` is on (HK-4; the spec's list for the
5th round names them).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.hkstud.cards import FLUSH, FULL_HOUSE, HIGH_CARD, PAIR, QUADS, STRAIGHT, STRAIGHT_FLUSH, TRIPS, TWO_PAIR

N_INDEX = 5 ** 7
KEY_MASK = (1 << 21) - 1
ACE = 6


@njit(cache=True, nogil=True)
def _entry(order, category, ranks, n_ranks, dec_rank, suit_decides):
    part = 0
    for j in range(5):
        part = (part << 3) | (ranks[j] if j < n_ranks else 0)
    return ((order[category] << 17) | (part << 2) | (dec_rank << 21) | (suit_decides << 24)
            | (category << 25))


@njit(cache=True, nogil=True)
def _straight_index(counts, k):
    """0.. for a k-card straight (A-low lowest), -1 if the distinct ranks are not one."""
    lo = -1
    hi = -1
    for r in range(7):
        if counts[r] == 1:
            if lo < 0:
                lo = r
            hi = r
    if hi - lo == k - 1:
        return lo + 1  # 8-high run starts at 1; index 0 is A-low
    if counts[ACE] == 1:  # A-8-9-10(-J): the ace plays low
        low_run = True
        for r in range(k - 1):
            if counts[r] != 1:
                low_run = False
        if low_run:
            return 0
    return -1


@njit(cache=True, nogil=True)
def build_tables(flush_beats_full_house, high_card_kickers, four_card_draws):
    """``(plain, flush)`` int32[5**7] for the ruleset's ranking options."""
    order = np.arange(9, dtype=np.int64)
    if flush_beats_full_house:
        order[FLUSH], order[FULL_HOUSE] = FULL_HOUSE, FLUSH
    plain = np.zeros(N_INDEX, np.int32)
    flush = np.zeros(N_INDEX, np.int32)
    counts = np.zeros(7, np.int64)
    ranks = np.zeros(5, np.int64)
    for idx in range(N_INDEX):
        x = idx
        k = 0
        for r in range(7):
            counts[r] = x % 5
            x //= 5
            k += counts[r]
        if k == 0 or k > 5:
            continue
        quad, trip, n_pairs, hi_pair, lo_pair = -1, -1, 0, -1, -1
        n_single = 0
        singles = np.zeros(5, np.int64)
        for r in range(6, -1, -1):
            c = counts[r]
            if c == 4:
                quad = r
            elif c == 3:
                trip = r
            elif c == 2:
                n_pairs += 1
                if hi_pair < 0:
                    hi_pair = r
                else:
                    lo_pair = r
            elif c == 1:
                singles[n_single] = r
                n_single += 1
        if quad >= 0:
            ranks[0] = quad
            e = _entry(order, QUADS, ranks, 1, 0, 0)
        elif trip >= 0 and n_pairs == 1:
            ranks[0] = trip
            e = _entry(order, FULL_HOUSE, ranks, 1, 0, 0)
        elif trip >= 0:
            ranks[0] = trip
            e = _entry(order, TRIPS, ranks, 1, 0, 0)
        elif n_pairs == 2:
            ranks[0], ranks[1] = hi_pair, lo_pair
            for j in range(n_single):
                ranks[2 + j] = singles[j]
            e = _entry(order, TWO_PAIR, ranks, 2 + n_single, hi_pair, 1)
        elif n_pairs == 1:
            ranks[0] = hi_pair
            for j in range(n_single):
                ranks[1 + j] = singles[j]
            e = _entry(order, PAIR, ranks, 1 + n_single, hi_pair, 1)
        else:
            draws = k == 5 or (k == 4 and four_card_draws)
            s_idx = _straight_index(counts, k) if draws else -1
            for j in range(n_single):
                ranks[j] = singles[j]
            if s_idx >= 0:
                top = ACE if s_idx == 0 else s_idx - 1 + k - 1
                straight_ranks = np.zeros(5, np.int64)
                straight_ranks[0] = s_idx
                e = _entry(order, STRAIGHT, straight_ranks, 1, top, 1)
                plain[idx] = e
                flush[idx] = _entry(order, STRAIGHT_FLUSH, straight_ranks, 1, top, 1)
                continue
            e = _entry(order, HIGH_CARD, ranks, n_single if high_card_kickers else 1, singles[0], 1)
            plain[idx] = e
            flush[idx] = _entry(order, FLUSH, ranks, n_single, singles[0], 1) if draws else e
            continue
        plain[idx] = e
        flush[idx] = e
    return plain, flush
