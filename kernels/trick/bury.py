"""Burying the kitty (扣底): 庄家 holds hand + kitty and puts back as many cards as the kitty had.

* random — a uniformly random set of physical cards;
* greedy — its lowest cards (side before trumps, non-points first);
* smart  — first whole short side suits without their top card and with few points (to void
  them, so it can trump them later), then its lowest side cards, keeping pairs and points.
"""

from __future__ import annotations

from numba import njit

from kernels.trick.build import copy_hand, dump_pref, fill_any
from kernels.trick.order import (
    CLS_TRUMP, FALSE, I0, N_CLS, NEG1, OT_KCLS, OT_KPTS, OT_KSLOT, OT_NSLOT, OT_SKIND, OT_SSTR, TRUE,
)
from kernels.trick.state import (
    GS_HOT_KIND, GS_N_DECKS, IN_KITTY, LT_BURY, LT_PICKUP, give_card, log_card, log_row, take_kind,
)
from kernels.trick.players import GREEDY, PP_SHORT_BIAS, RANDOM


@njit(cache=True, nogil=True)
def choose_bury(st, policy, seat, n_bury):
    """Write the ``n_bury`` kinds to bury into ``st.play``."""
    hands, ncls, ot, pp, state, pref, hcopy, out = st.hands, st.ncls, st.ot, st.pp, st.rng, st.pref, st.hcopy, st.play
    copy_hand(hands[seat], hcopy)
    if policy == RANDOM:
        return fill_any(hcopy, ot, NEG1, n_bury, pref, TRUE, state, out, I0)
    if policy == GREEDY:
        dump_pref(ot, hands[seat], ncls[seat], pref, 0.0, NEG1)
        return fill_any(hcopy, ot, NEG1, n_bury, pref, FALSE, state, out, I0)
    n = I0
    left = n_bury
    while True:  # void the shortest qualifying side suit while it fits
        best = -1
        for c in range(N_CLS):
            if c == CLS_TRUMP or ncls[seat, c] == 0 or ncls[seat, c] > left:
                continue
            if hcopy[c, ot[OT_NSLOT, c] - 1] > 0:
                continue  # keep a suit headed by its top card
            pts = 0
            held = 0
            for s in range(ot[OT_NSLOT, c]):
                pts += hcopy[c, s] * ot[OT_KPTS, ot[OT_SKIND + c, s]]
                held += hcopy[c, s]
            if held == 0 or pts > 10:
                continue
            if best < 0 or held < ncls[seat, best]:
                best = c
        if best < 0:
            break
        for s in range(ot[OT_NSLOT, best]):
            while hcopy[best, s] > 0:
                hcopy[best, s] -= 1
                out[n] = ot[OT_SKIND + best, s]
                n += 1
                left -= 1
    for c in range(N_CLS):  # then the lowest cards, keeping pairs and points
        for s in range(ot[OT_NSLOT, c]):
            v = ot[OT_SSTR + c, s] + 4.0 * ot[OT_KPTS, ot[OT_SKIND + c, s]] + pp[seat, PP_SHORT_BIAS] * ncls[seat, c]
            if hcopy[c, s] >= 2:
                v += 10.0
            if c == CLS_TRUMP:
                v += 100.0
            pref[c, s] = -v
    return fill_any(hcopy, ot, NEG1, left, pref, FALSE, state, out, n)


@njit(cache=True, nogil=True)
def bury_kitty(st, banker, n_dealt, kitty_size):
    """庄家 picks up the kitty (deck positions ``n_dealt ..``) and buries as many cards (logged as
    ``LT_PICKUP`` and ``LT_BURY``); returns (points, trumps, hot cards buried) — the hot kind is
    ``gs[GS_HOT_KIND]`` (♥5), counted only when it is >= 0."""
    deck, ot, buried, gs, out = st.deck, st.ot, st.buried, st.gs, st.play
    li = log_row(st.log, st.gs, LT_PICKUP, banker, NEG1, I0)
    for i in range(kitty_size):
        give_card(st.hands, st.ncls, st.owner, st.ot, banker, deck[n_dealt + i])
        log_card(st.log, li, deck[n_dealt + i])
    choose_bury(st, st.policies[banker], banker, kitty_size)
    li = log_row(st.log, st.gs, LT_BURY, banker, NEG1, I0)
    pts = 0
    trumps = 0
    hot = 0
    for i in range(kitty_size):
        k = out[i]
        card = take_kind(st.hands, st.ncls, st.owner, st.ot, st.gs[GS_N_DECKS], banker, k, IN_KITTY)
        log_card(st.log, li, card)
        buried[ot[OT_KCLS, k], ot[OT_KSLOT, k]] += 1
        pts += ot[OT_KPTS, k]
        if ot[OT_KCLS, k] == CLS_TRUMP:
            trumps += 1
        if k == gs[GS_HOT_KIND]:
            hot += 1
    return pts, trumps, hot
