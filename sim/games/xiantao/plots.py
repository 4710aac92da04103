"""仙桃千分's plots (census and play runs), drawn with the helpers of ``analysis.plots``."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from analysis.estimators import Stat, mean_ci, wilson_ci  # noqa: F401
from analysis.plots import (
    Figure, PooledShare, RatioBySeat, ValueCounts, find, money_figure, no_data, png, pyplot, share_figure,
    stat_bars, yerr,
)
from analysis.report import Report
from analysis.runs import BATCH_ROWS, Run, RunError

N_SEATS = 4

LOW_BUCKET = 3  # max_natural ≤ 3 is one bucket: exact P(max_natural ≥ 4) gives its complement
BEST_510K = ("none", "mixed", "pure D", "pure C", "pure H", "pure S")  # 0 .. 5 (杂, 正♦ … 正♠)


@dataclass
class CensusPlotData:
    """What the census plots need beyond the report, folded from one streamed pass."""

    seats: list[int]
    max_natural: PooledShare  # buckets: ≤3, 4, …, 8
    best_510k: PooledShare  # 0 none … 5 正♠


def census_plot_data(run: Run, batch_size: int = BATCH_ROWS) -> CensusPlotData:
    from sim.games.xiantao.report_census import _seats
    from sim.games.xiantao.exact import MAX_NATURAL_KS

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
    from sim.games.xiantao.exact import MAX_NATURAL_KS, census_exact, deck_from_ruleset, xi_from_ruleset

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
    figs.append(share_figure(
        "max_natural", "Distribution of max_natural (largest natural count of one rank)",
        "P(max_natural = k) per seat-hand, pooled over seats; bars: estimate with 95% CI (the deal "
        "as the unit), black ticks: exact (from P(max_natural ≥ k))." if nat_exact else
        "P(max_natural = k) per seat-hand, pooled over seats; 95% CI with the deal as the unit "
        "(no exact values for this deck).",
        nat, labels, "max_natural", nat_exact, log=True))
    figs.append(share_figure(
        "best_510k", "Distribution of best_510k (best 五十K held)",
        "P(best 五十K = v) per seat-hand, pooled over seats, with 95% CI (the deal as the unit); "
        "mixed = 杂510K, pure D/C/H/S = 正510K ♦/♣/♥/♠.",
        b510, list(BEST_510K), "best 510K", None, log=True))
    return figs


def _wilds_figure(report: Report, seats: list[int]) -> Figure:
    plt = pyplot()
    fig, (ax, az) = plt.subplots(2, 1, figsize=(8, 6.4), sharex=True,
                                 gridspec_kw={"height_ratios": [3, 1.4]})
    width = 0.8 / max(len(seats), 1)
    ws = range(7)
    for i, k in enumerate(seats):
        st = [next((s for s in report.stats() if s.name == f"P(wilds = {w})" and s.seat == k), None)
              for w in ws]
        xs = [w + (i - (len(seats) - 1) / 2) * width for w in ws]
        est = [s.estimate if s else math.nan for s in st]
        ax.errorbar(xs, est, yerr=yerr(est, [s.ci_low if s else math.nan for s in st],
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
                  f"±{report.sigmas:g}σ, the report's flag threshold).", png(fig))


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
    from analysis.columns import codes, seat_matrix
    from sim.games.xiantao.report_play import MODES, ROLES

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
        money = seat_matrix(b, "money", N_SEATS).astype(np.float64)
        role = np.stack([codes(b.column(f"s{k}_role"), ROLES) for k in range(N_SEATS)], axis=1)
        for i, r in enumerate(ROLES):
            data.roles[r].add(money[role == i])
        # the deal features are of a hand's first deal: leave out redealt hands
        fresh = b.column("redeals").to_numpy(zero_copy_only=False) == 0
        data.skipped += int(b.num_rows - fresh.sum())
        finish = seat_matrix(b, "finish", N_SEATS).astype(np.int64)
        wilds = np.clip(seat_matrix(b, "wilds", N_SEATS).astype(np.int64), 0, 6)[fresh]
        data.wild_first.add(wilds, (finish[fresh] == 1).astype(np.float64))
        data.wild_place.add(wilds, np.where(finish[fresh] == 0, PLACES, finish[fresh]).astype(np.float64))
        rows = np.flatnonzero((codes(b.column("mode"), MODES) == 1) & fresh)
        if rows.size:
            hs = np.clip(b.column("hard_seat").to_numpy(zero_copy_only=False)[rows].astype(np.int64), 0, 3)
            strength = sum(seat_matrix(b, f, N_SEATS)[rows, hs].astype(np.int64)
                           for f in ("wilds", "natural_bombs", "wangzha"))
            strength = np.clip(strength, 0, top)
            data.hard_n += np.bincount(strength, minlength=top + 1)
            data.hard_ok += np.bincount(strength[finish[rows, hs] == 1], minlength=top + 1)
    return data


def play_figures(run: Run, report: Report, batch_size: int = BATCH_ROWS) -> list[Figure]:
    from analysis.players import PLAYERS
    from sim.games.xiantao.report_play import GRADES, LEVELS, ROLE_LABEL

    data = play_plot_data(run, batch_size)
    figs = [money_figure(data.roles, ROLE_LABEL),
            stat_bars("grade_rates", "Grade rates",
                       "P(grade) over all hands with 95% Wilson intervals (大清, 小清, normal, 硬牌), "
                       "the same numbers as the Outcomes table.",
                       [(GRADE_ASCII[g], find(report, f"P(grade = {g})")) for g in GRADES],
                       "P(grade)", log=False),
            stat_bars("bombs_by_level", "Mean bombs per hand by ladder level",
                       "E[bomb-class plays per hand] at each level of the bomb ladder (rules §7.2; "
                       "L01 highest … L19 杂510K lowest) with 95% normal intervals; log scale, "
                       "levels never seen are left empty.",
                       [(f"L{lv:02d}", find(report, f"E[bombs L{lv:02d}]")) for lv in LEVELS],
                       "bombs per hand", log=True, rotate=True),
            _wilds_finish_figure(data.wild_first, data.wild_place, data.skipped),
            _hard_figure(data.hard_n, data.hard_ok, data.skipped)]
    players = [s for sec in report.sections if sec.title == PLAYERS for s in sec.stats
               if s.name.startswith("E[money | ")]
    if len(players) > 1:
        figs.append(stat_bars(
            "money_by_player", "Money per hand by player",
            "E[money | player] pooled over the seat-hands each player sits, 95% CI with the hand as "
            "the unit (the Players table); seat effects mix in unless the run rotates.",
            [(s.name[len("E[money | "):-1], s) for s in players], "money per hand (B)",
            log=False, zero_line=True))
    return figs


def _wilds_finish_figure(first: RatioBySeat, place: RatioBySeat, skipped: int) -> Figure:
    plt = pyplot()
    fig, (a1, a2) = plt.subplots(1, 2, figsize=(10, 3.8))
    ws = np.arange(7)
    for ax, acc, ylabel in ((a1, first, "P(first out)"), (a2, place, "mean finishing place")):
        st = [acc.stat(w) for w in ws]
        est = np.array([s.estimate for s in st])
        ok = np.isfinite(est) & np.array([s.n > 0 for s in st])
        ax.errorbar(ws[ok], est[ok], yerr=yerr(est[ok], [s.ci_low for s, o in zip(st, ok) if o],
                                                [s.ci_high for s, o in zip(st, ok) if o]),
                    fmt="o-", capsize=3)
        ax.set_xticks(ws, [f"{w}\n{s.n:,}" for w, s in zip(ws, st)], fontsize=8)
        ax.set_xlabel("wilds held at the deal (n seat-hands)")
        ax.set_ylabel(ylabel)
        if not ok.any():
            no_data(ax)
    a2.invert_yaxis()
    fig.suptitle("Wilds held vs finishing place (pooled over seats)", fontsize=11)
    note = f"; {skipped:,} redealt hand(s) left out (their features are of the first deal)" if skipped else ""
    return Figure("wilds_vs_finish", "Wilds held vs finishing place",
                  "Left: P(一游, first out | s{k}_wilds = w); right: mean finishing place, a seat "
                  "still holding cards at the end counted as 4th (末游). Pooled over seats and "
                  "policies; 95% intervals with the hand as the unit" + note + ".", png(fig))


def _hard_figure(hard_n: np.ndarray, hard_ok: np.ndarray, skipped: int) -> Figure:
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(8, 4))
    seen = np.flatnonzero(hard_n)
    total = int(hard_n.sum())
    if seen.size:
        xs = np.arange(seen.min(), seen.max() + 1)
        n, k = hard_n[xs], hard_ok[xs]
        has = n > 0
        p = np.where(has, k / np.maximum(n, 1), np.nan)
        ci = np.array([wilson_ci(int(a), int(b)) if b else (math.nan, math.nan) for a, b in zip(k, n)])
        ax.errorbar(xs[has], p[has], yerr=yerr(p[has], ci[has, 0], ci[has, 1]), fmt="o-",
                    capsize=3, color="tab:red", label="P(success)")
        ax.set_ylim(-0.02, 1.02)
        twin = ax.twinx()
        twin.bar(xs, n, color="grey", alpha=0.3, label="declarations")
        twin.set_ylabel("declarations")
        ax.set_zorder(twin.get_zorder() + 1)
        ax.patch.set_visible(False)
        ax.set_xticks(xs)
    else:
        no_data(ax, "no hard hands in this run")
    ax.set_xlabel(f"declarer's strength proxy: {STRENGTH} (at the deal)")
    ax.set_ylabel("P(declarer finishes first)")
    ax.set_title(f"Hard-hand success vs hand strength ({total:,} hard hands)\n"
                 f"proxy = {STRENGTH}", fontsize=10)
    note = f"; {skipped:,} redealt hand(s) left out" if skipped else ""
    return Figure("hard_vs_strength", "硬牌 success vs hand strength",
                  "P(硬牌家 finishes 1st) by the declarer's strength at the deal, proxy = "
                  f"{STRENGTH} (its census features), with 95% Wilson intervals; grey bars: how "
                  f"many 硬牌 were declared at each strength ({total:,} in all{note}).", png(fig))


