"""``paiju census bridge``: deal boards and record each seat's hand and each side's features (no
play); with ``dd = true`` also each deal's double-dummy table and par for board game_index + 1."""

from __future__ import annotations

from typing import Callable

import numpy as np
import pyarrow as pa

from sim.chunks import in_chunks

CHUNK = 1 << 20  # deals per kernel call
DD_CHUNK = 400


def compute_census(spec, start: int, stop: int, on_progress: Callable[[int], None] | None = None) -> pa.Table:
    """Rows of deals ``start .. stop-1`` with the census schema."""
    from sim.games.bridge import dd, kernel_rows
    from sim.games.bridge.columns import census_columns
    from sim.games.bridge.given import deal_spec
    from sim.schema import table_from_values

    rules = spec.rules
    columns = census_columns(rules)
    if rules.dd:
        import numba

        dd.set_threads(numba.get_num_threads())
    chunk = DD_CHUNK if rules.dd else CHUNK

    def table(lo: int, hi: int) -> pa.Table:
        values = kernel_rows.census(spec.seed, lo, hi, deal_spec(spec))
        if rules.dd:
            from kernels.bridge.layout import DD_LAYOUT
            from sim.games.bridge.rules import fixed_vul_code

            fixed = fixed_vul_code(rules)
            values["dealer"], values["vul"] = kernel_rows.board_dealer_vul(np.arange(lo, hi) + 1, fixed)
            values.update(DD_LAYOUT.unpack(dd.dd_range(spec.seed, lo, hi, fixed), 4))
        return table_from_values(columns, values)

    return in_chunks(start, stop, table, on_progress, chunk)


def warm_up(spec) -> None:
    """Compile (or load) the census kernels on two deals."""
    compute_census(spec, 0, 2)
