"""八十分 deal with trump declaration (spec §4, TR-1, TR-2).

Cards are dealt one at a time: deck position ``p`` goes to seat ``(p % 4 - rotation) mod 4``
(kernels.deal convention; ``rotation`` turns the table for duplicate deals), positions 100..107
are the kitty. After each card its receiver may show level-rank cards (``kernels.trick.declare``);
a pair of another suit overrides a single (``allow_override``), a pair is final.

Nobody declared: ``redeal`` shuffles again from the same stream (at most ``MAX_REDEALS`` times,
then the kitty is turned); ``flip_kitty`` turns the kitty (``kernels.trick.deal.trump_from_kitty``):
the first level-rank card sets the suit. The seat that would have received that kitty card had the
deal gone on is the "declarer by the kitty" (used only to name 庄家 of a match's first hand).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.trick.deal import (
    DL_FROM_KITTY, DL_REDEALS, DL_SHARED, DL_TRUMP, clear_counts, redealt, shuffle_deck, trump_from_kitty,
)
from kernels.trick.declare import DECL_PAIR, DECL_SINGLE, NO_DECL, declare_choice
from kernels.trick.order import N_KINDS, NEG1, natural_value
from kernels.trick.state import LT_DECLARE, N_SEATS, deal_seat, log_card, log_row
from kernels.tractor.codes import HAND_SIZE, KITTY_SIZE, NO_DECL_REDEAL, R_ALLOW_OVERRIDE, R_NO_DECLARATION
from kernels.tractor.order import level_kind

# st.dl[DL_*]: the family's fields (kernels.trick.deal), then who declared
DL_DECLARER, DL_WITH, DL_FIRST, DL_COUNT, DL_KITTY_SEAT = range(DL_SHARED, DL_SHARED + 5)
DL_LEN = DL_SHARED + 5


@njit(cache=True, nogil=True)
def _log_shown(st, p, rotation, seat, kind, act):
    deck = st.deck
    li = log_row(st.log, st.gs, LT_DECLARE, seat, p, act)
    shown = 0
    for q in range(p + 1):
        if deal_seat(q, rotation) == seat and deck[q] % N_KINDS == kind and shown < act:
            log_card(st.log, li, deck[q])
            shown += 1


@njit(cache=True, nogil=True)
def deal_and_declare(st, level, rotation):
    """Shuffle ``st.deck`` from ``st.rng``, deal and run the declarations; writes ``st.dl[DL_*]``
    (trump suit and who declared). ``--fix``'s cards (``st.fix_card``, ``st.fix_slots``) are placed
    after every shuffle (``kernels.deal.place_fixed``)."""
    deck, rules, dl = st.deck, st.rules, st.dl
    suit, show, extra, received = st.dsuit, st.dshow, st.dextra, st.drecv
    n_show = np.zeros(N_SEATS, np.int64)  # level cards held, and suits held twice: who can act at all
    n_pair = np.zeros(N_SEATS, np.int64)
    dl[DL_REDEALS] = 0
    shuffle_deck(st)
    n_dealt = N_SEATS * HAND_SIZE
    while True:
        clear_counts(st)
        n_show[:] = 0
        n_pair[:] = 0
        cur = NO_DECL
        cur_seat = NEG1
        cur_suit = NEG1
        first = -1
        count = 0
        for p in range(n_dealt):
            seat = deal_seat(p, rotation)
            k = deck[p] % N_KINDS
            received[seat] += 1
            if k >= 52:
                extra[seat] += 1
            elif natural_value(k) == level:
                show[seat, k % 4] += 1
                n_show[seat] += 1
                if show[seat, k % 4] == 2:
                    n_pair[seat] += 1
            else:
                suit[seat, k % 4] += 1
            if n_show[seat] == 0 or cur == DECL_PAIR or (cur == DECL_SINGLE and n_pair[seat] == 0):
                continue  # (nothing this seat could declare)
            act, s = declare_choice(st.pp, seat, suit[seat], show[seat], extra[seat], received[seat], HAND_SIZE,
                                    (cur, cur_seat, cur_suit), rules[R_ALLOW_OVERRIDE] != 0)
            if act != NO_DECL:
                count += 1
                if first < 0:
                    first = seat
                cur = act
                cur_seat = seat
                cur_suit = s
                _log_shown(st, p, rotation, seat, level_kind(level, s), act)
        if cur != NO_DECL:
            dl[DL_TRUMP] = cur_suit
            dl[DL_DECLARER] = cur_seat
            dl[DL_WITH] = cur
            dl[DL_FIRST] = first
            dl[DL_COUNT] = count
            dl[DL_FROM_KITTY] = 0
            dl[DL_KITTY_SEAT] = -1
            return
        if not redealt(st, rules[R_NO_DECLARATION] == NO_DECL_REDEAL):
            break
    # TR-2: turn the kitty
    dl[DL_KITTY_SEAT] = trump_from_kitty(st, n_dealt, KITTY_SIZE, level, rotation)
    dl[DL_DECLARER] = -1
    dl[DL_WITH] = 0
    dl[DL_FIRST] = -1
    dl[DL_COUNT] = 0
