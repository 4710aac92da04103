"""``paiju play guanpai``: whole hands by 关牌 players, one Parquet row per hand.

The kernel (``kernels.guanpai.play``) writes the raw facts of ``kernels.guanpai.layout``; this
module adds the seats' roles and results, the policy of each seat, and the score
(``sim.games.guanpai.scoring.score``, the function ``paiju rescore`` calls on stored rows).
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np
import pyarrow as pa

from sim.chunks import in_chunks, session_step

CHUNK = 16384  # hands per kernel call: bounds memory and paces the progress bar


def kernel_inputs(spec) -> dict[str, Any]:
    """What ``kernels.guanpai.play.play_range``'s template state is built from (``template``)."""
    from kernels.guanpai.money import money_vector
    from kernels.guanpai.policies import params_matrix
    from sim.games.guanpai.columns import N_SEATS, POLICIES
    from sim.games.guanpai.rules import compile_rules

    from sim.dealing import spec_tables

    comp = compile_rules(spec.rules)
    policies = spec.options["policies"]
    fix_card, fix_slots = spec_tables(spec)
    return {"comp": comp, "fix_card": fix_card, "fix_slots": fix_slots,
            "policies": np.array([POLICIES.index(p) for p in policies], np.int64),
            "pp": params_matrix(policies, spec.options.get("policy_params") or [{}] * N_SEATS),
            "money": money_vector(spec.rules)}


def seat_inputs(spec, game_index: int, t: dict[str, Any]) -> tuple[np.ndarray, np.ndarray]:
    """The policies and parameters by seat of one hand (``--rotate`` turns them with the hand)."""
    policies, pp = t["policies"], t["pp"]
    if spec.options.get("rotate"):
        order = [(k + game_index) % len(policies) for k in range(len(policies))]
        return policies[order].copy(), pp[order].copy()
    return policies, pp


def template(t: dict[str, Any], policies=None, pp=None, log_rows: int = 1):
    """The kernels' template state (``kernels.guanpai.state.new_state``) of the run's tables."""
    from kernels.guanpai.state import new_state

    return new_state(t["comp"], t["fix_card"], t["fix_slots"], t["policies"] if policies is None else policies,
                     t["pp"] if pp is None else pp, t["money"], log_rows)


def run_kernel(spec, start: int, stop: int, t: dict[str, Any] | None = None) -> np.ndarray:
    """Raw fact rows of hands start..stop-1 (whole sessions)."""
    import numba

    from kernels.guanpai.play import ROW_LEN, play_range
    from kernels.climb.run import run_vector

    t = t or kernel_inputs(spec)
    rows = np.zeros((stop - start, ROW_LEN), np.int64)
    run = run_vector(spec.seed, start, stop - start, 4 * numba.get_num_threads(),
                     int(spec.options.get("hands_per_session", 1)), bool(spec.options.get("rotate", False)),
                     bool(spec.options.get("duplicate", False)))
    play_range(template(t), run, rows, True if "search" in spec.options["policies"] else None)  # None: no search
    return rows


def rows_to_table(spec, start: int, rows: np.ndarray) -> pa.Table:
    from kernels.guanpai.layout import LAYOUT
    from sim.games.guanpai.columns import N_SEATS, POLICIES, play_columns
    from sim.games.guanpai.scoring import score, seat_roles
    from sim.players import seat_player_values
    from sim.schema import play_index_values, table_from_values

    values: dict[str, Any] = play_index_values(spec, start, rows.shape[0], N_SEATS)
    values.update(LAYOUT.unpack(rows, N_SEATS))
    roles = seat_roles(values, N_SEATS)
    values.update(seat_player_values(spec, POLICIES, values["game_index"], N_SEATS, roles))
    for k in range(N_SEATS):
        values[f"s{k}_won"] = values["winner"] == k
    values.update(score(values, spec.rules, N_SEATS))
    return table_from_values(play_columns(), values)


def compute_play(spec, start: int, stop: int, on_progress: Callable[[int], None] | None = None) -> pa.Table:
    step = session_step(spec, CHUNK)
    t = kernel_inputs(spec)

    def table(lo: int, hi: int) -> pa.Table:
        return rows_to_table(spec, lo, run_kernel(spec, lo, hi, t))

    return in_chunks(start, stop, table, on_progress, step)


def play_logged(spec, game_index: int, stored: dict | None = None):
    """(row, log, shuffled deck) of one hand re-simulated with its action log; ``stored`` (the
    hand's stored row) gives the first leader a session's previous deal chose."""
    from kernels.climb.loop import MAX_LOG
    from kernels.guanpai.play import play_logged as kernel

    t = kernel_inputs(spec)
    policies, pp = seat_inputs(spec, game_index, t)
    deal, rotation = (game_index // 2, game_index % 2) if spec.options.get("duplicate") else (game_index, 0)
    leader = -1
    if stored is not None and int(stored["lead_card"]) < 0:
        leader = int(stored["first_leader"])
    return kernel(template(t, policies, pp, MAX_LOG), np.uint64(spec.seed), deal, rotation, leader)


def warm_up_play(spec) -> None:
    from dataclasses import replace

    hps = int(spec.options.get("hands_per_session", 1))
    compute_play(replace(spec, n=hps), 0, hps)
