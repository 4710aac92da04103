"""``paiju play xiantao``: whole hands by heuristic players, one Parquet row per hand.

The kernel (``kernels.xiantao.play``) writes the raw facts declared in ``kernels.xiantao.layout``;
this module derives a few columns from them (call rank and suit, roles), adds the policy of each
seat and scores the hand with ``sim.games.xiantao.scoring.score`` — the function ``paiju
rescore`` calls on stored rows.
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np
import pyarrow as pa

from sim.chunks import in_chunks, session_step
from sim.schema import play_index_values, table_from_values

CHUNK = 8192  # hands per kernel call: bounds memory and paces the progress bar


def kernel_inputs(spec) -> dict[str, Any]:
    """Every array ``kernels.xiantao.play.play_range`` reads, compiled from the spec."""
    from kernels.xiantao.policies import params_matrix
    from sim.games.xiantao.columns import POLICIES
    from sim.games.xiantao.rules import N_SEATS, play_tables

    from sim.dealing import spec_tables

    tables = play_tables(spec.rules)
    tables["fix_card"], tables["fix_slots"] = spec_tables(spec)
    policies = spec.options["policies"]
    tables["policies"] = np.array([POLICIES.index(p) for p in policies], np.int64)
    tables["pp"] = params_matrix(policies, spec.options.get("policy_params") or [{}] * N_SEATS)
    return tables


def run_kernel(spec, start: int, stop: int, t: dict[str, Any] | None = None) -> np.ndarray:
    """Raw fact rows (``kernels.xiantao.rows`` ROW_*) of hands start..stop-1."""
    import numba

    from kernels.xiantao.play import ROW_LEN, RUN_LEN, new_state, play_range

    t = t or kernel_inputs(spec)
    if "template" not in t:
        t["template"] = new_state(t)
    run = np.zeros(RUN_LEN, np.int64)
    run[:] = [spec.seed, start, stop - start, spec.options["hands_per_session"], int(spec.options.get("rotate", False)),
              int(spec.options.get("duplicate", False)), 4 * numba.get_num_threads()]
    rows = np.zeros((stop - start, ROW_LEN), np.int64)
    play_range(t["template"], run, rows, True if "search" in spec.options["policies"] else None)  # None: not compiled
    return rows


def rows_to_table(spec, start: int, rows: np.ndarray) -> pa.Table:
    from kernels.xiantao.layout import N_SEATS, PLAY
    from sim.games.xiantao.columns import POLICIES, play_columns
    from sim.games.xiantao.scoring import score, seat_roles
    from sim.players import seat_player_values

    n = rows.shape[0]
    values: dict[str, Any] = play_index_values(spec, start, n, N_SEATS)
    values.update(PLAY.unpack(rows, N_SEATS))
    call = values["call_card"]
    values["call_rank"] = np.where(call >= 0, (call % 54) // 4, -1)
    values["call_suit"] = np.where(call >= 0, (call % 54) % 4, -1)
    roles = seat_roles(values, N_SEATS)
    values.update(seat_player_values(spec, POLICIES, values["game_index"], N_SEATS, roles))
    values.update(score(values, spec.rules, N_SEATS))
    return table_from_values(play_columns(), values)


def compute_play(spec, start: int, stop: int, on_progress: Callable[[int], None] | None = None) -> pa.Table:
    step = session_step(spec, CHUNK)
    inputs = kernel_inputs(spec)

    def table(lo: int, hi: int) -> pa.Table:
        return rows_to_table(spec, lo, run_kernel(spec, lo, hi, inputs))

    return in_chunks(start, stop, table, on_progress, step)


def warm_up_play(spec) -> None:
    from dataclasses import replace

    hps = spec.options["hands_per_session"]
    compute_play(replace(spec, n=hps), 0, hps)
