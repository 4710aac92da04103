"""``paiju census niuniu``: 牛牛 deals to Parquet rows.

A census row is the deal alone (cards, category and top card of every seat): the same deals as a
play run of the same seed. The kernel is ``kernels.niuniu.play``; its raw facts are
``kernels.niuniu.layout.CENSUS_LAYOUT``.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pyarrow as pa

from sim.chunks import in_chunks
from sim.games.niuniu.play import CHUNK, Progress


def compute_census(spec, start: int, stop: int, on_progress: Progress = None) -> pa.Table:
    from kernels.niuniu.layout import CENSUS_LAYOUT
    from sim.games.niuniu.columns import census_columns
    from sim.dealing import spec_tables
    from sim.games.niuniu.kernel_rows import census_rows
    from sim.games.niuniu.rules import compile_rules
    from sim.schema import table_from_values

    rules = spec.rules
    compiled = compile_rules(rules)
    fix = spec_tables(spec)
    columns = census_columns(rules.players)

    def table(lo: int, hi: int) -> pa.Table:
        values = CENSUS_LAYOUT.unpack(census_rows(rules, spec.seed, lo, hi - lo, compiled, fix=fix), rules.players)
        values["game_index"] = np.arange(lo, hi, dtype=np.int64)
        return table_from_values(columns, values)

    return in_chunks(start, stop, table, on_progress, CHUNK)


def warm_up(spec) -> None:
    compute_census(replace(spec, n=4), 0, 4)
