"""The landlord family's headline figures as per-hand values (``sim.game.Metric``), for
``paiju sweep``: the landlord's win rate overall and by bid, 春天, the landlord's money."""

from __future__ import annotations

import numpy as np

from sim.game import Metric

NAN = np.nan


def metrics(n_seats: int) -> list[Metric]:
    money = tuple(f"s{k}_money" for k in range(n_seats))

    def won(c, bid=None):
        has = np.asarray(c["landlord"]) >= 0
        if bid is not None:
            has &= np.asarray(c["bid"]) == bid
        return np.where(has, np.asarray(c["landlord_won"], np.float64), NAN)

    def spring(c):
        return np.where(np.asarray(c["landlord"]) >= 0, np.asarray(c["spring"], np.float64), NAN)

    def landlord_money(c):
        ll = np.asarray(c["landlord"]).astype(np.int64)
        m = np.stack([np.asarray(c[f"s{k}_money"], np.float64) for k in range(n_seats)], axis=1)
        return np.where(ll >= 0, m[np.arange(len(ll)), np.maximum(ll, 0)], NAN)

    out = [Metric("P(landlord wins)", ("landlord", "landlord_won"), won)]
    out += [Metric(f"P(landlord wins | bid {b})", ("landlord", "landlord_won", "bid"), lambda c, b=b: won(c, b))
            for b in (1, 2, 3)]
    out += [Metric("P(春天)", ("landlord", "spring"), spring),
            Metric("E[money | landlord]", ("landlord",) + money, landlord_money)]
    return out
