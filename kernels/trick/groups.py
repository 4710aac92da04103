"""Pairs, triples and 拖拉机 of a holding by bit operations over adjacency levels.

A holding of one suit class is a count vector over that class's slots (``kernels.trick.order``).
``group_mask(counts, ot, cls, w)`` sets bit ``adj`` for every adjacency level where some kind is
held at least ``w`` times (w = 2 pairs, w = 3 triples, w = 1 any card); a 拖拉机 of ``k`` groups
is a run of ``k`` consecutive bits, found with shifts and ANDs (``run_starts``).
"""

from __future__ import annotations

from numba import njit

from kernels.trick.order import OT_ASTR, OT_NSLOT, OT_SADJ, OT_SSTR


@njit(cache=True, nogil=True)
def group_mask(counts, ot, cls, w):
    """Bit ``adj`` set where some kind of ``cls`` has ``counts[slot] >= w``."""
    m = 0
    for s in range(ot[OT_NSLOT, cls]):
        if counts[s] >= w:
            m |= 1 << ot[OT_SADJ + cls, s]
    return m


@njit(cache=True, nogil=True)
def run_starts(mask, k):
    """Bits ``a`` of ``mask`` such that ``a .. a + k - 1`` are all set (runs of length >= k)."""
    r = mask
    for i in range(1, k):
        r &= mask >> i
    return r


@njit(cache=True, nogil=True)
def count_runs(mask, k_min):
    """Maximal runs of at least ``k_min`` consecutive set bits."""
    n = 0
    k = 0
    while mask != 0:  # scan bits low to high, measuring each run
        if mask & 1:
            k += 1
        else:
            if k >= k_min:
                n += 1
            k = 0
        mask >>= 1
    if k >= k_min:
        n += 1
    return n


@njit(cache=True, nogil=True)
def high_bit(x):
    """Index of the highest set bit of ``x`` (> 0)."""
    b = 0
    while x > 1:
        x >>= 1
        b += 1
    return b


@njit(cache=True, nogil=True)
def has_higher(counts, ot, cls, w, k, top):
    """Does the holding contain a ``w``-group run of length ``k`` (k = 1: a group) above ``top``?"""
    if k == 1:
        for s in range(ot[OT_NSLOT, cls] - 1, -1, -1):
            if ot[OT_SSTR + cls, s] <= top:
                return False
            if counts[s] >= w:
                return True
        return False
    starts = run_starts(group_mask(counts, ot, cls, w), k)
    while starts != 0:
        a = high_bit(starts)
        if ot[OT_ASTR + cls, a + k - 1] > top:
            return True
        starts &= ~(1 << a)
    return False


@njit(cache=True, nogil=True)
def n_groups(counts, n_slots, w):
    """Kinds held at least ``w`` times."""
    n = 0
    for s in range(n_slots):
        if counts[s] >= w:
            n += 1
    return n


@njit(cache=True, nogil=True)
def pick_slot(counts, ot, cls, a, w):
    """The slot at adjacency level ``a`` held >= ``w`` times with the fewest copies (best fit),
    lowest slot on ties; -1 if none."""
    best = -1
    for s in range(ot[OT_NSLOT, cls]):
        if ot[OT_SADJ + cls, s] == a and counts[s] >= w:
            if best < 0 or counts[s] < counts[best]:
                best = s
    return best
