"""``paiju census gandengyan``: deal games and record what each seat is dealt (no play)."""

from __future__ import annotations

from typing import Callable

import numpy as np
import pyarrow as pa

CHUNK = 262_144  # games per kernel call: bounds memory and paces the progress bar


def compute_census(spec, start: int, stop: int, on_progress: Callable[[int], None] | None = None) -> pa.Table:
    """Rows of games ``start .. stop-1`` as an Arrow table with the census columns."""
    import numba

    from kernels.gandengyan.census import CENSUS_FEATURES, N_FEATURES, census_range
    from kernels.gandengyan.state import new_state
    from sim.games.gandengyan.columns import census_columns
    from sim.games.gandengyan.dealing import spec_tables
    from sim.games.gandengyan.rules import compile_rules
    from sim.schema import table_from_values

    comp = compile_rules(spec.rules)
    n_seats = spec.rules.players
    fix_card, fix_slots = spec_tables(spec)
    template = new_state(comp.rules, comp.deck, fix_card=fix_card, fix_slots=fix_slots)
    tables = []
    for lo in range(start, stop, CHUNK):
        hi = min(stop, lo + CHUNK)
        out = np.empty((N_FEATURES, n_seats, hi - lo), np.int16)
        census_range(np.uint64(spec.seed), lo, hi - lo, template, out, 4 * numba.get_num_threads())
        values = {"game_index": np.arange(lo, hi, dtype=np.int64)}
        for f, name in enumerate(CENSUS_FEATURES):
            for s in range(n_seats):
                values[f"s{s}_{name}"] = out[f, s]
        tables.append(table_from_values(census_columns(n_seats), values))
        if on_progress:
            on_progress(hi - lo)
    return pa.concat_tables(tables)


def warm_up(spec) -> None:
    """Compile (or load from cache) the census kernel on a tiny input."""
    compute_census(spec, 0, 2)
