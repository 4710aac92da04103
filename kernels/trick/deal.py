"""The deal steps both games share (``kernels.tractor.deal``, ``kernels.hongwu.deal``): a redeal
when nobody declared, and turning the kitty (``flip_kitty``, or redeals used up).

Both take the game's ``DealView`` (``kernels.trick.state``) as ``st``.
"""

from __future__ import annotations

from numba import njit

from kernels.deal import place_fixed, shuffle
from kernels.trick.order import I0, I1, N_KINDS, NEG1, natural_value
from kernels.trick.state import LT_FLIP, LT_REDEAL, log_card, log_row


@njit(cache=True, nogil=True)
def redeal(st, n):
    """Redeal number ``n``: logged, then the deck is shuffled again from the same stream and
    ``--fix``'s cards placed."""
    log_row(st.log, st.gs, LT_REDEAL, NEG1, n, I0)
    shuffle(st.rng, st.deck)
    place_fixed(st.rng, st.deck, st.fix_card, st.fix_slots)


@njit(cache=True, nogil=True)
def turn_kitty(st, n_dealt, kitty_size, value):
    """Turn the kitty (deck positions ``n_dealt ..``) one card at a time: the first suited card of
    natural rank ``value`` (``kernels.trick.order.natural_value``) sets the suit, else the highest
    natural rank among the suited cards (first turned on ties, jokers skipped). The cards turned are
    logged (``LT_FLIP``, aux 1 on the one picked); returns the picked card's kitty index."""
    deck = st.deck
    pick = -1
    for i in range(kitty_size):
        k = deck[n_dealt + i] % N_KINDS
        if k < 52 and natural_value(k) == value:
            pick = i
            break
    if pick < 0:
        best = -1
        for i in range(kitty_size):
            k = deck[n_dealt + i] % N_KINDS
            if k < 52 and natural_value(k) > best:
                best = natural_value(k)
                pick = i
    for i in range(pick + 1):
        li = log_row(st.log, st.gs, LT_FLIP, NEG1, i, I1 if i == pick else I0)
        log_card(st.log, li, deck[n_dealt + i])
    return pick
