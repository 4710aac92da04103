"""Plots of a trick-family play run: the distribution of P, the outcome (level change / score band),
the 庄 side's win rate against 庄家's trumps and against the kitty, and money per role. Bars come
from the report's own statistics (so plot and table agree); distributions from one streamed pass
of ``ValueCounts``. Plot text is ASCII; the Chinese names are in the captions."""

from __future__ import annotations

import numpy as np

from analysis.columns import codes, num, seat_matrix
from analysis.plots import Figure, ValueCounts, money_figure, no_data, png, pyplot, stat_bars
from analysis.report import Report
from analysis.runs import BATCH_ROWS, Run
from sim.games.trick import ROLE_LABELS, ROLES


def value_share_figure(slug: str, title: str, caption: str, vc: ValueCounts, xlabel: str,
                       marks: tuple[float, ...] = ()) -> Figure:
    """Share of the observations at each value, with dashed lines at ``marks`` (thresholds)."""
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(8, 3.8))
    if vc.n:
        vals, cnt = zip(*vc.items())
        vals = np.array(vals)
        width = 0.8 * (np.min(np.diff(vals)) if len(vals) > 1 else 1.0)
        ax.bar(vals, np.array(cnt) / vc.n, width=width, color="tab:blue", alpha=0.8)
        for m in marks:
            ax.axvline(m - 0.5 * width, color="black", lw=0.8, ls="--")
    else:
        no_data(ax)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("share")
    ax.set_title(f"{title} (n={vc.n:,})")
    return Figure(slug, title, caption, png(fig))


def figures(run: Run, report: Report, outcome_prefixes: list[tuple[str, str]], win_text: str, marks: tuple,
            extra: list | None = None, batch_size: int = BATCH_ROWS) -> list[Figure]:
    """The family's figures; ``outcome_prefixes``: (bar label, statistic name) of the outcome bars;
    ``marks``: P thresholds drawn on the P distribution; ``extra``: the game's own figures."""
    points = ValueCounts()
    roles = {r: ValueCounts() for r in ROLES}
    for b in run.iter_batches(["points"] + [f"s{k}_{c}" for c in ("role", "money") for k in range(4)], batch_size):
        points.add(num(b, "points"))
        money = seat_matrix(b, "money", 4).astype(np.float64)
        role = np.stack([codes(b.column(f"s{k}_role"), ROLES) for k in range(4)], axis=1)
        for i, r in enumerate(ROLES):
            roles[r].add(money[role == i])
    stats = {s.name: s for s in report.stats() if s.seat is None}
    figs = [value_share_figure("points", "Points P of the non-banker side",
                               "Share of hands by P (the 闲 side's points: captured + kitty bonus + penalties); "
                               "dashed lines: the scoring thresholds.", points, "P", marks),
            stat_bars("outcome", "Result of a hand", "Share of hands with each result (level change / score band), "
                      "95% Wilson intervals (the first table).",
                      [(lb, stats.get(name)) for lb, name in outcome_prefixes], "share of hands", log=False,
                      rotate=True)]
    trumps = [(s.name.split("trumps ")[1].rstrip(")"), s) for s in report.stats()
              if s.seat is None and s.name.startswith(f"P({win_text} | 庄家 trumps")]
    kitty = [(s.name.split("points ")[1].rstrip(")"), s) for s in report.stats()
             if s.seat is None and s.name.startswith(f"P({win_text} | kitty points")]
    figs.append(stat_bars("win_by_trumps", "Banker side wins by banker's trumps",
                          f"P({win_text}) by 庄家's trumps after burying the kitty, 95% Wilson intervals.",
                          trumps, "P(banker side wins)", log=False))
    figs.append(stat_bars("win_by_kitty", "Banker side wins by kitty points",
                          f"P({win_text}) by the points 庄家 buried in the kitty (at risk of 扣底), 95% Wilson "
                          "intervals.", kitty, "P(banker side wins)", log=False))
    figs.append(money_figure(roles, dict(ROLE_LABELS)))
    return figs + list(extra or [])
