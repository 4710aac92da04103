"""庄家's call card (叫牌, spec §5.2): which card is called, by the ruleset's rule (``R_CALL_RULE``).

Used by the hand (``kernels.xiantao.play``) and by the search player's rollouts of a whole hand
(``kernels.xiantao.search``), which is why it is a module of its own.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.rng import bounded
from kernels.xiantao.movegen import R_CALL_RULE
from kernels.xiantao.rows import ROW_CALL_PICK, ROW_RECALLS, other_copy

CALL_LITERAL, CALL_UNIFORM, CALL_OPPOSITE = 0, 1, 2


@njit(cache=True, nogil=True)
def eligible_call(card, banker, owner, card_tab, call_excluded):
    """Spec §5.2: a natural 4..10 or black 3 of which 庄家 holds only one copy."""
    if call_excluded[card] or card_tab[2, card] or card_tab[0, card] > 7:
        return False
    o = other_copy(card)
    return not (o >= 0 and owner[o] == banker)


@njit(cache=True, nogil=True)
def choose_call_card(st, banker):
    """Call card by the ruleset's rule, drawn from ``st.rng`` among ``banker``'s dealt cards
    (``st.hands``); writes pick/recalls to ``st.row``; returns the card or -1 (redeal)."""
    owner, call_excluded, rules, state, g_row, seen = st.owner, st.call_excluded, st.rules, st.rng, st.row, st.seen
    card_tab, hand = st.card_tab, st.hands[banker]
    rule = rules[R_CALL_RULE]
    uniform = rule == CALL_UNIFORM  # drawn among the eligible cards, else among all but 配牌 and jokers
    n_pool = np.int64(0)
    for c in hand:
        if eligible_call(c, banker, owner, card_tab, call_excluded) if uniform else not call_excluded[c]:
            n_pool += 1
    if n_pool == 0:
        return -1
    pick = bounded(state, n_pool)
    g_row[ROW_CALL_PICK] = pick
    c = np.int64(-1)
    k = 0
    for x in hand:
        if eligible_call(x, banker, owner, card_tab, call_excluded) if uniform else not call_excluded[x]:
            if k == pick:
                c = x
                break
            k += 1
    if rule != CALL_LITERAL:
        return c
    seen[:] = False
    recalls = 0
    size = hand.shape[0]
    while not eligible_call(c, banker, owner, card_tab, call_excluded):
        seen[c] = True
        o = other_copy(c)
        p = -1
        for i in range(size):
            if hand[i] == c or hand[i] == o:
                p = i  # the later copy if both are held
        recalls += 1
        if recalls >= n_pool:
            return -1  # every card has been tried: redeal
        j = (p + 1) % size
        while call_excluded[hand[j]] or seen[hand[j]]:  # a card already tried is skipped
            j = (j + 1) % size
        c = hand[j]
    g_row[ROW_RECALLS] = recalls
    return c


@njit(cache=True, nogil=True, inline="always")
def call_partner(st, banker, hard_seat):
    """The sides once 硬牌 was asked (``hard_seat``, -1: nobody declared): (call card, partner, whether
    the partner is known to all). In 硬牌 (-1, -1, False); else 庄家 calls a card
    (``choose_call_card``; -1: a redeal) and his partner holds its other copy, or, when 庄家 holds
    it himself or nobody does, the seat opposite him is, for all to see. (Inlined: a call taking
    the state costs a reference count per slot.)"""
    if hard_seat >= 0:
        return np.int64(-1), np.int64(-1), False
    call_card = choose_call_card(st, banker)
    if call_card < 0:
        return call_card, np.int64(-1), False
    o = other_copy(call_card)
    partner = st.owner[o] if o >= 0 else np.int64(-1)
    if partner == banker or partner < 0:
        return call_card, (banker + 2) % st.hand_left.shape[0], True
    return call_card, partner, False
