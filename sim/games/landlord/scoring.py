"""Money of landlord-family hands from their raw facts, vectorised over hands (doudizhu.md A6,
Part B; the 上海 factors are ``sim.games.shanghai.scoring``).

A hand's stake per farmer is ``base × D × M``: D is the winning bid (上海: the 档, see there) and
M the product of the factors. The landlord wins or pays that to each farmer. ``paiju play`` and
``paiju rescore`` call the same ``score``; facts are columns by their Parquet names.
"""

from __future__ import annotations

from typing import Callable, Mapping

import numpy as np

Facts = Mapping[str, np.ndarray]
FACTORS = ("f_qiang", "f_mingpai", "f_bombs", "f_spring", "f_huangfan", "f_mingwang", "f_touliao", "f_baodao")
COMPONENT_LABELS = {"base": "the bid's stake (base × D, M = 1)", "f_qiang": "抢地主 factor", "f_mingpai": "明牌/摊打 factor",
                    "f_bombs": "bombs factor", "f_spring": "春天/反春 factor", "f_huangfan": "荒番 factor",
                    "f_mingwang": "明王 factor", "f_touliao": "头撂 ×4 factor", "f_baodao": "报到 factor"}
DOUDIZHU_FACTORS = ("f_qiang", "f_mingpai", "f_bombs", "f_spring")  # those doudizhu_factors sets
DOUDIZHU_FACTS = ("landlord", "landlord_won", "bid", "qiang", "mingpai", "bombs_played", "rockets_played",
                  "tianwang_played", "spring", "fanchun")


def _f(facts: Facts, name: str) -> np.ndarray:
    return np.asarray(facts[name]).astype(np.float64)


def power(base, k: np.ndarray) -> np.ndarray:
    return np.power(float(base), np.asarray(k).astype(np.float64))


def doudizhu_factors(f: Facts, rules) -> tuple[np.ndarray, dict[str, np.ndarray]]:
    """(D, factors) of 斗地主 hands: D = the bid; ×2 per 抢, 明牌, bombs/rockets/天王炸, 春天/反春."""
    one = np.ones(len(np.asarray(f["landlord"])))
    factors = {name: one for name in FACTORS}
    factors["f_qiang"] = power(rules.qiang_factor, f["qiang"])
    factors["f_mingpai"] = np.where(np.asarray(f["mingpai"]) == 1, float(rules.mingpai_factor), 1.0)
    factors["f_bombs"] = (power(rules.bomb_factor, f["bombs_played"]) * power(rules.rocket_factor, f["rockets_played"])
                          * power(rules.tianwang_factor, f["tianwang_played"]))
    factors["f_spring"] = (np.where(np.asarray(f["spring"]) == 1, float(rules.spring_factor), 1.0)
                           * np.where(np.asarray(f["fanchun"]) == 1, float(rules.fanchun_factor), 1.0))
    return _f(f, "bid"), factors


def doudizhu_money(rules) -> np.ndarray:
    """The numba money twin's vector (``kernels.landlord.money``) of a 斗地主 ruleset."""
    from kernels.landlord.money import money_vector

    return money_vector(base=rules.base, qiang=rules.qiang_factor, mingpai=rules.mingpai_factor,
                        bomb=rules.bomb_factor, rocket=rules.rocket_factor, tianwang=rules.tianwang_factor,
                        spring=rules.spring_factor, fanchun=rules.fanchun_factor)


def settle(f: Facts, rules, n_seats: int, dang: np.ndarray, factors: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """The scored columns: D, each factor, M and money per seat (0 for a hand without a landlord)."""
    landlord = np.asarray(f["landlord"]).astype(np.int64)
    has = landlord >= 0
    won = np.asarray(f["landlord_won"]) == 1
    m = np.prod(np.stack([factors[name] for name in FACTORS]), axis=0)
    per_farmer = np.where(has, rules.base * dang * m, 0.0)
    sign = np.where(won, -1.0, 1.0)[:, None]  # a farmer's sign
    is_ll = np.arange(n_seats)[None, :] == landlord[:, None]
    money = np.where(is_ll, -(n_seats - 1) * sign * per_farmer[:, None], sign * per_farmer[:, None])
    money = np.where(has[:, None], money, 0.0) + 0.0  # no -0.0 (报到 打 lost)
    out = {"dang": np.where(has, dang, 0.0), "multiplier": np.where(has, m, 0.0)}
    out.update(factors)
    for k in range(n_seats):
        out[f"s{k}_money"] = money[:, k]
    return out


def scorer(factors: Callable[[Facts, object], tuple[np.ndarray, dict[str, np.ndarray]]]):
    """The game's ``score(facts, rules, n_seats)`` from its ``factors(facts, rules) → (D, factors)``."""

    def score(f: Facts, rules, n_seats: int) -> dict[str, np.ndarray]:
        dang, fac = factors(f, rules)
        return settle(f, rules, n_seats, dang, fac)

    return score


def seat_roles(f: Facts, n_seats: int) -> np.ndarray:
    """(n, n_seats) role codes: 0 landlord, 1 farmer, -1 (no role) in a hand without a landlord."""
    landlord = np.asarray(f["landlord"]).astype(np.int64)[:, None]
    k = np.arange(n_seats)[None, :]
    return np.where(landlord < 0, -1, np.where(k == landlord, 0, 1))


def components(f: Facts, s: Mapping[str, np.ndarray], rules, n_seats: int) -> dict[str, np.ndarray]:
    """Money split by what each factor adds, in the order of ``FACTORS``: ``base`` is the stake at
    M = 1, and each factor's part is the stake with it and the factors before it minus the stake
    without it. The parts add up to the money exactly (the split depends on the order)."""
    money = np.stack([np.asarray(s[f"s{k}_money"]) for k in range(n_seats)], axis=1)
    m = np.asarray(s["multiplier"])
    unit = np.divide(money, m[:, None], out=np.zeros_like(money), where=m[:, None] != 0)
    out = {"base": unit.copy()}
    acc = np.ones(len(m))
    for name in FACTORS:
        nxt = acc * np.asarray(s[name])
        out[name] = unit * (nxt - acc)[:, None]
        acc = nxt
    return out
