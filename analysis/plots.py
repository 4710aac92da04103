"""Plots of a run, as PNG bytes (``figures(run, report)``), for the HTML and Markdown reports.

Every number plotted comes either from the ``Report`` already built (its estimates and 95%
intervals, so plot and table agree) or from one more streamed pass over the run that folds
each record batch into small fixed-size accumulators (counts per value, ``Moments``,
``ClusterMean``); memory is one batch plus those tables whatever the run size.

Plot text is ASCII (no CJK font is assumed on the machine); the Chinese names are in the
captions, which the HTML and Markdown carry as text. matplotlib is imported inside the
functions that draw, with the Agg backend, so importing this module is cheap.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass
from typing import Iterable

import numpy as np

from analysis.estimators import Moments, Stat, mean_ci, wilson_ci
from analysis.report import Report
from analysis.runs import BATCH_ROWS, Run, RunError

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
    ΣY/ΣM with the cluster-robust variance of ``analysis.play_report.ClusterMean``.
    """

    def __init__(self, buckets: int):
        from analysis.play_report import ClusterMean

        self.c = [ClusterMean() for _ in range(buckets)]

    def add(self, bucket: np.ndarray, y: np.ndarray) -> None:
        for b, c in enumerate(self.c):
            sel = bucket == b
            c.add(np.where(sel, y, 0.0).sum(axis=1), sel.sum(axis=1))

    def stat(self, b: int) -> Stat:
        return self.c[b].stat("ratio")


# --- drawing helpers -------------------------------------------------------------------------


def _pyplot():
    import matplotlib

    matplotlib.use("Agg", force=True)
    import matplotlib.pyplot as plt

    return plt


def _png(fig) -> bytes:
    plt = _pyplot()
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=DPI, bbox_inches="tight", metadata={"Software": None})
    plt.close(fig)
    return buf.getvalue()


def _yerr(est, lo, hi, log: bool = False) -> np.ndarray:
    """Asymmetric error bars; on a log axis the lower bar stops above zero."""
    est, lo, hi = (np.asarray(x, np.float64) for x in (est, lo, hi))
    low = est - lo
    if log:
        low = np.minimum(low, est * 0.999)
    return np.nan_to_num(np.vstack([np.maximum(low, 0.0), np.maximum(hi - est, 0.0)]))


def _no_data(ax, text: str = "no observations") -> None:
    ax.text(0.5, 0.5, text, ha="center", va="center", transform=ax.transAxes, color="grey")


# --- census run ------------------------------------------------------------------------------

LOW_BUCKET = 3  # max_natural ≤ 3 is one bucket: exact P(max_natural ≥ 4) gives its complement
BEST_510K = ("none", "mixed", "pure D", "pure C", "pure H", "pure S")  # 0 .. 5 (杂, 正♦ … 正♠)


@dataclass
class CensusPlotData:
    """What the census plots need beyond the report, folded from one streamed pass."""

    seats: list[int]
    max_natural: PooledShare  # buckets: ≤3, 4, …, 8
    best_510k: PooledShare  # 0 none … 5 正♠


def census_plot_data(run: Run, batch_size: int = BATCH_ROWS) -> CensusPlotData:
    from analysis.census import _seats
    from analysis.exact.xiantao import MAX_NATURAL_KS

    seats = _seats(run)
    top = max(MAX_NATURAL_KS)
    data = CensusPlotData(seats, PooledShare(top - LOW_BUCKET + 1, len(seats)),
                          PooledShare(len(BEST_510K), len(seats)))
    names = [f"s{k}_{f}" for f in ("max_natural", "best_510k") for k in seats]
    for batch in run.iter_batches(names, batch_size):
        col = lambda f: np.stack([batch.column(f"s{k}_{f}").to_numpy(zero_copy_only=False)  # noqa: E731
                                  for k in seats], axis=1).astype(np.int64)
        data.max_natural.add(np.clip(col("max_natural"), LOW_BUCKET, top) - LOW_BUCKET)
        data.best_510k.add(np.clip(col("best_510k"), 0, len(BEST_510K) - 1))
    return data


