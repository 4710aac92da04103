"""Plots of a landlord-family play run: money per role, the landlord's win rate by winning bid,
the multiplier's distribution, and money per player (when several play). Bars come from the
report's own statistics (so plot and table agree); the money distribution from one streamed pass.
"""

from __future__ import annotations

import numpy as np

from analysis.columns import seat_matrix
from analysis.plots import Figure, ValueCounts, find, money_figure, player_money, stat_bars
from analysis.report import Report
from analysis.runs import BATCH_ROWS, Run


def figures(run: Run, report: Report, batch_size: int = BATCH_ROWS) -> list[Figure]:
    from sim.games.landlord.columns import ROLE_LABELS

    n_seats = int(run.ruleset.get("n_players", 3))
    roles = {"landlord": ValueCounts(), "farmer": ValueCounts()}
    cols = ["landlord"] + [f"s{k}_money" for k in range(n_seats)]
    for b in run.iter_batches(cols, batch_size):
        landlord = b.column("landlord").to_numpy(zero_copy_only=False).astype(np.int64)
        money = seat_matrix(b, "money", n_seats).astype(np.float64)
        has = landlord >= 0
        is_ll = np.arange(n_seats)[None, :] == landlord[:, None]
        roles["landlord"].add(money[has[:, None] & is_ll])
        roles["farmer"].add(money[has[:, None] & ~is_ll])
    figs = [money_figure(roles, {r: ROLE_LABELS[r] for r in roles}),
            stat_bars("landlord_wins_by_bid", "Landlord win rate by winning bid",
                      "P(the landlord goes out first | winning bid b) with 95% Wilson intervals, and overall "
                      "(the Outcomes table).",
                      [("all", find(report, "landlord wins"))]
                      + [(f"bid {b}", find(report, f"landlord wins | bid {b}")) for b in (1, 2, 3)],
                      "P(landlord wins)", log=False),
            stat_bars("multiplier", "Multiplier M of a hand",
                      "Share of hands with a landlord whose multiplier M falls in each range, with 95% Wilson "
                      "intervals (the Multiplier table); log scale.",
                      [(s.name.replace("M in ", "").replace("M >= ", ">="), s) for s in report.stats()
                       if s.name.startswith("M in ") or s.name.startswith("M >= ")],
                      "share of hands", log=True)]
    players = player_money(report)  # the Players table only (not the decisions' E[money | …])
    if len(players) > 1:
        figs.append(stat_bars("money_by_player", "Money per hand by player",
                              "E[money | player] pooled over the seat-hands each player sits, 95% CI with the hand "
                              "as the unit (the Players table); seat effects mix in unless the run rotates.",
                              players, "money per hand (B)",
                              log=False, zero_line=True))
    return figs
