"""``paiju census guanpai``: deal games and record what each player is dealt (no play)."""

from __future__ import annotations

from typing import Callable

import numpy as np
import pyarrow as pa

from sim.chunks import in_chunks, seat_features


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

    def table(lo: int, hi: int) -> pa.Table:
        out, lead = census(comp, spec.seed, lo, hi - lo, 4 * numba.get_num_threads(), fix_card, fix_slots)
        values = {"game_index": np.arange(lo, hi, dtype=np.int64), "lead_card": lead}
        values.update(seat_features(out, CENSUS_FEATURES, N_SEATS))
        return table_from_values(census_columns(), values)

    return in_chunks(start, stop, table, on_progress)


def warm_up(spec) -> None:
    """Compile (or load from cache) the census kernel on a tiny input."""
    compute_census(spec, 0, 2)