def census_figures(run: Run, report: Report, batch_size: int = BATCH_ROWS) -> list[Figure]:
    from analysis.exact.xiantao import MAX_NATURAL_KS, census_exact, deck_from_ruleset, xi_from_ruleset

    data = census_plot_data(run, batch_size)
    seats, nat, b510 = data.seats, data.max_natural, data.best_510k
    deck = deck_from_ruleset(run.ruleset)
    exact = census_exact(deck, xi_from_ruleset(run.ruleset)) if deck is not None else {}
    top = max(MAX_NATURAL_KS)
    figs = [_wilds_figure(report, seats)]
    # exact P(max_natural = k) from the exact tail probabilities
    tail = {k: float(exact[f"P(max_natural ≥ {k})"]) for k in MAX_NATURAL_KS
            if f"P(max_natural ≥ {k})" in exact}
    nat_exact = None
    if len(tail) == len(MAX_NATURAL_KS):
        nat_exact = [1.0 - tail[LOW_BUCKET + 1]]
        nat_exact += [tail[k] - tail.get(k + 1, 0.0) for k in range(LOW_BUCKET + 1, top + 1)]
    labels = [f"<={LOW_BUCKET}"] + [str(k) for k in range(LOW_BUCKET + 1, top + 1)]
    figs.append(_share_figure(
        "max_natural", "Distribution of max_natural (largest natural count of one rank)",
        "P(max_natural = k) per seat-hand, pooled over seats; bars: estimate with 95% CI (the deal "
        "as the unit), black ticks: exact (from P(max_natural ≥ k))." if nat_exact else
        "P(max_natural = k) per seat-hand, pooled over seats; 95% CI with the deal as the unit "
        "(no exact values for this deck).",
        nat, labels, "max_natural", nat_exact, log=True))
    figs.append(_share_figure(
        "best_510k", "Distribution of best_510k (best 五十K held)",
        "P(best 五十K = v) per seat-hand, pooled over seats, with 95% CI (the deal as the unit); "
        "mixed = 杂510K, pure D/C/H/S = 正510K ♦/♣/♥/♠.",
        b510, list(BEST_510K), "best 510K", None, log=True))
    return figs


def _wilds_figure(report: Report, seats: list[int]) -> Figure:
    plt = _pyplot()
    fig, (ax, az) = plt.subplots(2, 1, figsize=(8, 6.4), sharex=True,
                                 gridspec_kw={"height_ratios": [3, 1.4]})
    width = 0.8 / max(len(seats), 1)
    ws = range(7)
    for i, k in enumerate(seats):
        st = [next((s for s in report.stats() if s.name == f"P(wilds = {w})" and s.seat == k), None)
              for w in ws]
        xs = [w + (i - (len(seats) - 1) / 2) * width for w in ws]
        est = [s.estimate if s else math.nan for s in st]
        ax.errorbar(xs, est, yerr=_yerr(est, [s.ci_low if s else math.nan for s in st],
                                        [s.ci_high if s else math.nan for s in st], log=True),
                    fmt="o", ms=4, capsize=2, label=f"seat {k}")
        az.bar(xs, [s.z if s and s.z is not None and math.isfinite(s.z) else 0.0 for s in st],
               width=width * 0.9, label=f"seat {k}")
    exact = [next((s.exact for s in report.stats() if s.name == f"P(wilds = {w})"
                   and s.exact is not None), None) for w in ws]
    if any(e is not None for e in exact):
        ax.hlines([e for e in exact if e is not None], [w - 0.45 for w, e in zip(ws, exact) if e is not None],
                  [w + 0.45 for w, e in zip(ws, exact) if e is not None], colors="black", lw=1.5,
                  label="exact")
    ax.set_yscale("log")
    ax.set_ylabel("P(wilds = w)")
    ax.set_title("Wilds per hand: estimate (95% CI) per seat vs exact")
    ax.legend(fontsize=8, ncol=3)
    az.axhline(0, color="black", lw=0.8)
    for lim in (-report.sigmas, report.sigmas):
        az.axhline(lim, color="red", lw=0.8, ls="--")
    az.set_ylabel("z vs exact")
    az.set_xlabel("wilds held w")
    az.set_xticks(list(ws))
    return Figure("wilds_vs_exact", "P(wilds = w): estimate vs exact",
                  "Wild cards (癞子) per hand: each seat's estimate with its 95% Wilson interval, the "
                  "exact hypergeometric value (black), and z against it (red dashes: "
                  f"±{report.sigmas:g}σ, the report's flag threshold).", _png(fig))


