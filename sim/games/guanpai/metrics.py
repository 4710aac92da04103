"""关牌's headline figures as per-hand values (``sim.game.Metric``), for ``paiju sweep``: the
first leader's (♠3 holder's) win rate and money, 全关, cards left by the loser, bombs."""

from __future__ import annotations

import numpy as np

from sim.game import Metric

N_SEATS = 2


def _at(c, name: str, seat: np.ndarray) -> np.ndarray:
    m = np.stack([np.asarray(c[f"s{k}_{name}"], np.float64) for k in range(N_SEATS)], axis=1)
    return m[np.arange(len(seat)), np.clip(seat, 0, N_SEATS - 1)]


def metrics(n_seats: int = N_SEATS) -> list[Metric]:
    money = tuple(f"s{k}_money" for k in range(N_SEATS))
    left = tuple(f"s{k}_cards_left" for k in range(N_SEATS))
    bombs = tuple(f"s{k}_bombs_played" for k in range(N_SEATS))

    def leader_wins(c):
        return (np.asarray(c["winner"]) == np.asarray(c["first_leader"])).astype(np.float64)

    def leader_money(c):
        return _at(c, "money", np.asarray(c["first_leader"]).astype(np.int64))

    def loser_left(c):
        return _at(c, "cards_left", 1 - np.asarray(c["winner"]).astype(np.int64))

    def any_bomb(c):
        return (sum(np.asarray(c[b], np.int64) for b in bombs) > 0).astype(np.float64)

    return [
        Metric("P(first leader wins)", ("winner", "first_leader"), leader_wins),
        Metric("E[money | first leader]", ("first_leader",) + money, leader_money),
        Metric("P(全关)", ("quanguan",), lambda c: np.asarray(c["quanguan"], np.float64)),
        Metric("E[cards left | loser]", ("winner",) + left, loser_left),
        Metric("P(a bomb is played)", bombs, any_bomb),
    ]
