"""干瞪眼 census: deal a range of games and record what each seat is dealt, in parallel.

``out[feature, seat, game - start]`` (int16) in ``CENSUS_FEATURES`` order, for the ruleset's
``GD_N_SEATS`` seats. Game ``i`` draws only from the stream ``(seed, i)``: the shuffle, then the
banker (a session's first hand: uniformly random), then ``--fix``'s placements (none without it),
as ``kernels.gandengyan.deal`` says.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from kernels.deal import place_fixed, shuffle
from kernels.gandengyan.deal import deal_hands, first_leader
from kernels.gandengyan.moves import JOKER, R_TWO
from kernels.gandengyan.rulevec import GD_BOMB_MIN, GD_N_SEATS
from kernels.rng import bounded, seed_stream

CENSUS_FEATURES = (
    "cards",  # cards dealt (the banker's share or the others')
    "banker",  # 1: this seat is the banker (庄家 / 东家)
    "leads",  # 1: this seat leads the first trick
    "jokers",  # jokers dealt
    "twos",  # 2s dealt
    "bombs",  # ranks dealt at least bomb_min times naturally (jokers not counted)
)
N_FEATURES = len(CENSUS_FEATURES)
F_CARDS, F_BANKER, F_LEADS, F_JOKERS, F_TWOS, F_BOMBS = range(N_FEATURES)


@njit(cache=True, nogil=True)
def census_one(seed, game, deck_template, fix_card, fix_slots, rules, state, deck, counts, lowest, out, col):
    """Deal game ``game`` and write its features into ``out[:, :, col]``. ``--fix``'s cards are
    placed once the banker is known (``fix_slots`` rows ``banker * G .. banker * G + G - 1``, as a
    seat's deck positions depend on the banker; ``kernels.deal.place_fixed``)."""
    n_seats = rules[GD_N_SEATS]
    seed_stream(seed, game, state)
    deck[:] = deck_template
    shuffle(state, deck)
    banker = bounded(state, n_seats)
    g_rows = fix_card.shape[0]
    place_fixed(state, deck, fix_card, fix_slots[banker * g_rows:(banker + 1) * g_rows])
    deal_hands(deck, n_seats, banker, rules, counts, lowest)
    leader = first_leader(n_seats, banker, lowest, rules)
    bmin = rules[GD_BOMB_MIN]
    for s in range(n_seats):
        total = 0
        bombs = 0
        for r in range(16):
            total += counts[s, r]
        for r in range(13):
            if counts[s, r] >= bmin:
                bombs += 1
        out[F_CARDS, s, col] = total
        out[F_BANKER, s, col] = 1 if s == banker else 0
        out[F_LEADS, s, col] = 1 if s == leader else 0
        out[F_JOKERS, s, col] = counts[s, JOKER]
        out[F_TWOS, s, col] = counts[s, R_TWO]
        out[F_BOMBS, s, col] = bombs


@njit(cache=True, nogil=True, parallel=True)
def census_range(seed, start, count, deck_template, fix_card, fix_slots, rules, out, n_blocks):
    """Census of games ``start .. start + count - 1`` into ``out[feature, seat, game - start]``;
    ``n_blocks`` contiguous blocks (a few per thread) each allocate their buffers once."""
    n_blocks = max(1, min(count, n_blocks))
    n_seats = rules[GD_N_SEATS]
    for b in prange(n_blocks):
        lo = start + (count * b) // n_blocks
        hi = start + (count * (b + 1)) // n_blocks
        state = np.empty(4, np.uint64)
        deck = np.empty(deck_template.shape[0], deck_template.dtype)
        counts = np.zeros((n_seats, 16), np.int64)
        lowest = np.zeros(n_seats, np.int64)
        for g in range(lo, hi):
            census_one(seed, g, deck_template, fix_card, fix_slots, rules, state, deck, counts, lowest, out, g - start)
