"""``paiju census wushik``: deal games and record per-seat hand features (no play)."""

from __future__ import annotations

from typing import Callable

import numpy as np
import pyarrow as pa

from sim.chunks import in_chunks
from sim.schema import to_arrow_schema


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
    schema = to_arrow_schema(census_columns())
    types = [schema.field(f"s0_{f.name}").type for f in CENSUS_LAYOUT.fields]

    def table(lo: int, hi: int) -> pa.Table:
        out = census(t, spec.seed, lo, hi - lo, 4 * numba.get_num_threads(), fix_card, fix_slots)
        arrays = [pa.array(np.arange(lo, hi, dtype=np.int64))]
        for f, type_ in enumerate(types):
            dtype = np.bool_ if type_ == pa.bool_() else type_.to_pandas_dtype()
            for seat in range(N_SEATS):
                arrays.append(pa.array(out[f, seat].astype(dtype, copy=False)))
        return pa.Table.from_arrays(arrays, schema=schema)

    return in_chunks(start, stop, table, on_progress)


def warm_up(spec) -> None:
    """Compile (or load from cache) the census kernel on a tiny input."""
    compute_census(spec, 0, 2)
