"""Follows of the random, greedy and smart players (see ``kernels.trick.players``).

The trick so far is ``st.tc[TC_*]`` (``kernels.trick.state``): led class, cards per play, the
lead's components (``st.comps``, ``ncomp``) and structure demands (``st.dem``), the current winner
(seat, tier, key), points on the table and this player's position (1..3). Every chooser writes a
legal follow (``follow``) into ``st.play`` and returns its length.
"""

from __future__ import annotations

from numba import njit

from kernels.rng import bounded
from kernels.trick.build import (
    compose_in_class, copy_hand, dump_pref, emit_groups, feed_pref, fill_any, highest_run, lowest_above,
)
from kernels.trick.follow import D_RUN_K, D_RUN_W, structure_needs
from kernels.trick.order import CLS_TRUMP, FALSE, I0, NEG1, OT_NSLOT, OT_SKIND, TRUE
from kernels.trick.leads import PREF_DRAW, emit_class
from kernels.trick.players import (
    PP_FIGHT_POINTS, PP_SHORT_BIAS, PP_TRUMP_POINTS, RANDOM, SMART, is_sure, unseen_class,
)
from kernels.trick.shape import C_K, C_W
from kernels.trick.state import (  # noqa: F401 (TC_* re-exported: the trick record is declared with the state)
    GS_MUST_FOLLOW, N_SEATS, TC_BEST_KEY, TC_BEST_SEAT, TC_BEST_TIER, TC_CLS, TC_LEADER, TC_LEN, TC_N, TC_NCOMP,
    TC_POINTS, TC_POS, TC_THROW,
)
from kernels.trick.trick import beats, follow_rank


@njit(cache=True, nogil=True, inline="always")
def trump_over(st, seat, above):
    """The cheapest trump play with the lead's structure that beats the current winner; 0 if none.
    ``above`` is the key to beat among trumps (-1 if no trump has been played)."""
    tc, comps, ot, rem, slots, out = st.tc, st.comps, st.ot, st.rem, st.slots, st.play
    n = tc[TC_N]
    if st.ncls[seat, CLS_TRUMP] < n:
        return 0
    hq = st.hands[seat, CLS_TRUMP]
    if tc[TC_NCOMP] == 1:
        w = comps[0, C_W]
        k = comps[0, C_K]
        if lowest_above(hq, ot, CLS_TRUMP, w, k, above, slots) < 0:
            return 0
        return emit_groups(ot, CLS_TRUMP, slots, k, w, out, I0)
    for s in range(ot[OT_NSLOT, CLS_TRUMP]):
        rem[s] = hq[s]
    m = I0
    for i in range(tc[TC_NCOMP]):  # groups lowest first, then the lowest trumps as singles
        w = comps[i, C_W]
        k = comps[i, C_K]
        if w == 1:
            continue
        if lowest_above(rem, ot, CLS_TRUMP, w, k, NEG1, slots) < 0:
            return 0
        m = emit_groups(ot, CLS_TRUMP, slots, k, w, out, m)
        for j in range(k):
            rem[slots[j]] -= w
    s = 0
    while m < n:
        while rem[s] == 0:
            s += 1
        rem[s] -= 1
        out[m] = ot[OT_SKIND + CLS_TRUMP, s]
        m += 1
    tier, key = follow_rank(out, n, tc[TC_CLS], tc[TC_THROW] != 0, comps, tc[TC_NCOMP], ot,
                            (st.pc, rem, st.dstart, st.dslots, st.ditem))
    if beats(tier, key, tc[TC_BEST_TIER], tc[TC_BEST_KEY]):
        return n
    return 0


@njit(cache=True, nogil=True)
def _same_tier(tc):
    """Can a play of the led class still win (the lead is not yet trumped / trumps were led)?"""
    return tc[TC_NCOMP] == 1 and tc[TC_BEST_TIER] == (2 if tc[TC_CLS] == CLS_TRUMP else 1)


@njit(cache=True, nogil=True, inline="always")
def _winner_secure(seat, tc, comps, void, hands, seen, buried, ot, gs, unseen):
    """Is the current winner sure to keep the trick (from this seat's view)?"""
    if tc[TC_POS] == 3:
        return True
    if tc[TC_NCOMP] != 1:
        return False
    c = tc[TC_CLS]
    tier_cls = CLS_TRUMP if tc[TC_BEST_TIER] == 2 else c
    if tier_cls != CLS_TRUMP:
        for j in range(tc[TC_POS] + 1, N_SEATS):  # a later player known void may trump
            if void[(tc[TC_LEADER] + j) % N_SEATS, c]:
                return False
    unseen_class(hands, seen, buried, ot, gs, seat, tier_cls, unseen)
    return is_sure(unseen, ot, tier_cls, comps[0, C_W], comps[0, C_K], tc[TC_BEST_KEY])


