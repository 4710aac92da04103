"""Shuffling and dealing: a Fisher–Yates shuffle driven by the game's own stream.

Deal convention (every game): after the shuffle, deck position ``p`` goes to seat
``p % n_seats`` as that seat's ``p // n_seats``-th card (one card at a time, counter-clockwise).
Positions past ``n_seats * hand_size`` form the kitty (底牌), in order. Each seat's row keeps
deal order, which some rules need (a call card re-called by deal position).

Fixed cards (``paiju play --fix SEAT=CARDS``): after the shuffle, ``place_fixed`` swaps each
fixed card into a uniformly random slot of its group's deck positions (a seat's hand, the kitty).
Each swap keeps the rest uniform over the positions left, so the deal is uniform among those
that give every group its fixed cards. An empty table draws nothing and moves nothing: a run
without ``--fix`` is bit-identical to one before fixing existed.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.rng import bounded
from kernels.state import Slot

# a declared state's two slots for --fix (``place_fixed``'s tables), and their values (Python side)
FIX_SLOTS = (
    Slot("fix_card", "int64", ("fix_groups", "fix_cards"), "--fix's cards by group (kernels.deal.place_fixed)",
         shared=True),
    Slot("fix_slots", "int64", ("fix_rows", "fix_slots"), "--fix's deck positions (kernels.deal.place_fixed)",
         shared=True),
)


def fix_values(fix_card=None, fix_slots=None) -> dict:
    """``FIX_SLOTS``' values for ``StateLayout.allocate``: ``--fix``'s tables, or (0, 0) tables
    (which place nothing and draw nothing) for none."""
    none = np.zeros((0, 0), np.int64)
    return {"fix_card": none if fix_card is None else np.asarray(fix_card, np.int64),
            "fix_slots": none if fix_slots is None else np.asarray(fix_slots, np.int64)}


@njit(cache=True, nogil=True, inline="always")
def reset_deck(deck, template):
    """``deck`` = ``template`` (the unshuffled ids), before a deal's shuffle. An element loop: the
    slice copy ``deck[:] = template`` compiles numba's shape-error path and ran a census 5-7%
    slower."""
    for i in range(template.shape[0]):
        deck[i] = template[i]


@njit(cache=True, nogil=True)
def shuffle(state, deck):
    """In-place unbiased Fisher–Yates shuffle of ``deck`` (from the top index down)."""
    for i in range(deck.shape[0] - 1, 0, -1):
        j = bounded(state, i + 1)
        tmp = deck[i]
        deck[i] = deck[j]
        deck[j] = tmp


@njit(cache=True, nogil=True)
def deal_hands(deck, n_seats, hand_size, hands, kitty):
    """Split a shuffled ``deck`` into ``hands[seat, k]`` (deal order) and the ``kitty``."""
    for p in range(n_seats * hand_size):
        hands[p % n_seats, p // n_seats] = deck[p]
    for p in range(kitty.shape[0]):
        kitty[p] = deck[n_seats * hand_size + p]


@njit(cache=True, nogil=True)
def place_fixed(state, deck, fix_card, fix_slots):
    """Move the fixed cards into their groups after a shuffle of ``deck``.

    ``fix_card[g, j]``: the j-th card (a value of ``deck``) fixed in group ``g``, -1 after the
    last; ``fix_slots[g, :]``: the deck positions of group ``g``, -1 after the last. Each card
    takes a uniformly random free slot of its group (drawn from ``state``) and swaps with the
    card there. Tables of shape (0, 0) do nothing."""
    for g in range(fix_card.shape[0]):
        slots = fix_slots[g].copy()
        n_slots = 0
        while n_slots < slots.shape[0] and slots[n_slots] >= 0:
            n_slots += 1
        for t in range(fix_card.shape[1]):
            c = fix_card[g, t]
            if c < 0:
                break
            i = t + bounded(state, n_slots - t)
            p = slots[i]
            slots[i] = slots[t]
            slots[t] = p
            for q in range(deck.shape[0]):
                if deck[q] == c:
                    deck[q] = deck[p]
                    deck[p] = c
                    break
