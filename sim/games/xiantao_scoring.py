"""仙桃千分 money from the raw facts of played hands (spec §10), vectorised over rows.

``paiju play`` and ``paiju rescore`` both call ``score``: stored hands are rescored under other
multipliers by the very code that scored them (DESIGN principle 6). Inputs are numpy columns of
the raw facts the kernel writes; nothing here replays a hand.

Codes: case 0 none (硬牌) / 1 A / 2 B / 3 C; grade 0 normal / 1 小清 / 2 大清 / 3 硬牌.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

CASES = ("", "A", "B", "C")
GRADES = ("normal", "xiao_qing", "da_qing", "hard")
N_SEATS = 4


@dataclass
class Facts:
    """Raw facts per hand, shape (n,) or (n, 4) for per-seat ones."""

    mode_hard: np.ndarray  # bool
    banker: np.ndarray
    partner: np.ndarray  # -1 in 硬牌
    hard_seat: np.ndarray  # -1 unless 硬牌
    finish: np.ndarray  # (n, 4) place 1..4, 0 still holding cards
    captured: np.ndarray  # (n, 4)
    unplayed: np.ndarray  # (n, 4)
    xi_wangzha: np.ndarray  # (n, 4) 喜 counted
    xi_seven: np.ndarray
    xi_eight: np.ndarray


@dataclass
class Score:
    case: np.ndarray  # int8 codes (CASES)
    team_w_total: np.ndarray  # 一游's team total (0 in 硬牌)
    team_l_total: np.ndarray
    grade: np.ndarray  # int8 codes (GRADES)
    multiplier: np.ndarray  # grade multiplier (hard_multiplier in 硬牌)
    tie_100: np.ndarray  # bool: totals equal, 一游's team wins
    won: np.ndarray  # (n, 4) bool
    grade_money: np.ndarray  # (n, 4) float64
    xi_money: np.ndarray  # (n, 4) float64
    money: np.ndarray  # (n, 4) float64 = grade_money + xi_money


def teams(f: Facts) -> np.ndarray:
    """(n, 4) side of each seat: 0 = 庄家's side (or the 硬牌家), 1 = the others."""
    seats = np.arange(N_SEATS)[None, :]
    call_side = (seats == f.banker[:, None]) | (seats == f.partner[:, None])
    hard_side = seats == f.hard_seat[:, None]
    return np.where(f.mode_hard[:, None], ~hard_side, ~call_side).astype(np.int8)


def _seat_of_place(finish: np.ndarray, place: int) -> np.ndarray:
    """Seat that finished at ``place`` (-1 if nobody)."""
    hit = finish == place
    return np.where(hit.any(axis=1), hit.argmax(axis=1), -1)


def score(f: Facts, rules) -> Score:
    """Case, totals, grade, winners and money of every hand under ``rules``' multipliers."""
    n = f.finish.shape[0]
    rows = np.arange(n)
    side = teams(f)
    first = _seat_of_place(f.finish, 1)
    second = _seat_of_place(f.finish, 2)
    third = _seat_of_place(f.finish, 3)
    side_w = side[rows, first]
    in_w = side == side_w[:, None]
    holding = f.finish == 0
    cap_w = np.where(in_w, f.captured, 0).sum(axis=1)
    cap_l = np.where(~in_w, f.captured, 0).sum(axis=1)
    unplayed_l = np.where(~in_w & holding, f.unplayed, 0).sum(axis=1)
    unplayed_w = np.where(in_w & holding, f.unplayed, 0).sum(axis=1)

    case_a = (second >= 0) & (side[rows, np.maximum(second, 0)] == side_w)
    case_b = ~case_a & (third >= 0) & (side[rows, np.maximum(third, 0)] == side_w)
    case_c = ~case_a & ~case_b
    a, b = rules.contribution.a, rules.contribution.b
    t_w = np.where(case_a, cap_w + a + unplayed_l, np.where(case_b, cap_w + b + unplayed_l, cap_w))
    t_l = np.where(case_a, cap_l - a, np.where(case_b, cap_l - b, cap_l + unplayed_w))
    w_wins = t_w >= t_l
    win_total = np.where(w_wins, t_w, t_l)
    da = case_a & (t_w == 200 + a)
    xiao = ~da & (win_total > 200)
    grade = np.where(da, 2, np.where(xiao, 1, 0))
    mult = np.choose(grade, [rules.grade.normal, rules.grade.xiao_qing, rules.grade.da_qing]).astype(np.float64)
    won = np.where(w_wins[:, None], in_w, ~in_w)
    base = float(rules.base)
    share = 1.0 if rules.settlement == "per_player" else 0.5
    grade_money = np.where(won, 1.0, -1.0) * (base * share) * mult[:, None]

    hard = f.mode_hard
    if hard.any():
        hs = np.maximum(f.hard_seat, 0)
        hard_won = f.finish[rows, hs] == 1
        is_hard = np.arange(N_SEATS)[None, :] == f.hard_seat[:, None]
        h = float(rules.hard_multiplier) * base
        hard_money = np.where(is_hard, np.where(hard_won, 3 * h, -3 * h)[:, None],
                              np.where(hard_won, -h, h)[:, None])
        grade_money = np.where(hard[:, None], hard_money, grade_money)
        won = np.where(hard[:, None], np.where(is_hard, hard_won[:, None], ~hard_won[:, None]), won)
        grade = np.where(hard, 3, grade)
        mult = np.where(hard, float(rules.hard_multiplier), mult)
        t_w = np.where(hard, 0, t_w)
        t_l = np.where(hard, 0, t_l)
    case = np.where(hard, 0, np.where(case_a, 1, np.where(case_b, 2, 3)))
    tie = ~hard & (t_w == t_l)

    units = (f.xi_wangzha * rules.xi.wangzha + f.xi_seven * rules.xi.seven + f.xi_eight * rules.xi.eight).astype(np.float64)
    xi_money = base * (units - (units.sum(axis=1, keepdims=True) - units) / 3.0)
    return Score(case=case.astype(np.int8), team_w_total=t_w.astype(np.int16), team_l_total=t_l.astype(np.int16),
                 grade=grade.astype(np.int8), multiplier=mult, tie_100=tie, won=won, grade_money=grade_money,
                 xi_money=xi_money, money=grade_money + xi_money)
