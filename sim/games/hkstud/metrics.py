"""港式五张's headline figures as per-hand values (``sim.game.Metric``), for ``paiju sweep``:
how a player parameter (``raise_at``, ``call_at``, ``p_fold`` …) moves each seat's money, the
share of deals that reach 开牌, the pot, and how often 庄家 of round 2 takes it."""

from __future__ import annotations

import numpy as np

from sim.game import Metric


def metrics(n_seats: int) -> list[Metric]:
    def seat_money(k):
        return lambda c: np.asarray(c[f"s{k}_money"], np.float64)

    def zhuang_wins(c):
        return (np.asarray(c["banker_2"]).astype(np.int64) == np.asarray(c["winner"]).astype(np.int64)).astype(
            np.float64)

    return [
        *[Metric(f"E[money, seat {k}]", (f"s{k}_money",), seat_money(k)) for k in range(n_seats)],
        Metric("P(开牌: showdown)", ("showdown",), lambda c: np.asarray(c["showdown"]).astype(np.float64)),
        Metric("E[pot]", ("pot",), lambda c: np.asarray(c["pot"], np.float64)),
        Metric("P(庄家 of round 2 takes the pot)", ("banker_2", "winner"), zhuang_wins),
    ]
