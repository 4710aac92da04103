"""How much a headline figure depends on the players: the same deals played under each setting of
a policy parameter (``paiju sweep``), compared hand by hand.

Every run of a sweep has the same seed, so hand ``g`` of every setting is the same deal; the
game's headline figures (``sim.game.Job.metrics``, per-hand values) are estimated per setting
with 95% CIs, and each setting is compared with the first one by the mean of the per-hand
differences over the hands where the figure applies in both (a paired difference, far tighter
than comparing two independent runs).
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


def _values(run, metrics) -> dict[str, np.ndarray]:
    """Per-hand values of every metric over the whole run, ordered by game index."""
    columns = sorted({c for m in metrics for c in m.columns} | {"game_index"})
    table = run.to_arrow(columns)
    data = {c: table.column(c).to_numpy(zero_copy_only=False) for c in columns}
    return {m.name: np.asarray(m.value(data), np.float64) for m in metrics}


def _stat(name: str, x: np.ndarray, setting: str) -> SettingStat:
    x = x[~np.isnan(x)]
    if x.size == 0:
        s = empty(name)
    else:
        m = Moments()
        m.add(x)
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
    values = [_values(run, metrics) for run in runs]
    by_setting = Section(BY_SETTING, notes=["mean over the hands where the figure applies (n), normal 95% CI"])
    paired = Section(PAIRED, notes=[
        "Δ = per hand, the figure under the setting minus under the first setting, over the hands where it "
        "applies under both (n); normal 95% CI of the mean difference"])
    for m in metrics:
        for setting, v in zip(settings, values):
            by_setting.stats.append(_stat(m.name, v[m.name], setting))
        base = values[0][m.name]
        for setting, v in zip(settings[1:], values[1:]):
            paired.stats.append(_stat(f"Δ {m.name}", v[m.name] - base, setting))
    n = runs[0].n_rows
    summary = [f"{game}: {n:,} hands per setting, the same deals (seed {runs[0].manifest.get('seed')}), "
               f"{name} = {', '.join(settings)}"]
    return SweepReport(f"Sweep of {name} on {game}", summary, [by_setting] + ([paired] if len(runs) > 1 else []),
                       per_seat=True)
