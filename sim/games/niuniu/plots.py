"""Plots of 牛牛 runs (``analysis.plots`` helpers): category rates against the exact lines, the
paid multipliers, the balancing multipliers, and money per role. Bars of report statistics come
from the report itself (plot and table agree); the rest from one streamed pass.

Axis text is ASCII (categories by their option names: meiniu, niu1 … niuniu); the captions carry
the Chinese names.
"""

from __future__ import annotations

import numpy as np

from analysis.plots import (
    Figure, PooledShare, ValueCounts, find, money_figure, no_data, png, pyplot, share_figure, stat_bars, yerr,
)
from analysis.report import Report
from analysis.runs import BATCH_ROWS, Run

CAPTION = "categories: meiniu = 没牛, niu1..niu9 = 牛1..牛9, niuniu = 牛牛"


def _category_figure(run: Run, rules, batch_size: int) -> Figure:
    from sim.games.niuniu.exact import category_probabilities
    from sim.games.niuniu.report_census import categories
    from sim.games.niuniu.rules import CATEGORY_FIELDS

    n = rules.players
    share = PooledShare(11, n)
    for b in run.iter_batches([f"s{k}_category" for k in range(n)], batch_size):
        share.add(categories(b, n))
    exact = np.array(list(category_probabilities(rules).values()))
    return share_figure("categories", "Hand categories (per seat-hand)",
                        "P(category) pooled over seats with 95% intervals (deal as the unit); black lines: exact, "
                        f"from every hand of the deck; {CAPTION}.", share, list(CATEGORY_FIELDS), "category", exact,
                        log=True)


def census_figures(run: Run, report: Report, batch_size: int = BATCH_ROWS) -> list[Figure]:
    from sim.games.niuniu.report_census import rules_of

    return [_category_figure(run, rules_of(run), batch_size)]


def play_figures(run: Run, report: Report, batch_size: int = BATCH_ROWS) -> list[Figure]:
    from analysis.columns import num, seat_matrix
    from kernels.niuniu.layout import CATEGORY_NAMES
    from sim.games.niuniu.report_census import rules_of
    from sim.games.niuniu.rules import CATEGORY_FIELDS
    from sim.games.niuniu.scoring import ROLE_LABELS

    rules = rules_of(run)
    n = rules.players
    roles = {"banker": ValueCounts(), "player": ValueCounts()}
    for b in run.iter_batches(["banker"] + [f"s{k}_money" for k in range(n)], batch_size):
        banker = num(b, "banker").astype(np.int64)
        money = seat_matrix(b, "money", n).astype(np.float64)
        is_banker = np.arange(n)[None, :] == banker[:, None]
        roles["banker"].add(money[is_banker])
        roles["player"].add(money[~is_banker])
    paid = [(CATEGORY_FIELDS[c], find(report, f"paid at {CATEGORY_NAMES[c]}")) for c in range(11)]
    m_star = [(CATEGORY_FIELDS[c], find(report, f"m* {CATEGORY_NAMES[c]} ")) for c in range(11)]
    return [
        _category_figure(run, rules, batch_size),
        money_figure(roles, ROLE_LABELS),
        stat_bars("paid", "Category whose multiplier is paid",
                  "P(the money between 庄家 and a 闲家 moves at category c's multiplier), 95% intervals (the "
                  f"'Multiplier paid' table, with its exact values); {CAPTION}.", paid, "P per banker-player deal",
                  log=True, rotate=True),
        _balancing_figure(m_star),
    ]


def _balancing_figure(items) -> Figure:
    """m* per category: estimate with its 95% interval (clipped to the axis) and the exact value."""
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(8, 4))
    xs = np.arange(len(items))
    est = np.array([s.estimate if s else np.nan for _, s in items], np.float64)
    lo = np.array([s.ci_low if s else np.nan for _, s in items], np.float64)
    hi = np.array([s.ci_high if s else np.nan for _, s in items], np.float64)
    exact = np.array([s.exact if s and s.exact is not None else np.nan for _, s in items], np.float64)
    centre = np.concatenate([est[np.isfinite(est)], exact[np.isfinite(exact)], [0.0]])
    low, high = centre.min(), centre.max()  # rarely paid categories have wide intervals: the axis follows the values
    pad = 0.3 * (high - low) or 1.0
    lo, hi = np.clip(lo, low - 10 * pad, high + 10 * pad), np.clip(hi, low - 10 * pad, high + 10 * pad)
    ax.errorbar(xs, est, yerr=yerr(est, lo, hi), fmt="o", color="tab:orange", ecolor="black", capsize=3,
                label="estimate, 95% CI")
    ax.hlines(exact, xs - 0.35, xs + 0.35, colors="black", lw=2, label="exact")
    ax.axhline(0, color="grey", lw=0.8)
    ax.set_ylim(low - pad, high + pad)
    if not np.isfinite(est).any():
        no_data(ax)
    ax.set_xticks(xs, [label for label, _ in items], rotation=45, ha="right")
    ax.set_ylabel("m*")
    ax.legend(fontsize=8)
    n = max((s.n for _, s in items if s), default=0)
    ax.set_title(f"Balancing multiplier m* per category (n={n:,})")
    return Figure("balancing", "Balancing multiplier m* per category",
                  "The value of one multiplier that makes 庄家's edge zero, the others held: estimate from the "
                  "stored deals with its Fieller 95% interval (clipped to the axis; unbounded until the deals tell "
                  "that the multiplier moves the edge) and the exact value (the 'Balancing "
                  f"multipliers' table); below zero: no non-negative multiplier of that category removes the edge; "
                  f"{CAPTION}.", png(fig))
