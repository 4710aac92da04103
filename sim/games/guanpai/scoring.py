"""关牌 money from raw facts (rules/guanpai.md §6), vectorised over hands.

``score(facts, rules, n_seats)`` reads the columns ``winner``, ``s{k}_cards_left`` and
``s{k}_plays`` (``kernels.guanpai.layout``) and returns new columns; ``paiju play`` and
``paiju rescore`` share it, so stored hands are rescored under another base or 全关 factor
without replay (DESIGN principle 6).
"""

from __future__ import annotations

import numpy as np

N_SEATS = 2
COMPONENT_LABELS = {"base": "cards left × base", "quanguan": "the 全关 factor (loser never played)"}


def facts(rules, n_seats: int = N_SEATS) -> list[str]:
    """The stored columns ``score`` reads."""
    return ["winner", "first_leader"] + [f"s{k}_{name}" for name in ("cards_left", "plays") for k in range(n_seats)]


def _loser_facts(facts):
    winner = np.asarray(facts["winner"]).astype(np.int64)
    left = np.stack([np.asarray(facts[f"s{k}_cards_left"]) for k in range(2)], axis=1).astype(np.int64)
    plays = np.stack([np.asarray(facts[f"s{k}_plays"]) for k in range(2)], axis=1).astype(np.int64)
    rows = np.arange(winner.shape[0])
    loser = 1 - winner
    return winner, left[rows, loser], plays[rows, loser] == 0


def score(facts, rules, n_seats: int = N_SEATS) -> dict[str, np.ndarray]:
    """The loser pays ``cards_left × base`` to the winner, × ``quanguan_factor`` when he never
    played (全关, GP-8). Returns ``payment`` (what the loser pays) and ``s{k}_money`` (float64,
    zero-sum)."""
    if n_seats != N_SEATS:
        raise ValueError("关牌 is a two-player game")
    winner, left, shut = _loser_facts(facts)
    payment = left * float(rules.base) * np.where(shut, float(rules.quanguan_factor), 1.0)
    out = {"payment": payment}
    for k in range(2):
        out[f"s{k}_money"] = np.where(winner == k, payment, -payment)
    return out


def seat_roles(facts, n_seats: int = N_SEATS) -> np.ndarray:
    """(n, 2) role codes: 0 the first leader, 1 the other."""
    first = np.asarray(facts["first_leader"]).astype(np.int64)[:, None]
    return np.where(np.arange(n_seats)[None, :] == first, 0, 1)


def components(facts, scored, rules, n_seats: int = N_SEATS) -> dict[str, np.ndarray]:
    """Money split into the plain payment (cards left × base) and what 全关 adds to it."""
    winner, left, _ = _loser_facts(facts)
    base = left * float(rules.base)
    sign = np.where(np.arange(n_seats)[None, :] == winner[:, None], 1.0, -1.0)
    money = np.stack([np.asarray(scored[f"s{k}_money"]) for k in range(n_seats)], axis=1)
    return {"base": sign * base[:, None], "quanguan": money - sign * base[:, None]}