def _share_figure(slug, title, caption, share: PooledShare, labels, xlabel, exact, log) -> Figure:
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(8, 4.2))
    est, lo, hi = zip(*(share.estimate(b) for b in range(len(labels))))
    xs = np.arange(len(labels))
    ax.bar(xs, np.nan_to_num(est), color="tab:blue", alpha=0.75, label="estimate")
    ax.errorbar(xs, est, yerr=_yerr(est, lo, hi, log=log), fmt="none", ecolor="black", capsize=3)
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
    return Figure(slug, title, caption, _png(fig))


# --- play run --------------------------------------------------------------------------------

GRADE_ASCII = {"da_qing": "da_qing (大清)", "xiao_qing": "xiao_qing (小清)", "normal": "normal",
               "hard": "hard (硬牌)"}
STRENGTH = "wilds + natural_bombs + wangzha"  # the 硬牌 declarer's hand-strength proxy
PLACES = 4
MAX_STRENGTH = 6 + 13 + 1  # all wilds, a bomb of every rank, 王炸


@dataclass
class PlayPlotData:
    """What the play plots need beyond the report, folded from one streamed pass."""

    roles: dict[str, ValueCounts]  # money values per role (seat-hands)
    wild_first: RatioBySeat  # P(一游 | wilds = w), pooled over seats
    wild_place: RatioBySeat  # E[finishing place | wilds = w], unfinished = 4
    hard_n: np.ndarray  # 硬牌 declared, by the declarer's strength (STRENGTH)
    hard_ok: np.ndarray  # … of which the declarer finished first
    skipped: int = 0  # redealt hands left out of the deal-feature plots


def play_plot_data(run: Run, batch_size: int = BATCH_ROWS) -> PlayPlotData:
    from analysis.play_report import MODES, ROLES, _codes, _seat

    top = MAX_STRENGTH
    data = PlayPlotData({r: ValueCounts() for r in ROLES}, RatioBySeat(7), RatioBySeat(7),
                        np.zeros(top + 1, np.int64), np.zeros(top + 1, np.int64))
    cols = (["mode", "hard_seat", "redeals"]
            + [f"s{k}_{f}" for f in ("money", "role", "finish", "wilds", "natural_bombs", "wangzha")
               for k in range(N_SEATS)])
    missing = [c for c in cols if c not in run.columns]
    if missing:
        raise RunError(f"run {run.path} lacks column(s) for the plots: {', '.join(missing)}")
    for b in run.iter_batches(cols, batch_size):
        money = _seat(b, "money").astype(np.float64)
        role = np.stack([_codes(b.column(f"s{k}_role"), ROLES) for k in range(N_SEATS)], axis=1)
        for i, r in enumerate(ROLES):
            data.roles[r].add(money[role == i])
        # the deal features are of a hand's first deal: leave out redealt hands
        fresh = b.column("redeals").to_numpy(zero_copy_only=False) == 0
        data.skipped += int(b.num_rows - fresh.sum())
        finish = _seat(b, "finish").astype(np.int64)
        wilds = np.clip(_seat(b, "wilds").astype(np.int64), 0, 6)[fresh]
        data.wild_first.add(wilds, (finish[fresh] == 1).astype(np.float64))
        data.wild_place.add(wilds, np.where(finish[fresh] == 0, PLACES, finish[fresh]).astype(np.float64))
        rows = np.flatnonzero((_codes(b.column("mode"), MODES) == 1) & fresh)
        if rows.size:
            hs = np.clip(b.column("hard_seat").to_numpy(zero_copy_only=False)[rows].astype(np.int64), 0, 3)
            strength = sum(_seat(b, f)[rows, hs].astype(np.int64)
                           for f in ("wilds", "natural_bombs", "wangzha"))
            strength = np.clip(strength, 0, top)
            data.hard_n += np.bincount(strength, minlength=top + 1)
            data.hard_ok += np.bincount(strength[finish[rows, hs] == 1], minlength=top + 1)
    return data


