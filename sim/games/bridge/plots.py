"""Plots of bridge runs, drawn from the report's own statistics (so plot and table agree; no
second pass over the run) with the helpers of ``analysis.plots``. Plot text is ASCII."""

from __future__ import annotations

import math

import numpy as np

from analysis.plots import Figure, find, no_data, png, pyplot, stat_bars, yerr
from analysis.report import Report
from analysis.runs import Run
from kernels.bridge.hand import PATTERN_NAMES
from sim.games.bridge import report_dd as D

VUL_LABELS = ("none", "N-S", "E-W", "both")


def versus_exact(slug: str, title: str, caption: str, items: list, xlabel: str, ylabel: str, log: bool) -> Figure:
    """Bars of estimates with their 95% intervals and the exact values as black ticks; ``items``
    are (ASCII label, Stat or None)."""
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(max(6.0, 0.35 * len(items) + 2), 4.2))
    xs = np.arange(len(items))
    stats = [s for _, s in items]
    est = np.array([s.estimate if s else math.nan for s in stats], np.float64)
    lo = np.array([s.ci_low if s else math.nan for s in stats], np.float64)
    hi = np.array([s.ci_high if s else math.nan for s in stats], np.float64)
    exact = np.array([s.exact if s and s.exact is not None else math.nan for s in stats], np.float64)
    shown = np.isfinite(est) & ((est > 0) if log else True)
    ax.bar(xs[shown], est[shown], color="tab:blue", alpha=0.75, label="estimate (95% CI)")
    ax.errorbar(xs[shown], est[shown], yerr=yerr(est[shown], lo[shown], hi[shown], log=log), fmt="none",
                ecolor="black", capsize=2)
    if np.isfinite(exact).any():
        ax.hlines(exact, xs - 0.4, xs + 0.4, colors="black", lw=2, label="exact")
    if log and shown.any():
        ax.set_yscale("log")
        ax.set_ylim(bottom=0.3 * np.nanmin(np.where(np.isfinite(exact) & (exact > 0), exact, est[shown].min())))
    if not shown.any():
        no_data(ax)
    ax.set_xticks(xs, [lb for lb, _ in items], rotation=60 if len(items) > 12 else 0,
                  ha="right" if len(items) > 12 else "center", fontsize=8)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.legend(fontsize=8)
    n = max((s.n for s in stats if s), default=0)
    ax.set_title(f"{title} (n={n:,})")
    return Figure(slug, title, caption, png(fig))


def line_with_ci(slug: str, title: str, caption: str, series: list, xlabel: str, ylabel: str) -> Figure:
    """Lines of estimates with 95% bands; ``series`` are (name, [(x, Stat or None)])."""
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(7, 4.2))
    for name, points in series:
        pts = [(x, s) for x, s in points if s is not None and math.isfinite(s.estimate)]
        if not pts:
            continue
        x = np.array([p[0] for p in pts], np.float64)
        ax.plot(x, [p[1].estimate for p in pts], marker="o", ms=3, label=name)
        ax.fill_between(x, [p[1].ci_low for p in pts], [p[1].ci_high for p in pts], alpha=0.25)
    if not ax.lines:
        no_data(ax)
    else:
        ax.legend(fontsize=8)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.grid(alpha=0.3)
    ax.set_title(title)
    return Figure(slug, title, caption, png(fig))


def dd_figures(report: Report) -> list[Figure]:
    if find(report, "E[NT tricks | side HCP") is None:
        return []
    hcps = range(D.HCP_LOW + 1, D.HCP_HIGH)
    nt = [(h, find(report, f"E[NT tricks | side HCP {h}]")) for h in hcps]
    game = [(h, find(report, f"P(3NT makes | side HCP {h})")) for h in hcps]
    figs = [line_with_ci("dd_nt_by_hcp", "Double-dummy notrump tricks by combined HCP",
                         "E[tricks in NT] of a side (the better of its two declarers) by its combined HCP, with 95% "
                         "bands (the deal as the unit), from the report's rows.",
                         [("E[NT tricks]", nt)], "side HCP", "tricks"),
            line_with_ci("dd_3nt_by_hcp", "How often 3NT makes double dummy, by combined HCP",
                         "P(9+ DD tricks in NT) of a side by its combined HCP, with 95% bands.",
                         [("P(3NT makes)", game)], "side HCP", "probability")]
    totals = range(D.TOTAL_LOW + 1, D.TOTAL_HIGH)
    lott = [(t, find(report, f"E[total tricks | {t} total trumps]")) for t in totals]
    figs.append(line_with_ci("dd_total_tricks", "Law of total tricks (double dummy)",
                             "E[total tricks] by total trumps (the two sides' longest suits), with 95% bands; the "
                             "'law' is the diagonal.", [("E[total tricks]", lott),
                                                         ("total trumps", [(t, _point(t)) for t in totals])],
                             "total trumps", "total tricks"))
    return figs


