"""Deals and their census in bulk: per-seat and per-partnership features of ``CENSUS_LAYOUT``.

Deal ``g`` is ``kernels.bridge.deal.deal_board(seed, g)``. ``census_range`` writes
``out[field_offset, g - start]`` (int8, one contiguous line per column, offsets from the layout).
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from kernels.bridge.deal import deal_board
from kernels.bridge.layout import CENSUS_LAYOUT

C_HCP = CENSUS_LAYOUT.at("hcp")
C_LEN = CENSUS_LAYOUT.at("len_c")  # + 4 * suit + seat: len_c, len_d, len_h, len_s are consecutive
C_PATTERN = CENSUS_LAYOUT.at("pattern")
C_CONTROLS = CENSUS_LAYOUT.at("controls")
C_LOSERS = CENSUS_LAYOUT.at("losers")
C_NS_HCP = CENSUS_LAYOUT.at("ns_hcp")
C_EW_HCP = CENSUS_LAYOUT.at("ew_hcp")
C_NS_FIT = CENSUS_LAYOUT.at("ns_fit")
C_NS_FIT_SUIT = CENSUS_LAYOUT.at("ns_fit_suit")
C_EW_FIT = CENSUS_LAYOUT.at("ew_fit")
C_EW_FIT_SUIT = CENSUS_LAYOUT.at("ew_fit_suit")
N_CENSUS = CENSUS_LAYOUT.length
assert C_LEN + 4 == CENSUS_LAYOUT.at("len_d") and C_LEN + 12 == CENSUS_LAYOUT.at("len_s")
assert C_EW_FIT == C_NS_FIT + 2 and C_EW_FIT_SUIT == C_NS_FIT_SUIT + 2

_M13 = np.uint64(0x1FFF)


@njit(cache=True, nogil=True)
def seat_census(hand, seat, holding_tab, pattern_tab, out, col):
    """Write one seat's features into ``out[:, col]``; return (hcp, suit lengths as bytes ♣ ♦ ♥ ♠)."""
    e0 = holding_tab[np.int64(hand & _M13)]
    e1 = holding_tab[np.int64((hand >> np.uint64(13)) & _M13)]
    e2 = holding_tab[np.int64((hand >> np.uint64(26)) & _M13)]
    e3 = holding_tab[np.int64((hand >> np.uint64(39)) & _M13)]
    total = np.int64(e0 + e1 + e2 + e3)
    lc, ld, lh, ls = np.int64(e0 & 0xFF), np.int64(e1 & 0xFF), np.int64(e2 & 0xFF), np.int64(e3 & 0xFF)
    hcp = (total >> 8) & 0xFF
    out[C_HCP + seat, col] = hcp
    out[C_LEN + seat, col] = lc
    out[C_LEN + 4 + seat, col] = ld
    out[C_LEN + 8 + seat, col] = lh
    out[C_LEN + 12 + seat, col] = ls
    out[C_PATTERN + seat, col] = pattern_tab[(lc * 14 + ld) * 14 + lh]
    out[C_CONTROLS + seat, col] = (total >> 16) & 0xFF
    out[C_LOSERS + seat, col] = (total >> 24) & 0xFF
    return hcp, lc | ld << 8 | lh << 16 | ls << 24


@njit(cache=True, nogil=True)
def best_fit(lengths):
    """(cards, suit) of a side's longest combined suit from byte-packed combined lengths; ties go to
    the higher suit (key = cards * 4 + suit)."""
    best = 0
    for s in range(4):
        best = max(best, ((lengths >> (8 * s)) & 0xFF) * 4 + s)
    return best >> 2, best & 3


@njit(cache=True, nogil=True)
def census_of_masks(masks, holding_tab, pattern_tab, out, col):
    """Write the census of one deal (hand bitmasks ``masks``) into ``out[:, col]``; return N-S HCP."""
    hn, ln = seat_census(masks[0], 0, holding_tab, pattern_tab, out, col)
    he, le = seat_census(masks[1], 1, holding_tab, pattern_tab, out, col)
    hs, ls = seat_census(masks[2], 2, holding_tab, pattern_tab, out, col)
    hw, lw = seat_census(masks[3], 3, holding_tab, pattern_tab, out, col)
    out[C_NS_HCP, col] = hn + hs
    out[C_EW_HCP, col] = he + hw
    fit, suit = best_fit(ln + ls)
    out[C_NS_FIT, col] = fit
    out[C_NS_FIT_SUIT, col] = suit
    fit, suit = best_fit(le + lw)
    out[C_EW_FIT, col] = fit
    out[C_EW_FIT_SUIT, col] = suit
    return hn + hs


@njit(cache=True, nogil=True, parallel=True)
def census_range(seed, start, count, holding_tab, pattern_tab, deal_spec, out, n_blocks):
    """Census of deals ``start .. start+count-1`` into ``out[field, g - start]`` (int8, ``N_CENSUS``
    lines), in ``n_blocks`` parallel blocks. Each deal depends only on ``(seed, g)`` and the given
    hands of ``deal_spec`` (``kernels.bridge.deal``)."""
    n_blocks = max(1, min(count, n_blocks))
    for b in prange(n_blocks):
        lo = start + (count * b) // n_blocks
        hi = start + (count * (b + 1)) // n_blocks
        state = np.empty(4, np.uint64)
        deck = np.empty(52, np.int8)
        masks = np.empty(4, np.uint64)
        for g in range(lo, hi):
            deal_board(seed, g, state, deck, masks, holding_tab, deal_spec)
            census_of_masks(masks, holding_tab, pattern_tab, out, g - start)
