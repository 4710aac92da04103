"""The kitty bonus (扣底): when the 闲 side wins the last trick, the buried kitty's points are
multiplied and added to its points (TR-5, XJ-7).

Multiplier codes (the rules compile them): ``KM_X2`` flat ×2 (default of both games),
``KM_BY_LEAD`` 2 × the number of cards of the last lead (single ×2, pair ×4, 4-card 拖拉机 ×8 —
the common variant, read as "by the last lead's size"), ``KM_X1`` the points once.
"""

from __future__ import annotations

from numba import njit

from kernels.trick.codes import KM_BY_LEAD, KM_X1, KM_X2  # noqa: F401 (re-exported)


@njit(cache=True, nogil=True)
def kitty_multiplier(code, last_lead_cards):
    if code == KM_BY_LEAD:
        return 2 * last_lead_cards
    if code == KM_X1:
        return 1
    return 2
