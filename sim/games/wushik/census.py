"""``paiju census wushik``: deal games and record per-seat hand features (no play)."""

from __future__ import annotations

from typing import Callable

import numpy as np
import pyarrow as pa

from sim.chunks import in_chunks, seat_features
from sim.schema import table_from_values


def compute_census(spec, start: int, stop: int, on_progress: Callable[[int], None] | None = None) -> pa.Table:
    """Rows of games ``start .. stop-1`` as an Arrow table with the census schema."""
    import numba

    from kernels.wushik.census import census
    from kernels.wushik.layout import CENSUS_LAYOUT
    from sim.games.wushik.columns import N_SEATS, census_columns
    from sim.dealing import spec_tables
    from sim.games.wushik.rules import compile_rules

    t = compile_rules(spec.rules)
    fix_card, fix_slots = spec_tables(spec)
    columns = census_columns()
    names = [f.name for f in CENSUS_LAYOUT.fields]

    def table(lo: int, hi: int) -> pa.Table:
        out = census(t, spec.seed, lo, hi - lo, 4 * numba.get_num_threads(), fix_card, fix_slots)
        values = {"game_index": np.arange(lo, hi, dtype=np.int64)}
        values.update(seat_features(out, names, N_SEATS))
        return table_from_values(columns, values)

    return in_chunks(start, stop, table, on_progress)


def warm_up(spec) -> None:
    """Compile (or load from cache) the census kernel on a tiny input."""
    compute_census(spec, 0, 2)
