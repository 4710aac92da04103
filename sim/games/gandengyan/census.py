"""``paiju census gandengyan``: deal games and record what each seat is dealt (no play)."""

from __future__ import annotations

from typing import Callable

import numpy as np
import pyarrow as pa

from sim.chunks import in_chunks, seat_features


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

    def table(lo: int, hi: int) -> pa.Table:
        out = np.empty((N_FEATURES, n_seats, hi - lo), np.int16)
        census_range(np.uint64(spec.seed), lo, hi - lo, template, out, 4 * numba.get_num_threads())
        values = {"game_index": np.arange(lo, hi, dtype=np.int64)}
        values.update(seat_features(out, CENSUS_FEATURES, n_seats))
        return table_from_values(census_columns(n_seats), values)

    return in_chunks(start, stop, table, on_progress)


def warm_up(spec) -> None:
    """Compile (or load from cache) the census kernel on a tiny input."""
    compute_census(spec, 0, 2)
