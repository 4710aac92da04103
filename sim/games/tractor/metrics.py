"""八十分's headline figures as per-hand values (``sim.game.Metric``), for ``paiju sweep``.

A sweep compares the same hands under each setting, row by row; with ``matches = true`` (the
default) a setting changes how many hands a match takes, so rows do not pair: the sweep is refused
with one line unless a game index is one hand (``--variant hands``).
"""

from __future__ import annotations

import numpy as np

from sim.errors import UserError
from sim.game import Metric


def _single_hands(c) -> None:
    if np.any(np.asarray(c["match_hands"]) > 0):
        raise UserError("tractor: sweep pairs hands one by one, and whole matches differ in length from setting to "
                        "setting; sweep with --variant hands (a game index is one hand)")


def metrics(n_seats: int) -> list[Metric]:
    money = tuple(f"s{k}_money" for k in range(n_seats))

    def keeps(c):
        _single_hands(c)
        return np.asarray(c["keeps"], np.float64)

    def banker_money(c):
        banker = np.asarray(c["banker"]).astype(np.int64)
        m = np.stack([np.asarray(c[f"s{k}_money"], np.float64) for k in range(n_seats)], axis=1)
        return m[np.arange(len(banker)), banker]

    return [Metric("P(庄 team keeps the deal)", ("keeps", "match_hands"), keeps),
            Metric("E[P]", ("points",), lambda c: np.asarray(c["points"], np.float64)),
            Metric("P(扣底)", ("kou_di",), lambda c: np.asarray(c["kou_di"], np.float64)),
            Metric("E[levels the 庄 team gains]", ("banker_levels",),
                   lambda c: np.asarray(c["banker_levels"], np.float64)),
            Metric("E[money | 庄家]", ("banker",) + money, banker_money)]
