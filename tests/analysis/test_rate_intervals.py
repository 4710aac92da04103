"""Intervals of rates stay inside [0, 1] (issue 26 item 4): a rate (a ``P(…)`` statistic of 0/1
values) gets the Wilson interval wherever it is computed (``Stat.mean``, sweeps, rates pooled over
seats), not a normal band such as 0.5 [-0.48, 1.48] at n = 2; means keep the normal interval."""

from __future__ import annotations

import numpy as np
import pytest

from analysis.estimators import ClusterMean, Moments, Stat, wilson_ci, wilson_interval


def test_a_mean_of_zeros_and_ones_is_a_wilson_interval():
    m = Moments()
    m.add(np.array([0, 1]))
    s = Stat.from_moments("P(x)", m)  # not marked as a proportion: still a rate
    assert s.estimate == 0.5 and (s.ci_low, s.ci_high) == pytest.approx(wilson_ci(1, 2))
    assert 0 < s.ci_low < s.ci_high < 1
    m = Moments()
    m.add(np.array([True, False, True, True]))
    assert (Stat.from_moments("P(y)", m).ci_low, Stat.from_moments("P(y)", m).ci_high) == pytest.approx(wilson_ci(3, 4))


def test_other_means_keep_the_normal_interval():
    s = Stat.mean("E[x]", 3, 5, 2)  # values 1 and 2
    assert s.ci_low == pytest.approx(1.5 - 1.959963984540054 * 0.5)
    count = Stat.mean("E[7张]", 1, 1, 2)  # a count that happens to be 0 or 1 here is still a mean
    assert count.ci_low == pytest.approx(0.5 - 1.959963984540054 * 0.5)
    c = ClusterMean()
    c.add(np.array([1.0]), np.array([1]))
    assert c.stat("ratio").ci_low == -np.inf  # a mean from one hand has no interval


def test_sweep_rates_are_wilson():
    from analysis.sweep import _stat

    s = _stat("P(win)", np.array([0.0, 1.0, np.nan]), "a=1")
    assert (s.ci_low, s.ci_high) == pytest.approx(wilson_ci(1, 2))
    d = _stat("Δ P(win)", np.array([-1.0, 1.0, 1.0]), "a=2")  # a difference is not a rate
    assert d.ci_low < 0


def test_pooled_rates_stay_in_the_unit_interval():
    one = ClusterMean()
    one.add(np.array([1.0]), np.array([2]))  # one hand: its spread is unknown
    assert (one.stat("P(x)").ci_low, one.stat("P(x)").ci_high) == (0.0, 1.0)
    c = ClusterMean()
    c.add(np.array([1.0, 0.0]), np.array([1, 1]))  # two hands, one seat each: 1 of 2
    s = c.stat("P(seat wins)")
    assert 0 <= s.ci_low < 0.5 < s.ci_high <= 1
    rng = np.random.default_rng(7)
    y = rng.integers(0, 5, 400).astype(float)  # 4 seats a hand, y of them win
    c = ClusterMean()
    c.add(y, np.full(400, 4))
    s = c.stat("P(win)")
    n_eff = s.estimate * (1 - s.estimate) / s.se**2
    assert (s.ci_low, s.ci_high) == pytest.approx(wilson_interval(s.estimate, n_eff))
    money = ClusterMean()
    money.add(np.array([3.0, -3.0, 6.0]), np.array([1, 1, 1]))  # money: a normal interval
    m = money.stat("E[money]")
    assert m.ci_low == pytest.approx(m.estimate - 1.959963984540054 * m.se)


def test_wilson_interval_never_leaves_the_unit_interval():
    for p in (0.0, 1e-9, 0.3, 1 - 1e-9, 1.0):
        for n in (0.5, 1, 2, 10.5, 1e6):
            lo, hi = wilson_interval(p, n)
            assert 0 <= lo <= p <= hi <= 1
