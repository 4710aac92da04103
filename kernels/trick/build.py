"""Building plays from a holding: the cheapest structure above a strength, a play that meets the
follow rules chosen by a preference per card, and card values the players share.

A *preference* ``pref[cls, slot]`` (float64) says which cards a player wants to give up first
(higher first): ``dump_pref`` keeps high cards, trumps and points; ``feed_pref`` gives points.
Plays are written as kind ids into ``out``.
"""

from __future__ import annotations

from numba import njit

from kernels.rng import bounded
from kernels.trick.groups import group_mask, pick_slot, run_starts
from kernels.trick.order import CLS_TRUMP, I0, MAXS, N_CLS, OT_ASTR, OT_KPTS, OT_NSLOT, OT_SKIND, OT_SSTR


@njit(cache=True, nogil=True)
def dump_pref(ot, hand, ncls, pref, short_bias, only):
    """Low cards first: side before trumps, non-points before points, short suits first (for class
    ``only``, or every class if it is -1)."""
    for c in range(N_CLS):
        if only >= 0 and c != only:
            continue
        for s in range(ot[OT_NSLOT, c]):
            v = ot[OT_SSTR + c, s] + 3.0 * ot[OT_KPTS, ot[OT_SKIND + c, s]]
            if c == CLS_TRUMP:
                v += 100.0
            else:
                v += short_bias * ncls[c]
            pref[c, s] = -v


@njit(cache=True, nogil=True)
def feed_pref(ot, pref, only):
    """Points first (most points), then low cards; trumps last (class ``only``, or all if -1)."""
    for c in range(N_CLS):
        if only >= 0 and c != only:
            continue
        for s in range(ot[OT_NSLOT, c]):
            v = 10.0 * ot[OT_KPTS, ot[OT_SKIND + c, s]] - ot[OT_SSTR + c, s]
            if c == CLS_TRUMP:
                v -= 60.0
            pref[c, s] = v


@njit(cache=True, nogil=True)
def lowest_above(hq, ot, c, w, k, above, slots):
    """The lowest run of ``k`` ``w``-groups (k = 1: one group) in ``hq`` topped above ``above``;
    writes its slots (low first) and returns its top strength, or -1."""
    starts = run_starts(group_mask(hq, ot, c, w), k)
    a = 0
    while starts != 0:
        if starts & 1:
            top = ot[OT_ASTR + c, a + k - 1]
            if top > above:
                for j in range(k):
                    slots[j] = pick_slot(hq, ot, c, a + j, w)
                return top
        starts >>= 1
        a += 1
    return -1


@njit(cache=True, nogil=True)
def highest_run(hq, ot, c, w, k, slots):
    """The highest run of ``k`` ``w``-groups in ``hq``; its top strength or -1."""
    starts = run_starts(group_mask(hq, ot, c, w), k)
    if starts == 0:
        return -1
    a = 0
    while (starts >> (a + 1)) != 0:
        a += 1
    for j in range(k):
        slots[j] = pick_slot(hq, ot, c, a + j, w)
    return ot[OT_ASTR + c, a + k - 1]


@njit(cache=True, nogil=True)
def emit_groups(ot, c, slots, k, w, out, n):
    for j in range(k):
        kind = ot[OT_SKIND + c, slots[j]]
        for _ in range(w):
            out[n] = kind
            n += 1
    return n


@njit(cache=True, nogil=True)
def _best_run(hq, ot, c, w, k, pref, slots):
    """The run of k w-groups in ``hq`` with the largest total preference; writes its slots."""
    starts = run_starts(group_mask(hq, ot, c, w), k)
    best_a = -1
    best_v = -1e300
    a = 0
    while starts != 0:
        if starts & 1:
            v = 0.0
            for j in range(k):
                v += pref[c, pick_slot(hq, ot, c, a + j, w)]
            if v > best_v:
                best_v = v
                best_a = a
        starts >>= 1
        a += 1
    for j in range(k):
        slots[j] = pick_slot(hq, ot, c, best_a + j, w)


