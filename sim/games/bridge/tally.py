"""Streaming tallies for bridge reports: distributions and means over exchangeable units (seats,
sides, suits) of a deal, pooled with the deal as the sampling unit and per unit.

A deal contributes, for each value v, y = the number of its units showing v and m = the number
of units counted; pooled estimates are ΣY/ΣM with the cluster-robust interval of
``analysis.estimators.ClusterMean``. Per-unit estimates (``seat=k``, hidden unless ``--seats``)
are plain proportions. Memory is a few counters per value whatever the run size.
"""

from __future__ import annotations

import numpy as np

import math
from dataclasses import replace

from analysis.estimators import ClusterMean, Moments, Stat, empty


def pooled_share(c: ClusterMean, name: str, exact=None) -> Stat:
    """A pooled proportion against its exact value p0. Its z uses the larger of the plug-in
    standard error and the null one of independent units, sqrt(p0 (1 - p0) / units): the plug-in
    error is 0 for an event not seen yet (and unreliable with few hits), and units of a deal that
    are negatively correlated (a hand's four suits) make the independent one the larger."""
    if not c.sm:
        return empty(name)
    stat = c.stat(name)
    if exact is None:
        return stat
    p0 = float(exact)
    se = max(stat.se, math.sqrt(p0 * (1 - p0) / c.sm))
    return replace(stat, se=se).against(p0)


class Distribution:
    """P(unit value = v) for v in 0 .. n_values-1, pooled over units and per unit."""

    def __init__(self, n_values: int, n_units: int):
        self.n_values, self.n_units = n_values, n_units
        self.pooled = [ClusterMean() for _ in range(n_values)]
        self.counts = np.zeros((n_units, n_values), np.int64)
        self.n = 0
        self.mean = ClusterMean()
        self.unit_mean = [Moments() for _ in range(n_units)]

    def add(self, values: np.ndarray, counted: np.ndarray | None = None) -> None:
        """``values`` (n, units) ints in 0 .. n_values-1; ``counted`` (n, units) bools (default all)."""
        values = np.asarray(values, np.int64)
        counted = np.ones(values.shape, bool) if counted is None else np.asarray(counted, bool)
        n = values.shape[0]
        per_deal = np.zeros((n, self.n_values), np.int64)
        rows = np.arange(n)
        for k in range(self.n_units):
            sel = counted[:, k]
            np.add.at(per_deal, (rows[sel], values[sel, k]), 1)
            self.counts[k] += np.bincount(values[sel, k], minlength=self.n_values)[:self.n_values]
            self.unit_mean[k].add(values[sel, k])
        m = counted.sum(axis=1)
        for v in range(self.n_values):
            self.pooled[v].add(per_deal[:, v], m)
        self.mean.add(np.where(counted, values, 0).sum(axis=1), m)
        self.n += n

    def share(self, name: str, v: int, exact=None) -> list[Stat]:
        """The pooled row of P(value = v), then one row per unit (a grouped event such as
        P(value >= 12) is an ``Indicator``: its per-deal count is not a sum of these)."""
        out = [pooled_share(self.pooled[v], name, exact)]
        for k in range(self.n_units):
            total = int(self.counts[k].sum())
            out.append(Stat.proportion(name, int(self.counts[k, v]), total, exact, seat=k) if total else empty(name, k))
        return out

    def mean_stats(self, name: str, exact=None) -> list[Stat]:
        out = [self.mean.stat(name).against(exact)]
        out += [Stat.from_moments(name, m, exact, seat=k) if m.n else empty(name, k)
                for k, m in enumerate(self.unit_mean)]
        return out


class Indicator:
    """P(an event) over the units of a deal (pooled and per unit), e.g. a seat's hand is balanced."""

    def __init__(self, n_units: int):
        self.pooled = ClusterMean()
        self.units = [Moments() for _ in range(n_units)]

    def add(self, hit: np.ndarray, counted: np.ndarray | None = None) -> None:
        hit = np.asarray(hit, bool)
        counted = np.ones(hit.shape, bool) if counted is None else np.asarray(counted, bool)
        self.pooled.add((hit & counted).sum(axis=1), counted.sum(axis=1))
        for k, m in enumerate(self.units):
            m.add(hit[counted[:, k], k])

    def stats(self, name: str, exact=None) -> list[Stat]:
        out = [pooled_share(self.pooled, name, exact)]
        out += [Stat.from_moments(name, m, exact, seat=k, proportion=True) if m.n else empty(name, k)
                for k, m in enumerate(self.units)]
        return out


class GroupMean:
    """E[y | unit's group = b] pooled over the units of a deal in the group (deal as the unit)."""

    def __init__(self, n_groups: int):
        self.groups = [ClusterMean() for _ in range(n_groups)]

    def add(self, group: np.ndarray, y: np.ndarray, counted: np.ndarray | None = None) -> None:
        group = np.asarray(group, np.int64)
        counted = np.ones(group.shape, bool) if counted is None else np.asarray(counted, bool)
        y = np.asarray(y, np.float64)
        for b, c in enumerate(self.groups):
            sel = (group == b) & counted
            c.add(np.where(sel, y, 0.0).sum(axis=1), sel.sum(axis=1))

    def stat(self, name: str, b: int) -> Stat:
        c = self.groups[b]
        return c.stat(name) if c.sm else empty(name)
