"""A rich progress bar (count, rate, ETA) for long runs; silent when disabled."""

from __future__ import annotations

from typing import Any


class Progress:
    def __init__(self, description: str, unit: str = "games") -> None:
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress as RichProgress,
            TaskProgressColumn,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )

        self._unit = unit
        self._bar = RichProgress(
            TextColumn("[bold]{task.description}"),
            BarColumn(),
            TaskProgressColumn(),
            MofNCompleteColumn(),
            TextColumn("{task.fields[rate]}"),
            TimeElapsedColumn(),
            TextColumn("ETA"),
            TimeRemainingColumn(),
            transient=False,
        )
        self._description = description
        self._done_before = 0

    def start(self, total: int, completed: int = 0) -> Any:
        self._bar.start()
        self._done_before = completed
        return self._bar.add_task(self._description, total=total, completed=completed, rate="")

    def advance(self, task: Any, k: int) -> None:
        self._bar.advance(task, k)
        t = self._bar.tasks[0]
        elapsed = t.elapsed or 0.0
        done = t.completed - self._done_before
        if elapsed > 0:
            self._bar.update(task, rate=f"{_si(done / elapsed)} {self._unit}/s")

    def stop(self) -> None:
        self._bar.stop()


def _si(x: float) -> str:
    for div, suffix in ((1e9, "G"), (1e6, "M"), (1e3, "k")):
        if x >= div:
            return f"{x / div:.2f}{suffix}"
    return significant(x)


def rate(count: float, seconds: float) -> float | None:
    """``count / seconds`` to 4 significant figures, for a manifest's ``rate_per_s`` (None for no
    time): 0.72 boards/s stays 0.72, not 0.7 or 1."""
    if seconds <= 0:
        return None
    return float(f"{count / seconds:.4g}")


def significant(x: float, digits: int = 3) -> str:
    """``x`` to ``digits`` significant figures, whole numbers kept whole: 0.72 → "0.720",
    12.34 → "12.3", 1234567 → "1,234,567" (a rate is never rounded to 0 or 1)."""
    import math

    if x == 0 or not math.isfinite(x):
        return f"{x:g}"
    decimals = max(0, digits - 1 - math.floor(math.log10(abs(x))))
    return f"{x:,.{decimals}f}"
