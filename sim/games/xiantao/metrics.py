"""仙桃千分's headline figures as per-hand values (``sim.game.Metric``), for ``paiju sweep``."""

from __future__ import annotations

import numpy as np

from sim.game import Metric

NAN = np.nan


def _seat_value(c, name: str, seat: np.ndarray, n_seats: int) -> np.ndarray:
    m = np.stack([np.asarray(c[f"s{k}_{name}"], np.float64) for k in range(n_seats)], axis=1)
    return m[np.arange(len(seat)), np.clip(seat, 0, n_seats - 1)]


def metrics(n_seats: int) -> list[Metric]:
    money = tuple(f"s{k}_money" for k in range(n_seats))
    won = tuple(f"s{k}_won" for k in range(n_seats))
    finish = tuple(f"s{k}_finish" for k in range(n_seats))

    def grade(g):
        return lambda c: (np.asarray(c["grade"]) == g).astype(np.float64)

    def hard_success(c):
        hard = np.asarray(c["mode"]) == "hard"
        seat = np.asarray(c["hard_seat"]).astype(np.int64)
        return np.where(hard, _seat_value(c, "finish", seat, n_seats) == 1, NAN)

    def banker_wins(c):  # the team's result (s{k}_won), as the play report counts it: 喜 money aside
        call = np.asarray(c["mode"]) == "call"
        won = _seat_value(c, "won", np.asarray(c["banker"]).astype(np.int64), n_seats) > 0
        return np.where(call, won, NAN)

    def banker_money(c):
        call = np.asarray(c["mode"]) == "call"
        return np.where(call, _seat_value(c, "money", np.asarray(c["banker"]).astype(np.int64), n_seats), NAN)

    return [
        Metric("P(大清)", ("grade",), grade("da_qing")),
        Metric("P(小清)", ("grade",), grade("xiao_qing")),
        Metric("P(硬牌)", ("mode",), lambda c: (np.asarray(c["mode"]) == "hard").astype(np.float64)),
        Metric("P(硬牌家 first | 硬牌)", ("mode", "hard_seat") + finish, hard_success),
        Metric("P(庄家 team wins | 叫牌)", ("mode", "banker") + won, banker_wins),
        Metric("E[money | 庄家, 叫牌]", ("mode", "banker") + money, banker_money),
    ]
