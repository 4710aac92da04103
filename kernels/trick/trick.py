"""Who wins a trick ([S003] §3/§4, TR spec §7, TR-4).

Each play gets a rank ``(tier, key)``; the lead is ``(2 if trumps else 1, strength of its largest
component)``. A follow ranks only if all its cards are of one class and contain the lead's
structure (``shape.match_key``): cards of the led side suit get tier 1 — except against a throw,
which only trumps beat (TR-4) — trumps get tier 2; anything else (废牌, a mixed play, trumps
without the matching pairs/拖拉机) ranks nowhere. A play beats the current winner only with a
strictly higher (tier, key): identical cards and equal-strength cards lose to the one played
first.
"""

from __future__ import annotations

from numba import njit

from kernels.trick.order import CLS_TRUMP, OT_KCLS, OT_KSTR
from kernels.trick.shape import match_key, play_counts, single_class

NO_RANK = -1


@njit(cache=True, nogil=True)
def lead_rank(lead_cls, comps):
    """(tier, key) of the lead itself (components sorted, largest first)."""
    return (2 if lead_cls == CLS_TRUMP else 1), comps[0, 3]


@njit(cache=True, nogil=True)
def follow_rank(kinds, n, lead_cls, is_throw, comps, ncomp, ot, work):
    """(tier, key) of a follow against the lead's ``ncomp`` components ``comps``; tier 0 if it cannot
    win the trick. ``work`` = (pc, rem, dstart, dslots, ditem): the matching buffers
    (``shape.match_key``), a tuple of the state's arrays."""
    if n == 1:
        k = kinds[0]
        c = ot[OT_KCLS, k]
        if c == lead_cls:
            return (2 if c == CLS_TRUMP else 1), ot[OT_KSTR, k]
        if c == CLS_TRUMP:
            return 2, ot[OT_KSTR, k]
        return 0, NO_RANK
    c = single_class(kinds, n, ot)
    if c < 0:
        return 0, NO_RANK
    if c == lead_cls:
        tier = 2 if c == CLS_TRUMP else 1
        if is_throw and c != CLS_TRUMP:
            return 0, NO_RANK
    elif c == CLS_TRUMP:
        tier = 2
    else:
        return 0, NO_RANK
    pc, rem, dstart, dslots, ditem = work
    play_counts(kinds, n, ot, c, pc)
    key = match_key(pc, ot, c, comps, ncomp, rem, dstart, dslots, ditem)
    if key < 0:
        return 0, NO_RANK
    return tier, key


@njit(cache=True, nogil=True)
def beats(tier, key, best_tier, best_key):
    return tier > 0 and (tier > best_tier or (tier == best_tier and key > best_key))
