"""Plots of 干瞪眼 runs. Bars come from the report's own statistics (plot and table agree); the
money distribution by role from one more streamed pass."""

from __future__ import annotations

import numpy as np

from analysis.columns import num, seat_matrix
from analysis.plots import Figure, ValueCounts, find, money_figure, player_money, stat_bars
from analysis.report import Report
from analysis.runs import BATCH_ROWS, Run


def census_figures(run: Run, report: Report) -> list[Figure]:
    stats = [s for s in report.stats() if s.name.startswith("P(jokers = ") and s.seat is None]
    return [stat_bars("jokers_dealt", "Jokers dealt, banker and others",
                      "P(a hand is dealt k jokers) for the banker and for another player, with 95% intervals (the "
                      "census table holds them against exact values).",
                      [(s.name[len("P(jokers = "):-1].replace(" | ", " "), s) for s in stats], "P", log=True,
                      rotate=True)]


def play_figures(run: Run, report: Report, batch_size: int = BATCH_ROWS) -> list[Figure]:
    from sim.games.gandengyan.columns import ROLE_LABELS, ROLES

    n_seats = int(run.ruleset.get("players", 4))
    roles = {r: ValueCounts() for r in ROLES}
    for b in run.iter_batches(["banker"] + [f"s{k}_money" for k in range(n_seats)], batch_size):
        banker = num(b, "banker").astype(np.int64)
        money = seat_matrix(b, "money", n_seats).astype(np.float64)
        is_banker = np.arange(n_seats)[None, :] == banker[:, None]
        roles["banker"].add(money[is_banker])
        roles["other"].add(money[~is_banker])
    positions = [("banker", find(report, "P(banker wins)"))]
    positions += [(f"+{j}", find(report, f"P(win | position {j} after")) for j in range(1, n_seats)]
    figs = [stat_bars("win_by_position", "Win rate by position after the banker",
                      "P(win) of the banker and of the seat j places counter-clockwise after him, with 95% intervals "
                      f"(Outcomes table); {n_seats} players, 1/{n_seats} = {1 / n_seats:.3f} if position did not "
                      "matter.", positions, "P(win)", log=False),
            stat_bars("cards_left", "Cards left per loser",
                      "Share of losers' seat-hands by cards left at the end, with 95% intervals (Cards left table).",
                      [(s.name[2:].split(" | ")[0].replace("cards left", "").strip(" =≥") or s.name, s)
                       for s in report.stats() if s.name.startswith("P(cards left") and s.seat is None],
                      "share of losers", log=False),
            stat_bars("effects", "Effect of bombs, jokers and 2s on winning",
                      "P(win) of a player by what he played or was dealt, with 95% intervals (Bombs table).",
                      [(lb, find(report, f"P(win | {key})")) for lb, key in
                       (("bomb played", "played a bomb"), ("none played", "played no bomb"),
                        ("joker dealt", "dealt a joker"), ("no joker", "dealt no joker"),
                        ("2 dealt", "dealt a 2"), ("no 2", "dealt no 2"))], "P(win)", log=False, rotate=True),
            money_figure(roles, ROLE_LABELS)]
    public = [s for s in report.stats() if s.name.startswith("P(public multiplier") and s.seat is None]
    if public:
        figs.append(stat_bars("public_multiplier", "Public multiplier of a hand",
                              "Share of hands by public multiplier (bombs and 双王 played, the round doublings), with "
                              "95% intervals (Payments table); log scale.",
                              [(s.name[len("P(public multiplier "):-1].strip("= "), s) for s in public],
                              "share of hands", log=True))
    players = player_money(report)
    if len(players) > 1:
        figs.append(stat_bars("money_by_player", "Money per hand by player",
                              "E[money | player] over the seat-hands each player sits, 95% CI with the hand as the "
                              "unit (Players table).", players, "money per hand", log=False, zero_line=True))
    return figs
