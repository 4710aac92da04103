"""The deal steps both games share (``kernels.tractor.deal``, ``kernels.hongwu.deal``): the shuffle
with ``--fix``'s cards placed, a redeal when nobody declared, and turning the kitty.

The deal's outcome is ``st.dl``: its first ``DL_SHARED`` fields (trump suit, trump from the kitty,
redeals) are the family's, written here and read by the census; a game numbers its own after them.
The steps take the game's ``DealView`` (``kernels.trick.state``) or its whole state as ``st``.
"""

from __future__ import annotations

from numba import njit

from kernels.deal import place_fixed, shuffle
from kernels.trick.order import I0, I1, N_KINDS, NEG1, natural_value
from kernels.trick.state import LT_FLIP, LT_REDEAL, deal_seat, log_card, log_row

DL_TRUMP, DL_FROM_KITTY, DL_REDEALS = range(3)
DL_SHARED = 3
MAX_REDEALS = 100  # nobody declared this many times running: the kitty is turned instead


@njit(cache=True, nogil=True)
def shuffle_deck(st):
    """Shuffle ``st.deck`` from ``st.rng`` and place ``--fix``'s cards (``kernels.deal.place_fixed``)."""
    shuffle(st.rng, st.deck)
    place_fixed(st.rng, st.deck, st.fix_card, st.fix_slots)


@njit(cache=True, nogil=True)
def clear_counts(st):
    """The deal's running counts per seat (``dsuit``, ``dshow``, ``dextra``, ``drecv``) at 0."""
    st.dsuit[:, :] = 0
    st.dshow[:, :] = 0
    st.dextra[:] = 0
    st.drecv[:] = 0


@njit(cache=True, nogil=True)
def redealt(st, redeal_rule):
    """Nobody declared: with ``redeal_rule`` (the rules say redeal) and fewer than ``MAX_REDEALS``
    redeals so far, redeal (logged ``LT_REDEAL``; the deck shuffled again from the same stream) and
    return True; else False (the kitty is turned)."""
    dl = st.dl
    if not redeal_rule or dl[DL_REDEALS] >= MAX_REDEALS:
        return False
    dl[DL_REDEALS] += 1
    log_row(st.log, st.gs, LT_REDEAL, NEG1, dl[DL_REDEALS], I0)
    shuffle_deck(st)
    return True


@njit(cache=True, nogil=True)
def trump_from_kitty(st, n_dealt, kitty_size, value, rotation):
    """Turn the kitty (deck positions ``n_dealt ..``) one card at a time: the first suited card of
    natural rank ``value`` (``kernels.trick.order.natural_value``) sets the suit, else the highest
    natural rank among the suited cards (first turned on ties, jokers skipped). The cards turned are
    logged (``LT_FLIP``, aux 1 on the one picked); writes ``st.dl``'s trump and returns the seat that
    would have received the picked card had the deal gone on."""
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
    st.dl[DL_TRUMP] = deck[n_dealt + pick] % 4
    st.dl[DL_FROM_KITTY] = 1
    return deal_seat(n_dealt + pick, rotation)
