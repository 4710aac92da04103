"""A throw (甩牌) checked against the three other hands (TR-6, [S003] §5/§8).

A throw is legal only if each component is higher than anything of the same type (same width and
run length) in that class held by every other player; equal cards do not beat it. When some
component fails, the thrower is penalised 10 points per *higher card* in the other hands: for
every other seat, every copy it holds of a kind that is part of a structure beating at least one
failing component (for a single: any stronger kind; for a pair/triple: a stronger kind held
>= w times; for a 拖拉机: a kind in a beating run). With ``failed_throw = smallest`` the thrower
then leads only the smallest failing component (fewest cards, then lowest strength).
"""

from __future__ import annotations

from numba import njit

from kernels.trick.groups import group_mask, has_higher, high_bit, run_starts
from kernels.trick.order import I0, NEG1, OT_ASTR, OT_NSLOT, OT_SADJ, OT_SSTR
from kernels.trick.shape import C_K, C_TOP, C_W

N_SEATS = 4


@njit(cache=True, nogil=True)
def throw_check(comps, ncomp, cls, hands, leader, ot, failed):
    """Check a throw of ``ncomp`` components (class ``cls``) by ``leader`` against the others.

    ``hands[seat, cls, slot]`` are the holdings (the leader's own cards are not looked at);
    ``failed[i]`` is set to 1 for each beaten component. Returns (higher cards, index of the
    smallest failing component or -1 if the throw stands).
    """
    smallest = NEG1
    for i in range(ncomp):
        failed[i] = 0
        for q in range(N_SEATS):
            if q != leader and has_higher(hands[q, cls], ot, cls, comps[i, C_W], comps[i, C_K], comps[i, C_TOP]):
                failed[i] = 1
                break
        if failed[i]:
            if smallest < 0:
                smallest = i
            else:
                si = comps[i, C_W] * comps[i, C_K]
                sb = comps[smallest, C_W] * comps[smallest, C_K]
                if si < sb or (si == sb and comps[i, C_TOP] < comps[smallest, C_TOP]):
                    smallest = i
    if smallest < 0:
        return I0, NEG1
    total = 0
    ns = ot[OT_NSLOT, cls]
    for q in range(N_SEATS):
        if q == leader:
            continue
        counts = hands[q, cls]
        for s in range(ns):  # a kind counts once however many components it beats
            if counts[s] == 0:
                continue
            hit = False
            for i in range(ncomp):
                if failed[i] and not hit:
                    w = comps[i, C_W]
                    if counts[s] < w:
                        continue
                    if comps[i, C_K] == 1:
                        hit = ot[OT_SSTR + cls, s] > comps[i, C_TOP]
                    else:
                        hit = _in_beating_run(counts, ot, cls, s, w, comps[i, C_K], comps[i, C_TOP])
            if hit:
                total += counts[s]
    return total, smallest


@njit(cache=True, nogil=True)
def _in_beating_run(counts, ot, cls, s, w, k, top):
    """Is slot ``s`` part of a run of k w-groups (in ``counts``) whose top is above ``top``?"""
    a_s = ot[OT_SADJ + cls, s]
    starts = run_starts(group_mask(counts, ot, cls, w), k)
    while starts != 0:
        a = high_bit(starts)
        if a <= a_s < a + k and ot[OT_ASTR + cls, a + k - 1] > top:
            return True
        starts &= ~(1 << a)
    return False
