"""The card order of one hand as a table, built once per hand from the game's trump declaration.

A *kind* is a card face without its deck: ``kind = card_id % 54`` (kernels.cards: rank index
``kind // 4``, suit ``kind % 4``, 52 小王, 53 大王). Copies of one kind are identical: two of them
make a pair, three (三副牌) a triple.

Each kind belongs to one *suit class*: 0..3 are the side suits by suit index, ``CLS_TRUMP`` (4)
holds every trump (jokers, level cards, the trump suit...). Inside a class the kinds sit in
*slots* ordered by strength (slot 0 the weakest). Per slot the table keeps:

* strength ``str`` — higher beats lower inside the class; equal strength = equal cards
  (副级牌, 副10), the first played wins a tie;
* adjacency level ``adj`` (0..62) — two groups (pairs/triples) are adjacent for a 拖拉机 iff
  their ``adj`` differ by exactly 1; kinds of equal strength share one ``adj`` (so two 副级 pairs
  are never adjacent to each other). A game decides the chains (TR-3, XJ-6) by choosing ``adj``.

Layout of the int64 table ``ot[OT_ROWS, OT_W]`` (module constants, frozen into the kernels):

    ot[OT_KCLS, kind]   class of the kind         ot[OT_KSLOT, kind]  its slot in that class
    ot[OT_KSTR, kind]   its strength              ot[OT_KPTS, kind]   its points (5, 10, K)
    ot[OT_NSLOT, cls]   slots in the class        ot[OT_SKIND + cls, slot]  kind at the slot
    ot[OT_SSTR + cls, slot]  strength of the slot ot[OT_SADJ + cls, slot]   adjacency level
    ot[OT_ASTR + cls, adj]   strength of the kinds at that adjacency level, -1 if none
"""

from __future__ import annotations

import numpy as np
from numba import njit

N_KINDS = 54
N_CLS = 5
# Scalars handed to other kernels are numpy scalars, not Python ints: numba compiles a separate
# specialisation of a callee for every literal argument value (Literal[int](4), ...), which
# multiplied the family's compile time. Pass these (or runtime values), never bare literals.
CLS_TRUMP = np.int64(4)
I0, I1, I2, I3, NEG1 = np.int64(0), np.int64(1), np.int64(2), np.int64(3), np.int64(-1)
TRUE, FALSE = np.bool_(True), np.bool_(False)
MAXS = 24  # slots per class (two-deck level-rank trumps: 18, three-deck ♥5/参谋 trumps: 20)
OT_W = 64
OT_KCLS, OT_KSLOT, OT_KSTR, OT_KPTS, OT_NSLOT = 0, 1, 2, 3, 4
OT_SKIND = 5
OT_SSTR = OT_SKIND + N_CLS
OT_SADJ = OT_SSTR + N_CLS
OT_ASTR = OT_SADJ + N_CLS
OT_ROWS = OT_ASTR + N_CLS

SJ_KIND, BJ_KIND = 52, 53


@njit(cache=True, nogil=True)
def natural_value(kind):
    """Natural rank order inside a suit, 2 lowest: 2 -> 0, 3 -> 1, ..., K -> 11, A -> 12."""
    return (kind // 4 + 1) % 13


@njit(cache=True, nogil=True)
def kind_points(kind):
    """5 -> 5, 10 -> 10, K -> 10 (rank indices 2, 7, 10), jokers and the rest 0."""
    if kind >= 52:
        return 0
    r = kind // 4
    if r == 2:
        return 5
    if r == 7 or r == 10:
        return 10
    return 0


@njit(cache=True, nogil=True)
def new_table():
    return np.zeros((OT_ROWS, OT_W), np.int64)


@njit(cache=True, nogil=True)
def fill_order(ot, kcls, kstr, kadj):
    """Fill ``ot`` from per-kind class, strength and adjacency (arrays of 54 int64).

    Slots are assigned per class by increasing strength (ties: increasing kind id).
    """
    ot[:, :] = -1
    for c in range(N_CLS):
        ot[OT_NSLOT, c] = 0
    for k in range(N_KINDS):
        ot[OT_KCLS, k] = kcls[k]
        ot[OT_KSTR, k] = kstr[k]
        ot[OT_KPTS, k] = kind_points(k)
    for c in range(N_CLS):
        n = 0
        for k in range(N_KINDS):  # insertion by (strength, kind)
            if kcls[k] != c:
                continue
            pos = n
            while pos > 0:
                prev = ot[OT_SKIND + c, pos - 1]
                if kstr[prev] > kstr[k]:
                    ot[OT_SKIND + c, pos] = prev
                    pos -= 1
                else:
                    break
            ot[OT_SKIND + c, pos] = k
            n += 1
        ot[OT_NSLOT, c] = n
        for s in range(n):
            k = ot[OT_SKIND + c, s]
            ot[OT_KSLOT, k] = s
            ot[OT_SSTR + c, s] = kstr[k]
            ot[OT_SADJ + c, s] = kadj[k]
            ot[OT_ASTR + c, kadj[k]] = kstr[k]
