"""The structure of a play: canonical components of a lead, and matching another play against it.

Component record ``comps[i, :]`` (int64): ``C_W`` width (1 single, 2 pair, 3 triple), ``C_K``
groups in the run (1 = a lone single/pair/triple, >= 2 a 拖拉机), ``C_ALO`` adjacency level of
its lowest group, ``C_TOP`` strength of its highest group, then ``C_SLOTS + j`` the slot of
group ``j`` (lowest first). A simple lead is one component; a throw (甩牌) several.

Canonical decomposition (how a multi-card lead is read, the reference does the same):
repeatedly take the longest run of triples (highest on ties), then lone triples, then the longest
run of pairs, then lone pairs, then singles. At a level holding several equal kinds (副级, 副10)
a run uses the kind with the fewest copies (lowest slot on ties). Components are then sorted
largest first: by cards (w * k), then width, then strength — ``comps[0]`` is the *largest
component*, which is what trick comparisons look at (TR-4).

``match_key`` answers "does this play (all of one class, as many cards as the lead) contain the
lead's structure, and how high?": it searches placements of the lead's runs (depth-first, highest
first) and counts the lone groups, returning the strength of the largest component in the best
placement, or -1.
"""

from __future__ import annotations

from numba import njit

from kernels.trick.groups import group_mask, high_bit, n_groups, pick_slot, run_starts
from kernels.trick.order import I0, I1, I2, I3, MAXS, OT_ASTR, OT_KCLS, OT_KSLOT, OT_NSLOT, OT_SADJ, OT_SSTR

C_W, C_K, C_ALO, C_TOP, C_SLOTS = 0, 1, 2, 3, 4
MAXK = 20
CW = C_SLOTS + MAXK
MAXCOMP = 40
MAX_DEPTH = 24


@njit(cache=True, nogil=True)
def play_counts(kinds, n, ot, cls, pc):
    """Counts over the slots of ``cls`` of the first ``n`` kinds; returns how many are in ``cls``."""
    for s in range(MAXS):
        pc[s] = 0
    m = 0
    for i in range(n):
        k = kinds[i]
        if ot[OT_KCLS, k] == cls:
            pc[ot[OT_KSLOT, k]] += 1
            m += 1
    return m


@njit(cache=True, nogil=True)
def single_class(kinds, n, ot):
    """The class of all ``n`` kinds, or -1 if they are of several classes."""
    c = ot[OT_KCLS, kinds[0]]
    for i in range(1, n):
        if ot[OT_KCLS, kinds[i]] != c:
            return -1
    return c


@njit(cache=True, nogil=True)
def sort_components(comps, n):
    """Insertion sort (stable): more cards, then wider, then stronger first."""
    for i in range(1, n):
        j = i
        while j > 0:
            si = comps[j, C_W] * comps[j, C_K]
            sj = comps[j - 1, C_W] * comps[j - 1, C_K]
            if si > sj or (si == sj and (comps[j, C_W] > comps[j - 1, C_W] or (
                    comps[j, C_W] == comps[j - 1, C_W] and comps[j, C_TOP] > comps[j - 1, C_TOP]))):
                for c in range(CW):
                    t = comps[j, c]
                    comps[j, c] = comps[j - 1, c]
                    comps[j - 1, c] = t
                j -= 1
            else:
                break


@njit(cache=True, nogil=True)
def decompose(pc, ot, cls, rem, comps):
    """Canonical components of a play with slot counts ``pc`` in ``cls``; returns their number."""
    ns = ot[OT_NSLOT, cls]
    for s in range(MAXS):
        rem[s] = pc[s]
    n = I0
    for w in (3, 2):
        while True:  # runs of w-groups, longest then highest first
            mask = group_mask(rem, ot, cls, w)
            k = I1
            while k < MAXK and run_starts(mask, k + 1) != 0:
                k += 1
            if k < 2:
                break
            a = high_bit(run_starts(mask, k))
            comps[n, C_W] = w
            comps[n, C_K] = k
            comps[n, C_ALO] = a
            comps[n, C_TOP] = ot[OT_ASTR + cls, a + k - 1]
            for j in range(k):
                s = pick_slot(rem, ot, cls, a + j, w)
                rem[s] -= w
                comps[n, C_SLOTS + j] = s
            n += 1
        for s in range(ns - 1, -1, -1):  # lone w-groups, highest first
            while rem[s] >= w:
                comps[n, C_W] = w
                comps[n, C_K] = 1
                comps[n, C_ALO] = ot[OT_SADJ + cls, s]
                comps[n, C_TOP] = ot[OT_SSTR + cls, s]
                comps[n, C_SLOTS] = s
                rem[s] -= w
                n += 1
    for s in range(ns - 1, -1, -1):
        while rem[s] >= 1:
            comps[n, C_W] = 1
            comps[n, C_K] = 1
            comps[n, C_ALO] = ot[OT_SADJ + cls, s]
            comps[n, C_TOP] = ot[OT_SSTR + cls, s]
            comps[n, C_SLOTS] = s
            rem[s] -= 1
            n += 1
    sort_components(comps, n)
    return n


@njit(cache=True, nogil=True)
def match_key(pc, ot, cls, comps, ncomp, rem, dstart, dslots, ditem):
    """Strength of the largest component of the best placement of the lead's structure
    (``comps[:ncomp]``, sorted) inside the play ``pc`` (same class, same number of cards); -1 if
    the play does not contain that structure. ``rem``, ``dstart``, ``dslots``, ``ditem`` are
    scratch (MAXS, MAX_DEPTH, (MAX_DEPTH, MAXK), MAX_DEPTH)."""
    ns = ot[OT_NSLOT, cls]
    for s in range(MAXS):
        rem[s] = pc[s]
    nd = 1
    ditem[0] = 0
    t3 = 0
    p2 = 0
    for i in range(1, ncomp):
        if comps[i, C_K] >= 2:
            if nd >= MAX_DEPTH:
                return -1  # more runs than the search handles (never in two- or three-deck play)
            ditem[nd] = i
            nd += 1
        elif comps[i, C_W] == 3:
            t3 += 1
        elif comps[i, C_W] == 2:
            p2 += 1
    d = 0
    dstart[0] = 62
    key = -1
    while True:
        if d == nd:
            if n_groups(rem, ns, I3) >= t3 and n_groups(rem, ns, I2) - t3 >= p2:
                return key
            d -= 1
            i = ditem[d]
            for j in range(comps[i, C_K]):
                rem[dslots[d, j]] += comps[i, C_W]
            continue
        i = ditem[d]
        w = comps[i, C_W]
        k = comps[i, C_K]
        starts = run_starts(group_mask(rem, ot, cls, w), k) & ((1 << dstart[d]) - 1)
        if starts == 0:
            if d == 0:
                return -1
            d -= 1
            i = ditem[d]
            for j in range(comps[i, C_K]):
                rem[dslots[d, j]] += comps[i, C_W]
            continue
        a = high_bit(starts)
        dstart[d] = a
        for j in range(k):
            s = pick_slot(rem, ot, cls, a + j, w)
            rem[s] -= w
            dslots[d, j] = s
        if d == 0:
            key = ot[OT_ASTR + cls, a + k - 1]
        d += 1
        if d < nd:
            dstart[d] = 62
