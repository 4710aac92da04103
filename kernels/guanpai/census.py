"""关牌 census: deal a range of games and record what each player is dealt, in parallel.

``out[feature, seat, game - start]`` (int16) in ``CENSUS_FEATURES`` order and ``lead_card[game -
start]`` (int16: index in ``lead_order`` of the card that decided the first lead, 0 = ♠3). Game
``i`` draws only from the stream ``(seed, i)``: one shuffle, nothing else.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from kernels.deal import place_fixed, shuffle
from kernels.guanpai.deal import N_PLAYERS, deal_counts, first_lead
from kernels.guanpai.rulevec import GP_HAND_SIZE, GP_N_HANDS, GP_TCB_RANK
from kernels.rng import seed_stream

CENSUS_FEATURES = (
    "bombs",  # ranks held four times (炸弹 without the 3-card bomb)
    "three_bomb",  # holds >= 3 cards of the 3-card-bomb rank (3Q / 3A), 0 when the ruleset has none
    "twos",  # 2s held
    "leads",  # 1: this player holds the first-lead card and leads the first trick
)
N_FEATURES = len(CENSUS_FEATURES)
F_BOMBS, F_THREE_BOMB, F_TWOS, F_LEADS = range(N_FEATURES)


@njit(cache=True, nogil=True)
def census_one(seed, game, deck_template, fix_card, fix_slots, lead_order, rules, state, deck, counts, holder, out, col,
               lead_card):
    """Deal game ``game`` (with ``--fix``'s cards, ``kernels.deal.place_fixed``) and write its
    features into ``out[:, :, col]`` and ``lead_card[col]``."""
    seed_stream(seed, game, state)
    deck[:] = deck_template
    shuffle(state, deck)
    place_fixed(state, deck, fix_card, fix_slots)
    n_hands = rules[GP_N_HANDS]
    hand_size = rules[GP_HAND_SIZE]
    deal_counts(deck, n_hands, hand_size, counts)
    leader, idx = first_lead(deck, n_hands, hand_size, lead_order, holder)
    tcb = rules[GP_TCB_RANK]
    for s in range(N_PLAYERS):
        bombs = 0
        for r in range(13):
            if counts[s, r] >= 4:
                bombs += 1
        out[F_BOMBS, s, col] = bombs
        out[F_THREE_BOMB, s, col] = 1 if tcb >= 0 and counts[s, tcb] >= 3 else 0
        out[F_TWOS, s, col] = counts[s, 12]
        out[F_LEADS, s, col] = 1 if s == leader else 0
    lead_card[col] = idx


@njit(cache=True, nogil=True, parallel=True)
def census_range(seed, start, count, deck_template, fix_card, fix_slots, lead_order, rules, out, lead_card, n_blocks):
    """Census of games ``start .. start + count - 1``; ``n_blocks`` contiguous blocks (a few per
    thread) each allocate their buffers once. Rows depend only on ``(seed, game)``."""
    n_blocks = max(1, min(count, n_blocks))
    for b in prange(n_blocks):
        lo = start + (count * b) // n_blocks
        hi = start + (count * (b + 1)) // n_blocks
        state = np.empty(4, np.uint64)
        deck = np.empty(deck_template.shape[0], deck_template.dtype)
        counts = np.zeros((N_PLAYERS, 16), np.int64)
        holder = np.empty(54, np.int64)
        for g in range(lo, hi):
            census_one(seed, g, deck_template, fix_card, fix_slots, lead_order, rules, state, deck, counts, holder, out,
                       g - start, lead_card)
