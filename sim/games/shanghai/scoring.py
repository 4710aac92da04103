"""上海三打一 settlement (§7) from raw facts: D and the factors of a hand (SH-1, SH-7, SH-8, [X-pz]).

M = 荒番 × 摊打 × 明王 (× bombs with ``bombs_multiply``) × 报到 factors; D = 档数, and a 头撂 deal
counts D = 4 when the landlord wins and 3 when he loses (SH-8 ``as_4_dang``), or with
``extra_x4`` ×4 on top of 3 档 when the landlord wins and nothing extra when he loses (the seed's
loss line has no 头撂 factor: "地主输：…(荒番×2、摊打×2、明王×2)×底注×当局档数×3"). 报到 不打 is a
landlord win; 打 doubles a win and zeroes a loss; ``pz_baodao_settlement`` multiplies by the
报到 sets and drops the 头撂 bonus on 不打 ([X-pz]). 上海 has no 春天 and no 抢地主.
"""

from __future__ import annotations

import numpy as np

from sim.games.landlord.scoring import FACTORS, Facts, power

# the scoring factors 上海 has (no 抢地主, no 春天): what its balance lists
SHANGHAI_FACTORS = ("f_mingpai", "f_bombs", "f_huangfan", "f_mingwang", "f_touliao", "f_baodao")
FACTS = ("landlord", "landlord_won", "bid", "mingpai", "bombs_played", "rockets_played", "tianwang_played",
         "huangfan", "mingwang", "touliao", "baodao", "baodao_sets")
BAODAO_NONE, BAODAO_DA, BAODAO_BUDA = 0, 1, 2  # codes of the baodao column (kernels.landlord.layout BAODAO)


def factors(f: Facts, rules) -> tuple[np.ndarray, dict[str, np.ndarray]]:
    """(D, factors) of 上海 hands."""
    n = len(np.asarray(f["landlord"]))
    one = np.ones(n)
    won = np.asarray(f["landlord_won"]) == 1
    out = {name: one for name in FACTORS}
    hf = np.asarray(f["huangfan"])
    out["f_huangfan"] = np.where(hf > 0, power(2, hf) if rules.huangfan_stacks else 2.0, 1.0)
    out["f_mingwang"] = np.where(np.asarray(f["mingwang"]) == 1, 2.0, 1.0)
    out["f_mingpai"] = np.where(np.asarray(f["mingpai"]) == 1, 2.0, 1.0)
    total_bombs = np.asarray(f["bombs_played"]) + np.asarray(f["rockets_played"]) + np.asarray(f["tianwang_played"])
    out["f_bombs"] = power(2, total_bombs) if rules.bombs_multiply else one
    baodao = np.asarray(f["baodao"])
    pz = rules.pz_baodao_settlement
    touliao = (np.asarray(f["touliao"]) == 1) & ~(pz & (baodao == BAODAO_BUDA))
    dang = np.asarray(f["bid"]).astype(np.float64)
    if rules.touliao_rule == "as_4_dang":
        dang = np.where(touliao, np.where(won, 4.0, 3.0), dang)
    else:  # extra_x4: the bonus is a winner's; a 头撂 landlord who loses pays the plain 3 档
        out["f_touliao"] = np.where(touliao & won, 4.0, 1.0)
    f_baodao = one
    if rules.baodao_count_multiplies or pz:
        f_baodao = np.where(baodao != BAODAO_NONE, np.asarray(f["baodao_sets"]).astype(np.float64), 1.0)
    out["f_baodao"] = f_baodao * np.where(baodao == BAODAO_DA, np.where(won, 2.0, 0.0), 1.0)
    return dang, out


def money(rules) -> np.ndarray:
    """The numba money twin's vector (``kernels.landlord.money``) of a 上海 ruleset."""
    from kernels.landlord.money import TOULIAO_AS_4_DANG, TOULIAO_EXTRA_X4, money_vector

    return money_vector(base=rules.base, mingpai=2, any_bomb=2 if rules.bombs_multiply else 1, huangfan=2,
                        hf_stacks=rules.huangfan_stacks, mingwang=2,
                        touliao=TOULIAO_AS_4_DANG if rules.touliao_rule == "as_4_dang" else TOULIAO_EXTRA_X4,
                        baodao_sets=rules.baodao_count_multiplies, pz=rules.pz_baodao_settlement)
