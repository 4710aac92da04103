"""How much a headline figure depends on the players: the same deals played under each setting of
a policy parameter (``paiju sweep``), compared hand by hand.

Every run of a sweep has the same seed, so hand ``g`` of every setting is the same deal; the
game's headline figures (``sim.game.Job.metrics``, per-hand values) are estimated per setting
with 95% CIs, and each setting is compared with the first one by the mean of the per-hand
differences over the hands where the figure applies in both (a paired difference, far tighter
than comparing two independent runs). A game whose game index holds several rows (a match of
hands) is paired game index by game index, each one's figure the mean over its rows, since the
settings may play different numbers of hands in it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from analysis.estimators import Moments, Stat, empty
from analysis.report import Report, Section

BY_SETTING = "Headline figures by setting"
PAIRED = "Paired differences against the first setting (same deals)"


@dataclass(frozen=True)
class SettingStat(Stat):
    """A ``Stat`` labelled with the setting it belongs to."""

    setting: str = ""


def _values(run, metrics) -> tuple[dict[str, np.ndarray], np.ndarray]:
    """Per-hand values of every metric over the whole run, and each hand's game index."""
    columns = sorted({c for m in metrics for c in m.columns} | {"game_index"})
    table = run.to_arrow(columns)
    data = {c: table.column(c).to_numpy(zero_copy_only=False) for c in columns}
    return {m.name: np.asarray(m.value(data), np.float64) for m in metrics}, np.asarray(data["game_index"])


def _per_game(x: np.ndarray, game_index: np.ndarray) -> np.ndarray:
    """The mean of ``x`` over the rows of each game index (NaN where it applies to none), in
    game-index order: what pairs runs whose game indices hold different numbers of rows."""
    index, inverse = np.unique(game_index, return_inverse=True)
    ok = ~np.isnan(x)
    total = np.bincount(inverse[ok], x[ok], len(index))
    count = np.bincount(inverse[ok], minlength=len(index))
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(count > 0, total / np.maximum(count, 1), np.nan)


def _stat(name: str, x: np.ndarray, setting: str) -> SettingStat:
    x = x[~np.isnan(x)]
    if x.size == 0:
        s = empty(name)
    else:
        m = Moments()
        binary = bool(np.all((x == 0) | (x == 1)))
        m.add(x.astype(np.int8) if binary else x)  # a rate: exact integer sums, so a Wilson interval
        s = Stat.from_moments(name, m)
    return SettingStat(s.name, s.estimate, s.ci_low, s.ci_high, None, None, s.n, s.se, None, setting)


@dataclass
class SweepReport(Report):
    @property
    def columns(self) -> tuple[str, ...]:
        return ("setting", "statistic", "estimate", "95% CI", "n")

    def rows(self, section: Section) -> list[tuple[str, ...]]:
        out = []
        for s in section.stats:
            est = "—" if math.isnan(s.estimate) else f"{s.estimate:.5g}"
            ci = "—" if math.isnan(s.ci_low) else f"[{s.ci_low:.4g}, {s.ci_high:.4g}]"
            out.append((getattr(s, "setting", ""), s.name, est, ci, f"{s.n:,}"))
        return out

    def check_line(self) -> str:
        return "paired differences: the same deals under each setting (runs share their seed)"


def sweep_report(game: str, name: str, settings: list[str], runs: list, metrics) -> SweepReport:
    """The sweep's report: each metric per setting, and its paired difference against the first."""
    pairs = [_values(run, metrics) for run in runs]
    values = [v for v, _ in pairs]
    if any(len(np.unique(g)) != len(g) for _, g in pairs):  # several rows per game index: pair by index
        paired_values = [{k: _per_game(x, g) for k, x in v.items()} for v, g in pairs]
    else:
        order = [np.argsort(g, kind="stable") for _, g in pairs]
        paired_values = [{k: x[o] for k, x in v.items()} for (v, _), o in zip(pairs, order)]
    by_setting = Section(BY_SETTING, notes=[
        "mean over the hands where the figure applies (n); 95% CI: Wilson for rates, normal otherwise"])
    paired = Section(PAIRED, notes=[
        "Δ = per hand, the figure under the setting minus under the first setting, over the hands where it "
        "applies under both (n); normal 95% CI of the mean difference"])
    if any(len(np.unique(g)) != len(g) for _, g in pairs):
        paired.notes.append("game indices hold several rows (matches): each difference is per game index, "
                            "of the mean over its rows")
    for m in metrics:
        for setting, v in zip(settings, values):
            by_setting.stats.append(_stat(m.name, v[m.name], setting))
        base = paired_values[0][m.name]
        for setting, v in zip(settings[1:], paired_values[1:]):
            paired.stats.append(_stat(f"Δ {m.name}", v[m.name] - base, setting))
    n = runs[0].n_rows
    summary = [f"{game}: {n:,} hands per setting, the same deals (seed {runs[0].manifest.get('seed')}), "
               f"{name} = {', '.join(settings)}"]
    return SweepReport(f"Sweep of {name} on {game}", summary, [by_setting] + ([paired] if len(runs) > 1 else []),
                       per_seat=True)
