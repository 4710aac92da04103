"""Streaming estimators: sufficient statistics per column, Wilson and normal intervals, ``Stat``.

A rate (a statistic named ``P(…)`` whose values are all 0 or 1) gets the Wilson interval, which
stays inside [0, 1], however it is computed; other means get the normal interval.

A run is never held in memory: batches update (count, sum, sum of squares) per named quantity,
and every estimate with its interval is derived from those three numbers. Integer data are summed
in exact integers, so the variance has no cancellation error however long the run.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Iterable, Mapping

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

Z95 = 1.959963984540054  # two-sided 95% normal quantile
ZERO_SUM_TOL = 1e-9  # money is float64; a hand's Σ money is 0 up to rounding
_I64_SAFE = 2**62


@dataclass
class Moments:
    """Count, sum and sum of squares of one quantity (exact ints for integer/bool data)."""

    n: int = 0
    total: int | float = 0
    total_sq: int | float = 0

    def add(self, values) -> None:
        """Fold in an array (numpy, pyarrow or sequence); nulls are skipped."""
        arr = _to_numpy(values)
        if arr.dtype.kind == "f":
            arr = arr[~np.isnan(arr)]
        self.n += int(arr.size)
        if arr.size == 0:
            return
        if arr.dtype.kind in "biu":
            big = int(np.abs(arr.astype(np.int64)).max(initial=0))
            if big * big * arr.size < _I64_SAFE:  # int64 sums are exact: keep Python ints
                a64 = arr.astype(np.int64)
                self.total += int(a64.sum())
                self.total_sq += int((a64 * a64).sum())
                return
        a = arr.astype(np.float64)
        self.total += float(a.sum())
        self.total_sq += float((a * a).sum())

    def merge(self, other: "Moments") -> "Moments":
        """Combine two disjoint parts (e.g. shards) into one."""
        return Moments(self.n + other.n, self.total + other.total, self.total_sq + other.total_sq)

    @property
    def mean(self) -> float:
        if self.n == 0:
            raise ValueError("mean of no observations")
        return float(Fraction(self.total) / self.n) if _all_int(self) else self.total / self.n

    @property
    def var(self) -> float:
        """Sample variance (n-1 denominator)."""
        return sample_var(self.total, self.total_sq, self.n)


def _all_int(m: Moments) -> bool:
    return isinstance(m.total, int) and isinstance(m.total_sq, int)


def _to_numpy(values) -> np.ndarray:
    if isinstance(values, pa.ChunkedArray | pa.Array):
        if values.null_count:
            values = pc.drop_null(values)
        values = values.to_numpy(zero_copy_only=False)
    return np.asarray(values)


@dataclass
class MomentsTable:
    """Named ``Moments``, updated batch by batch (the streaming sufficient statistics)."""

    moments: dict[str, Moments] = field(default_factory=dict)

    def add(self, name: str, values) -> None:
        self.moments.setdefault(name, Moments()).add(values)

    def add_batch(self, batch: pa.RecordBatch | Mapping, columns: Iterable[str] | None = None):
        """Fold in every (or the named) column of a record batch or mapping of arrays."""
        names = batch.schema.names if isinstance(batch, pa.RecordBatch) else list(batch)
        for name in names if columns is None else columns:
            col = batch.column(name) if isinstance(batch, pa.RecordBatch) else batch[name]
            self.add(name, col)

    def __getitem__(self, name: str) -> Moments:
        return self.moments[name]

    def __contains__(self, name: str) -> bool:
        return name in self.moments


def sample_var(total, total_sq, n: int) -> float:
    """Sample variance from sufficient statistics; exact for integer sums, never negative."""
    if n < 2:
        return math.nan
    if isinstance(total, int) and isinstance(total_sq, int):
        return float(Fraction(n * total_sq - total * total, n * (n - 1)))
    return max(0.0, (total_sq - total * total / n) / (n - 1))


def wilson_ci(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a binomial proportion k/n (good even when k is 0 or n)."""
    if n < 0 or not 0 <= k <= max(n, 0):
        raise ValueError(f"need 0 <= k <= n, got k={k}, n={n}")
    if n == 0:
        return 0.0, 1.0
    return wilson_interval(k / n, n, z)


