"""Plots of 五十K runs. Play: finishing patterns, bombs played by size, match length, money per role.
Census: P(bomb ≥ k) against exact. Bars come from the report's own statistics (plot and table
agree); distributions from one streamed pass."""

from __future__ import annotations

import numpy as np

from analysis.columns import codes, num, seat_matrix
from analysis.plots import Figure, ValueCounts, find, money_figure, pyplot, png, stat_bars
from analysis.report import Report
from analysis.runs import BATCH_ROWS, Run


def _match_length(lengths: ValueCounts) -> Figure:
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(7, 3.6))
    if lengths.n:
        vals, cnt = zip(*lengths.items())
        ax.bar(vals, np.array(cnt) / lengths.n, color="tab:purple")
    ax.set_xlabel("hands in the match")
    ax.set_ylabel("share of matches")
    ax.set_title(f"Match length (n={lengths.n:,} matches)")
    return Figure("match_length", "Match length",
                  "Share of matches lasting each number of hands (to target_score, §10.3).", png(fig))


def play_figures(run: Run, report: Report, batch_size: int = BATCH_ROWS) -> list[Figure]:
    from sim.games.wushik.scoring import ROLE_LABELS, ROLES

    roles = {r: ValueCounts() for r in ROLES}
    lengths = ValueCounts()
    for b in run.iter_batches(["match_over", "match_hands"] + [f"s{k}_{c}" for c in ("money", "role")
                                                               for k in range(4)], batch_size):
        money = seat_matrix(b, "money", 4).astype(np.float64)
        role = np.stack([codes(b.column(f"s{k}_role"), ROLES) for k in range(4)], axis=1)
        for i, r in enumerate(ROLES):
            roles[r].add(money[role == i])
        lengths.add(num(b, "match_hands")[num(b, "match_over").astype(bool)])
    figs = [stat_bars("patterns", "Finishing patterns", "P(双抓 shuangzhua), P(单抓 danzhua), P(保 bao) per hand "
                      "played, with 95% Wilson intervals (the Hands table).",
                      [(lb, find(report, f"P({zh})")) for lb, zh in (("shuangzhua", "双抓"), ("danzhua", "单抓"),
                                                                      ("bao", "保"))], "P", log=False),
            stat_bars("bombs_played", "Bombs played per hand by size",
                      "E[k-card bombs played] per hand and the bombs that earned their bonus (W-6), 95% CIs "
                      "(the Bombs table); log scale.",
                      [(f"{k}-card", find(report, f"E[{k}-card bombs played]")) for k in range(4, 9)]
                      + [("bonus", find(report, "E[bonus-earning bombs]"))], "bombs per hand", log=True),
            money_figure(roles, {r: ROLE_LABELS[r] for r in ROLES})]
    if lengths.n:
        figs.insert(2, _match_length(lengths))
    return figs


def census_figures(run: Run, report: Report) -> list[Figure]:
    return [stat_bars("bomb_dealt", "Largest bomb dealt",
                      "P(a seat is dealt a bomb of at least k cards) pooled over seats, 95% CIs; the exact values "
                      "are in the table (hypergeometric); log scale.",
                      [(f">= {k}", find(report, f"P(bomb ≥ {k})")) for k in range(4, 9)], "P per seat-hand",
                      log=True)]
