"""仙居红五 money from stored raw facts, vectorised: P, the score band of §7 and the ♥5 bonus.

``score(facts, rules, n_seats)`` reads columns of ``kernels.hongwu.layout`` (``captured``,
``kitty_points``, ``kou_di``, ``last_lead_cards``, ``penalty_banker``, ``penalty_opp``,
``banker``, ``partner``, ``h5_banker``, ``h5_opp``) and returns per hand the kitty multiplier and
bonus, P, the band (1..7), each 闲 player's band amount and ♥5 net, and per seat the band money,
the ♥5 money and their sum ``s{k}_money`` — zero-sum. Under two_vs_two each player of a side
receives/pays the per-player amount; under one_vs_three (``partner = -1``) 庄家 settles with each
of the three 闲 players (XJ-8).
"""

from __future__ import annotations

import numpy as np


def opponents_points(facts: dict, kitty: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(kitty multiplier, kitty bonus, P) under a kitty rule: x2, x1 or x(2 x cards of the last lead)."""
    last = np.asarray(facts["last_lead_cards"], np.int64)
    mult = 2 * last if kitty == "by_last_lead_size" else np.full(last.shape, 1 if kitty == "x1" else 2, np.int64)
    bonus = np.where(np.asarray(facts["kou_di"]).astype(bool), np.asarray(facts["kitty_points"], np.int64) * mult, 0)
    points = (np.asarray(facts["captured"], np.int64) + bonus + np.asarray(facts["penalty_banker"], np.int64)
              - np.asarray(facts["penalty_opp"], np.int64))
    return mult, bonus, points


def band_of(points: np.ndarray, width: int) -> np.ndarray:
    """1: P <= 0; 2..6: 0 < P < 5 width by steps of width; 7: P >= 5 width."""
    p = np.asarray(points, np.int64)
    mid = 2 + np.clip(p, 0, None) // width
    return np.where(p <= 0, 1, np.where(p >= 5 * width, 7, np.minimum(mid, 6))).astype(np.int8)


def score(facts: dict, rules, n_seats: int = 4) -> dict[str, np.ndarray]:
    b = rules.bands
    mult, bonus, p = opponents_points(facts, rules.kitty_multiplier)
    band = band_of(p, b.width)
    table = np.array([0, b.band1, b.band2, b.band3, b.band4, b.band5, b.band6, b.band7], np.int64)
    amount = table[band] * rules.base  # each 闲 player's result from the band
    h5_net = ((np.asarray(facts["h5_opp"], np.int64) - np.asarray(facts["h5_banker"], np.int64))
              * rules.hongwu_bonus_per_card * rules.base)  # each 闲 player's ♥5 result
    banker = np.asarray(facts["banker"], np.int64)
    partner = np.asarray(facts["partner"], np.int64)
    n_opp = np.where(partner >= 0, 1, n_seats - 1)  # 闲 players each 庄-side player settles with
    out = {"kitty_multiplier": mult, "kitty_bonus": bonus, "points": p, "band": band, "opp_amount": amount,
           "h5_net": h5_net, "banker_won": amount < 0}
    for k in range(n_seats):
        banker_side = (banker == k) | (partner == k)
        sign = np.where(banker_side, -n_opp, 1)
        out[f"s{k}_banker_side"] = banker_side
        out[f"s{k}_band_money"] = (sign * amount).astype(np.float64)
        out[f"s{k}_h5_money"] = (sign * h5_net).astype(np.float64)
        out[f"s{k}_money"] = out[f"s{k}_band_money"] + out[f"s{k}_h5_money"]
    return out


FACTS = ("captured", "kitty_points", "kou_di", "last_lead_cards", "penalty_banker", "penalty_opp", "banker", "partner",
         "h5_banker", "h5_opp")
ROLE_LABELS = {"banker": "庄家", "partner": "庄家's partner (two_vs_two)", "opponent": "闲家"}
COMPONENT_LABELS = {"tricks": "the score band from the points taken in tricks alone",
                    "kitty": "what the kitty bonus (扣底) changes in the band",
                    "penalties": "what failed-throw penalties change in the band",
                    "hearts5": "the ♥5 bonus (XJ-9)"}


def fact_columns(rules, n_seats: int) -> tuple[str, ...]:
    return FACTS


def seat_roles(facts: dict, n_seats: int = 4) -> np.ndarray:
    """(n, 4) role codes: 0 庄家, 1 his partner (two_vs_two), 2 闲家."""
    banker = np.asarray(facts["banker"], np.int64)[:, None]
    partner = np.asarray(facts["partner"], np.int64)[:, None]
    k = np.arange(n_seats)[None, :]
    return np.where(k == banker, 0, np.where(k == partner, 1, 2))


def components(facts: dict, scored: dict, rules, n_seats: int = 4) -> dict[str, np.ndarray]:
    """Money split into parts that add up to it: the band on the trick points alone, what the kitty
    and then the penalties change in the band, and the ♥5 bonus."""
    zero = np.zeros(len(np.asarray(facts["captured"])), np.int64)

    def band_money(f):
        s = score(f, rules, n_seats)
        return np.stack([s[f"s{k}_band_money"] for k in range(n_seats)], axis=1)

    m0 = band_money({**facts, "kou_di": zero, "penalty_banker": zero, "penalty_opp": zero})
    m1 = band_money({**facts, "penalty_banker": zero, "penalty_opp": zero})
    m2 = np.stack([np.asarray(scored[f"s{k}_band_money"], np.float64) for k in range(n_seats)], axis=1)
    h5 = np.stack([np.asarray(scored[f"s{k}_h5_money"], np.float64) for k in range(n_seats)], axis=1)
    return {"tricks": m0, "kitty": m1 - m0, "penalties": m2 - m1, "hearts5": h5}