def wilson_interval(p: float, n: float, z: float = Z95) -> tuple[float, float]:
    """Wilson interval of a proportion ``p`` observed over ``n`` (possibly an effective,
    non-integer sample size); always inside [0, 1]."""
    if n <= 0 or math.isnan(p):
        return 0.0, 1.0
    z2 = z * z
    denom = 1.0 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z / denom * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    lo = 0.0 if p <= 0 else max(0.0, centre - half)
    hi = 1.0 if p >= 1 else min(1.0, centre + half)
    return lo, hi


def is_rate(name: str) -> bool:
    """Whether a statistic is a probability by its name (``P(…)``, the reports' convention)."""
    return str(name).startswith("P(")


def is_binary(total, total_sq) -> bool:
    """Whether integer data with these sums are all 0 or 1 (Σx = Σx² holds for integers only then,
    since x² ≥ x for every integer): a mean of such data is a proportion."""
    return isinstance(total, int) and isinstance(total_sq, int) and total == total_sq


def mean_ci(total, total_sq, n: int, z: float = Z95) -> tuple[float, float, float, float]:
    """Normal interval for a mean: (mean, low, high, standard error)."""
    if n < 1:
        raise ValueError("mean of no observations")
    mean = float(Fraction(total) / n) if isinstance(total, int) else total / n
    var = sample_var(total, total_sq, n)
    se = math.inf if math.isnan(var) else math.sqrt(var / n)
    return mean, mean - z * se, mean + z * se, se


def _z(estimate: float, exact: float, se: float) -> float:
    diff = estimate - exact
    if se > 0:
        return diff / se
    return 0.0 if diff == 0 else math.copysign(math.inf, diff)


@dataclass(frozen=True)
class Stat:
    """One estimate with its 95% interval, the exact value if known, and z against it.

    ``se`` is the standard error used for ``z``. Where the exact distribution is known it is the
    null-hypothesis error — sqrt(p0(1-p0)/n) for a proportion, sqrt(exact_var/n) for a mean —
    so a rare event with no hits yet gives a finite z; otherwise the plug-in standard error.
    """

    name: str
    estimate: float
    ci_low: float
    ci_high: float
    exact: float | None
    z: float | None
    n: int
    se: float
    seat: int | None = None

    @classmethod
    def proportion(cls, name, k: int, n: int, exact=None, seat=None, z: float = Z95) -> "Stat":
        k, n = int(k), int(n)
        p = k / n if n else math.nan
        lo, hi = wilson_ci(k, n, z)
        if exact is None:
            se = math.sqrt(p * (1 - p) / n) if n else math.nan
            return cls(name, p, lo, hi, None, None, n, se, seat)
        p0 = float(exact)
        se = math.sqrt(p0 * (1 - p0) / n) if n else math.nan
        return cls(name, p, lo, hi, p0, _z(p, p0, se), n, se, seat)

    @classmethod
    def mean(cls, name, total, total_sq, n: int, exact=None, seat=None, z: float = Z95,
             exact_var=None) -> "Stat":
        m, lo, hi, se = mean_ci(total, total_sq, n, z)
        if is_rate(name) and is_binary(total, total_sq):  # a rate: its interval stays in [0, 1]
            lo, hi = wilson_ci(total, n, z)
        if exact is None:
            return cls(name, m, lo, hi, None, None, n, se, seat)
        if exact_var is not None:
            se = math.sqrt(float(exact_var) / n)
        return cls(name, m, lo, hi, float(exact), _z(m, float(exact), se), n, se, seat)

    @classmethod
    def from_moments(cls, name, m: Moments, exact=None, seat=None, proportion=False,
                     exact_var=None) -> "Stat":
        if proportion:
            return cls.proportion(name, m.total, m.n, exact, seat)
        return cls.mean(name, m.total, m.total_sq, m.n, exact, seat, exact_var=exact_var)

    def against(self, exact, proportion: bool = False, exact_var=None) -> "Stat":
        """This estimate with an exact value and z = (estimate − exact) / standard error.

        The error is the larger of this estimate's own and the one the exact distribution gives
        for ``n`` independent observations (p0(1 − p0)/n for a proportion, exact_var/n for a
        mean): a rare event with no hits yet has no spread of its own, and must not read as
        infinitely far from a small exact value.
        """
        if exact is None:
            return self
        p0, se = float(exact), self.se
        if self.n:
            null_var = p0 * (1 - p0) if proportion else (None if exact_var is None else float(exact_var))
            if null_var is not None:
                se = max(se, math.sqrt(null_var / self.n))
        return replace(self, exact=p0, se=se, z=_z(self.estimate, p0, se))

    def consistent(self, sigmas: float = 5.0) -> bool | None:
        """Whether the estimate agrees with the exact value within ``sigmas`` (None: no exact)."""
        if self.z is None:
            return None
        return abs(self.z) <= sigmas