@njit(cache=True, nogil=True)
def compose_in_class(hq, ot, c, n, need, pref, uniform, state, bufs, out):
    """``n`` cards of class ``c`` from ``hq`` into ``out``: ``need`` = (need_run, rw, rk, t, p) — a
    run of ``rk`` ``rw``-groups if ``need_run``, at least ``t`` triples and ``p`` pairs — the rest
    single cards, by preference ``pref``, or (``uniform``) uniformly among the remaining physical
    cards (drawn from ``state``). ``bufs`` = (rem, fc, slots) work buffers. Returns n."""
    need_run, rw, rk, t, p = need
    rem, fc, slots = bufs
    ns = ot[OT_NSLOT, c]
    for s in range(MAXS):
        rem[s] = hq[s]
        fc[s] = 0
    if need_run:
        _best_run(hq, ot, c, rw, rk, pref, slots)
        for j in range(rk):
            fc[slots[j]] += rw
            rem[slots[j]] -= rw
    for width in (3, 2):
        want = t if width == 3 else p
        while want > 0:
            have = 0
            for s in range(ns):
                if fc[s] >= width:
                    have += 1
            if have >= want:
                break
            best = -1
            for s in range(ns):  # cheapest way to a new group: a kind with enough copies left
                if fc[s] < width and fc[s] + rem[s] >= width:
                    if best < 0 or pref[c, s] > pref[c, best]:
                        best = s
            need = width - fc[best]
            fc[best] += need
            rem[best] -= need
    m = 0
    for s in range(ns):
        m += fc[s]
    if uniform:
        left = I0
        for s in range(ns):
            left += rem[s]
        while m < n:  # draw one remaining physical card uniformly
            r = bounded(state, left)
            s = 0
            while r >= rem[s]:
                r -= rem[s]
                s += 1
            rem[s] -= 1
            fc[s] += 1
            left -= 1
            m += 1
    else:
        while m < n:
            best = -1
            for s in range(ns):
                if rem[s] > 0 and (best < 0 or pref[c, s] > pref[c, best]):
                    best = s
            rem[best] -= 1
            fc[best] += 1
            m += 1
    k = 0
    for s in range(ns):
        for _ in range(fc[s]):
            out[k] = ot[OT_SKIND + c, s]
            k += 1
    return k


@njit(cache=True, nogil=True)
def fill_any(hand, ot, skip_cls, count, pref, uniform, state, out, n0):
    """Add ``count`` cards of any class but ``skip_cls`` (-1: none) to ``out[n0:]``: by
    preference, or uniformly among the physical cards. Takes cards out of ``hand`` (a copy)."""
    n = n0
    if uniform:
        left = I0
        for c in range(N_CLS):
            if c != skip_cls:
                for s in range(ot[OT_NSLOT, c]):
                    left += hand[c, s]
        for _ in range(count):
            r = bounded(state, left)
            done = False
            for c in range(N_CLS):
                if c == skip_cls or done:
                    continue
                for s in range(ot[OT_NSLOT, c]):
                    if r < hand[c, s]:
                        hand[c, s] -= 1
                        out[n] = ot[OT_SKIND + c, s]
                        n += 1
                        done = True
                        break
                    r -= hand[c, s]
            left -= 1
        return n
    for _ in range(count):
        bc = -1
        bs = -1
        for c in range(N_CLS):
            if c == skip_cls:
                continue
            for s in range(ot[OT_NSLOT, c]):
                if hand[c, s] > 0 and (bc < 0 or pref[c, s] > pref[bc, bs]):
                    bc = c
                    bs = s
        hand[bc, bs] -= 1
        out[n] = ot[OT_SKIND + bc, bs]
        n += 1
    return n


@njit(cache=True, nogil=True)
def copy_hand(src, dst):
    for c in range(N_CLS):
        for s in range(MAXS):
            dst[c, s] = src[c, s]

