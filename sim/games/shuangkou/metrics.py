"""百变双扣's headline figures as per-hand values (``sim.game.Metric``), for ``paiju sweep``."""

from __future__ import annotations

import numpy as np

from sim.game import Metric


def metrics(n_seats: int) -> list[Metric]:
    money = tuple(f"s{k}_money" for k in range(n_seats))

    def outcome(name):
        return lambda c: (np.asarray(c["outcome"]) == name).astype(np.float64)

    def leader_money(c):
        m = np.stack([np.asarray(c[f"s{k}_money"], np.float64) for k in range(n_seats)], axis=1)
        leader = np.asarray(c["leader"]).astype(np.int64)
        return m[np.arange(len(leader)), leader]

    return [
        Metric("P(双扣)", ("outcome",), outcome("shuangkou")),
        Metric("P(单扣)", ("outcome",), outcome("dankou")),
        Metric("P(平扣)", ("outcome",), outcome("pingkou")),
        Metric("P(F > 1)", ("multiplier",), lambda c: (np.asarray(c["multiplier"]) > 1).astype(np.float64)),
        Metric("E[F]", ("multiplier",), lambda c: np.asarray(c["multiplier"], np.float64)),
        Metric("P(the leader's team wins)", ("leader", "win_team"),
               lambda c: (np.asarray(c["win_team"]) == np.asarray(c["leader"]) % 2).astype(np.float64)),
        Metric("E[money | leader]", ("leader",) + money, leader_money),
    ]
