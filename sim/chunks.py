"""A game's ``compute`` over a range of game indices, a chunk at a time: the same loop for every game.

A chunk bounds the memory of one kernel call and paces the progress bar. The rows do not depend on
where the chunks are cut: each game index has its own stream, and a chunk of a play run holds
whole sessions (``session_step``).
"""

from __future__ import annotations

from typing import Callable

import pyarrow as pa

CHUNK = 262_144  # game indices per kernel call, unless a game says otherwise


def in_chunks(start: int, stop: int, table_of: Callable[[int, int], pa.Table],
              on_progress: Callable[[int], None] | None = None, step: int = CHUNK) -> pa.Table:
    """``table_of(lo, hi)`` for consecutive ranges of at most ``step`` game indices from ``start``
    to ``stop``, with ``on_progress(hi - lo)`` after each, as one table."""
    tables = []
    for lo in range(start, stop, step):
        hi = min(stop, lo + step)
        tables.append(table_of(lo, hi))
        if on_progress:
            on_progress(hi - lo)
    return pa.concat_tables(tables)


def session_step(spec, step: int = CHUNK) -> int:
    """At most ``step`` game indices, cut to whole sessions of ``--hands-per-session`` (at least one)."""
    hps = int(spec.options.get("hands_per_session", 1))
    return max(hps, step // hps * hps)


def seat_features(out, names, n_seats: int) -> dict:
    """``{"s{k}_{name}": out[f, k]}``: a kernel's (feature, seat, game) array as per-seat columns."""
    return {f"s{k}_{name}": out[f, k] for f, name in enumerate(names) for k in range(n_seats)}