IN_CLASS, SHORT, ANY = 0, 1, 2  # how a follow is filled once its preference is set


@njit(cache=True, nogil=True, inline="always")
def choose_follow(st, policy, seat):
    """``seat``'s follow by ``policy`` to the trick ``st.tc`` into ``st.play``; returns how many cards.

    A player either returns a play it found (a winner, a trump) or sets its preference ``pref`` and
    says how the play is filled: ``IN_CLASS`` (n cards of the led class meeting the follow rules),
    ``SHORT`` (fewer cards of the class than the lead: all of them, then any cards) or ``ANY``."""
    tc, comps, hands, ncls, ot, pp, pref, slots, out = (st.tc, st.comps, st.hands, st.ncls, st.ot, st.pp, st.pref,
                                                        st.slots, st.play)
    c = tc[TC_CLS]
    n = tc[TC_N]
    h = ncls[seat, c]
    if policy == RANDOM:
        uniform = TRUE
        fill = IN_CLASS if h >= n else SHORT if h > 0 else ANY
    else:
        uniform = FALSE
        smart = policy == SMART
        ally = st.side[tc[TC_BEST_SEAT]] == st.side[seat]
        secure = smart and ally and _winner_secure(seat, tc, comps, st.void, hands, st.seen, st.buried, ot, st.gs,
                                                    st.unseen)
        contest = not ally if smart else True
        pts = tc[TC_POINTS]
        w = comps[0, C_W]
        k = comps[0, C_K]
        if h >= n:
            if contest and _same_tier(tc):
                hq = hands[seat, c]
                if not smart or tc[TC_POS] == 3:
                    if lowest_above(hq, ot, c, w, k, tc[TC_BEST_KEY], slots) >= 0:
                        return emit_groups(ot, c, slots, k, w, out, I0)
                else:
                    unseen_class(st.hands, st.seen, st.buried, st.ot, st.gs, seat, c, st.unseen)
                    ub = highest_run(st.unseen, ot, c, w, k, st.fc)
                    bar = tc[TC_BEST_KEY] if tc[TC_BEST_KEY] > ub else ub
                    if lowest_above(hq, ot, c, w, k, bar, slots) >= 0:
                        return emit_groups(ot, c, slots, k, w, out, I0)  # a sure winner in the class
                    if pts >= pp[seat, PP_FIGHT_POINTS] and lowest_above(hq, ot, c, w, k, tc[TC_BEST_KEY], slots) >= 0:
                        return emit_groups(ot, c, slots, k, w, out, I0)
            if secure:
                feed_pref(ot, pref, c)
            else:
                dump_pref(ot, hands[seat], ncls[seat], pref, pp[seat, PP_SHORT_BIAS], c)
            fill = IN_CLASS
        else:
            if secure:
                feed_pref(ot, pref, NEG1)
            else:
                dump_pref(ot, hands[seat], ncls[seat], pref, pp[seat, PP_SHORT_BIAS], NEG1)
            if h > 0:
                fill = SHORT
            else:
                if contest and c != CLS_TRUMP and (not smart or pts >= pp[seat, PP_TRUMP_POINTS]):
                    above = tc[TC_BEST_KEY] if tc[TC_BEST_TIER] == 2 else -1
                    m = trump_over(st, seat, above)
                    if m > 0:
                        return m
                fill = ANY
    if fill == IN_CLASS:  # n cards of the led class meeting the follow rules, by pref (or uniformly)
        hq = hands[seat, c]
        need_run, t, p = FALSE, I0, I0
        if st.gs[GS_MUST_FOLLOW]:
            need_run, t, p = structure_needs(hq, ot, c, st.dem)
            if uniform and (need_run or t > 0 or p > 0):
                for s in range(ot[OT_NSLOT, c]):
                    pref[c, s] = bounded(st.rng, PREF_DRAW)
        return compose_in_class(hq, ot, c, n, (need_run, st.dem[D_RUN_W], st.dem[D_RUN_K], t, p), pref, uniform,
                                st.rng, (st.rem, st.fc, slots), out)
    m = I0
    skip = NEG1
    if fill == SHORT:  # all cards of the led class, then any cards
        m = emit_class(ot, c, hands[seat, c], out)
        skip = c
    copy_hand(hands[seat], st.hcopy)
    return fill_any(st.hcopy, ot, skip, n - m, pref, uniform, st.rng, out, m)
