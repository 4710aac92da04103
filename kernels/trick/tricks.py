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

from numba import njit

from kernels.trick.follow import lead_demands
from kernels.trick.follows import choose_follow
from kernels.trick.leads import choose_lead, emit_component
from kernels.trick.order import CLS_TRUMP, I0, I1, N_CLS, OT_KCLS, OT_KSLOT, OT_SADJ, OT_SSTR
from kernels.trick.shape import C_ALO, C_K, C_SLOTS, C_TOP, C_W, decompose, play_counts
from kernels.trick.state import (
    GS_CAPTURED, GS_FAILED_SMALLEST, GS_HOT_BANKER, GS_HOT_DEF, GS_HOT_KIND, GS_LAST_N, GS_LAST_WINNER, GS_LEADER,
    GS_PAIRS_LED, GS_PEN_BANKER, GS_PEN_DEF, GS_THROW_CARDS, GS_RUNS_LED, GS_TRICK, GS_TRIPLES_LED, GS_TRUMPED,
    LT_PLAY, LT_THROW, N_SEATS, SS_THROWS, SS_THROWS_FAILED, SS_TRICKS_WON, SS_WON_POINTS, TC_BEST_KEY, TC_BEST_SEAT,
    TC_BEST_TIER, TC_CLS, TC_LEADER, TC_N, TC_NCOMP, TC_POINTS, TC_POS, TC_THROW, log_card, log_row, play_cards,
    player_view,
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


@njit(cache=True, nogil=True)
def _clear_work(st):
    """The trick loop's work buffers start every hand at 0."""
    st.lead[:] = 0
    st.play[:] = 0
    st.comps[:, :] = 0
    st.rem[:] = 0
    st.pc[:] = 0
    st.fc[:] = 0
    st.unseen[:] = 0
    st.slots[:] = 0
    st.dstart[:] = 0
    st.dslots[:, :] = 0
    st.ditem[:] = 0
    st.failed[:] = 0
    st.tc[:] = 0
    st.dem[:] = 0


@njit(cache=True, nogil=True)
def play_tricks(st):
    """Play every trick; fills the running facts of ``st.gs`` and ``st.ss``."""
    _clear_work(st)
    ot, gs, ss, side, ncls, tc, comps = st.ot, st.gs, st.ss, st.side, st.ncls, st.tc, st.comps
    lk = st.lead
    fk = st.play
    table = (st.hands, ncls, st.owner, st.seen, ot, gs, st.log)  # (play_cards: built once a hand)
    match = (st.pc, st.rem, st.dstart, st.dslots, st.ditem)
    pv = player_view(st)
    hot = gs[GS_HOT_KIND]
    leader = gs[GS_LEADER]
    while _cards_left(ncls, leader) > 0:
        trick = gs[GS_TRICK]
        n = choose_lead(pv, st.policies[leader], leader)
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
            play_counts(lk, n, ot, c, st.pc)
            ncomp = decompose(st.pc, ot, c, st.rem, comps)
        if ncomp > 1:
            ss[SS_THROWS, leader] += 1
            higher, smallest = throw_check(comps, ncomp, c, st.hands, leader, ot, st.failed)
            li = log_row(st.log, st.gs, LT_THROW, leader, trick, higher)
            for i in range(n):
                log_card(st.log, li, lk[i])
            if smallest >= 0:
                ss[SS_THROWS_FAILED, leader] += 1
                gs[GS_THROW_CARDS] += higher
                if side[leader] == 1:
                    gs[GS_PEN_BANKER] += 10 * higher
                else:
                    gs[GS_PEN_DEF] += 10 * higher
                if gs[GS_FAILED_SMALLEST]:
                    n = emit_component(ot, c, comps, smallest, lk, I0)
                    play_counts(lk, n, ot, c, st.pc)
                    ncomp = decompose(st.pc, ot, c, st.rem, comps)
        if ncomp == 1 and comps[0, C_K] >= 2:
            gs[GS_RUNS_LED] += 1
        elif ncomp == 1 and comps[0, C_W] == 2:
            gs[GS_PAIRS_LED] += 1
        elif ncomp == 1 and comps[0, C_W] == 3:
            gs[GS_TRIPLES_LED] += 1
        lead_demands(comps, ncomp, st.dem)
        best_tier, best_key = lead_rank(c, comps)
        best = leader
        li = log_row(st.log, st.gs, LT_PLAY, leader, trick, I1)
        pts = play_cards(table, leader, lk, n, li)
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
            m = choose_follow(pv, st.policies[seat], seat)
            tier, key = follow_rank(fk, m, c, ncomp > 1, comps, ncomp, ot, match)
            if beats(tier, key, best_tier, best_key):
                best = seat
                best_tier = tier
                best_key = key
            li = log_row(st.log, st.gs, LT_PLAY, seat, trick, I0)
            pts += play_cards(table, seat, fk, m, li)
            if hot >= 0:
                n_hot += _count_kind(fk, m, hot)
            if had < n:
                st.void[seat, c] = 1
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


@njit(cache=True, nogil=True)
def write_trick_facts(row, at, gs, ss):
    """``kernels.trick.layout.TRICK_FACTS`` of the hand just played into ``row`` from column ``at``
    (``facts_at``)."""
    for s in range(N_SEATS):
        row[at + s] = ss[SS_WON_POINTS, s]
        row[at + N_SEATS + s] = ss[SS_TRICKS_WON, s]
        row[at + 2 * N_SEATS + s] = ss[SS_THROWS, s]
        row[at + 3 * N_SEATS + s] = ss[SS_THROWS_FAILED, s]
    row[at + 4 * N_SEATS] = gs[GS_THROW_CARDS]
    row[at + 4 * N_SEATS + 1] = gs[GS_TRICK]
    row[at + 4 * N_SEATS + 2] = gs[GS_TRUMPED]
    row[at + 4 * N_SEATS + 3] = gs[GS_RUNS_LED]
    row[at + 4 * N_SEATS + 4] = gs[GS_PAIRS_LED]
