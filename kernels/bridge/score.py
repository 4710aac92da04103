"""Duplicate scoring of one board (spec §4) and the IMP scale, as scalar kernels.

``declarer_score(level, strain, doubled, vulnerable, tricks, insult_doubled, insult_redoubled)`` is
the score of the declaring side (negative when the contract fails); ``ns_score`` turns a board's
facts into the N-S view. Strains 0 ♣ 1 ♦ 2 ♥ 3 ♠ 4 NT; doubled 0 / 1 (X) / 2 (XX).
``sim.games.bridge.scoring`` scores stored columns with numpy; ``tests/reference/bridge.py`` is the
pure-Python twin; the suite checks all three against endplay.
"""

from __future__ import annotations

import numpy as np
from numba import njit

# WBF IMP scale: a difference of at least IMP_STEPS[k] points is worth k + 1 IMPs (24 at most)
IMP_STEPS = (20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900, 1100, 1300, 1500, 1750, 2000, 2250,
             2500, 3000, 3500, 4000)


@njit(cache=True, nogil=True)
def trick_value(strain):
    """Points of one trick: 20 in ♣ ♦, 30 in ♥ ♠ and for NT tricks after the first."""
    return 20 if strain < 2 else 30


@njit(cache=True, nogil=True)
def declarer_score(level, strain, doubled, vulnerable, tricks, insult_doubled, insult_redoubled):
    """Score of the declaring side for ``tricks`` taken in the contract (spec §4)."""
    need = 6 + level
    factor = 1 << doubled  # 1, 2, 4
    if tricks >= need:
        contract = (level * trick_value(strain) + (10 if strain == 4 else 0)) * factor
        score = contract
        if contract >= 100:
            score += 500 if vulnerable else 300
        else:
            score += 50
        if level == 6:
            score += 750 if vulnerable else 500
        elif level == 7:
            score += 1500 if vulnerable else 1000
        if doubled == 1:
            score += insult_doubled
        elif doubled == 2:
            score += insult_redoubled
        over = tricks - need
        if doubled == 0:
            score += over * trick_value(strain)
        else:
            score += over * (100 if not vulnerable else 200) * (factor // 2)
        return score
    down = need - tricks
    if doubled == 0:
        return -down * (100 if vulnerable else 50)
    if vulnerable:
        penalty = 200 + 300 * (down - 1)
    else:  # 100, 300, 500, then 300 each
        penalty = 100 + 200 * min(down - 1, 2) + 300 * max(down - 3, 0)
    return -penalty * (factor // 2)


@njit(cache=True, nogil=True)
def side_vulnerable(vul, seat):
    """Vulnerability code (bit 0 N-S, bit 1 E-W) → is ``seat``'s side vulnerable."""
    return (vul >> (seat & 1)) & 1


@njit(cache=True, nogil=True)
def ns_score(level, strain, doubled, declarer, vul, tricks, insult_doubled, insult_redoubled):
    """N-S score of a board; 0 when passed out (``level`` <= 0)."""
    if level <= 0:
        return 0
    s = declarer_score(level, strain, doubled, side_vulnerable(vul, declarer), tricks, insult_doubled,
                       insult_redoubled)
    return s if declarer % 2 == 0 else -s


@njit(cache=True, nogil=True)
def imps(difference, steps):
    """IMPs of a point difference (signed) on the scale ``steps`` (ascending thresholds)."""
    d = abs(difference)
    n = 0
    for k in range(steps.shape[0]):
        if d >= steps[k]:
            n = k + 1
    return n if difference >= 0 else -n


def imp_steps() -> np.ndarray:
    return np.array(IMP_STEPS, np.int64)
