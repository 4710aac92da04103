"""``paiju play wushik``: whole matches (or single hands) by heuristic players, one Parquet row
per hand.

The kernel (``kernels.wushik.play``) writes the raw facts of ``kernels.wushik.layout``, a
variable number of hands per game index (a match lasts until a total reaches ``target_score``);
this module adds the index columns of each row (its match's ``game_index``), the seats' roles
and policies, and scores the hands with ``sim.games.wushik.scoring.score`` — the function
``paiju rescore`` calls on stored rows.
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np
import pyarrow as pa

from sim.chunks import in_chunks
from sim.schema import table_from_values

CHUNK = 1024  # game indices (matches) per kernel call: bounds memory and paces the progress bar
HANDS_GUESS = 12  # rows reserved per match before a block is retried with more room


def kernel_inputs(spec) -> dict[str, Any]:
    from kernels.wushik.policies import params_matrix
    from kernels.wushik.state import new_state
    from sim.games.wushik.columns import POLICIES
    from sim.dealing import spec_tables
    from sim.games.wushik.rules import engine_rules

    policies = spec.options["policies"]
    fix_card, fix_slots = spec_tables(spec)
    t = {"rules": engine_rules(spec.rules), "fix_card": fix_card, "fix_slots": fix_slots,
         "policies": np.array([POLICIES.index(p) for p in policies], np.int64),
         "pp": params_matrix(policies, spec.options.get("policy_params") or [{}] * 4)}
    t["template"] = new_state(t["rules"], t["policies"], t["pp"], fix_card, fix_slots)  # each block plays on a clone
    return t


def run_kernel(spec, start: int, stop: int, t: dict[str, Any] | None = None) -> np.ndarray:
    """Raw fact rows (``HAND_LAYOUT``) of the hands of game indices start..stop-1, in order."""
    import numba

    from kernels.climb.run import run_vector
    from kernels.wushik.play import ROW_LEN, play_range

    t = t or kernel_inputs(spec)
    count = stop - start
    n_blocks = max(1, min(count, 4 * numba.get_num_threads()))
    run = run_vector(spec.seed, start, count, n_blocks, rotate=spec.options.get("rotate", False),
                     duplicate=spec.options.get("duplicate", False))
    per_game = HANDS_GUESS if spec.rules.matches else 1
    while True:
        cap = -(-count // n_blocks) * per_game + (16 if spec.rules.matches else 0)
        out = np.zeros((cap * n_blocks, ROW_LEN), np.int64)
        n_rows = np.zeros(n_blocks, np.int64)
        play_range(t["template"], run, out, n_rows,
                   True if "search" in spec.options["policies"] else None)  # None: search is not compiled
        if (n_rows >= 0).all():
            return np.concatenate([out[b * cap:b * cap + n_rows[b]] for b in range(n_blocks)])
        per_game *= 2  # a block's matches ran longer than its room: play it again with more


def index_values(spec, start: int, hand_no: np.ndarray) -> dict[str, np.ndarray]:
    """``PLAY_INDEX_COLUMNS`` of hand rows: each row's game index is its match's."""
    game_index = start + np.cumsum(hand_no == 0) - 1
    duplicate = bool(spec.options.get("duplicate"))
    return {"game_index": game_index, "session": game_index,
            "deal_index": game_index // 4 if duplicate else game_index,
            "rotation": game_index % 4 if duplicate else np.zeros(len(game_index), np.int64)}


def rows_to_table(spec, start: int, rows: np.ndarray) -> pa.Table:
    from kernels.wushik.layout import HAND_LAYOUT
    from sim.games.wushik.columns import N_SEATS, POLICIES, play_columns
    from sim.games.wushik.scoring import score, seat_roles
    from sim.players import seat_player_values

    values: dict[str, Any] = HAND_LAYOUT.unpack(rows, N_SEATS)
    values.update(index_values(spec, start, values["hand_no"]))
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
