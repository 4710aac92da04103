"""八十分 level table (spec §9) for the match loop; ``sim.games.tractor.scoring`` is its vectorised
twin for rescoring stored hands."""

from __future__ import annotations

from numba import njit

from kernels.tractor.codes import R_MID, R_SHUTOUT, R_SMALL, R_SMALL_BELOW, R_STEP, R_THRESHOLD


@njit(cache=True, nogil=True)
def level_change(points, rules):
    """(庄 team keeps, levels gained by the team that goes up) for the opponents' points P."""
    if points <= 0:
        return True, rules[R_SHUTOUT]
    if points < rules[R_SMALL_BELOW]:
        return True, rules[R_SMALL]
    if points < rules[R_THRESHOLD]:
        return True, rules[R_MID]
    return False, (points - rules[R_THRESHOLD]) // rules[R_STEP]