def _point(x: float):
    from analysis.estimators import Stat

    return Stat("", float(x), float(x), float(x), None, None, 1, 0.0)


def census_figures(run: Run, report: Report) -> list[Figure]:
    hcp = [(str(k), find(report, f"P(HCP = {k})")) for k in range(0, 31)]
    common = sorted(PATTERN_NAMES, key=lambda p: -(find(report, f"P(pattern {p})").exact or 0))[:14]
    figs = [
        versus_exact("hcp", "HCP of a hand", "P(HCP = k) of a 13-card hand, pooled over the four seats (95% CI with "
                     "the deal as the unit); black ticks: exact values counted over all C(52,13) hands.",
                     hcp, "HCP", "probability per hand", log=False),
        versus_exact("patterns", "Hand patterns", "The 14 most likely hand patterns (longest suit first), estimate "
                     "and exact frequency.", [(p, find(report, f"P(pattern {p})")) for p in common], "pattern",
                     "probability per hand", log=True),
        versus_exact("fits", "Longest combined suit of a partnership", "P(a side's longest combined suit has m "
                     "cards), pooled over the two sides; black ticks: exact over all C(52,26) partnership hands.",
                     [(str(m), find(report, f"P(longest fit = {m} cards)")) for m in range(7, 14)], "cards",
                     "probability per side", log=True),
        versus_exact("splits", "Splits of missing cards", "P(split | k cards missing) of the opponents' cards in a "
                     "suit, pooled over suits and sides; black ticks: exact (hypergeometric).",
                     [(s.name[2:].replace(" missing)", "").replace(" | ", "|"), s) for s in report.stats()
                      if s.seat is None and s.name.startswith("P(") and " missing)" in s.name
                      and int(s.name.split("| ")[1].split()[0]) in (4, 5, 6, 7)], "split | missing",
                     "probability", log=False),
    ]
    return figs + dd_figures(report)


def play_figures(run: Run, report: Report) -> list[Figure]:
    classes = [("passed out", find(report, "P(passed out)"))] + [
        (name, find(report, f"P({name})")) for name in ("part score", "game", "small slam", "grand slam")]
    figs = [
        stat_bars("contracts", "Contracts reached", "Share of boards by the contract reached (undoubled trick "
                  "score: game = 3NT, 4H/4S, 5C/5D and up), with 95% CIs.", classes, "share of boards", log=True),
        stat_bars("make_rate", "Make rate by level", "P(contract made | level) over the boards whose contract was "
                  "played, with 95% CIs.", [(str(lv), find(report, f"P(made | level {lv})")) for lv in range(1, 8)],
                  "P(made)", log=False),
        stat_bars("score_by_vul", "N-S score by vulnerability", "E[N-S duplicate score] by the board's "
                  "vulnerability (spec 4), with 95% CIs.",
                  [(v, find(report, f"E[N-S score | vulnerable: {v}]")) for v in VUL_LABELS], "points", log=False,
                  zero_line=True),
    ]
    loss = [s for s in report.stats() if s.seat is None and s.name.startswith("E[tricks − DD tricks | declarer ")]
    if loss:
        figs.append(stat_bars("trick_loss", "Tricks against double dummy, by declarer",
                              "E[tricks taken − DD tricks of the contract] by the declarer's player (negative: "
                              "tricks lost against perfect play), with 95% CIs.",
                              [(s.name.split("declarer ")[1].rstrip("]"), s) for s in loss], "tricks", log=False,
                              zero_line=True))
    return figs + dd_figures(report)
