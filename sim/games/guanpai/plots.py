"""Plots of 关牌 runs. Bars come from the report's own statistics (plot and table agree); the
money distribution by role from one more streamed pass."""

from __future__ import annotations

import numpy as np

from analysis.columns import num, seat_matrix
from analysis.plots import Figure, ValueCounts, find, money_figure, player_money, stat_bars
from analysis.report import Report
from analysis.runs import BATCH_ROWS, Run


def census_figures(run: Run, report: Report) -> list[Figure]:
    return [stat_bars("bombs_dealt", "Bombs dealt to a player",
                      "P(a player is dealt k ranks four times), both hands pooled, with 95% intervals (the census "
                      "table holds them against exact values).",
                      [(f"{k}", find(report, f"P(bombs = {k})")) for k in range(4)], "P", log=True),
            stat_bars("lead_card", "Card that decides the first lead",
                      "P(the first card of the lead order that a player holds is ♠3, ♠4, …) with 95% intervals.",
                      [(c, find(report, f"P(lead card = {c})")) for c in ("♠3", "♠4", "♠5", "♠6")]
                      + [("later", find(report, "P(lead card later"))], "P", log=True)]


def play_figures(run: Run, report: Report, batch_size: int = BATCH_ROWS) -> list[Figure]:
    from sim.games.guanpai.columns import ROLE_LABELS, ROLES

    roles = {r: ValueCounts() for r in ROLES}
    for b in run.iter_batches(["first_leader", "s0_money", "s1_money"], batch_size):
        first = num(b, "first_leader").astype(np.int64)
        money = seat_matrix(b, "money", 2).astype(np.float64)
        is_first = np.arange(2)[None, :] == first[:, None]
        roles["first_leader"].add(money[is_first])
        roles["second"].add(money[~is_first])
    figs = [stat_bars("win_rates", "Win rates: first lead and bombs",
                      "P(win) of the first leader (♠3 holder) and of a player by bombs dealt and played, with 95% "
                      "intervals (Outcomes and Bombs tables).",
                      [("first leader", find(report, "P(first leader wins)")),
                       ("S3 holder", find(report, "P(♠3 holder wins)")),
                       ("dealt bomb", find(report, "P(win | dealt a bomb)")),
                       ("no bomb dealt", find(report, "P(win | dealt no bomb)")),
                       ("played bomb", find(report, "P(win | played a bomb)")),
                       ("no bomb played", find(report, "P(win | played no bomb)"))], "P(win)", log=False,
                      rotate=True),
            stat_bars("cards_left", "Cards left in the loser's hand",
                      "Share of hands by the loser's cards left (what he pays, in B, before 全关 ×2), with 95% "
                      "intervals (Payments table).",
                      [(s.name[len("P(loser holds "):-1], s) for s in report.stats()
                       if s.name.startswith("P(loser holds") and s.seat is None], "share of hands", log=False),
            money_figure(roles, ROLE_LABELS)]
    players = player_money(report)
    if len(players) > 1:
        figs.append(stat_bars("money_by_player", "Money per hand by player",
                              "E[money | player] over the seat-hands each player sits, 95% CI with the hand as the "
                              "unit (Players table).", players, "money per hand (B)", log=False, zero_line=True))
    return figs
