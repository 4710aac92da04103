"""关牌 money from raw facts (rules/guanpai.md §6), vectorised over hands.

``score(facts, rules, n_seats)`` reads the columns ``winner``, ``s{k}_cards_left`` and
``s{k}_plays`` (``kernels.guanpai.layout``) and returns new columns; ``paiju play`` and
``paiju rescore`` share it, so stored hands are rescored under another base or 全关 factor
without replay (DESIGN principle 6).
"""

from __future__ import annotations

import numpy as np

N_SEATS = 2


def facts(rules, n_seats: int = N_SEATS) -> list[str]:
    """The stored columns ``score`` reads."""
    return ["winner"] + [f"s{k}_{name}" for name in ("cards_left", "plays") for k in range(n_seats)]


def score(facts: dict[str, np.ndarray], rules, n_seats: int = N_SEATS) -> dict[str, np.ndarray]:
    """The loser pays ``cards_left × base`` to the winner, × ``quanguan_factor`` when he never
    played (全关, GP-8). Returns ``quanguan`` (bool), ``payment`` (what the loser pays) and
    ``s{k}_money`` (float64, zero-sum)."""
    if n_seats != N_SEATS:
        raise ValueError("关牌 is a two-player game")
    winner = np.asarray(facts["winner"]).astype(np.int64)
    left = np.stack([np.asarray(facts[f"s{k}_cards_left"]) for k in range(2)], axis=1).astype(np.int64)
    plays = np.stack([np.asarray(facts[f"s{k}_plays"]) for k in range(2)], axis=1).astype(np.int64)
    rows = np.arange(winner.shape[0])
    loser = 1 - winner
    quanguan = plays[rows, loser] == 0
    payment = left[rows, loser] * float(rules.base) * np.where(quanguan, float(rules.quanguan_factor), 1.0)
    out = {"quanguan": quanguan, "payment": payment}
    for k in range(2):
        out[f"s{k}_money"] = np.where(winner == k, payment, -payment)
    return out
