"""What a follower must play ([S003] §6, TR spec §6, XJ-7).

A follower plays as many cards as the lead. Holding at least that many cards of the led class he
plays only cards of it; holding fewer he plays all of them and fills with any cards.

``must_follow_structure`` (off by default: 不必有对跟对). When on, a follower holding enough cards
of the class must also play, *among the cards he plays*:

* a run as long as the lead's largest 拖拉机 (same width), if he holds one;
* at least min(T, triples held) triples, T = triples in the lead (a triple-拖拉机 of k counts k);
* at least min(D, pairs held) pairs, D = pairs and triples in the lead (拖拉机 count per group);
  a kind played 3 times counts as one pair.

These are counts over the cards played (not a partition), so a play that meets them always exists
(checked in the tests) and the rule reads the same for singles, pairs, 拖拉机 and throws.
"""

from __future__ import annotations

from numba import njit

from kernels.trick.groups import group_mask, n_groups, run_starts
from kernels.trick.order import I2, I3, OT_NSLOT
from kernels.trick.shape import C_K, C_W, play_counts

D_PAIRS, D_TRIPLES, D_RUN_W, D_RUN_K = 0, 1, 2, 3
N_DEMANDS = 4


@njit(cache=True, nogil=True)
def lead_demands(comps, ncomp, dem):
    """Structure counts of a lead (components sorted largest first): pairs, triples, largest run."""
    dem[D_PAIRS] = 0
    dem[D_TRIPLES] = 0
    dem[D_RUN_W] = 0
    dem[D_RUN_K] = 0
    for i in range(ncomp):
        w = comps[i, C_W]
        k = comps[i, C_K]
        if w >= 2:
            dem[D_PAIRS] += k
        if w == 3:
            dem[D_TRIPLES] += k
        if k >= 2 and dem[D_RUN_K] == 0:
            dem[D_RUN_W] = w
            dem[D_RUN_K] = k


@njit(cache=True, nogil=True)
def structure_needs(hq, ot, cls, dem):
    """(needs a run, triples needed, pairs needed) for a holding ``hq`` of the led class."""
    ns = ot[OT_NSLOT, cls]
    need_run = False
    if dem[D_RUN_K] >= 2:
        need_run = run_starts(group_mask(hq, ot, cls, dem[D_RUN_W]), dem[D_RUN_K]) != 0
    t = min(dem[D_TRIPLES], n_groups(hq, ns, I3))
    p = min(dem[D_PAIRS], n_groups(hq, ns, I2))
    return need_run, t, p


@njit(cache=True, nogil=True)
def meets_structure(pc, hq, ot, cls, dem):
    """Does the play's class part ``pc`` meet the structure the holding ``hq`` makes compulsory?"""
    need_run, t, p = structure_needs(hq, ot, cls, dem)
    ns = ot[OT_NSLOT, cls]
    if need_run and run_starts(group_mask(pc, ot, cls, dem[D_RUN_W]), dem[D_RUN_K]) == 0:
        return False
    return n_groups(pc, ns, I3) >= t and n_groups(pc, ns, I2) >= p


@njit(cache=True, nogil=True)
def class_total(hq, ns):
    n = 0
    for s in range(ns):
        n += hq[s]
    return n


@njit(cache=True, nogil=True)
def follow_legal(kinds, n, cls, hq, dem, must_follow, ot, pc):
    """Is the play ``kinds[:n]`` a legal follow for a seat holding ``hq`` in the led class ``cls``?
    (Whether the seat holds those cards is checked by the caller.)"""
    h = class_total(hq, ot[OT_NSLOT, cls])
    m = play_counts(kinds, n, ot, cls, pc)
    if h < n:
        return m == h
    if m != n:
        return False
    if must_follow:
        return meets_structure(pc, hq, ot, cls, dem)
    return True
