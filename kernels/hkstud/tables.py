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

Plain Python on purpose: the table holds only the count vectors of 1..5 cards (under a second),
which is cheaper than compiling a builder.
"""

from __future__ import annotations

from itertools import product

import numpy as np

from kernels.hkstud.cards import (
    FLUSH, FULL_HOUSE, HIGH_CARD, N_RANKS, PAIR, QUADS, STRAIGHT, STRAIGHT_FLUSH, TRIPS, TWO_PAIR,
)

N_INDEX = 5 ** N_RANKS
KEY_MASK = (1 << 21) - 1
ACE = 6


def entry(order: list[int], category: int, ranks: list[int], dec_rank: int = 0, suit_decides: bool = False) -> int:
    part = 0
    for j in range(5):
        part = (part << 3) | (ranks[j] if j < len(ranks) else 0)
    return (order[category] << 17) | (part << 2) | (dec_rank << 21) | (int(suit_decides) << 24) | (category << 25)


def straight_index(ranks_desc: list[int]) -> int:
    """0.. for distinct ranks forming a run (A-low lowest), -1 otherwise."""
    k = len(ranks_desc)
    if ranks_desc[0] - ranks_desc[-1] == k - 1:
        return ranks_desc[-1] + 1  # the 8-high run starts at 1; index 0 is A-low
    if set(ranks_desc) == {ACE, *range(k - 1)}:
        return 0
    return -1


def build_tables(flush_beats_full_house: bool, high_card_kickers: bool, four_card_draws: bool):
    """``(plain, flush)`` int32[5**7] for the ruleset's ranking options."""
    order = list(range(9))
    if flush_beats_full_house:
        order[FLUSH], order[FULL_HOUSE] = FULL_HOUSE, FLUSH
    plain = np.zeros(N_INDEX, np.int32)
    flush = np.zeros(N_INDEX, np.int32)
    for counts in product(range(5), repeat=N_RANKS):
        k = sum(counts)
        if not 1 <= k <= 5:
            continue
        idx = sum(c * 5**r for r, c in enumerate(counts))
        by_count = {c: [r for r in range(N_RANKS - 1, -1, -1) if counts[r] == c] for c in (1, 2, 3, 4)}
        singles, pairs = by_count[1], by_count[2]
        if by_count[4]:
            e = entry(order, QUADS, by_count[4])
        elif by_count[3] and pairs:
            e = entry(order, FULL_HOUSE, by_count[3])
        elif by_count[3]:
            e = entry(order, TRIPS, by_count[3])
        elif len(pairs) == 2:
            e = entry(order, TWO_PAIR, pairs + singles, pairs[0], True)
        elif pairs:
            e = entry(order, PAIR, pairs + singles, pairs[0], True)
        else:
            draws = k == 5 or (k == 4 and four_card_draws)
            s_idx = straight_index(singles) if draws else -1
            if s_idx >= 0:
                top = ACE if s_idx == 0 else singles[0]
                plain[idx] = entry(order, STRAIGHT, [s_idx], top, True)
                flush[idx] = entry(order, STRAIGHT_FLUSH, [s_idx], top, True)
                continue
            e = entry(order, HIGH_CARD, singles if high_card_kickers else singles[:1], singles[0], True)
            plain[idx] = e
            flush[idx] = entry(order, FLUSH, singles, singles[0], True) if draws else e
            continue
        plain[idx] = e
        flush[idx] = e
    return plain, flush