@dataclass
class ClusterMean:
    """Mean of a per-seat quantity pooled over seat-hands, with the hand as the sampling unit.

    Each hand h contributes Y_h (sum over its selected seats) and M_h (how many seats). The
    estimate is ΣY/ΣM, the plain mean over seat-hands; its variance is the ratio (cluster-robust)
    estimator Σ(Y_h − r·M_h)² / (ΣM)² · G/(G−1) over the G hands with M_h > 0. With a constant
    M_h this is exactly the normal interval of the per-hand means.
    """

    g: int = 0
    sm: int = 0
    sy: float = 0.0
    syy: float = 0.0
    sym: float = 0.0
    smm: int = 0
    binary: bool = True  # every seat's value 0 or 1 (0 ≤ Y_h ≤ M_h, whole): a rate, Wilson-type interval

    def add(self, y: np.ndarray, m: np.ndarray) -> None:
        keep = m > 0
        y, m = np.asarray(y, np.float64)[keep], np.asarray(m, np.int64)[keep]
        self.binary = self.binary and bool(np.all((y >= 0) & (y <= m) & (y == np.round(y))))
        self.g += int(m.size)
        self.sm += int(m.sum())
        self.sy += float(y.sum())
        self.syy += float((y * y).sum())
        self.sym += float((y * m).sum())
        self.smm += int((m * m).sum())

    def stat(self, name: str, seat: int | None = None) -> Stat:
        if self.sm == 0:
            return empty(name, seat)
        r = self.sy / self.sm
        if self.g < 2:
            se = math.inf
        else:
            ss = max(0.0, self.syy - 2 * r * self.sym + r * r * self.smm)
            se = math.sqrt(ss * self.g / (self.g - 1)) / self.sm
        if self.binary and is_rate(name):  # a pooled rate: Wilson at the effective size p(1-p)/se²
            if se == math.inf:  # one hand: its spread is unknown, so all a rate can say is [0, 1]
                return Stat(name, r, 0.0, 1.0, None, None, self.sm, se, seat)
            n_eff = r * (1 - r) / (se * se) if 0 < r < 1 and se > 0 else self.sm
            lo, hi = wilson_interval(r, n_eff)
            return Stat(name, r, lo, hi, None, None, self.sm, se, seat)
        return Stat(name, r, r - Z95 * se, r + Z95 * se, None, None, self.sm, se, seat)


def empty(name: str, seat: int | None = None) -> Stat:
    """A statistic with no observations in this run (kept so every report has the same rows)."""
    return Stat(name, math.nan, math.nan, math.nan, None, None, 0, math.nan, seat)


def from_moments(name: str, m: Moments | None, proportion: bool, seat=None, exact=None,
                 exact_var=None) -> Stat:
    if m is None or m.n == 0:
        return empty(name, seat)
    return Stat.from_moments(name, m, exact, seat, proportion, exact_var)


def invariant(name: str, value: float, n: int, exact: float = 0.0, tol: float = ZERO_SUM_TOL) -> Stat:
    """An identity checked on every row: the observed extreme against its required value."""
    ok = abs(value - exact) <= tol
    z = 0.0 if ok else math.copysign(math.inf, value - exact)
    return Stat(name, value, value, value, exact, z, n, 0.0)