def play_figures(run: Run, report: Report, batch_size: int = BATCH_ROWS) -> list[Figure]:
    from analysis.play_report import GRADES, LEVELS, PLAYERS, ROLES

    data = play_plot_data(run, batch_size)
    figs = [_money_figure(data.roles, ROLES),
            _stat_bars("grade_rates", "Grade rates",
                       "P(grade) over all hands with 95% Wilson intervals (大清, 小清, normal, 硬牌), "
                       "the same numbers as the Outcomes table.",
                       [(GRADE_ASCII[g], _find(report, f"P(grade = {g})")) for g in GRADES],
                       "P(grade)", log=False),
            _stat_bars("bombs_by_level", "Mean bombs per hand by ladder level",
                       "E[bomb-class plays per hand] at each level of the bomb ladder (rules §7.2; "
                       "L01 highest … L19 杂510K lowest) with 95% normal intervals; log scale, "
                       "levels never seen are left empty.",
                       [(f"L{lv:02d}", _find(report, f"E[bombs L{lv:02d}]")) for lv in LEVELS],
                       "bombs per hand", log=True, rotate=True),
            _wilds_finish_figure(data.wild_first, data.wild_place, data.skipped),
            _hard_figure(data.hard_n, data.hard_ok, data.skipped)]
    players = [s for sec in report.sections if sec.title == PLAYERS for s in sec.stats
               if s.name.startswith("E[money | ")]
    if len(players) > 1:
        figs.append(_stat_bars(
            "money_by_player", "Money per hand by player",
            "E[money | player] pooled over the seat-hands each player sits, 95% CI with the hand as "
            "the unit (the Players table); seat effects mix in unless the run rotates.",
            [(s.name[len("E[money | "):-1], s) for s in players], "money per hand (B)",
            log=False, zero_line=True))
    return figs


def _money_figure(roles: dict[str, ValueCounts], order: Iterable[str]) -> Figure:
    from analysis.play_report import ROLE_LABEL

    plt = _pyplot()
    order = list(order)
    fig, axes = plt.subplots(1, len(order), figsize=(3.2 * len(order), 3.4), sharey=True)
    for ax, r in zip(np.atleast_1d(axes), order):
        vc = roles[r]
        n = vc.n
        ax.set_title(f"{r} (n={n:,})", fontsize=9)
        if not n:
            _no_data(ax)
            continue
        vals, cnt = zip(*vc.items())
        vals = np.array(vals)
        width = 0.8 * (np.min(np.diff(vals)) if len(vals) > 1 else 1.0)
        ax.bar(vals, np.array(cnt) / n, width=width, color="tab:green")
        ax.set_xlabel("money (B)")
    np.atleast_1d(axes)[0].set_ylabel("share of seat-hands")
    fig.suptitle("Money per hand by role", fontsize=11)
    labels = ", ".join(f"{r} = {ROLE_LABEL[r]}" for r in order)
    return Figure("money_by_role", "Money distribution per role",
                  "Share of seat-hands ending with each money value (units of 底金 B), per role ("
                  f"{labels}); n = seat-hands in the role.", _png(fig))


def _find(report: Report, prefix: str) -> Stat | None:
    """The all-seats statistic whose name starts with ``prefix`` (names carry labels after it)."""
    return next((s for s in report.stats() if s.name.startswith(prefix) and s.seat is None), None)


def _stat_bars(slug, title, caption, items: list[tuple[str, Stat | None]], ylabel, log,
               rotate=False, zero_line=False) -> Figure:
    """Bars of report statistics with their 95% intervals; ``items`` are (label, stat)."""
    plt = _pyplot()
    stats = [s for _, s in items]
    est = np.array([s.estimate if s else math.nan for s in stats], np.float64)
    lo = np.array([s.ci_low if s else math.nan for s in stats], np.float64)
    hi = np.array([s.ci_high if s else math.nan for s in stats], np.float64)
    fig, ax = plt.subplots(figsize=(max(5.0, 0.5 * len(items) + 2), 4))
    xs = np.arange(len(items))
    shown = np.isfinite(est) & ((est > 0) if log else True)
    ax.bar(xs[shown], est[shown], color="tab:orange", alpha=0.8)
    ax.errorbar(xs[shown], est[shown], yerr=_yerr(est[shown], lo[shown], hi[shown], log=log),
                fmt="none", ecolor="black", capsize=3)
    if log and shown.any():
        ax.set_yscale("log")
        ax.set_ylim(bottom=0.3 * est[shown].min())  # a lower bound ≤ 0 runs off the axis
    if zero_line:
        ax.axhline(0, color="black", lw=0.8)
    if not shown.any():
        _no_data(ax)
    ascii_labels = [lb.split(" (")[0] for lb, _ in items]
    ax.set_xticks(xs, ascii_labels, rotation=45 if rotate else 0, ha="right" if rotate else "center")
    ax.set_ylabel(ylabel)
    n = max((s.n for s in stats if s), default=0)
    ax.set_title(f"{title} (n={n:,})")
    return Figure(slug, title, caption, _png(fig))


