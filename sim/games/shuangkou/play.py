"""``paiju play shuangkou``: whole hands by heuristic players, one Parquet row per hand.

The kernel (``kernels.shuangkou.play``) writes the raw facts of ``kernels.shuangkou.layout``, by
player; this module adds the players' roles and policies and scores the hand with
``sim.games.shuangkou.scoring.score`` — the function ``paiju rescore`` calls on stored rows.
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np
import pyarrow as pa

from sim.chunks import in_chunks
from sim.schema import play_index_values, table_from_values

CHUNK = 8192  # hands per kernel call: bounds memory and paces the progress bar


def kernel_inputs(spec) -> dict[str, Any]:
    from kernels.shuangkou.policies import params_matrix
    from sim.games.shuangkou.columns import POLICIES
    from sim.dealing import spec_tables
    from sim.games.shuangkou.rules import engine_rules

    policies = spec.options["policies"]
    fix_card, fix_slots = spec_tables(spec)
    return {"rules": engine_rules(spec.rules), "fix_card": fix_card, "fix_slots": fix_slots,
            "policies": np.array([POLICIES.index(p) for p in policies], np.int64),
            "pp": params_matrix(policies, spec.options.get("policy_params") or [{}] * 4)}


def run_kernel(spec, start: int, stop: int, t: dict[str, Any] | None = None) -> np.ndarray:
    """Raw fact rows (``HAND_LAYOUT``) of hands start..stop-1."""
    import numba

    from kernels.climb.run import run_vector
    from kernels.shuangkou.play import ROW_LEN, play_range
    from kernels.shuangkou.state import new_state

    t = t or kernel_inputs(spec)
    rows = np.zeros((stop - start, ROW_LEN), np.int64)
    template = new_state(t["rules"], t["policies"], t["pp"], t["fix_card"], t["fix_slots"])
    run = run_vector(spec.seed, start, stop - start, 4 * numba.get_num_threads(),
                     rotate=spec.options.get("rotate", False), duplicate=spec.options.get("duplicate", False))
    play_range(template, run, rows, True if "search" in spec.options["policies"] else None)  # None: not compiled
    return rows


def rows_to_table(spec, start: int, rows: np.ndarray) -> pa.Table:
    from kernels.shuangkou.layout import HAND_LAYOUT
    from sim.games.shuangkou.columns import N_SEATS, POLICIES, play_columns
    from sim.games.shuangkou.scoring import score, seat_roles
    from sim.players import seat_player_values

    values: dict[str, Any] = play_index_values(spec, start, rows.shape[0], N_SEATS)
    values.update(HAND_LAYOUT.unpack(rows, N_SEATS))
    roles = seat_roles(values, N_SEATS)
    values.update(seat_player_values(spec, POLICIES, values["game_index"], N_SEATS, roles))
    values.update(score(values, spec.rules, N_SEATS))
    return table_from_values(play_columns(), values)


def compute_play(spec, start: int, stop: int, on_progress: Callable[[int], None] | None = None) -> pa.Table:
    inputs = kernel_inputs(spec)

    def table(lo: int, hi: int) -> pa.Table:
        return rows_to_table(spec, lo, run_kernel(spec, lo, hi, inputs))

    return in_chunks(start, stop, table, on_progress, CHUNK)


def warm_up_play(spec) -> None:
    from dataclasses import replace

    compute_play(replace(spec, n=4), 0, 4)
