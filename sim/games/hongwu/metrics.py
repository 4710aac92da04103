"""仙居红五's headline figures as per-hand values (``sim.game.Metric``), for ``paiju sweep``."""

from __future__ import annotations

import numpy as np

from sim.game import Metric


def metrics(n_seats: int) -> list[Metric]:
    money = tuple(f"s{k}_money" for k in range(n_seats))

    def banker_money(c):
        banker = np.asarray(c["banker"]).astype(np.int64)
        m = np.stack([np.asarray(c[f"s{k}_money"], np.float64) for k in range(n_seats)], axis=1)
        return m[np.arange(len(banker)), banker]

    return [Metric("P(庄 side wins the band)", ("banker_won",), lambda c: np.asarray(c["banker_won"], np.float64)),
            Metric("E[P]", ("points",), lambda c: np.asarray(c["points"], np.float64)),
            Metric("P(扣底)", ("kou_di",), lambda c: np.asarray(c["kou_di"], np.float64)),
            Metric("E[♥5 captured by the 庄 side]", ("h5_banker",), lambda c: np.asarray(c["h5_banker"], np.float64)),
            Metric("E[money | 庄家]", ("banker",) + money, banker_money)]
