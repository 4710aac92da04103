"""Small helpers shared by the benchmark scripts: timing medians and peak memory."""

from __future__ import annotations

import statistics
import time
from typing import Callable


def median_rate(fn: Callable[[], int], repeats: int) -> float:
    """Median of ``repeats`` runs of items-per-second; ``fn`` returns how many items it did."""
    rates = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        n = fn()
        rates.append(n / (time.perf_counter() - t0))
    return statistics.median(rates)


def fmt(x: float) -> str:
    for div, suffix in ((1e6, "M"), (1e3, "k")):
        if x >= div:
            return f"{x / div:.2f}{suffix}"
    return f"{x:.1f}"
