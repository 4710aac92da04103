"""``paiju census guanpai``: deal games and record what each player is dealt (no play)."""

from __future__ import annotations

from typing import Callable

import numpy as np
import pyarrow as pa

CHUNK = 262_144  # games per kernel call: bounds memory and paces the progress bar


def compute_census(spec, start: int, stop: int, on_progress: Callable[[int], None] | None = None) -> pa.Table:
    """Rows of games ``start .. stop-1`` as an Arrow table with the census columns."""
    import numba

    from kernels.guanpai.census import CENSUS_FEATURES, census
    from sim.games.guanpai.columns import N_SEATS, census_columns
    from sim.dealing import spec_tables
    from sim.games.guanpai.rules import compile_rules
    from sim.schema import table_from_values

    comp = compile_rules(spec.rules)
    fix_card, fix_slots = spec_tables(spec)
    tables = []
    for lo in range(start, stop, CHUNK):
        hi = min(stop, lo + CHUNK)
        out, lead = census(comp, spec.seed, lo, hi - lo, 4 * numba.get_num_threads(), fix_card, fix_slots)
        values = {"game_index": np.arange(lo, hi, dtype=np.int64), "lead_card": lead}
        for f, name in enumerate(CENSUS_FEATURES):
            for s in range(N_SEATS):
                values[f"s{s}_{name}"] = out[f, s]
        tables.append(table_from_values(census_columns(), values))
        if on_progress:
            on_progress(hi - lo)
    return pa.concat_tables(tables)


def warm_up(spec) -> None:
    """Compile (or load from cache) the census kernel on a tiny input."""
    compute_census(spec, 0, 2)
