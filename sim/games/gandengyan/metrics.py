"""干瞪眼's headline figures as per-hand values (``sim.game.Metric``), for ``paiju sweep``: the
banker's win rate and money, tricks, 瞪眼 turns, the public multiplier, 全关 among losers."""

from __future__ import annotations

import numpy as np

from sim.game import Metric

NAN = np.nan


def _at(c, name: str, seat: np.ndarray, n_seats: int) -> np.ndarray:
    m = np.stack([np.asarray(c[f"s{k}_{name}"], np.float64) for k in range(n_seats)], axis=1)
    return m[np.arange(len(seat)), np.clip(seat, 0, n_seats - 1)]


def metrics(n_seats: int) -> list[Metric]:
    money = tuple(f"s{k}_money" for k in range(n_seats))
    shut = tuple(f"s{k}_quanguan" for k in range(n_seats))
    pays = tuple(f"s{k}_pays" for k in range(n_seats))

    def banker_wins(c):
        winner = np.asarray(c["winner"])
        return np.where(winner >= 0, winner == np.asarray(c["banker"]), NAN)

    def banker_money(c):
        return _at(c, "money", np.asarray(c["banker"]).astype(np.int64), n_seats)

    def quanguan_rate(c):
        n_pay = sum(np.asarray(c[p], np.float64) for p in pays)
        n_shut = sum(np.asarray(c[q], np.float64) for q in shut)
        return np.where(n_pay > 0, n_shut / np.maximum(n_pay, 1), NAN)

    return [
        Metric("P(banker wins)", ("winner", "banker"), banker_wins),
        Metric("E[money | banker]", ("banker",) + money, banker_money),
        Metric("E[tricks]", ("n_tricks",), lambda c: np.asarray(c["n_tricks"], np.float64)),
        Metric("E[瞪眼 turns]", ("dengyan",), lambda c: np.asarray(c["dengyan"], np.float64)),
        Metric("E[public multiplier]", ("public_multiplier",), lambda c: np.asarray(c["public_multiplier"], np.float64)),
        Metric("P(全关 | a paying loser)", pays + shut, quanguan_rate),
    ]
