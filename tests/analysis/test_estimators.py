"""Streaming sufficient statistics against pandas; Wilson and normal intervals; Stat and z."""

from __future__ import annotations

import math
from math import comb

import numpy as np
import pandas as pd
import pyarrow as pa
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from analysis.estimators import Moments, MomentsTable, Stat, mean_ci, wilson_ci


def _frame(n: int, seed: int) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    f = rng.normal(3.0, 2.0, n)
    f[rng.random(n) < 0.1] = np.nan
    return pd.DataFrame({
        "i8": rng.integers(-128, 128, n, dtype=np.int8),
        "i16": rng.integers(0, 201, n).astype(np.int16),
        "b": rng.random(n) < 0.3,
        "big": rng.integers(0, 2**40, n, dtype=np.int64),  # sums of squares overflow int64
        "f": f,
    })


def test_streaming_equals_pandas():
    df = _frame(10_007, seed=3)
    table = MomentsTable()
    for batch in pa.Table.from_pandas(df, preserve_index=False).to_batches(max_chunksize=997):
        table.add_batch(batch)
    for col in df.columns:
        s = df[col].dropna().astype(np.float64)
        m = table[col]
        assert m.n == len(s)
        assert m.mean == pytest.approx(s.mean(), rel=1e-12)
        assert m.var == pytest.approx(s.var(ddof=1), rel=1e-9)
    assert table["i16"].total == int(df["i16"].astype(np.int64).sum())  # exact integer sums
    assert isinstance(table["b"].total, int) and table["b"].total == int(df["b"].sum())


def test_streaming_mapping_and_merge():
    df = _frame(5_000, seed=4)
    whole = MomentsTable()
    whole.add_batch({c: df[c].to_numpy() for c in ["i8", "i16"]})
    a, b = Moments(), Moments()
    a.add(df["i8"].to_numpy()[:1234])
    b.add(df["i8"].to_numpy()[1234:])
    merged = a.merge(b)
    assert (merged.n, merged.total, merged.total_sq) == (
        whole["i8"].n, whole["i8"].total, whole["i8"].total_sq)
    nulls = Moments()
    nulls.add(pa.array([1, None, 3], type=pa.int8()))
    assert (nulls.n, nulls.total, nulls.total_sq) == (2, 4, 10)


def test_wilson_known_values():
    z = 1.959963984540054
    lo, hi = wilson_ci(0, 10)
    assert lo == 0.0 and hi == pytest.approx(z * z / (10 + z * z))
    lo, hi = wilson_ci(10, 10)
    assert hi == 1.0 and lo == pytest.approx(10 / (10 + z * z))
    lo, hi = wilson_ci(50, 100)
    assert (lo, hi) == pytest.approx((0.40383, 0.59617), abs=1e-5)
    assert wilson_ci(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError):
        wilson_ci(5, 3)
    with pytest.raises(ValueError):
        wilson_ci(-1, 3)


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 10**7), st.data())
def test_wilson_properties(n, data):
    k = data.draw(st.integers(0, n))
    lo, hi = wilson_ci(k, n)
    assert 0.0 <= lo <= k / n <= hi <= 1.0
    lo2, hi2 = wilson_ci(n - k, n)
    assert lo == pytest.approx(1 - hi2, abs=1e-12) and hi == pytest.approx(1 - lo2, abs=1e-12)
    wlo, whi = wilson_ci(k, n, z=3.0)
    assert wlo <= lo + 1e-15 and whi >= hi - 1e-15  # wider at higher confidence
    lo4, hi4 = wilson_ci(4 * k, 4 * n)
    assert hi4 - lo4 <= hi - lo + 1e-12  # narrower with more data at the same proportion


@pytest.mark.parametrize("p,n", [(0.3, 50), (0.05, 200), (0.0025, 2000), (0.9, 30)])
def test_wilson_coverage_exact(p, n):
    cover = sum(comb(n, k) * p**k * (1 - p) ** (n - k)
                for k in range(n + 1) if wilson_ci(k, n)[0] <= p <= wilson_ci(k, n)[1])
    assert cover >= 0.92


def test_mean_ci():
    x = np.array([1, 2, 2, 3, 7], dtype=np.int64)
    mean, lo, hi, se = mean_ci(int(x.sum()), int((x * x).sum()), len(x))
    assert mean == 3.0 and se == pytest.approx(x.std(ddof=1) / math.sqrt(5))
    assert (lo, hi) == pytest.approx((3 - 1.959964 * se, 3 + 1.959964 * se))
    assert mean_ci(4, 16, 1)[3] == math.inf
    with pytest.raises(ValueError):
        mean_ci(0, 0, 0)


def test_stat_proportion_and_z():
    s = Stat.proportion("P(x)", 130, 1000, exact=0.1, seat=2)
    se0 = math.sqrt(0.1 * 0.9 / 1000)
    assert s.estimate == 0.13 and s.se == pytest.approx(se0) and s.seat == 2
    assert s.z == pytest.approx(0.03 / se0) and s.consistent() is True
    assert (s.ci_low, s.ci_high) == wilson_ci(130, 1000)
    far = Stat.proportion("P(x)", 300, 1000, exact=0.1)
    assert far.z > 5 and far.consistent() is False
    rare = Stat.proportion("P(rare)", 0, 1000, exact=1e-5)  # k = 0 still has finite z
    assert math.isfinite(rare.z) and rare.consistent()
    assert Stat.proportion("P(sure)", 10, 10, exact=1).z == 0.0
    assert Stat.proportion("P(sure)", 9, 10, exact=1).z == -math.inf
    free = Stat.proportion("P(y)", 3, 10)
    assert free.exact is None and free.z is None and free.consistent() is None


def test_stat_mean():
    s = Stat.mean("E[x]", 5050, 338350, 100, exact=50)
    assert s.estimate == 50.5 and s.z == pytest.approx(0.5 / s.se)
    assert s.ci_low < 50.5 < s.ci_high
