"""``paiju play tractor``: whole matches (or sessions of hands) by the family's players, one Parquet
row per hand.

The kernel (``kernels.tractor.play``) writes the raw facts of ``kernels.tractor.layout``; this
module adds the roles, each match's length, the policy of each seat and the score
(``sim.games.tractor.scoring.score``, the function ``paiju rescore`` calls on stored rows).

``matches = true``: ``start .. stop`` are matches (``-n`` counts matches) and the table has one row
per hand; ``matches = false``: they are hands in whole sessions of ``--hands-per-session``.
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np
import pyarrow as pa

from sim.chunks import in_chunks, session_step
from sim.errors import UserError
from sim.games.trick.players import kernel_players

MATCH_CHUNK = 512  # matches per kernel call (about 12k hands)
HAND_CHUNK = 8192  # hands per kernel call

# default player parameters of this game, under the user's --policy-param (kernels.trick.players)
POLICY_DEFAULTS: dict[str, dict[str, float]] = {}


def check_options(spec) -> None:
    if spec.rules.matches and int(spec.options.get("hands_per_session", 1)) != 1:
        raise UserError("--hands-per-session cuts single hands into sessions: with matches = true a game index is "
                        "already a whole match (use --variant hands or --set matches=false)")


def kernel_inputs(spec) -> dict[str, Any]:
    from sim.dealing import spec_tables
    from sim.games.tractor.rules import compile_rules

    policies, pp = kernel_players(spec, POLICY_DEFAULTS)
    return {"rules": compile_rules(spec.rules)["rules"], "policies": policies, "pp": pp, "fix": spec_tables(spec)}


def run_kernel(spec, start: int, stop: int, t: dict[str, Any]) -> tuple[np.ndarray, np.ndarray]:
    """(rows, game index of each row) of game indices ``start .. stop-1``."""
    import numba

    from kernels.run_vector import run_vector
    from kernels.tractor.layout import ROW_LEN
    from kernels.tractor.play import play_matches, play_range, template

    tpl = template(t["rules"], t["policies"], t["pp"], t["fix"])
    run = run_vector(spec.seed, start, stop - start, 4 * numba.get_num_threads(),
                     int(spec.options.get("hands_per_session", 1)), bool(spec.options.get("rotate", False)),
                     bool(spec.options.get("duplicate", False)))
    if spec.rules.matches:
        rows, counts = play_matches(tpl, run)
        return rows, np.repeat(np.arange(start, stop, dtype=np.int64), counts)
    rows = np.zeros((stop - start, ROW_LEN), np.int64)
    play_range(tpl, run, rows)
    return rows, np.arange(start, stop, dtype=np.int64)


def rows_to_table(spec, game_index: np.ndarray, rows: np.ndarray) -> pa.Table:
    from kernels.tractor.layout import LAYOUT
    from sim.games.trick import POLICIES
    from sim.games.tractor.columns import play_columns
    from sim.games.tractor.scoring import score, seat_roles
    from sim.players import seat_player_values
    from sim.schema import table_from_values

    duplicate = bool(spec.options.get("duplicate"))
    values: dict[str, Any] = {
        "game_index": game_index, "session": game_index // int(spec.options.get("hands_per_session", 1)),
        "deal_index": game_index // 4 if duplicate else game_index,
        "rotation": game_index % 4 if duplicate else np.zeros(len(game_index), np.int64)}
    values.update(LAYOUT.unpack(rows, 4))
    if spec.rules.matches:
        _, start, counts = np.unique(game_index, return_index=True, return_counts=True)
        values["match_hands"] = np.repeat(counts, counts)
    else:
        values["match_hands"] = np.zeros(len(game_index), np.int64)
    roles = seat_roles(values)
    values.update(seat_player_values(spec, POLICIES, game_index, 4, roles))
    values.update(score(values, spec.rules, 4))
    return table_from_values(play_columns(), values)


def compute_play(spec, start: int, stop: int, on_progress: Callable[[int], None] | None = None) -> pa.Table:
    check_options(spec)
    t = kernel_inputs(spec)
    step = MATCH_CHUNK if spec.rules.matches else session_step(spec, HAND_CHUNK)

    def table(lo: int, hi: int) -> pa.Table:
        rows, gi = run_kernel(spec, lo, hi, t)
        return rows_to_table(spec, gi, rows)

    return in_chunks(start, stop, table, on_progress, step)


def warm_up(spec) -> None:
    from dataclasses import replace

    check_options(spec)
    n = int(spec.options.get("hands_per_session", 1))
    compute_play(replace(spec, n=n), 0, n)
