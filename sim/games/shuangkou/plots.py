"""Plots of 双扣 runs. Play: outcomes, 翻倍 F, money per role, the value of jokers held. Census:
P(bomb ≥ k相) against exact. Bars come from the report's own statistics (plot and table agree);
the money distribution from one streamed pass."""

from __future__ import annotations

import numpy as np

from analysis.columns import codes, seat_matrix
from analysis.plots import Figure, ValueCounts, find, money_figure, stat_bars
from analysis.report import Report
from analysis.runs import BATCH_ROWS, Run


def play_figures(run: Run, report: Report, batch_size: int = BATCH_ROWS) -> list[Figure]:
    from sim.games.shuangkou.scoring import ROLE_LABELS, ROLES

    roles = {r: ValueCounts() for r in ROLES}
    for b in run.iter_batches([f"s{k}_{c}" for c in ("money", "role") for k in range(4)], batch_size):
        money = seat_matrix(b, "money", 4).astype(np.float64)
        role = np.stack([codes(b.column(f"s{k}_role"), ROLES) for k in range(4)], axis=1)
        for i, r in enumerate(ROLES):
            roles[r].add(money[role == i])
    return [stat_bars("outcomes", "Outcomes", "P(双扣 shuangkou), P(单扣 dankou), P(平扣 pingkou) with 95% Wilson "
                      "intervals (the Outcomes table).",
                      [(lb, find(report, f"P({zh})")) for lb, zh in (("shuangkou", "双扣"), ("dankou", "单扣"),
                                                                      ("pingkou", "平扣"))], "P", log=False),
            stat_bars("fanbei", "Doubling F", "P(翻倍 F ≥ x) of a hand, 95% Wilson intervals (the 相 and 翻倍 table); "
                      "log scale.", [(f">= {x}", find(report, f"P(F ≥ {x})")) for x in (2, 4, 8, 16)], "P",
                      log=True),
            stat_bars("jokers_value", "Win rate by jokers dealt",
                      "P(the player's side wins | j jokers dealt to him), pooled over players, 95% CI with the hand "
                      "as the unit (the Wild jokers table).",
                      [(f"{j} jokers", find(report, f"P(win | {j} jokers dealt)")) for j in range(5)], "P(win)",
                      log=False),
            money_figure(roles, {r: ROLE_LABELS[r] for r in ROLES})]


def census_figures(run: Run, report: Report) -> list[Figure]:
    return [stat_bars("bomb_dealt", "Largest bomb dealt (xiang)",
                      "P(a seat is dealt a bomb of at least k相, wild jokers included) pooled over seats, 95% CIs; "
                      "the exact values are in the table; log scale.",
                      [(f">= {k}", find(report, f"P(bomb ≥ {k}相)")) for k in range(4, 13)], "P per seat-hand",
                      log=True)]
