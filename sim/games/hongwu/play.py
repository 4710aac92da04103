"""``paiju play hongwu``: whole hands by the family's players, one Parquet row per hand.

The kernel (``kernels.hongwu.play``) writes the raw facts of ``kernels.hongwu.layout``; this module
adds the roles, the policy of each seat and the score (``sim.games.hongwu.scoring.score``, the
function ``paiju rescore`` calls on stored rows). Hands are independent (a new 庄家 every hand).
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np
import pyarrow as pa

from sim.chunks import in_chunks
from sim.games.trick.players import kernel_players

CHUNK = 8192  # hands per kernel call

# this game's player defaults under the user's --policy-param (kernels.trick.players). random and
# greedy show the first 10 they receive (XJ-4 "default: always"). smart is choosy and leads trumps:
# 庄家 is an underdog when he shows blind — the first 10 dealt makes the trump suit a random one, and
# the 闲 side needs only 120 of the 300 points — so with every seat showing its first 10, 庄家 earns
# -0.136 B a hand [-0.17, -0.10] (smart self-play, 20,000 hands, seed 0), and better 庄-side play
# cannot make that up (with trump_lead 0 alone still -0.055 ± 0.035, seed 3; the other play
# parameters move a seat by 0.07 B a deal at most). Measured on duplicate deals (seed 11, 20,000
# deals; seat 0 with the setting, the three others without it; seat 0's money summed over the
# deal's four seatings, mean ± 1.96 sd / sqrt(deals)):
# * declare_min 0.45 after 10 cards (show a 10 only once that suit's cards and the trumps held —
#   10s, jokers, ♥5s — make 45% of the cards received, else on the last card): +0.229 ± 0.026 B a
#   deal against seats that always show;
# * trump_lead 0 (the 庄 side leads its sure trump singles whatever its trump length, not from 10
#   trumps up): +0.051 ± 0.010 among always-showing smart seats, +0.069 ± 0.010 among choosy ones;
# * both: +0.277 ± 0.029. In self-play 庄家 then earns +0.237 B a hand [0.20, 0.27] (20,000 hands,
#   seed 0), and no decision of the report's play quality section is negative for its decider.
# A redeal (nobody shows) cannot happen whatever the parameters: a seat shows its best 10 on its
# last card, and 6 kitty cards cannot hold all twelve 10s — the deal stays unconditioned.
POLICY_DEFAULTS: dict[str, dict[str, float]] = {
    "random": {"declare_min": 0.0, "declare_after": 0.0},
    "greedy": {"declare_min": 0.0, "declare_after": 0.0},
    "smart": {"declare_min": 0.45, "declare_after": 10.0, "trump_lead": 0.0},
}


def kernel_inputs(spec) -> dict[str, Any]:
    from sim.dealing import spec_tables
    from sim.games.hongwu.rules import compile_rules

    policies, pp = kernel_players(spec, POLICY_DEFAULTS)
    return {"rules": compile_rules(spec.rules)["rules"], "policies": policies, "pp": pp, "fix": spec_tables(spec)}


def rows_to_table(spec, start: int, rows: np.ndarray) -> pa.Table:
    from kernels.hongwu.layout import LAYOUT
    from sim.games.hongwu.columns import play_columns
    from sim.games.hongwu.scoring import score, seat_roles
    from sim.games.trick import POLICIES
    from sim.players import seat_player_values
    from sim.schema import play_index_values, table_from_values

    values: dict[str, Any] = play_index_values(spec, start, rows.shape[0], 4)
    values.update(LAYOUT.unpack(rows, 4))
    roles = seat_roles(values)
    values.update(seat_player_values(spec, POLICIES, values["game_index"], 4, roles))
    values.update(score(values, spec.rules, 4))
    return table_from_values(play_columns(), values)


def compute_play(spec, start: int, stop: int, on_progress: Callable[[int], None] | None = None) -> pa.Table:
    import numba

    from kernels.hongwu.layout import ROW_LEN
    from kernels.hongwu.play import play_range, template
    from kernels.run_vector import run_vector

    t = kernel_inputs(spec)
    tpl = template(t["rules"], t["policies"], t["pp"], t["fix"])

    def table(lo: int, hi: int) -> pa.Table:
        rows = np.zeros((hi - lo, ROW_LEN), np.int64)
        play_range(tpl, run_vector(spec.seed, lo, hi - lo, 4 * numba.get_num_threads(),
                                   rotate=bool(spec.options.get("rotate", False)),
                                   duplicate=bool(spec.options.get("duplicate", False))), rows)
        return rows_to_table(spec, lo, rows)

    return in_chunks(start, stop, table, on_progress, CHUNK)


def warm_up(spec) -> None:
    from dataclasses import replace

    compute_play(replace(spec, n=1), 0, 1)
