"""The deal-census report of a 仙桃千分 run: per-seat deal features against exact values.

Streams record batches, folds per-seat indicators and counts into ``MomentsTable`` and turns
them into ``Stat`` rows; memory is one batch whatever the run size.
"""

from __future__ import annotations

from typing import Callable

import numpy as np

from analysis.estimators import ClusterMean, MomentsTable, Stat
from sim.games.xiantao.exact import (
    MAX_NATURAL_KS,
    census_exact,
    census_exact_var,
    deck_from_ruleset,
    xi_from_ruleset,
)
from analysis.report import FLAG, Report, Section
from analysis.runs import BATCH_ROWS, Run, RunError

FEATURES = ("wilds", "max_natural", "seven", "eight", "wangzha", "points",
            "natural_bombs", "max_bomb", "best_510k", "xi_units")
Cols = dict[str, np.ndarray]
# (section, statistic, is a probability, value from the seat's columns)
Spec = tuple[str, str, bool, Callable[[Callable[[str], np.ndarray]], np.ndarray]]

XI = "喜 at deal (rules §10.3)"
WILDS = "Wilds per hand (rules §2)"
NAT = "Natural rank counts and bombs"
PTS = "Points and 510K"
INV = "Deal invariants (every game, all seats)"
POOLED_NOTE = ("seats are exchangeable: each row pools the seat-hands of all seats (95% CI with the deal as the "
               "unit); per-seat rows with --seats")
# the designer's question first: how often a hand holds 7张 / 8张 counting its wilds (natural only below it)
HEADLINE = ("P(7张+ with wilds)", "P(8张+ with wilds)", "P(7张 ≥ 1)", "P(8张 ≥ 1)", "P(王炸)", "E[wilds]",
            "P(xi_units > 0)", "P(正510K)")


def _reach(c) -> np.ndarray:
    """The most cards of one rank a hand can show with its wilds: max natural count + wilds."""
    return c("max_natural").astype(np.int64) + c("wilds").astype(np.int64)


def seat_specs() -> list[Spec]:
    specs: list[Spec] = [
        (XI, "P(王炸)", True, lambda c: c("wangzha")),
        (XI, "P(7张 ≥ 1)", True, lambda c: c("seven") >= 1),
        (XI, "E[7张]", False, lambda c: c("seven")),
        (XI, "P(8张 ≥ 1)", True, lambda c: c("eight") >= 1),
        (XI, "E[8张]", False, lambda c: c("eight")),
        (XI, "P(7张+ with wilds)", True, lambda c: _reach(c) >= 7),
        (XI, "P(8张+ with wilds)", True, lambda c: _reach(c) >= 8),
        (XI, "P(xi_units > 0)", True, lambda c: c("xi_units") > 0),
        (XI, "E[xi_units]", False, lambda c: c("xi_units")),
    ]
    specs += [(WILDS, f"P(wilds = {w})", True, lambda c, w=w: c("wilds") == w) for w in range(7)]
    specs.append((WILDS, "E[wilds]", False, lambda c: c("wilds")))
    specs += [(NAT, f"P(max_natural ≥ {k})", True, lambda c, k=k: c("max_natural") >= k)
              for k in MAX_NATURAL_KS]
    specs += [
        (NAT, "E[natural_bombs]", False, lambda c: c("natural_bombs")),
        (NAT, "E[max_bomb]", False, lambda c: c("max_bomb")),
        (PTS, "E[points]", False, lambda c: c("points")),
        (PTS, "P(any 510K)", True, lambda c: c("best_510k") >= 1),
        (PTS, "P(正510K)", True, lambda c: c("best_510k") >= 2),
    ]
    return specs


def invariant_specs(seats, xi, deck) -> list[tuple[str, Callable[[Cols], np.ndarray]]]:
    """Whole-game identities that hold in every correct row (exact probability 1)."""

    def every(test):
        return lambda cols: np.logical_and.reduce([test(lambda f: cols[f"s{k}_{f}"]) for k in seats])

    def total(f, cols):
        return sum(cols[f"s{k}_{f}"].astype(np.int64) for k in seats)

    def bomb_rule(c):
        reach = c("max_natural").astype(np.int64) + c("wilds")
        return c("max_bomb") == np.where(reach >= 4, reach, 0)

    specs = [("P(Σ 王炸 ≤ 1)", lambda cols: total("wangzha", cols) <= 1)]
    if deck is not None and len(seats) * deck.hand_size == deck.total:
        pts = sum(c * p for c, p in zip(deck.rank_copies, deck.rank_points))
        specs += [(f"P(Σ wilds = {deck.wilds})", lambda cols: total("wilds", cols) == deck.wilds),
                  (f"P(Σ points = {pts})", lambda cols: total("points", cols) == pts)]
    w, s, e = xi["wangzha"], xi["seven"], xi["eight"]
    specs += [
        (f"P(xi_units = {w}·王炸 + {s}·7张 + {e}·8张)", every(lambda c: c("xi_units") == (
            w * c("wangzha").astype(np.int64) + s * c("seven").astype(np.int64)
            + e * c("eight").astype(np.int64)))),
        ("P(max_bomb = max_natural + wilds if ≥ 4 else 0)", every(bomb_rule)),
        ("P(natural_bombs ≥ 1 ⇔ max_natural ≥ 4)",
         every(lambda c: (c("natural_bombs") >= 1) == (c("max_natural") >= 4))),
    ]
    return specs


