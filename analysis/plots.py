"""Plots of a run, as PNG bytes, for the HTML and Markdown reports: the building blocks every game's
plots are made of (``sim.reports.figures`` asks the run's game for its plots).

Every number plotted comes either from the ``Report`` already built (its estimates and 95%
intervals, so plot and table agree) or from one more streamed pass over the run that folds
each record batch into small fixed-size accumulators (counts per value, ``Moments``,
``ClusterMean``); memory is one batch plus those tables whatever the run size.

Chinese text is drawn in a CJK font when the system has one and otherwise written in pinyin or
English (``analysis.plot_text``), never as boxes; the captions, which the HTML and Markdown carry
as text, keep the Chinese names. matplotlib is imported inside the functions that draw, with the
Agg backend, so importing this module is cheap.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass

import numpy as np

from analysis.estimators import Moments, Stat, mean_ci
from analysis.report import Report

N_SEATS = 4
DPI = 100
MAX_DISTINCT = 1000  # distinct money values kept per role before coarser rounding


@dataclass(frozen=True)
class Figure:
    """One plot: ``slug`` names its PNG file, ``title``/``caption`` are shown beside it."""

    slug: str
    title: str
    caption: str
    png: bytes


# --- streaming accumulators ------------------------------------------------------------------


class ValueCounts:
    """Counts of the distinct values of a numeric quantity, folded batch by batch.

    Values are rounded to ``decimals``; if more than ``max_values`` distinct values turn up,
    the rounding gets coarser, so the table stays bounded whatever the data.
    """

    def __init__(self, decimals: int = 6, max_values: int = MAX_DISTINCT):
        self.decimals, self.max_values = decimals, max_values
        self.counts: dict[float, int] = {}

    def add(self, values: np.ndarray) -> None:
        values = np.asarray(values, np.float64)
        values = values[np.isfinite(values)]
        if not values.size:
            return
        uniq, cnt = np.unique(np.round(values, self.decimals), return_counts=True)
        for v, c in zip(uniq.tolist(), cnt.tolist()):
            self.counts[v] = self.counts.get(v, 0) + c
        while len(self.counts) > self.max_values:
            self.decimals -= 1
            merged: dict[float, int] = {}
            for v, c in self.counts.items():
                key = round(v, self.decimals)
                merged[key] = merged.get(key, 0) + c
            self.counts = merged

    @property
    def n(self) -> int:
        return sum(self.counts.values())

    def items(self) -> list[tuple[float, int]]:
        return sorted(self.counts.items())


class PooledShare:
    """P(a seat's value falls in bucket b), pooled over the seats of each deal.

    Per deal, y = number of seats in the bucket; the estimate is E[y]/seats and the normal
    interval uses the spread of y, so the deal (not the seat) is the sampling unit.
    """

    def __init__(self, buckets: int, seats: int = N_SEATS):
        self.seats = seats
        self.m = [Moments() for _ in range(buckets)]

    def add(self, bucket: np.ndarray) -> None:
        """``bucket``: (n, seats) bucket index of each seat of each deal."""
        for b, m in enumerate(self.m):
            m.add((bucket == b).sum(axis=1).astype(np.int64))

    def estimate(self, b: int) -> tuple[float, float, float]:
        m = self.m[b]
        if m.n == 0:
            return math.nan, math.nan, math.nan
        mean, lo, hi, _ = mean_ci(m.total, m.total_sq, m.n)
        s = self.seats
        return mean / s, max(0.0, lo / s), min(1.0, hi / s)


class RatioBySeat:
    """E[y | the seat's bucket = b] pooled over seat-hands, the hand as the sampling unit.

    Per hand and bucket: Y = Σ y over the seats in the bucket, M = how many seats; the ratio
    ΣY/ΣM with the cluster-robust variance of ``analysis.estimators.ClusterMean``.
    """

    def __init__(self, buckets: int):
        from analysis.estimators import ClusterMean

        self.c = [ClusterMean() for _ in range(buckets)]

    def add(self, bucket: np.ndarray, y: np.ndarray) -> None:
        for b, c in enumerate(self.c):
            sel = bucket == b
            c.add(np.where(sel, y, 0.0).sum(axis=1), sel.sum(axis=1))

    def stat(self, b: int) -> Stat:
        return self.c[b].stat("ratio")


# --- drawing helpers -------------------------------------------------------------------------


def pyplot():
    import matplotlib

    matplotlib.use("Agg", force=True)
    import matplotlib.pyplot as plt

    from analysis.plot_text import use_cjk_font

    use_cjk_font()
    return plt


def png(fig) -> bytes:
    from analysis.plot_text import readable

    plt = pyplot()
    readable(fig)  # no CJK font: pinyin / English instead of boxes
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=DPI, bbox_inches="tight", metadata={"Software": None})
    plt.close(fig)
    return buf.getvalue()


def yerr(est, lo, hi, log: bool = False) -> np.ndarray:
    """Asymmetric error bars; on a log axis the lower bar stops above zero."""
    est, lo, hi = (np.asarray(x, np.float64) for x in (est, lo, hi))
    low = est - lo
    if log:
        low = np.minimum(low, est * 0.999)
    return np.nan_to_num(np.vstack([np.maximum(low, 0.0), np.maximum(hi - est, 0.0)]))


def no_data(ax, text: str = "no observations") -> None:
    ax.text(0.5, 0.5, text, ha="center", va="center", transform=ax.transAxes, color="grey")


def share_figure(slug, title, caption, share: PooledShare, labels, xlabel, exact, log) -> Figure:
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(8, 4.2))
    est, lo, hi = zip(*(share.estimate(b) for b in range(len(labels))))
    xs = np.arange(len(labels))
    ax.bar(xs, np.nan_to_num(est), color="tab:blue", alpha=0.75, label="estimate")
    ax.errorbar(xs, est, yerr=yerr(est, lo, hi, log=log), fmt="none", ecolor="black", capsize=3)
    if exact is not None:
        ax.hlines(exact, xs - 0.4, xs + 0.4, colors="black", lw=2, label="exact")
        ax.legend(fontsize=8)
    pos = np.array([e for e in est if e > 0])
    if log and pos.size and pos.max() > 100 * pos.min():  # log only when it spans decades
        ax.set_yscale("log")
        ax.set_ylim(bottom=0.3 * pos.min())
    ax.set_xticks(xs, labels)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("probability per seat-hand")
    n = share.m[0].n
    ax.set_title(f"{title.split(' (')[0]} ({n:,} deals x {share.seats} seats)")
    return Figure(slug, title, caption, png(fig))


def money_figure(roles: dict[str, ValueCounts], labels: dict[str, str]) -> Figure:
    """Share of seat-hands ending with each money value, one panel per role (``labels``: role →
    its name in the game's language, shown in the caption)."""
    plt = pyplot()
    order = [r for r in labels if r in roles]
    fig, axes = plt.subplots(1, len(order), figsize=(3.2 * len(order), 3.4), sharey=True)
    for ax, r in zip(np.atleast_1d(axes), order):
        vc = roles[r]
        n = vc.n
        ax.set_title(f"{r} (n={n:,})", fontsize=9)
        if not n:
            no_data(ax)
            continue
        vals, cnt = zip(*vc.items())
        vals = np.array(vals)
        width = 0.8 * (np.min(np.diff(vals)) if len(vals) > 1 else 1.0)
        ax.bar(vals, np.array(cnt) / n, width=width, color="tab:green")
        ax.set_xlabel("money (B)")
    np.atleast_1d(axes)[0].set_ylabel("share of seat-hands")
    fig.suptitle("Money per hand by role", fontsize=11)
    text = ", ".join(f"{r} = {labels[r]}" for r in order)
    return Figure("money_by_role", "Money distribution per role",
                  "Share of seat-hands ending with each money value (units of 底金 B), per role ("
                  f"{text}); n = seat-hands in the role.", png(fig))


def _tick_label(label: str) -> str:
    """A short tick label: "X (what X means)" → "X"; with no CJK font, the English of "中文 (English)"."""
    from analysis.plot_text import cjk_font, has_cjk, plain

    short = label.split(" (")[0]
    return plain(label) if has_cjk(short) and cjk_font() is None else short


def player_money(report: Report) -> list[tuple[str, Stat]]:
    """(player, E[money | player]) from the report's Players section only: a game's other
    ``E[money | …]`` rows (roles, decisions) are not players."""
    from analysis.players import PLAYERS

    return [(s.name[len("E[money | "):-1], s) for sec in report.sections if sec.title == PLAYERS
            for s in sec.stats if s.name.startswith("E[money | ") and s.seat is None]


def find(report: Report, prefix: str) -> Stat | None:
    """The all-seats statistic whose name starts with ``prefix`` (names carry labels after it)."""
    return next((s for s in report.stats() if s.name.startswith(prefix) and s.seat is None), None)


def stat_bars(slug, title, caption, items: list[tuple[str, Stat | None]], ylabel, log,
               rotate=False, zero_line=False) -> Figure:
    """Bars of report statistics with their 95% intervals; ``items`` are (label, stat)."""
    plt = pyplot()
    stats = [s for _, s in items]
    est = np.array([s.estimate if s else math.nan for s in stats], np.float64)
    lo = np.array([s.ci_low if s else math.nan for s in stats], np.float64)
    hi = np.array([s.ci_high if s else math.nan for s in stats], np.float64)
    fig, ax = plt.subplots(figsize=(max(5.0, 0.5 * len(items) + 2), 4))
    xs = np.arange(len(items))
    shown = np.isfinite(est) & ((est > 0) if log else True)
    ax.bar(xs[shown], est[shown], color="tab:orange", alpha=0.8)
    ax.errorbar(xs[shown], est[shown], yerr=yerr(est[shown], lo[shown], hi[shown], log=log),
                fmt="none", ecolor="black", capsize=3)
    if log and shown.any():
        ax.set_yscale("log")
        ax.set_ylim(bottom=0.3 * est[shown].min())  # a lower bound ≤ 0 runs off the axis
    if zero_line:
        ax.axhline(0, color="black", lw=0.8)
    if not shown.any():
        no_data(ax)
    labels = [_tick_label(lb) for lb, _ in items]
    rotate = rotate or max((len(lb) for lb in labels), default=0) > 10 or sum(len(lb) for lb in labels) > 48
    ax.set_xticks(xs, labels, rotation=45 if rotate else 0, ha="right" if rotate else "center")
    ax.set_ylabel(ylabel)
    n = max((s.n for s in stats if s), default=0)
    ax.set_title(f"{title} (n={n:,})")
    return Figure(slug, title, caption, png(fig))
