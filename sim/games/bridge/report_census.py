"""The deal census report of a bridge run: every seat's HCP, pattern, suit lengths, controls and
losers, each side's HCP and fit, and the splits of missing cards — each against its exact value
(``sim.games.bridge.exact``); with ``dd = true`` the double-dummy sections (``report_dd``).

Seats (and sides, and a hand's suits) are exchangeable: every statistic is given pooled over them
with the deal as the sampling unit; per-seat rows are shown with ``--seats``. Memory is one
record batch plus fixed counters whatever the run size.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from analysis.columns import codes, num
from analysis.estimators import ClusterMean, Moments, Stat
from analysis.report import Report, Section
from analysis.runs import BATCH_ROWS, Run, RunError
from kernels.bridge.hand import PATTERN_NAMES
from sim.games.bridge import exact as X
from sim.games.bridge.tally import Distribution, Indicator, pooled_share

SUIT_KEYS = ("c", "d", "h", "s")
HCP = "HCP of a hand (A 4, K 3, Q 2, J 1)"
PATTERNS = "Hand patterns (suit lengths, longest first)"
LENGTHS = "Suit lengths"
CONTROLS = "Controls (A 2, K 1) and losing-trick count"
SIDE_HCP = "Partnership HCP"
FITS = "Partnership fits (longest combined suit)"
SPLITS = "Splits of a side's missing cards between the opponents"
INVARIANTS = "Deal invariants (every deal)"
POOLED = ("seats are exchangeable: each row pools the 4 seats' hands (95% CI with the deal as the unit); per-seat "
          "rows with --seats")
BALANCED = ("4-3-3-3", "4-4-3-2", "5-3-3-2")
HCP_MAX = 30  # P(HCP = k) rows for k = 0 .. HCP_MAX (the rest are below 1e-8)
SIDE_THRESHOLDS = (20, 23, 25, 26, 28, 30, 33, 37)
MISSING = range(2, 9)
HEADLINE = ("E[HCP]", "P(HCP ≥ 12)", "P(balanced: 4-3-3-3, 4-4-3-2, 5-3-3-2)", "P(pattern 4-4-3-2)",
            "P(8+ card fit)", "P(3-2 | 5 missing)", "P(4-3 | 7 missing)")


def _tail(dist: dict, t: int) -> Fraction:
    return sum((p for k, p in dist.items() if k >= t), Fraction(0))


def _mean(dist: dict) -> Fraction:
    return sum((k * p for k, p in dist.items()), Fraction(0))


class SplitTally:
    """P(split | k cards of a suit missing from a side) pooled over the 2 sides × 4 suits."""

    def __init__(self) -> None:
        self.c = {(k, a): ClusterMean() for k in MISSING for a in range((k + 1) // 2, k + 1)}

    def add(self, lens: np.ndarray) -> None:
        """``lens`` (n, 4 seats, 4 suits)."""
        held = np.concatenate([lens[:, 0] + lens[:, 2], lens[:, 1] + lens[:, 3]], axis=1)  # (n, 8) side×suit
        opp_a = np.concatenate([lens[:, 1], lens[:, 0]], axis=1)
        opp_b = np.concatenate([lens[:, 3], lens[:, 2]], axis=1)
        missing = 13 - held
        top = np.maximum(opp_a, opp_b)
        for (k, a), c in self.c.items():
            units = missing == k
            c.add((units & (top == a)).sum(axis=1), units.sum(axis=1))

    def stats(self) -> list[Stat]:
        out = []
        for k in MISSING:
            exact = X.suit_split(k)
            for a in range(k, (k + 1) // 2 - 1, -1):
                label = f"{a}-{k - a}"
                c = self.c[(k, a)]
                name = f"P({label} | {k} missing)"
                out.append(pooled_share(c, name, exact.get(label, 0)))
        return out


class CensusTally:
    """Everything the census report folds from a batch."""

    def __init__(self) -> None:
        self.hcp = Distribution(38, 4)
        self.hcp_events = {name: Indicator(4) for name in ("P(HCP ≥ 12)", "P(HCP 15–17)", "P(HCP ≥ 20)")}
        self.pattern = Distribution(len(PATTERN_NAMES), 4)
        self.shape_events = {name: Indicator(4) for name in ("P(balanced: 4-3-3-3, 4-4-3-2, 5-3-3-2)", "P(a void)",
                                                             "P(a singleton or void)")}
        self.length = Distribution(14, 16)
        self.controls = Distribution(13, 4)
        self.losers = Distribution(13, 4)
        self.side_hcp = Distribution(41, 2)
        self.side_events = {t: Indicator(2) for t in SIDE_THRESHOLDS}
        self.fit = Distribution(14, 2)
        self.fit8 = Indicator(2)
        self.splits = SplitTally()
        self.invariants = {name: Moments() for name in ("P(Σ HCP of the four hands = 40)",
                                                        "P(every suit has 13 cards among the hands)",
                                                        "P(side HCP = its two hands' HCP)")}
        self.n = 0

    def add(self, hcp, lens, pattern, controls, losers, side_hcp, fit) -> None:
        self.n += hcp.shape[0]
        self.hcp.add(hcp)
        for name, hit in (("P(HCP ≥ 12)", hcp >= 12), ("P(HCP 15–17)", (hcp >= 15) & (hcp <= 17)),
                          ("P(HCP ≥ 20)", hcp >= 20)):
            self.hcp_events[name].add(hit)
        self.pattern.add(pattern)
        short = lens.min(axis=2)
        balanced = np.isin(pattern, [PATTERN_NAMES.index(p) for p in BALANCED])
        for name, hit in (("P(balanced: 4-3-3-3, 4-4-3-2, 5-3-3-2)", balanced), ("P(a void)", short == 0),
                          ("P(a singleton or void)", short <= 1)):
            self.shape_events[name].add(hit)
        self.length.add(lens.reshape(lens.shape[0], 16))
        self.controls.add(controls)
        self.losers.add(losers)
        self.side_hcp.add(side_hcp)
        for t, ind in self.side_events.items():
            ind.add(side_hcp >= t)
        self.fit.add(fit)
        self.fit8.add(fit >= 8)
        self.splits.add(lens)
        inv = self.invariants
        inv["P(Σ HCP of the four hands = 40)"].add(hcp.sum(axis=1) == 40)
        inv["P(every suit has 13 cards among the hands)"].add((lens.sum(axis=1) == 13).all(axis=1))
        inv["P(side HCP = its two hands' HCP)"].add((side_hcp[:, 0] == hcp[:, 0] + hcp[:, 2])
                                                    & (side_hcp[:, 1] == hcp[:, 1] + hcp[:, 3]))

    def sections(self) -> list[Section]:
        hcp13, hcp26 = X.hcp_distribution(13), X.hcp_distribution(26)
        patterns = X.pattern_frequencies()
        hcp = Section(HCP, notes=[POOLED])
        hcp.stats = self.hcp.mean_stats("E[HCP]", _mean(hcp13))
        exact_events = {"P(HCP ≥ 12)": _tail(hcp13, 12), "P(HCP 15–17)": _tail(hcp13, 15) - _tail(hcp13, 18),
                        "P(HCP ≥ 20)": _tail(hcp13, 20)}
        for name, ind in self.hcp_events.items():
            hcp.stats += ind.stats(name, exact_events[name])
        for k in range(HCP_MAX + 1):
            hcp.stats += self.hcp.share(f"P(HCP = {k})", k, hcp13.get(k, 0))
        shape = Section(PATTERNS, notes=[POOLED])
        void = sum((p for name, p in patterns.items() if name.endswith("-0")), Fraction(0))
        short = sum((p for name, p in patterns.items() if name.split("-")[-1] in ("0", "1")), Fraction(0))
        exact_shape = {"P(balanced: 4-3-3-3, 4-4-3-2, 5-3-3-2)": sum(patterns[p] for p in BALANCED),
                       "P(a void)": void, "P(a singleton or void)": short}
        for name, ind in self.shape_events.items():
            shape.stats += ind.stats(name, exact_shape[name])
        for i, name in enumerate(PATTERN_NAMES):
            shape.stats += self.pattern.share(f"P(pattern {name})", i, patterns[name])
        lengths = Section(LENGTHS, notes=["each row pools the 16 suits of a deal (4 seats × 4 suits); per-unit rows "
                                          "(--seats) are seat-major: unit 4·seat + suit (♣ ♦ ♥ ♠)"])
        suit = X.suit_length_distribution()
        lengths.stats = self.length.mean_stats("E[suit length]", Fraction(13, 4))
        for v in range(11):
            lengths.stats += self.length.share(f"P(suit length = {v})", v, suit[v])
        ctl = Section(CONTROLS, notes=[POOLED])
        cdist, ldist = X.controls_distribution(), X.losers_distribution()
        ctl.stats = self.controls.mean_stats("E[controls]", _mean(cdist))
        ctl.stats += [s for v in range(13) for s in self.controls.share(f"P(controls = {v})", v, cdist.get(v, 0))]
        ctl.stats += self.losers.mean_stats("E[losers]", _mean(ldist))
        ctl.stats += [s for v in range(13) for s in self.losers.share(f"P(losers = {v})", v, ldist.get(v, 0))]
        side = Section(SIDE_HCP, notes=["each row pools the two sides of a deal (N-S, E-W); per side with --seats "
                                        "(0 N-S, 1 E-W)"])
        side.stats = self.side_hcp.mean_stats("E[side HCP]", _mean(hcp26))
        for t, ind in self.side_events.items():
            side.stats += ind.stats(f"P(side HCP ≥ {t})", _tail(hcp26, t))
        fits = Section(FITS, notes=["each row pools the two sides of a deal"])
        fdist = X.fit_distribution()
        fits.stats = self.fit8.stats("P(8+ card fit)", X.p_eight_card_fit())
        for m in range(7, 14):
            fits.stats += self.fit.share(f"P(longest fit = {m} cards)", m, fdist.get(m, 0))
        splits = Section(SPLITS, notes=["k missing: the opponents hold k cards of a suit; each row pools the suits "
                                        "of both sides where k are missing (the deal is the unit)"])
        splits.stats = self.splits.stats()
        inv = Section(INVARIANTS, [Stat.from_moments(name, m, 1, proportion=True) for name, m in self.invariants.items()])
        return [hcp, shape, lengths, ctl, side, fits, splits, inv]


def census_batch(batch) -> tuple:
    """(hcp, lens, pattern, controls, losers, side_hcp, fit) arrays of a census batch."""
    seat = lambda f: np.stack([num(batch, f"s{k}_{f}") for k in range(4)], axis=1).astype(np.int64)  # noqa: E731
    lens = np.stack([seat(f"len_{s}") for s in SUIT_KEYS], axis=2)
    pattern = np.stack([codes(batch.column(f"s{k}_pattern"), PATTERN_NAMES) for k in range(4)], axis=1)
    side_hcp = np.stack([num(batch, "ns_hcp"), num(batch, "ew_hcp")], axis=1).astype(np.int64)
    fit = np.stack([num(batch, "ns_fit"), num(batch, "ew_fit")], axis=1).astype(np.int64)
    return seat("hcp"), lens, pattern, seat("controls"), seat("losers"), side_hcp, fit


def census_report(run: Run, batch_size: int = BATCH_ROWS) -> Report:
    """The census report of a bridge run (module docstring)."""
    from sim.games.bridge.report_dd import DDTally, dd_columns, dd_table

    needed = [f"s{k}_{f}" for f in ("hcp", "pattern", "controls", "losers") + tuple(f"len_{s}" for s in SUIT_KEYS)
              for k in range(4)] + ["ns_hcp", "ew_hcp", "ns_fit", "ew_fit"]
    missing = [c for c in needed if c not in run.columns]
    if missing:
        raise RunError(f"run {run.path} lacks bridge census column(s) {', '.join(missing[:4])}")
    has_dd = "par_score" in run.columns
    tally, dd = CensusTally(), DDTally() if has_dd else None
    for batch in run.iter_batches(needed + (dd_columns() if has_dd else []), batch_size):
        parts = census_batch(batch)
        tally.add(*parts)
        if dd is not None:
            dd.add(parts[0], parts[1], dd_table(batch), num(batch, "par_score"))
    if tally.n == 0:
        raise RunError(f"run {run.path} has no rows")
    sections = tally.sections() + (dd.sections() if dd is not None else [])
    m = run.manifest
    summary = [f"run {run.path}: {tally.n:,} deals, seed {m.get('seed')}, variant {m.get('variant')}"
               + ("" if run.complete else " — INCOMPLETE: estimates cover the rows written so far"),
               "exact values: counted over all C(52,13) hands, C(52,26) partnerships and C(26,13) splits "
               "(sim.games.bridge.exact)"]
    stats = {s.name: s for sec in sections for s in sec.stats if s.seat is None}
    headline = [stats[name] for name in HEADLINE]
    if dd is not None:
        headline += [stats[n] for n in ("E[NT tricks | side HCP 25]", "P(3NT makes | side HCP 25)")]
    return Report(f"桥牌 bridge deal census — {tally.n:,} deals", summary, sections, headline=headline)
