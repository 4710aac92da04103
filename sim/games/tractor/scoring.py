"""八十分 results from stored raw facts, vectorised: P, the level change of §9 and money per seat.

``score(facts, rules, n_seats)`` reads columns of ``kernels.tractor.layout`` (``captured``,
``kitty_points``, ``kou_di``, ``last_lead_cards``, ``penalty_banker``, ``penalty_opp``,
``banker_team``) and returns, per hand: the kitty multiplier and bonus, P, whether the 庄 team
keeps the deal, the levels gained by the team that goes up, the result band (``RESULTS``), the
levels of each seat's team and ``s{k}_money`` = stake x (own team's levels - the other team's),
zero-sum. Nothing here needs a replay, so any level table or kitty multiplier can be rescored.
"""

from __future__ import annotations

import numpy as np

RESULTS = ("shutout", "small", "mid", "switch", "switch_up")  # 庄 +shutout / +small / +mid, opponents take over


def kitty_multiplier(kind: str, last_lead_cards: np.ndarray) -> np.ndarray:
    last = np.asarray(last_lead_cards, np.int64)
    if kind == "by_last_lead_size":
        return 2 * last
    return np.full(last.shape, 1 if kind == "x1" else 2, np.int64)


def opponents_points(facts: dict, kitty: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(multiplier, kitty bonus, P) under a kitty rule."""
    mult = kitty_multiplier(kitty, facts["last_lead_cards"])
    bonus = np.where(np.asarray(facts["kou_di"]).astype(bool), np.asarray(facts["kitty_points"], np.int64) * mult, 0)
    points = (np.asarray(facts["captured"], np.int64) + bonus + np.asarray(facts["penalty_banker"], np.int64)
              - np.asarray(facts["penalty_opp"], np.int64))
    return mult, bonus, points


def score(facts: dict, rules, n_seats: int = 4) -> dict[str, np.ndarray]:
    lv = rules.levels
    mult, bonus, p = opponents_points(facts, rules.kitty_multiplier)
    keeps = p < lv.threshold
    result = np.select([p <= 0, p < lv.small_below, p < lv.threshold, p < lv.threshold + lv.step],
                       [0, 1, 2, 3], default=4).astype(np.int8)
    up = np.select([p <= 0, p < lv.small_below, p < lv.threshold],
                   [lv.shutout, lv.small, lv.mid], default=np.maximum(p - lv.threshold, 0) // lv.step).astype(np.int64)
    banker_levels = np.where(keeps, up, 0)
    opp_levels = np.where(keeps, 0, up)
    team = np.asarray(facts["banker_team"], np.int64)
    out = {"kitty_multiplier": mult, "kitty_bonus": bonus, "points": p, "keeps": keeps, "level_up": up,
           "result": result, "banker_levels": banker_levels, "opp_levels": opp_levels}
    for k in range(n_seats):
        mine = np.where(team == k % 2, banker_levels, opp_levels)
        theirs = np.where(team == k % 2, opp_levels, banker_levels)
        out[f"s{k}_levels"] = mine
        out[f"s{k}_money"] = (rules.stake_per_level * (mine - theirs)).astype(np.float64)
    return out


FACTS = ("captured", "kitty_points", "kou_di", "last_lead_cards", "penalty_banker", "penalty_opp", "banker_team",
         "banker")
ROLE_LABELS = {"banker": "庄家", "partner": "庄家's partner (庄 team)", "opponent": "闲 (抓分方, the opponents)"}
COMPONENT_LABELS = {"tricks": "levels from the points taken in tricks alone",
                    "kitty": "what the kitty bonus (扣底) changes",
                    "penalties": "what failed-throw penalties change"}


def fact_columns(rules, n_seats: int) -> tuple[str, ...]:
    return FACTS


def seat_roles(facts: dict, n_seats: int = 4) -> np.ndarray:
    """(n, 4) role codes: 0 庄家, 1 his partner (the seat opposite), 2 the opponents."""
    banker = np.asarray(facts["banker"], np.int64)[:, None]
    k = np.arange(n_seats)[None, :]
    return np.where(k == banker, 0, np.where(k % 2 == banker % 2, 1, 2))


def components(facts: dict, scored: dict, rules, n_seats: int = 4) -> dict[str, np.ndarray]:
    """Money split by where P came from, adding up to it exactly: the hand scored on the points
    taken in tricks alone, then what adding the kitty bonus changes, then the penalties."""
    zero = np.zeros(len(np.asarray(facts["captured"])), np.int64)
    tricks_only = {**facts, "kou_di": zero, "penalty_banker": zero, "penalty_opp": zero}
    with_kitty = {**facts, "penalty_banker": zero, "penalty_opp": zero}

    def money(f):
        s = score(f, rules, n_seats)
        return np.stack([s[f"s{k}_money"] for k in range(n_seats)], axis=1)

    m0, m1 = money(tricks_only), money(with_kitty)
    m2 = np.stack([np.asarray(scored[f"s{k}_money"], np.float64) for k in range(n_seats)], axis=1)
    return {"tricks": m0, "kitty": m1 - m0, "penalties": m2 - m1}