def _seats(run: Run) -> list[int]:
    seats = [k for k in range(16) if f"s{k}_wilds" in run.columns]
    if not seats:
        raise RunError(f"run {run.path} has no census columns (s0_wilds, …)")
    missing = [f"s{k}_{f}" for k in seats for f in FEATURES if f"s{k}_{f}" not in run.columns]
    if missing:
        raise RunError(f"run {run.path} lacks census column(s): {', '.join(missing)}")
    return seats


def summary_lines(run: Run, n_rows: int, deck, xi) -> list[str]:
    m = run.manifest
    lines = [f"run: {run.path}",
             f"game {m.get('game')} · variant {m.get('variant')} · kind {m.get('kind')} · "
             f"schema v{m.get('schema_version')}"]
    if run.complete:
        lines.append("status: complete")
    else:
        lines.append(f"status: INCOMPLETE ({m.get('status')!s}); estimates cover rows written so far")
    rows = f"rows: {n_rows:,} in {len(run.parts)} part file(s); manifest n = {m.get('n')}"
    if run.complete and isinstance(m.get("n"), int) and m["n"] != n_rows:
        rows += f" {FLAG} rows ≠ manifest n"
    lines.append(rows)
    run_line = f"seed {m.get('seed')} · {m.get('threads')} threads · backend {m.get('backend')}"
    wall, rate = m.get("wall_time_s"), m.get("rate_per_s")
    if isinstance(wall, int | float):
        run_line += f" · wall {wall:,.1f} s"
    if isinstance(rate, int | float):
        from sim.progress import significant

        run_line += f" · {significant(rate)} games/s"
    lines.append(run_line)
    lines.append(" · ".join(f"{k} {m.get(k + '_version')}"
                            for k in ("paiju", "numba", "numpy", "pyarrow")))
    if deck is None:
        lines.append("exact values: none for this deck (pei_cards not one_bj_one_sj)")
    else:
        lines.append(f"exact values: {deck.total}-card deck, {deck.hand_size}-card hands, "
                     f"喜 units 王炸 {xi['wangzha']} / 7张 {xi['seven']} / 8张 {xi['eight']}")
    return lines


def census_report(run: Run, batch_size: int = BATCH_ROWS) -> Report:
    """Per-seat deal statistics of a census run, each against its exact value where known."""
    seats = _seats(run)
    deck, xi = deck_from_ruleset(run.ruleset), xi_from_ruleset(run.ruleset)
    exact = census_exact(deck, xi) if deck is not None else {}
    exact_var = census_exact_var(deck, xi) if deck is not None else {}
    specs, invariants = seat_specs(), invariant_specs(seats, xi, deck)
    table = MomentsTable()
    pooled = {name: ClusterMean() for _, name, _, _ in specs}
    names = [f"s{k}_{f}" for k in seats for f in FEATURES]
    for batch in run.iter_batches(names, batch_size):
        cols = {n: batch.column(n).to_numpy(zero_copy_only=False) for n in names}
        for _, name, _, fn in specs:
            per_seat = [fn(lambda f, k=k: cols[f"s{k}_{f}"]) for k in seats]
            for k, v in zip(seats, per_seat):
                table.add(f"{name}|{k}", v)
            pooled[name].add(sum(np.asarray(v, np.float64) for v in per_seat), np.full(len(per_seat[0]), len(seats)))
        for name, fn in invariants:
            table.add(name, fn(cols))
    if not table.moments:
        raise RunError(f"run {run.path} has no rows")
    sections: dict[str, Section] = {}
    pooled_stats = {}
    for title, name, is_p, _ in specs:
        sec = sections.setdefault(title, Section(title, notes=[POOLED_NOTE]))
        pooled_stats[name] = pooled[name].stat(name).against(exact.get(name), is_p, exact_var.get(name))
        sec.stats.append(pooled_stats[name])
        sec.stats += [Stat.from_moments(name, table[f"{name}|{k}"], exact.get(name), k, is_p,
                                        exact_var.get(name)) for k in seats]
    inv = Section(INV, [Stat.from_moments(name, table[name], 1, None, True) for name, _ in invariants])
    n_rows = table[f"E[wilds]|{seats[0]}"].n
    title = f"仙桃千分 deal census — {n_rows:,} games"
    headline = [pooled_stats[name] for name in HEADLINE]
    return Report(title, summary_lines(run, n_rows, deck, xi), [*sections.values(), inv], headline=headline)
