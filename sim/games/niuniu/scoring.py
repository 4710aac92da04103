"""牛牛 money from the raw facts of stored deals (spec §4–§5), vectorised over rows.

Only 庄家's seat and each hand's category and top card are read, so stored deals rescore under
any multiplier table, bets, paying hand (N-4) or banker-advantage rule (N-3) without replaying:
all of those are scoring options. ``score`` repeats the kernel's comparison in numpy; the tests
check that it reproduces the kernel's ``chips`` under the rules the deals were played with.
"""

from __future__ import annotations

import numpy as np

from kernels.niuniu.layout import CATEGORY_NAMES
from sim.games.niuniu.rules import (
    ADVANTAGE_LIMIT, CATEGORY_FIELDS, NiuniuRules, bet_table, card_strength, multiplier_table,
)

STRENGTH = np.array([card_strength(c) for c in range(54)], np.int64)
ROLES = ("banker", "player")
ROLE_LABELS = {"banker": "庄家 (plays against every 闲家)", "player": "闲家 (plays against 庄家 only)"}
COMPONENT_LABELS = {name: f"{zh} multiplier (multipliers.{name})"
                    for name, zh in zip(CATEGORY_FIELDS, CATEGORY_NAMES)}


def fact_columns(rules: NiuniuRules, n_seats: int) -> list[str]:
    """The stored columns ``score`` reads."""
    return ["banker"] + [f"s{k}_{f}" for f in ("category", "top") for k in range(n_seats)]


def compare(cat_b, top_b, cat_p, top_p, banker_advantage: bool):
    """(player wins, tie, decided by the Q rule) as bool arrays; tops are card ids (N-3)."""
    str_b, str_p = STRENGTH[np.asarray(top_b)], STRENGTH[np.asarray(top_p)]
    cat_b, cat_p = np.asarray(cat_b), np.asarray(cat_p)
    tie = cat_b == cat_p
    higher = str_p > str_b
    low = (str_b < ADVANTAGE_LIMIT) & (str_p < ADVANTAGE_LIMIT)
    q_rule = tie & low & bool(banker_advantage)
    wins = np.where(tie, higher & ~q_rule, cat_p > cat_b)
    return wins, tie, q_rule & higher


def score(facts: dict[str, np.ndarray], rules: NiuniuRules, n_seats: int) -> dict[str, np.ndarray]:
    """Money per seat and the comparison behind it, from ``banker`` and ``s{k}_category/top``.

    Returns ``s{k}_money`` (float64 chips, 庄家's is minus the sum of the others'),
    ``s{k}_wins`` (the 闲家 beat 庄家; False for 庄家), ``s{k}_tie``, ``s{k}_advantage`` (won by
    庄家 only through the Q rule), ``s{k}_multiplier`` (paid, 0 for 庄家), ``s{k}_paid`` (the
    category whose multiplier was paid, -1 for 庄家) and ``banker_net``.
    """
    banker = np.asarray(facts["banker"]).astype(np.int64)
    n = banker.shape[0]
    cats = np.stack([np.asarray(facts[f"s{k}_category"]).astype(np.int64) for k in range(n_seats)], axis=1)
    tops = np.stack([np.asarray(facts[f"s{k}_top"]).astype(np.int64) for k in range(n_seats)], axis=1)
    rows = np.arange(n)
    cat_b, top_b = cats[rows, banker], tops[rows, banker]
    mult = multiplier_table(rules)
    bets = bet_table(rules)
    out: dict[str, np.ndarray] = {}
    banker_net = np.zeros(n)
    for k in range(n_seats):
        is_banker = banker == k
        wins, tie, adv = compare(cat_b, top_b, cats[:, k], tops[:, k], rules.banker_advantage)
        paid = cats[:, k] if rules.payout_hand == "player" else np.where(wins, cats[:, k], cat_b)
        m = mult[paid]
        money = np.where(wins, 1.0, -1.0) * bets[k] * m
        money = np.where(is_banker, 0.0, money)
        banker_net -= money
        out[f"s{k}_wins"] = wins & ~is_banker
        out[f"s{k}_tie"] = tie & ~is_banker
        out[f"s{k}_advantage"] = adv & ~is_banker
        out[f"s{k}_multiplier"] = np.where(is_banker, 0, m).astype(np.int64)
        out[f"s{k}_paid"] = np.where(is_banker, -1, paid).astype(np.int64)
        out[f"s{k}_money"] = money
    for k in range(n_seats):
        out[f"s{k}_money"] = np.where(banker == k, banker_net, out[f"s{k}_money"])
    out["banker_net"] = banker_net
    return out


def seat_roles(facts: dict[str, np.ndarray], n_seats: int) -> np.ndarray:
    """(n, n_seats) role codes: 0 庄家, 1 闲家."""
    banker = np.asarray(facts["banker"]).astype(np.int64)[:, None]
    return np.where(np.arange(n_seats)[None, :] == banker, 0, 1)


def components(facts: dict[str, np.ndarray], scored: dict[str, np.ndarray], rules: NiuniuRules,
               n_seats: int) -> dict[str, np.ndarray]:
    """Money split by the category whose multiplier moved it (one part per ``multipliers`` field):
    a 闲家's money goes to the part of its paid category, 庄家's is minus the 闲家's parts; the
    parts add up to the money exactly. A designer reads from it which multiplier moves money."""
    money = np.stack([np.asarray(scored[f"s{k}_money"], np.float64) for k in range(n_seats)], axis=1)
    paid = np.stack([np.asarray(scored[f"s{k}_paid"]).astype(np.int64) for k in range(n_seats)], axis=1)
    is_banker = paid < 0
    out = {}
    for c, name in enumerate(CATEGORY_FIELDS):
        part = np.where(paid == c, money, 0.0)
        banker_part = -part.sum(axis=1, keepdims=True)
        out[name] = np.where(is_banker, banker_part, part)
    return out
