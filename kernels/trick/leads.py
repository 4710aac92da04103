"""Leads of the random, greedy and smart players (see ``kernels.trick.players``).

Each chooser writes the led kinds into ``st.lead`` of the hand's state (``kernels.trick.state``)
and returns how many; it never checks a throw —
the trick loop does (``kernels.trick.throw``).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.rng import bounded
from kernels.trick.build import dump_pref
from kernels.trick.groups import group_mask, pick_slot, run_starts
from kernels.trick.order import CLS_TRUMP, I0, I2, N_CLS, NEG1, OT_KPTS, OT_NSLOT, OT_SKIND

ONE_BILLION = np.int64(1_000_000_000)
PREF_DRAW = np.int64(1 << 20)  # random preferences for the random player's structure choices
from kernels.trick.players import (
    GREEDY, PP_SHORT_BIAS, PP_THROW_PROB, PP_TRUMP_LEAD, RANDOM, is_sure, unseen_class, unseen_tops,
)
from kernels.trick.shape import C_K, C_SLOTS, C_TOP, C_W, decompose
from kernels.trick.state import GS_ALLOW_THROW, N_SEATS


@njit(cache=True, nogil=True)
def emit_component(ot, c, comps, i, out, n):
    for j in range(comps[i, C_K]):
        kind = ot[OT_SKIND + c, comps[i, C_SLOTS + j]]
        for _ in range(comps[i, C_W]):
            out[n] = kind
            n += 1
    return n


@njit(cache=True, nogil=True)
def emit_class(ot, c, hq, out):
    n = 0
    for s in range(ot[OT_NSLOT, c]):
        for _ in range(hq[s]):
            out[n] = ot[OT_SKIND + c, s]
            n += 1
    return n


@njit(cache=True, nogil=True)
def _simple_leads(hq, ot, c, pick, out):
    """Count the simple leads of class ``c`` (each single kind, pair, triple, run of pairs or
    triples); when ``0 <= pick < count`` write lead number ``pick`` into ``out`` and return -n."""
    count = 0
    for s in range(ot[OT_NSLOT, c]):
        for w in range(1, 4):
            if hq[s] >= w:
                if count == pick:
                    for j in range(w):
                        out[j] = ot[OT_SKIND + c, s]
                    return -w
                count += 1
    for w in range(2, 4):
        mask = group_mask(hq, ot, c, w)
        k = I2
        while True:
            starts = run_starts(mask, k)
            if starts == 0:
                break
            m = 0
            x = starts
            while x != 0:
                x &= x - 1
                m += 1
            if count <= pick < count + m:
                r = pick - count
                a = 0
                while True:  # the r-th start, lowest first
                    if (starts >> a) & 1:
                        if r == 0:
                            break
                        r -= 1
                    a += 1
                n = 0
                for j in range(k):
                    best = pick_slot(hq, ot, c, a + j, w)
                    for _ in range(w):
                        out[n] = ot[OT_SKIND + c, best]
                        n += 1
                return -n
            count += m
            k += 1
    return count


@njit(cache=True, nogil=True, inline="always")
def random_lead(seat, hands, ncls, ot, gs, pp, state, out):
    if gs[GS_ALLOW_THROW] and pp[seat, PP_THROW_PROB] > 0.0 and bounded(state, ONE_BILLION) < pp[seat, PP_THROW_PROB] * 1e9:
        m = I0
        for c in range(N_CLS):
            if ncls[seat, c] >= 2:
                m += 1
        if m > 0:
            r = bounded(state, m)
            for c in range(N_CLS):
                if ncls[seat, c] >= 2:
                    if r == 0:
                        return emit_class(ot, c, hands[seat, c], out)
                    r -= 1
    total = I0
    for c in range(N_CLS):
        if ncls[seat, c] > 0:
            total += _simple_leads(hands[seat, c], ot, c, NEG1, out)
    pick = bounded(state, total)
    for c in range(N_CLS):
        if ncls[seat, c] > 0:
            r = _simple_leads(hands[seat, c], ot, c, pick, out)
            if r < 0:
                return -r
            pick -= r
    return 0


@njit(cache=True, nogil=True, inline="always")
def greedy_lead(seat, hands, ncls, ot, comps, rem, out):
    """The largest, then highest component of a side suit; of the trumps if no side cards."""
    best_c = NEG1
    best_v = -1
    for c in range(N_CLS):
        if ncls[seat, c] == 0 or (c == CLS_TRUMP and best_c >= 0):
            continue
        decompose(hands[seat, c], ot, c, rem, comps)
        v = comps[0, C_W] * comps[0, C_K] * 100 + comps[0, C_TOP]
        if v > best_v:
            best_v = v
            best_c = c
    decompose(hands[seat, best_c], ot, best_c, rem, comps)
    return emit_component(ot, best_c, comps, I0, out, I0)


@njit(cache=True, nogil=True)
def _component_points(ot, c, comps, i):
    p = 0
    for j in range(comps[i, C_K]):
        p += comps[i, C_W] * ot[OT_KPTS, ot[OT_SKIND + c, comps[i, C_SLOTS + j]]]
    return p


@njit(cache=True, nogil=True, inline="always")
def smart_lead(seat, hands, ncls, known, side, ot, gs, pp, work):
    """``known`` = (seen, void, buried) as this seat knows them; ``work`` = (comps, rem, unseen, pref,
    out) buffers (the state's arrays in tuples: a call increfs every array it is given)."""
    seen, void, buried = known
    comps, rem, unseen, pref, out = work
    # one pass over the classes (one decomposition each): a safe throw — every component of a
    # class sure to stand — beats the best sure component (side suits nobody on the other side is
    # known void in first, then trump pairs/拖拉机, trump singles only to draw trumps as 庄)
    throw_c = NEG1
    throw_v = -1
    best_n = 0
    best_v = -1
    for c in range(N_CLS):
        if ncls[seat, c] == 0:
            continue
        opp_void = False
        for q in range(N_SEATS):
            if side[q] != side[seat] and void[q, c]:
                opp_void = True
        if c != CLS_TRUMP and opp_void:
            continue
        ncomp = decompose(hands[seat, c], ot, c, rem, comps)
        unseen_class(hands, seen, buried, ot, gs, seat, c, unseen)
        u1, u2, u3 = unseen_tops(unseen, ot, c)
        all_sure = True
        for i in range(ncomp):
            w = comps[i, C_W]
            if comps[i, C_K] == 1:  # a lone group: sure unless a stronger one is unseen
                sure = comps[i, C_TOP] >= (u1 if w == 1 else u2 if w == 2 else u3)
            else:
                sure = is_sure(unseen, ot, c, w, comps[i, C_K], comps[i, C_TOP])
            all_sure = all_sure and sure
            cards = comps[i, C_W] * comps[i, C_K]
            if c == CLS_TRUMP:
                if cards == 1 and (side[seat] == 0 or ncls[seat, c] < pp[seat, PP_TRUMP_LEAD]):
                    continue
                v = 500 + 50 * cards
            else:
                v = 1000 + 50 * cards + _component_points(ot, c, comps, i)
            if v > best_v and sure:
                best_v = v
                best_n = emit_component(ot, c, comps, i, out, I0)
        if all_sure and ncomp >= 2 and gs[GS_ALLOW_THROW]:
            v = ncls[seat, c] + (100 if c != CLS_TRUMP else 0)
            if v > throw_v:
                throw_v = v
                throw_c = c
    if throw_c >= 0:
        return emit_class(ot, throw_c, hands[seat, throw_c], out)
    if best_n > 0:
        return best_n
    # 3. low from the shortest side suit (to void it), else the lowest trump
    dump_pref(ot, hands[seat], ncls[seat], pref, pp[seat, PP_SHORT_BIAS] + 1.0, NEG1)
    bc = NEG1
    bs = NEG1
    for c in range(N_CLS):
        for s in range(ot[OT_NSLOT, c]):
            if hands[seat, c, s] > 0 and (bc < 0 or pref[c, s] > pref[bc, bs]):
                bc = c
                bs = s
    out[0] = ot[OT_SKIND + bc, bs]
    return 1


@njit(cache=True, nogil=True, inline="always")
def choose_lead(st, policy, seat):
    """``seat``'s lead by ``policy`` into ``st.lead``; returns how many cards."""
    if policy == RANDOM:
        return random_lead(seat, st.hands, st.ncls, st.ot, st.gs, st.pp, st.rng, st.lead)
    if policy == GREEDY:
        return greedy_lead(seat, st.hands, st.ncls, st.ot, st.comps, st.rem, st.lead)
    return smart_lead(seat, st.hands, st.ncls, (st.seen, st.void, st.buried), st.side, st.ot, st.gs, st.pp,
                      (st.comps, st.rem, st.unseen, st.pref, st.lead))
