"""Every census estimate the game's report states next to an exact value lies within 5 standard
errors of it (a fixed seed and a small n, so a failure is a bug, not bad luck at 1 in 10^6)."""

from __future__ import annotations

import pytest

from tests.contract import cases as C

CENSUS = [c[:2] for c in C.variant_cases() if c[2] == "census"]
N_DEALS = 2_000
N_SLOW = 48  # a census that solves each deal (bridge double dummy) deals a few per second, not millions
SLOW_RATE = 1_000  # deals a second; fast censuses run at 10^5 or more, slow ones at ~10, so no machine flips it
MIN_EXPECTED = 10  # a proportion needs n·p ≥ 10 hits expected for its normal z to mean anything


def _stats(report):
    for section in [*report.sections, type("H", (), {"stats": report.headline})()]:
        for stat in getattr(section, "stats", []) or []:
            if getattr(stat, "exact", None) is not None and getattr(stat, "z", None) is not None:
                yield stat


@pytest.mark.parametrize("game,variant", CENSUS, ids=C.ids(CENSUS))
def test_census_estimates_agree_with_exact_values(game, variant):
    rate = C.run(game, variant, "census").manifest.get("rate_per_s") or SLOW_RATE
    report = C.run(game, variant, "census", n=N_DEALS if rate >= SLOW_RATE else N_SLOW).report()
    checked, far = 0, []
    for stat in _stats(report):
        p = stat.exact
        if 0 <= p <= 1 and min(p, 1 - p) * stat.n < MIN_EXPECTED and stat.estimate in (0, 1) or stat.n < 100:
            continue  # too rare to test at this n
        checked += 1
        if abs(stat.z) > 5:
            far.append(f"{stat.name}: {stat.estimate:.5g} vs exact {stat.exact:.5g} (z = {stat.z:+.1f}, n = {stat.n})")
    assert not far, "; ".join(far)
