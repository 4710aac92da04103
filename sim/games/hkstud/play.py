"""``paiju play hkstud``: tables to Parquet rows.

The kernel (``kernels.hkstud.play``) writes the raw facts of ``kernels.hkstud.layout`` (cards,
categories, keys, 庄家 per round, bets, folds, pot, chips); a play row adds each seat's player
(``--policy``, turned round the table with ``--rotate``) and the columns
``sim.games.hkstud.scoring.score`` computes from the facts — the function ``paiju rescore`` and
``paiju balance`` call on stored rows. Census rows: ``sim.games.hkstud.census``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable

import pyarrow as pa

from sim.chunks import in_chunks

Progress = Callable[[int], None] | None


def _chunk(spec) -> int:
    """Tables per kernel call: fewer when equity players enumerate at every decision."""
    slow = spec.rules.betting != "none" and "equity" in (spec.options.get("policies") or ())
    return 1 << (10 if slow else 16)


def compute_play(spec, start: int, stop: int, on_progress: Progress = None) -> pa.Table:
    from kernels.hkstud.layout import LAYOUT
    from kernels.hkstud.policies import POLICY_NAMES
    from sim.games.hkstud.columns import play_columns
    from sim.dealing import spec_tables
    from sim.games.hkstud.kernel_rows import play_rows
    from sim.games.hkstud.rules import compile_rules
    from sim.games.hkstud.scoring import score
    from sim.players import seat_player_values
    from sim.schema import play_index_values, table_from_values

    rules = spec.rules
    n = rules.players
    opts = spec.options
    rotate, duplicate = bool(opts.get("rotate")), bool(opts.get("duplicate"))
    compiled = compile_rules(rules)
    fix = spec_tables(spec)
    columns = play_columns(n)
    step = _chunk(spec)

    def table(lo: int, hi: int) -> pa.Table:
        rows = play_rows(rules, spec.seed, lo, hi - lo, opts["policies"], opts.get("policy_params"), rotate,
                         duplicate, compiled, fix=fix)
        values = play_index_values(spec, lo, hi - lo, n)
        values.update(LAYOUT.unpack(rows, n))
        values.update(seat_player_values(spec, POLICY_NAMES, values["game_index"], n))
        values.update(score(values, rules, n))
        return table_from_values(columns, values)

    return in_chunks(start, stop, table, on_progress, step)


def warm_up_play(spec) -> None:
    n = spec.rules.players
    compute_play(replace(spec, n=n), 0, n)
