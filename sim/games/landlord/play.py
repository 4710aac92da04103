"""``paiju play`` for the landlord family: whole hands by landlord-family players, one Parquet row
per hand.

The kernel (``kernels.landlord.play``) writes the raw facts of ``kernels.landlord.layout``; this
module adds what the deal gives (roles, holdings, the kitty), the policy of each seat, and the
game's score (``sim.game.Scoring.score``, the function ``paiju rescore`` calls on stored rows).
Everything game-specific comes from the ``Family`` settings a game passes in.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

import numpy as np
import pyarrow as pa

from sim.chunks import in_chunks, session_step
from sim.schema import play_index_values, table_from_values

CHUNK = 8192  # hands per kernel call


@dataclass(frozen=True)
class Family:
    """What a landlord game sets of the family's engine: its phases before the tricks (``flow``:
    ``auction`` = 斗地主 叫分, ``marker_dang`` = 上海 marker card and 档), its default policy
    parameters per policy (under the user's ``--policy-param``), and its scoring. The move buffer
    is sized from the ruleset (``kernels.landlord.bounds``). ``money`` compiles the ruleset's
    scoring numbers for the search player's numba twin of ``score`` (``kernels.landlord.money``)."""

    flow: str
    score: Callable[..., dict]
    money: Callable[..., np.ndarray]
    policy_defaults: dict[str, dict[str, float]] = field(default_factory=dict)


def card_ranks(n_decks: int) -> np.ndarray:
    from kernels.cards import card_rank

    return np.array([card_rank(c) for c in range(54 * n_decks)], np.int64)


def seat_params(family: Family, policies: list[str], overrides: list[dict] | None) -> list[dict]:
    """Per-seat policy parameters: the game's defaults under the user's."""
    overrides = overrides or [{}] * len(policies)
    return [{**family.policy_defaults.get(p, {}), **o} for p, o in zip(policies, overrides)]


def kernel_inputs(spec, family: Family) -> dict[str, Any]:
    from kernels.landlord.policies import params_matrix
    from sim.games.landlord.columns import POLICIES
    from sim.games.landlord.rules import engine_rules

    from sim.dealing import spec_tables

    r = spec.rules
    policies = spec.options["policies"]
    fix_card, fix_slots = spec_tables(spec)
    return {
        "deck": np.arange(54 * r.n_decks, dtype=np.int16),
        "fix_card": fix_card,
        "fix_slots": fix_slots,
        "card_rank": card_ranks(r.n_decks),
        "rules": engine_rules(r, family.flow),
        "policies": np.array([POLICIES.index(p) for p in policies], np.int64),
        "pp": params_matrix(policies, seat_params(family, policies, spec.options.get("policy_params"))),
        "money": family.money(r),
    }


def template(t: dict[str, Any], policies=None, pp=None, log_rows: int = 1):
    """The kernels' declared state for a run (``kernels.landlord.state``) from ``kernel_inputs``;
    ``policies`` / ``pp`` replace the run's (a rotated replay), ``log_rows`` 1 in batch runs."""
    from kernels.landlord.state import allocate

    return allocate(t["rules"], t["policies"] if policies is None else policies, t["pp"] if pp is None else pp,
                    t["money"], t["deck"], t["card_rank"], t["fix_card"], t["fix_slots"], log_rows)


def play_logged(spec, t: dict[str, Any], game_index: int, rotation: int = 0, carry_hf: int = 0, last: bool = True,
                policies=None, pp=None):
    """(row, log, shuffled deck) of one hand with its full action log (``kernels.landlord.play``)."""
    from kernels.climb.loop import MAX_LOG
    from kernels.landlord.play import play_logged as kernel

    return kernel(template(t, policies, pp, log_rows=MAX_LOG), np.uint64(spec.seed), np.int64(game_index),
                  np.int64(rotation), np.int64(carry_hf), bool(last))


def run_kernel(spec, family: Family, start: int, stop: int, inputs=None) -> np.ndarray:
    import numba

    from kernels.landlord.play import play_range
    from kernels.landlord.rows import ROW_LEN

    t = inputs or kernel_inputs(spec, family)
    hps = int(spec.options.get("hands_per_session", 1))
    if start % hps or (stop - start) % hps:
        raise ValueError(f"hands {start}..{stop} are not whole sessions of {hps}")
    rows = np.zeros((stop - start, ROW_LEN), np.int64)
    blocks = 4 * numba.get_num_threads()
    if "template" not in t:
        t["template"] = template(t)
    run = np.array([start, stop - start, hps, int(spec.options.get("rotate", False)),
                    int(spec.options.get("duplicate", False)), blocks], np.int64)
    play_range(t["template"], np.uint64(spec.seed), run, rows,
               True if "search" in spec.options["policies"] else None)  # None: search is not compiled
    return rows


def kitty_text(kitty_counts: np.ndarray) -> list[str]:
    from sim.games.landlord.columns import RANK_CHARS

    return ["".join(RANK_CHARS[r] * int(c) for r, c in enumerate(row)) for row in kitty_counts]


def rows_to_table(spec, family: Family, start: int, rows: np.ndarray) -> pa.Table:
    from kernels.landlord import rows as W
    from kernels.landlord.layout import MAX_SEATS, PLAY
    from sim.games.landlord.columns import POLICIES, play_columns
    from sim.games.landlord.scoring import seat_roles
    from sim.players import seat_player_values

    r = spec.rules
    n_seats = r.n_players
    n = rows.shape[0]
    values: dict[str, Any] = play_index_values(spec, start, n, n_seats)
    values.update(PLAY.unpack(rows, n_seats))
    landlord = rows[:, W.ROW_LANDLORD]
    has = landlord >= 0
    kitty = rows[:, W.ROW_KITTY:W.ROW_KITTY + 15]
    dealt = rows[:, W.ROW_DEALT:W.ROW_DEALT + MAX_SEATS * 15].reshape(n, MAX_SEATS, 15)[:, :n_seats]
    ll_dealt = dealt[np.arange(n), np.maximum(landlord, 0)]
    made = ((ll_dealt[:, :13] < 4) & (ll_dealt[:, :13] + kitty[:, :13] >= 4)).any(axis=1)
    if r.rocket:
        rocket_before = (ll_dealt[:, 13] >= 1) & (ll_dealt[:, 14] >= 1)
        rocket_after = (ll_dealt[:, 13] + kitty[:, 13] >= 1) & (ll_dealt[:, 14] + kitty[:, 14] >= 1)
        made |= rocket_after & ~rocket_before
    won = rows[:, W.ROW_LANDLORD_WON] == 1
    values.update({
        "landlord_won": won & has, "kitty": pa.array(kitty_text(kitty), pa.string()),
        "kitty_jokers": kitty[:, 13] + kitty[:, 14], "kitty_twos": kitty[:, 12], "kitty_made_bomb": made & has,
        "landlord_plays": np.where(has, rows[:, W.ROW_PLAYS:W.ROW_PLAYS + n_seats][np.arange(n), np.maximum(landlord, 0)],
                                   0),
    })
    roles = seat_roles(values, n_seats)
    values.update(seat_player_values(spec, POLICIES, values["game_index"], n_seats, np.where(roles < 0, 2, roles)))
    for k in range(n_seats):
        values[f"s{k}_bomb_limit"] = np.where(has, rows[:, W.ROW_BOMB_LIMIT + k], -1)
        d = dealt[:, k]
        values[f"s{k}_bombs_held"] = (d[:, :13] >= 4).sum(axis=1)
        values[f"s{k}_rocket_held"] = (d[:, 13] >= 1) & (d[:, 14] >= 1)
        values[f"s{k}_big_bombs_held"] = (d[:, :13] >= 7).sum(axis=1)
        values[f"s{k}_twos_held"] = d[:, 12]
        values[f"s{k}_jokers_held"] = d[:, 13] + d[:, 14]
        values[f"s{k}_aces_held"] = d[:, 11]
        values[f"s{k}_won"] = has & ((landlord == k) == won)
    values.update(family.score(values, r, n_seats))
    return table_from_values(play_columns(n_seats), values)


def compute_play(spec, family: Family, start: int, stop: int,
                 on_progress: Callable[[int], None] | None = None) -> pa.Table:
    inputs = kernel_inputs(spec, family)
    chunk = session_step(spec, CHUNK)

    def table(lo: int, hi: int) -> pa.Table:
        return rows_to_table(spec, family, lo, run_kernel(spec, family, lo, hi, inputs))

    return in_chunks(start, stop, table, on_progress, chunk)


def warm_up_play(spec, family: Family) -> None:
    from dataclasses import replace

    hps = spec.options.get("hands_per_session", 1)
    compute_play(replace(spec, n=hps), family, 0, hps)
