"""牛牛 hand evaluation and the banker-vs-player comparison.

One per-card table comes from the ruleset (``sim.games.niuniu.rules.compile_rules``):
``card_info[id] = strength << 4 | residue``, where ``residue`` is the counting value mod 10
(A = 1, 2..9 face, 10/J/Q/K and both jokers = 10 → 0; N-1) and ``strength`` the single-card order
of the highest card: ``4 * r + (3 - suit)`` with r = 0 for A .. 12 for K (♠ > ♥ > ♣ > ♦ within a
rank), 小王 = 52, 大王 = 53. ``card_of_strength`` inverts ``strength``. A strength below ``limit``
(48, the lowest K) is a card of Q or lower, which is what the banker-advantage rule asks (N-3).

Why no search for the best arrangement (N-2): if three cards sum to a multiple of 10, the other
two sum to the total mod 10, so every valid triple gives the same 牛n. A hand has a bull exactly
when some *pair* sums to the total mod 10; its value is then the total mod 10 (0 → 牛牛).

The evaluator is branch-free (random hands make every data-dependent branch a coin flip for the
predictor) and inlined into the table loop: a call with array arguments per hand costs as much
as the evaluation itself.
"""

from __future__ import annotations

import numpy as np
from numba import njit

NIUNIU = 10  # category code of 牛牛; 0 is 没牛 and 1..9 are 牛1..牛9
INFO_SHIFT = 4  # card_info = strength << INFO_SHIFT | residue

# bits of the comparison result
PLAYER_WINS = 1
TIE = 2  # equal values: decided by the highest single card or by the Q rule
ADVANTAGE = 4  # the Q rule gave 庄家 a tie the player's higher card would have won


def _tables():
    """Constant tables of the residue test (module constants; numba freezes them into the code).

    With ``M`` the 10-bit mask of card residues present and ``t`` the total mod 10, a pair summing
    to ``t`` (mod 10) exists when ``M & REFLECT[t, M]`` has a bit ``a`` with ``a != t - a``
    (``REFLECT[t, M]`` = {t - a : a in M}), or a residue with ``2a = t`` is held twice.
    """
    masks = np.arange(1024)
    bits = (masks[:, None] >> np.arange(10)[None, :]) & 1  # (mask, residue)
    reflect = np.zeros((10, 1024), np.int64)
    fixed = np.zeros(10, np.int64)
    for t in range(10):
        for a in range(10):
            reflect[t] |= bits[:, a] << ((t - a) % 10)
            if (2 * a) % 10 == t:
                fixed[t] |= 1 << a
    mod10 = np.arange(64) % 10
    bull_category = np.array([NIUNIU] + list(range(1, 10)))
    # small integer types keep the tables in L1 (int64 REFLECT alone is 80 KB; this halves the cost)
    return reflect.ravel().astype(np.int16), fixed.astype(np.int16), mod10.astype(np.int8), \
        bull_category.astype(np.int8)


REFLECT, FIXED, MOD10, BULL_CATEGORY = _tables()


@njit(cache=True, nogil=True, inline="always")
def category_of_residues(r0, r1, r2, r3, r4):
    """Category code (0 没牛, 1..9, 10 牛牛) from the five residues (value mod 10)."""
    b0, b1, b2, b3, b4 = 1 << r0, 1 << r1, 1 << r2, 1 << r3, 1 << r4
    held = b0 | b1 | b2 | b3 | b4
    twice = (b0 & b1) | ((b0 | b1) & b2) | ((b0 | b1 | b2) & b3) | ((b0 | b1 | b2 | b3) & b4)
    t = np.int64(MOD10[r0 + r1 + r2 + r3 + r4])
    f = np.int64(FIXED[t])
    bull = ((held & np.int64(REFLECT[(t << 10) | held]) & ~f) | (twice & f)) != 0
    return np.int64(BULL_CATEGORY[t]) * bull


@njit(cache=True, nogil=True, inline="always")
def evaluate5(c0, c1, c2, c3, c4, card_info, card_of_strength):
    """(category, top card id) of five card ids."""
    i0, i1, i2, i3, i4 = card_info[c0], card_info[c1], card_info[c2], card_info[c3], card_info[c4]
    cat = category_of_residues(i0 & 15, i1 & 15, i2 & 15, i3 & 15, i4 & 15)
    best = max(max(max(i0, i1), max(i2, i3)), i4) >> INFO_SHIFT
    return cat, card_of_strength[best]


@njit(cache=True, nogil=True, inline="always")
def compare(cat_b, str_b, cat_p, str_p, advantage, limit):
    """Player against 庄家 (N-3): bits PLAYER_WINS, TIE, ADVANTAGE of the result.

    Higher category wins; equal categories go to the higher single card, except that with
    ``advantage`` 庄家 wins when both highest cards are below ``limit`` (Q or lower).
    """
    if cat_p != cat_b:
        return PLAYER_WINS if cat_p > cat_b else 0
    if advantage and str_p < limit and str_b < limit:
        return TIE | ADVANTAGE if str_p > str_b else TIE
    return TIE | PLAYER_WINS if str_p > str_b else TIE


@njit(cache=True, nogil=True)
def evaluate_hands(hands, card_info, card_of_strength, cats, tops):
    """Evaluate every row of ``hands`` (n, 5) into ``cats`` and ``tops`` (enumeration, benchmarks)."""
    for h in range(hands.shape[0]):
        cat, top = evaluate5(hands[h, 0], hands[h, 1], hands[h, 2], hands[h, 3], hands[h, 4], card_info,
                             card_of_strength)
        cats[h] = cat
        tops[h] = top
