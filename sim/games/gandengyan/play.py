"""``paiju play gandengyan``: whole hands by 干瞪眼 players, one Parquet row per hand.

The kernel (``kernels.gandengyan.play``) writes the raw facts of ``kernels.gandengyan.layout``;
this module adds the seats' roles and results, the policy of each seat, and the score
(``sim.games.gandengyan.scoring.score``, the function ``paiju rescore`` calls on stored rows).
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np
import pyarrow as pa

from sim.chunks import in_chunks, session_step

CHUNK = 8192  # hands per kernel call: bounds memory and paces the progress bar


def kernel_inputs(spec, log_rows: int = 1):
    """The run's template state (``kernels.gandengyan.state.new_state``) that
    ``kernels.gandengyan.play.play_range`` clones, from the spec."""
    from kernels.gandengyan.money import money_vector
    from kernels.gandengyan.policies import params_matrix
    from kernels.gandengyan.state import new_state
    from sim.games.gandengyan.columns import POLICIES
    from sim.games.gandengyan.dealing import spec_tables
    from sim.games.gandengyan.rules import compile_rules

    comp = compile_rules(spec.rules)
    policies = spec.options["policies"]
    fix_card, fix_slots = spec_tables(spec)
    return new_state(comp.rules, comp.deck, [POLICIES.index(p) for p in policies],
                     params_matrix(policies, spec.options.get("policy_params") or [{}] * len(policies)),
                     money_vector(spec.rules), fix_card, fix_slots, log_rows=log_rows)


def run_kernel(spec, start: int, stop: int, t=None) -> np.ndarray:
    """Raw fact rows of hands start..stop-1 (whole sessions); ``t`` the template (``kernel_inputs``)."""
    import numba

    from kernels.climb.run import run_vector
    from kernels.gandengyan.play import ROW_LEN, play_range

    t = t if t is not None else kernel_inputs(spec)
    rows = np.zeros((stop - start, ROW_LEN), np.int64)
    run = run_vector(spec.seed, start, stop - start, 4 * numba.get_num_threads(),
                     int(spec.options.get("hands_per_session", 1)), bool(spec.options.get("rotate", False)),
                     bool(spec.options.get("duplicate", False)))
    play_range(t, run, rows, True if "search" in spec.options["policies"] else None)  # None: search is not compiled
    return rows


def rows_to_table(spec, start: int, rows: np.ndarray) -> pa.Table:
    from kernels.gandengyan.layout import LAYOUT
    from sim.games.gandengyan.columns import POLICIES, play_columns
    from sim.games.gandengyan.scoring import score, seat_roles
    from sim.players import seat_player_values
    from sim.schema import play_index_values, table_from_values

    n_seats = spec.rules.players
    values: dict[str, Any] = play_index_values(spec, start, rows.shape[0], n_seats)
    values.update(LAYOUT.unpack(rows, n_seats))
    roles = seat_roles(values, n_seats)
    values.update(seat_player_values(spec, POLICIES, values["game_index"], n_seats, roles))
    for k in range(n_seats):
        values[f"s{k}_won"] = values["winner"] == k
    values.update(score(values, spec.rules, n_seats))
    return table_from_values(play_columns(n_seats), values)


def compute_play(spec, start: int, stop: int, on_progress: Callable[[int], None] | None = None) -> pa.Table:
    step = session_step(spec, CHUNK)
    t = kernel_inputs(spec)

    def table(lo: int, hi: int) -> pa.Table:
        return rows_to_table(spec, lo, run_kernel(spec, lo, hi, t))

    return in_chunks(start, stop, table, on_progress, step)


def play_logged(spec, game_index: int, stored: dict | None = None):
    """(row, log, shuffled deck) of one hand re-simulated with its action log (draws included);
    ``stored`` (the hand's stored row) gives the banker a session's previous hand made."""
    from kernels.gandengyan.play import LOG_ROWS, play_logged as kernel

    t = kernel_inputs(spec, log_rows=LOG_ROWS)
    n_seats = spec.rules.players
    if spec.options.get("rotate"):
        order = [(k + game_index) % n_seats for k in range(n_seats)]
        t.policies[:], t.pp[:] = t.policies[order].copy(), t.pp[order].copy()
    duplicate = bool(spec.options.get("duplicate"))
    deal, rotation = (game_index // n_seats, game_index % n_seats) if duplicate else (game_index, 0)
    hps = int(spec.options.get("hands_per_session", 1))
    banker = -1
    if stored is not None and spec.rules.banker == "previous_winner" and game_index % hps:
        banker = int(stored["banker"])  # a session's later hand: its banker was the previous winner
    return kernel(np.uint64(spec.seed), t, deal, rotation, banker)


def warm_up_play(spec) -> None:
    from dataclasses import replace

    hps = int(spec.options.get("hands_per_session", 1))
    compute_play(replace(spec, n=hps), 0, hps)
