"""``paiju play niuniu``: deals to Parquet rows.

The kernel (``kernels.niuniu.play``) writes the raw facts of ``kernels.niuniu.layout``; a play
row adds the seat's player (always ``auto``: 牛牛 has no decisions) and the columns
``sim.games.niuniu.scoring.score`` computes from the facts — the function ``paiju rescore`` and
``paiju balance`` call on stored rows. Census rows: ``sim.games.niuniu.census``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable

import pyarrow as pa

from sim.chunks import in_chunks

CHUNK = 1 << 16  # deals per kernel call: bounds memory and paces the progress bar

Progress = Callable[[int], None] | None


def compute_play(spec, start: int, stop: int, on_progress: Progress = None) -> pa.Table:
    from kernels.niuniu.layout import LAYOUT
    from sim.games.niuniu.columns import POLICIES, play_columns
    from sim.dealing import spec_tables
    from sim.games.niuniu.kernel_rows import play_rows
    from sim.games.niuniu.rules import compile_rules
    from sim.games.niuniu.scoring import score
    from sim.players import seat_player_values
    from sim.schema import play_index_values, table_from_values

    rules = spec.rules
    n = rules.players
    compiled = compile_rules(rules)
    fix = spec_tables(spec)
    columns = play_columns(n)

    def table(lo: int, hi: int) -> pa.Table:
        values = play_index_values(spec, lo, hi - lo, n)
        values.update(LAYOUT.unpack(play_rows(rules, spec.seed, lo, hi - lo, compiled=compiled, fix=fix), n))
        values.update(seat_player_values(spec, POLICIES, values["game_index"], n))
        values.update(score(values, rules, n))
        return table_from_values(columns, values)

    return in_chunks(start, stop, table, on_progress, CHUNK)


def warm_up_play(spec) -> None:
    compute_play(replace(spec, n=4), 0, 4)
