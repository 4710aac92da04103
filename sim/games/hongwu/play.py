"""``paiju play hongwu``: whole hands by the family's players, one Parquet row per hand.

The kernel (``kernels.hongwu.play``) writes the raw facts of ``kernels.hongwu.layout``; this module
adds the roles, the policy of each seat and the score (``sim.games.hongwu.scoring.score``, the
function ``paiju rescore`` calls on stored rows). Hands are independent (a new 庄家 every hand).
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np
import pyarrow as pa

from sim.games.trick.players import kernel_players

CHUNK = 8192  # hands per kernel call

# this game's player defaults under the user's --policy-param (kernels.trick.players): every bot
# shows the first 10 it receives (XJ-4 "default: always"); raise declare_min to make it choose
POLICY_DEFAULTS: dict[str, dict[str, float]] = {
    p: {"declare_min": 0.0, "declare_after": 0.0} for p in ("random", "greedy", "smart")}


def kernel_inputs(spec) -> dict[str, Any]:
    from sim.games.hongwu.rules import compile_rules

    policies, pp = kernel_players(spec, POLICY_DEFAULTS)
    return {"rules": compile_rules(spec.rules)["rules"], "policies": policies, "pp": pp}


def rows_to_table(spec, start: int, rows: np.ndarray) -> pa.Table:
    from kernels.hongwu.layout import LAYOUT
    from sim.games.hongwu.columns import play_columns
    from sim.games.hongwu.scoring import score, seat_roles
    from sim.games.trick import POLICIES
    from sim.players import seat_policies
    from sim.schema import play_index_values, table_from_values

    values: dict[str, Any] = play_index_values(spec, start, rows.shape[0], 4)
    values.update(LAYOUT.unpack(rows, 4))
    roles = seat_roles(values)
    pol = seat_policies(spec.options["policies"], POLICIES, values["game_index"], spec.options.get("rotate", False))
    for k in range(4):
        values[f"s{k}_role"] = roles[:, k]
        values[f"s{k}_policy"] = pol[:, k]
    values.update(score(values, spec.rules, 4))
    return table_from_values(play_columns(), values)


def compute_play(spec, start: int, stop: int, on_progress: Callable[[int], None] | None = None) -> pa.Table:
    import numba

    from kernels.hongwu.layout import ROW_LEN
    from kernels.hongwu.play import play_range

    t = kernel_inputs(spec)
    tables = []
    for lo in range(start, stop, CHUNK):
        hi = min(stop, lo + CHUNK)
        rows = np.zeros((hi - lo, ROW_LEN), np.int64)
        play_range(spec.seed, lo, hi - lo, int(spec.options.get("rotate", False)),
                   int(spec.options.get("duplicate", False)), t["rules"], t["policies"], t["pp"], rows,
                   4 * numba.get_num_threads())
        tables.append(rows_to_table(spec, lo, rows))
        if on_progress:
            on_progress(hi - lo)
    return pa.concat_tables(tables)


def warm_up(spec) -> None:
    from dataclasses import replace

    compute_play(replace(spec, n=1), 0, 1)