def _wilds_finish_figure(first: RatioBySeat, place: RatioBySeat, skipped: int) -> Figure:
    plt = _pyplot()
    fig, (a1, a2) = plt.subplots(1, 2, figsize=(10, 3.8))
    ws = np.arange(7)
    for ax, acc, ylabel in ((a1, first, "P(first out)"), (a2, place, "mean finishing place")):
        st = [acc.stat(w) for w in ws]
        est = np.array([s.estimate for s in st])
        ok = np.isfinite(est) & np.array([s.n > 0 for s in st])
        ax.errorbar(ws[ok], est[ok], yerr=_yerr(est[ok], [s.ci_low for s, o in zip(st, ok) if o],
                                                [s.ci_high for s, o in zip(st, ok) if o]),
                    fmt="o-", capsize=3)
        ax.set_xticks(ws, [f"{w}\n{s.n:,}" for w, s in zip(ws, st)], fontsize=8)
        ax.set_xlabel("wilds held at the deal (n seat-hands)")
        ax.set_ylabel(ylabel)
        if not ok.any():
            _no_data(ax)
    a2.invert_yaxis()
    fig.suptitle("Wilds held vs finishing place (pooled over seats)", fontsize=11)
    note = f"; {skipped:,} redealt hand(s) left out (their features are of the first deal)" if skipped else ""
    return Figure("wilds_vs_finish", "Wilds held vs finishing place",
                  "Left: P(一游, first out | s{k}_wilds = w); right: mean finishing place, a seat "
                  "still holding cards at the end counted as 4th (末游). Pooled over seats and "
                  "policies; 95% intervals with the hand as the unit" + note + ".", _png(fig))


def _hard_figure(hard_n: np.ndarray, hard_ok: np.ndarray, skipped: int) -> Figure:
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(8, 4))
    seen = np.flatnonzero(hard_n)
    total = int(hard_n.sum())
    if seen.size:
        xs = np.arange(seen.min(), seen.max() + 1)
        n, k = hard_n[xs], hard_ok[xs]
        has = n > 0
        p = np.where(has, k / np.maximum(n, 1), np.nan)
        ci = np.array([wilson_ci(int(a), int(b)) if b else (math.nan, math.nan) for a, b in zip(k, n)])
        ax.errorbar(xs[has], p[has], yerr=_yerr(p[has], ci[has, 0], ci[has, 1]), fmt="o-",
                    capsize=3, color="tab:red", label="P(success)")
        ax.set_ylim(-0.02, 1.02)
        twin = ax.twinx()
        twin.bar(xs, n, color="grey", alpha=0.3, label="declarations")
        twin.set_ylabel("declarations")
        ax.set_zorder(twin.get_zorder() + 1)
        ax.patch.set_visible(False)
        ax.set_xticks(xs)
    else:
        _no_data(ax, "no hard hands in this run")
    ax.set_xlabel(f"declarer's strength proxy: {STRENGTH} (at the deal)")
    ax.set_ylabel("P(declarer finishes first)")
    ax.set_title(f"Hard-hand success vs hand strength ({total:,} hard hands)\n"
                 f"proxy = {STRENGTH}", fontsize=10)
    note = f"; {skipped:,} redealt hand(s) left out" if skipped else ""
    return Figure("hard_vs_strength", "硬牌 success vs hand strength",
                  "P(硬牌家 finishes 1st) by the declarer's strength at the deal, proxy = "
                  f"{STRENGTH} (its census features), with 95% Wilson intervals; grey bars: how "
                  f"many 硬牌 were declared at each strength ({total:,} in all{note}).", _png(fig))


# --- entry point -----------------------------------------------------------------------------

FIGURES = {"census": census_figures, "play": play_figures}


def figures(run: Run, report: Report, batch_size: int = BATCH_ROWS) -> list[Figure]:
    """The plots for the run's ``kind`` (none for a kind without plots)."""
    make = FIGURES.get(run.kind)
    return [] if make is None else make(run, report, batch_size)
