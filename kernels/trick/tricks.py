"""The trick loop of one hand, from 庄家's first lead to the last trick (after the kitty is buried).

Per trick: the leader's policy leads; a lead of several components is a throw, checked against the
other hands (``throw``): a failed throw costs 10 points per higher card (added to the 闲 side's
points when the thrower is on the 庄 side, subtracted otherwise) and, with ``failed_throw =
smallest``, shrinks to its smallest failing component. Then each follower plays (``follows``),
the winner is tracked (``trick``) and takes the trick's points; the 闲 side's points are
``GS_CAPTURED``. The ``hot`` kind (a game's special card such as the ♥5, -1 none) is counted per
capturing side.

Log rows: ``LT_THROW`` (the attempted throw as *kinds*, aux = higher cards) and ``LT_PLAY``
(physical card ids, aux = 1 for the lead).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.trick.follow import N_DEMANDS, lead_demands
from kernels.trick.follows import (
    TC_BEST_KEY, TC_BEST_SEAT, TC_BEST_TIER, TC_CLS, TC_LEADER, TC_LEN, TC_N, TC_NCOMP, TC_POINTS, TC_POS, TC_THROW,
    choose_follow,
)
from kernels.trick.leads import choose_lead, emit_component
from kernels.trick.order import CLS_TRUMP, I0, I1, MAXS, N_CLS, OT_KCLS, OT_KSLOT, OT_SADJ, OT_SSTR
from kernels.trick.shape import C_ALO, C_K, C_SLOTS, C_TOP, C_W, CW, MAX_DEPTH, MAXCOMP, MAXK, decompose, play_counts
from kernels.trick.state import (
    GS_CAPTURED, GS_FAILED_SMALLEST, GS_HOT_BANKER, GS_HOT_DEF, GS_HOT_KIND, GS_LAST_N, GS_LAST_WINNER, GS_LEADER,
    GS_N_DECKS, GS_PAIRS_LED, GS_PEN_BANKER, GS_PEN_DEF, GS_THROW_CARDS, GS_RUNS_LED, GS_TRICK, GS_TRIPLES_LED, GS_TRUMPED,
    LT_PLAY, LT_THROW, MAXC, N_SEATS, SS_THROWS, SS_THROWS_FAILED, SS_TRICKS_WON, SS_WON_POINTS, log_card, log_row,
    play_cards,
)
from kernels.trick.throw import throw_check
from kernels.trick.trick import beats, follow_rank, lead_rank


@njit(cache=True, nogil=True)
def _cards_left(ncls, seat):
    n = 0
    for c in range(N_CLS):
        n += ncls[seat, c]
    return n


@njit(cache=True, nogil=True)
def _count_kind(kinds, n, kind):
    m = 0
    for i in range(n):
        if kinds[i] == kind:
            m += 1
    return m


@njit(cache=True, nogil=True, inline="always")
def play_tricks(ot, hands, ncls, owner, seen, void, buried, side, gs, ss, policies, pp, state, log):
    """Play every trick; fills the running facts of ``gs`` and ``ss``."""
    lk = np.zeros(MAXC, np.int64)
    fk = np.zeros(MAXC, np.int64)
    comps = np.zeros((MAXCOMP, CW), np.int64)
    rem = np.zeros(MAXS, np.int64)
    pc = np.zeros(MAXS, np.int64)
    fc = np.zeros(MAXS, np.int64)
    unseen = np.zeros(MAXS, np.int64)
    slots = np.zeros(MAXK, np.int64)
    dstart = np.zeros(MAX_DEPTH, np.int64)
    dslots = np.zeros((MAX_DEPTH, MAXK), np.int64)
    ditem = np.zeros(MAX_DEPTH, np.int64)
    failed = np.zeros(MAXCOMP, np.int64)
    pref = np.zeros((N_CLS, MAXS), np.float64)
    hcopy = np.zeros((N_CLS, MAXS), np.int64)
    tc = np.zeros(TC_LEN, np.int64)
    dem = np.zeros(N_DEMANDS, np.int64)
    nd = gs[GS_N_DECKS]
    hot = gs[GS_HOT_KIND]
    leader = gs[GS_LEADER]
    while _cards_left(ncls, leader) > 0:
        trick = gs[GS_TRICK]
        n = choose_lead(policies[leader], leader, hands, ncls, seen, void, buried, side, ot, gs, pp, state, comps,
                        rem, unseen, pref, lk)
        c = ot[OT_KCLS, lk[0]]
        if n == 1:  # a single: its one component directly (most leads)
            s0 = ot[OT_KSLOT, lk[0]]
            comps[0, C_W] = 1
            comps[0, C_K] = 1
            comps[0, C_ALO] = ot[OT_SADJ + c, s0]
            comps[0, C_TOP] = ot[OT_SSTR + c, s0]
            comps[0, C_SLOTS] = s0
            ncomp = I1
        else:
            play_counts(lk, n, ot, c, pc)
            ncomp = decompose(pc, ot, c, rem, comps)
        if ncomp > 1:
            ss[SS_THROWS, leader] += 1
            higher, smallest = throw_check(comps, ncomp, c, hands, leader, ot, failed)
            li = log_row(log, gs, LT_THROW, leader, trick, higher)
            for i in range(n):
                log_card(log, li, lk[i])
            if smallest >= 0:
                ss[SS_THROWS_FAILED, leader] += 1
                gs[GS_THROW_CARDS] += higher
                if side[leader] == 1:
                    gs[GS_PEN_BANKER] += 10 * higher
                else:
                    gs[GS_PEN_DEF] += 10 * higher
                if gs[GS_FAILED_SMALLEST]:
                    n = emit_component(ot, c, comps, smallest, lk, I0)
                    play_counts(lk, n, ot, c, pc)
                    ncomp = decompose(pc, ot, c, rem, comps)
        if ncomp == 1 and comps[0, C_K] >= 2:
            gs[GS_RUNS_LED] += 1
        elif ncomp == 1 and comps[0, C_W] == 2:
            gs[GS_PAIRS_LED] += 1
        elif ncomp == 1 and comps[0, C_W] == 3:
            gs[GS_TRIPLES_LED] += 1
        lead_demands(comps, ncomp, dem)
        best_tier, best_key = lead_rank(c, comps)
        best = leader
        li = log_row(log, gs, LT_PLAY, leader, trick, I1)
        pts = play_cards(leader, lk, n, hands, ncls, owner, seen, ot, nd, log, li)
        n_hot = _count_kind(lk, n, hot) if hot >= 0 else 0
        tc[TC_CLS] = c
        tc[TC_N] = n
        tc[TC_NCOMP] = ncomp
        tc[TC_THROW] = 1 if ncomp > 1 else 0
        tc[TC_LEADER] = leader
        for j in range(1, N_SEATS):
            seat = (leader + j) % N_SEATS
            tc[TC_BEST_SEAT] = best
            tc[TC_BEST_TIER] = best_tier
            tc[TC_BEST_KEY] = best_key
            tc[TC_POINTS] = pts
            tc[TC_POS] = j
            had = ncls[seat, c]
            m = choose_follow(policies[seat], seat, tc, comps, dem, hands, ncls, seen, void, buried, side, ot, gs, pp,
                              state, pref, hcopy, rem, fc, slots, unseen, pc, dstart, dslots, ditem, fk)
            tier, key = follow_rank(fk, m, c, ncomp > 1, comps, ncomp, ot, pc, rem, dstart, dslots, ditem)
            if beats(tier, key, best_tier, best_key):
                best = seat
                best_tier = tier
                best_key = key
            li = log_row(log, gs, LT_PLAY, seat, trick, I0)
            pts += play_cards(seat, fk, m, hands, ncls, owner, seen, ot, nd, log, li)
            if hot >= 0:
                n_hot += _count_kind(fk, m, hot)
            if had < n:
                void[seat, c] = 1
        if best_tier == 2 and c != CLS_TRUMP:
            gs[GS_TRUMPED] += 1
        ss[SS_WON_POINTS, best] += pts
        ss[SS_TRICKS_WON, best] += 1
        if side[best] == 0:
            gs[GS_CAPTURED] += pts
            gs[GS_HOT_DEF] += n_hot
        else:
            gs[GS_HOT_BANKER] += n_hot
        gs[GS_LAST_WINNER] = best
        gs[GS_LAST_N] = n
        gs[GS_TRICK] = trick + 1
        leader = best
        gs[GS_LEADER] = leader
