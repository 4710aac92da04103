"""仙桃千分 money of one finished hand inside numba: the search player's yardstick.

The same rules as ``sim.games.xiantao.scoring.score`` (spec §10), written for one hand's state
instead of columns of stored rows; ``tests/games/test_xiantao_search.py`` checks that both give the
same money on every hand of played runs. The ruleset's scoring numbers come compiled into one
float64 vector (``money_vector``, layout ``MV_*``).
"""

from __future__ import annotations

import numpy as np
from numba import njit

MV_A, MV_B, MV_NORMAL, MV_XIAO, MV_DA, MV_BASE, MV_SHARE, MV_HARD, MV_XI_WZ, MV_XI_SEVEN, MV_XI_EIGHT = range(11)
MV_LEN = 11


def money_vector(rules) -> np.ndarray:
    """The ``MV_*`` vector of a ``XiantaoRules``."""
    v = np.zeros(MV_LEN, np.float64)
    v[MV_A], v[MV_B] = rules.contribution.a, rules.contribution.b
    v[MV_NORMAL], v[MV_XIAO], v[MV_DA] = rules.grade.normal, rules.grade.xiao_qing, rules.grade.da_qing
    v[MV_BASE] = rules.base
    v[MV_SHARE] = 1.0 if rules.settlement == "per_player" else 0.5
    v[MV_HARD] = rules.hard_multiplier
    v[MV_XI_WZ], v[MV_XI_SEVEN], v[MV_XI_EIGHT] = rules.xi.wangzha, rules.xi.seven, rules.xi.eight
    return v


@njit(cache=True, nogil=True)
def _seat_at(finish, place):
    for s in range(finish.shape[0]):
        if finish[s] == place:
            return s
    return -1


@njit(cache=True, nogil=True, inline="always")
def _side(s, banker, partner):
    """0: 庄家 and his partner, 1: the others."""
    return 0 if (s == banker or s == partner) else 1


@njit(cache=True, nogil=True)
def seat_money(seat, sides, finish, captured, unplayed, xi_wz, xi_seven, xi_eight, mv):
    """Money of ``seat`` for a hand that ended with these facts (per-seat arrays of 4). ``sides``:
    (1 in 硬牌 else 0, 庄家, partner, 硬牌家), as the climbing state keeps them
    (``gs[GS_LONE_SIDE:GS_LONE_SEAT + 1]``)."""
    mode_hard, banker, partner, hard_seat = sides[0] == 1, sides[1], sides[2], sides[3]
    n = finish.shape[0]
    base = mv[MV_BASE]
    units = xi_wz[seat] * mv[MV_XI_WZ] + xi_seven[seat] * mv[MV_XI_SEVEN] + xi_eight[seat] * mv[MV_XI_EIGHT]
    others = 0.0
    for s in range(n):
        if s != seat:
            others += xi_wz[s] * mv[MV_XI_WZ] + xi_seven[s] * mv[MV_XI_SEVEN] + xi_eight[s] * mv[MV_XI_EIGHT]
    xi = base * (units - others / (n - 1))
    if mode_hard:
        h = mv[MV_HARD] * base
        hard_won = finish[hard_seat] == 1
        if seat == hard_seat:
            return xi + (3 * h if hard_won else -3 * h)
        return xi + (-h if hard_won else h)
    first, second, third = _seat_at(finish, 1), _seat_at(finish, 2), _seat_at(finish, 3)
    side_w = _side(max(first, 0), banker, partner)  # the side of 一游
    cap_w, cap_l, unplayed_w, unplayed_l = 0, 0, 0, 0
    for s in range(n):
        left = unplayed[s] if finish[s] == 0 else 0
        if _side(s, banker, partner) == side_w:
            cap_w, unplayed_w = cap_w + captured[s], unplayed_w + left
        else:
            cap_l, unplayed_l = cap_l + captured[s], unplayed_l + left
    case_a = second >= 0 and _side(second, banker, partner) == side_w
    case_b = (not case_a) and third >= 0 and _side(third, banker, partner) == side_w
    a, b = mv[MV_A], mv[MV_B]
    if case_a or case_b:
        bonus = a if case_a else b
        t_w, t_l = cap_w + bonus + unplayed_l, cap_l - bonus
    else:
        t_w, t_l = float(cap_w), float(cap_l + unplayed_w)
    w_wins = t_w >= t_l
    win_total = t_w if w_wins else t_l
    mult = mv[MV_DA] if case_a and t_w == 200 + a else (mv[MV_XIAO] if win_total > 200 else mv[MV_NORMAL])
    won = (_side(seat, banker, partner) == side_w) == w_wins
    return xi + (1.0 if won else -1.0) * base * mv[MV_SHARE] * mult
