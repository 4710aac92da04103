"""``paiju census xiantao``: deal games and record per-seat hand features (no play)."""

from __future__ import annotations

from typing import Callable

import numpy as np
import pyarrow as pa

from sim.chunks import in_chunks, seat_features
from sim.schema import table_from_values


def compute_census(spec, start: int, stop: int, on_progress: Callable[[int], None] | None = None) -> pa.Table:
    """Rows of games ``start .. stop-1`` as an Arrow table with the census schema."""
    import numba

    from kernels.hand import packed_increments
    from kernels.xiantao.census import N_CENSUS_FEATURES, census_range
    from sim.games.xiantao.columns import CENSUS_LAYOUT, census_columns
    from sim.dealing import spec_tables
    from sim.games.xiantao.rules import census_params, compile_tables

    tables = compile_tables(spec.rules)
    inc_rank, inc_fk = packed_increments(tables.card)
    card_points = tables.points.astype(np.int64)
    params = census_params(spec.rules)
    fix_card, fix_slots = spec_tables(spec)
    n_seats = tables.n_seats
    deal = (tables.deck, fix_card, fix_slots, inc_rank, inc_fk, card_points, params)
    columns = census_columns()
    names = [f.name for f in CENSUS_LAYOUT.fields]

    def table(lo: int, hi: int) -> pa.Table:
        out = np.empty((N_CENSUS_FEATURES, n_seats, hi - lo), np.int16)
        census_range(np.uint64(spec.seed), lo, hi - lo, deal, out, 4 * numba.get_num_threads())
        values = {"game_index": np.arange(lo, hi, dtype=np.int64)}
        values.update(seat_features(out, names, n_seats))
        return table_from_values(columns, values)

    return in_chunks(start, stop, table, on_progress)


def warm_up(spec) -> None:
    """Compile (or load from cache) the census kernels on a tiny input."""
    compute_census(spec, 0, 2)
