"""仙桃千分 money from the raw facts of played hands (spec §10), vectorised over hands.

``paiju play`` and ``paiju rescore`` both call ``score``: stored hands are rescored under other
multipliers by the very code that scored them (DESIGN principle 6). Facts are columns keyed by
their Parquet names (``banker``, ``s0_finish`` …), from a fresh kernel batch or a stored run;
nothing here replays a hand.

Codes: case 0 none (硬牌) / 1 A / 2 B / 3 C; grade 0 normal / 1 小清 / 2 大清 / 3 硬牌; mode 0 call
/ 1 hard; roles as ``sim.games.xiantao.columns.ROLES``.
"""

from __future__ import annotations

from typing import Mapping

import numpy as np

Facts = Mapping[str, np.ndarray]
SEAT_FACTS = ("finish", "captured", "unplayed", "xi_wangzha", "xi_seven", "xi_eight", "wangzha", "seven", "eight")
ROLE_LABELS = {"banker": "庄家", "partner": "暗对家", "opponent": "闲家", "hard": "硬牌家",
               "hard_opponent": "硬牌 opponents"}
COMPONENT_LABELS = {"base": "base win (normal-grade money)", "xiao_qing": "小清 extra over normal",
                    "da_qing": "大清 extra over normal", "hard": "硬牌 stakes", "xi_wangzha": "喜 王炸",
                    "xi_seven": "喜 7张", "xi_eight": "喜 8张"}


def fact_columns(rules, n_seats: int) -> list[str]:
    """The columns ``score`` reads."""
    return ["mode", "banker", "partner", "hard_seat"] + [f"s{k}_{c}" for c in SEAT_FACTS for k in range(n_seats)]


def _seat(f: Facts, name: str, n_seats: int) -> np.ndarray:
    return np.stack([np.asarray(f[f"s{k}_{name}"]).astype(np.int64) for k in range(n_seats)], axis=1)


def _seat_of_place(finish: np.ndarray, place: int) -> np.ndarray:
    """Seat that finished at ``place`` (-1 if nobody)."""
    hit = finish == place
    return np.where(hit.any(axis=1), hit.argmax(axis=1), -1)


def seat_roles(f: Facts, n_seats: int) -> np.ndarray:
    """(n, 4) role codes: 0 banker, 1 partner, 2 opponent (叫牌); 3 hard, 4 hard_opponent (硬牌)."""
    k = np.arange(n_seats)[None, :]
    banker, partner, hard_seat = (np.asarray(f[c]).astype(np.int64)[:, None] for c in ("banker", "partner", "hard_seat"))
    call = np.where(k == banker, 0, np.where(k == partner, 1, 2))
    hard = np.where(k == hard_seat, 3, 4)
    return np.where(np.asarray(f["mode"])[:, None] == 1, hard, call)


def _sides(f: Facts, n_seats: int) -> np.ndarray:
    """(n, 4) side of each seat: 0 = 庄家's side (or the 硬牌家), 1 = the others."""
    return np.isin(seat_roles(f, n_seats), (2, 4))  # opponent, hard_opponent


def score(f: Facts, rules, n_seats: int = 4) -> dict[str, np.ndarray]:
    """Case, totals, grade, winners and money of every hand under ``rules``' multipliers."""
    finish, captured, unplayed = _seat(f, "finish", n_seats), _seat(f, "captured", n_seats), _seat(f, "unplayed", n_seats)
    n = finish.shape[0]
    rows = np.arange(n)
    side = _sides(f, n_seats).astype(np.int8)
    first, second, third = (_seat_of_place(finish, p) for p in (1, 2, 3))
    side_w = side[rows, np.maximum(first, 0)]
    in_w = side == side_w[:, None]
    holding = finish == 0
    cap_w = np.where(in_w, captured, 0).sum(axis=1)
    cap_l = np.where(~in_w, captured, 0).sum(axis=1)
    unplayed_l = np.where(~in_w & holding, unplayed, 0).sum(axis=1)
    unplayed_w = np.where(in_w & holding, unplayed, 0).sum(axis=1)

    case_a = (second >= 0) & (side[rows, np.maximum(second, 0)] == side_w)
    case_b = ~case_a & (third >= 0) & (side[rows, np.maximum(third, 0)] == side_w)
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

    hard = np.asarray(f["mode"]) == 1
    if hard.any():
        hard_seat = np.asarray(f["hard_seat"]).astype(np.int64)
        hard_won = finish[rows, np.maximum(hard_seat, 0)] == 1
        is_hard = np.arange(n_seats)[None, :] == hard_seat[:, None]
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
    xi_total = sum(_xi_money(f, rules, n_seats).values())
    money = grade_money + xi_total
    out = {"case": case, "team_w_total": t_w, "team_l_total": t_l, "grade": grade, "multiplier": mult,
           "tie_100": tie}
    units = (_seat(f, "wangzha", n_seats) * rules.xi.wangzha + _seat(f, "seven", n_seats) * rules.xi.seven
             + _seat(f, "eight", n_seats) * rules.xi.eight)
    for k in range(n_seats):
        out[f"s{k}_won"] = won[:, k]
        out[f"s{k}_xi"] = xi_total[:, k]
        out[f"s{k}_money"] = money[:, k]
        out[f"s{k}_xi_units"] = units[:, k]  # the deal's 喜 units under these multipliers (census feature)
    return out


def _xi_money(f: Facts, rules, n_seats: int) -> dict[str, np.ndarray]:
    """(n, 4) money of each 喜 counted: the holder receives its units, the others pay equal shares."""
    out = {}
    for name, value in (("xi_wangzha", rules.xi.wangzha), ("xi_seven", rules.xi.seven), ("xi_eight", rules.xi.eight)):
        u = (_seat(f, name, n_seats) * value).astype(np.float64)
        out[name] = float(rules.base) * (u - (u.sum(axis=1, keepdims=True) - u) / (n_seats - 1))
    return out


def components(f: Facts, s: Mapping[str, np.ndarray], rules, n_seats: int = 4) -> dict[str, np.ndarray]:
    """(n, 4) money of each scoring component (``COMPONENT_LABELS``); they add up to the money."""
    call = np.asarray(f["mode"]) == 0
    won = np.stack([np.asarray(s[f"s{k}_won"]) for k in range(n_seats)], axis=1)
    money = np.stack([np.asarray(s[f"s{k}_money"]) for k in range(n_seats)], axis=1)
    grade = np.asarray(s["grade"])
    unit = float(rules.base) * (1.0 if rules.settlement == "per_player" else 0.5)
    sign = np.where(won, 1.0, -1.0) * unit
    g = rules.grade
    xi = _xi_money(f, rules, n_seats)
    out = {
        "base": np.where(call[:, None], sign * g.normal, 0.0),
        "xiao_qing": np.where((call & (grade == 1))[:, None], sign * (g.xiao_qing - g.normal), 0.0),
        "da_qing": np.where((call & (grade == 2))[:, None], sign * (g.da_qing - g.normal), 0.0),
        "hard": np.where(~call[:, None], money - sum(xi.values()), 0.0),
    }
    out.update(xi)
    return out
