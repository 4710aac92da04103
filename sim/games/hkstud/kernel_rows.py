"""Running the 港式五张 kernels from a ruleset and players: rows of raw facts as numpy arrays.

Thin wrappers the play and census jobs (``sim.games.hkstud.play``), replay, the tests and the
benchmarks share.
"""

from __future__ import annotations

import numba
import numpy as np

from kernels.hkstud.layout import CENSUS_LAYOUT, LAYOUT
from sim.games.hkstud.players import policy_arrays
from sim.games.hkstud.rules import HKStudRules, compile_rules


def _blocks(count: int) -> int:
    return max(1, min(count, 4 * numba.get_num_threads()))


def table_state(rules: HKStudRules, compiled: dict, policy: np.ndarray, pp: np.ndarray, log_rows: int = 0):
    """The kernels' declared table state (``kernels.hkstud.state``): the ruleset's tables and the
    players, with room for ``log_rows`` logged actions."""
    from kernels.hkstud.state import HKSTUD_TABLE

    shared = {k: compiled[k] for k in ("params", "plain", "flush", "alt_plain", "alt_flush")}
    shared.update(base_policy=policy, base_pp=pp)
    return HKSTUD_TABLE.allocate(shared, seats=rules.players, params_pp=pp.shape[1], log_rows=log_rows)


def _players(rules: HKStudRules, policies, params):
    policy, pp = policy_arrays(policies or ["calling-station"] * rules.players, params)
    if policy.shape[0] != rules.players:
        raise ValueError("one policy per seat")
    return policy, pp


def play_rows(rules: HKStudRules, seed: int, start: int, count: int, policies: list[str] | None = None,
              params: list[dict[str, float]] | None = None, rotate: bool = False, duplicate: bool = False,
              compiled: dict | None = None, fix=None) -> np.ndarray:
    """Rows (count, LAYOUT.length) of tables ``start .. start+count-1`` (``kernels.hkstud.play``:
    ``rotate`` turns the players round the seats, ``duplicate`` plays each deal from every seat;
    ``fix``: the ``(fix_card, fix_slots)`` tables of ``--fix``, ``sim.dealing.fix_tables``)."""
    from kernels.hkstud.play import play_range

    a = compiled or compile_rules(rules)
    policy, pp = _players(rules, policies, params)
    out = np.empty((count, LAYOUT.length), np.int64)
    play_range(table_state(rules, a, policy, pp), fix, np.uint64(seed), start, count, int(rotate), int(duplicate), out,
               _blocks(count))
    return out


def play_logged(rules: HKStudRules, seed: int, game_index: int, policies: list[str] | None = None,
                params: list[dict[str, float]] | None = None, rotate: bool = False,
                duplicate: bool = False, fix=None) -> tuple[np.ndarray, np.ndarray]:
    """(row, actions) of one table: the row of ``play_rows`` and its actions in order
    (``kernels.hkstud.betting.LOG_*`` columns: street, seat, action, chips paid, equity)."""
    from kernels.hkstud.play import play_logged as kernel

    a = compile_rules(rules)
    policy, pp = _players(rules, policies, params)
    row = np.zeros((1, LAYOUT.length), np.int64)
    table = table_state(rules, a, policy, pp, log_rows=4096)
    n = kernel(table, fix, np.uint64(seed), game_index, int(rotate), int(duplicate), row)
    return row[0], table.log[:n].copy()


def census_rows(rules: HKStudRules, seed: int, start: int, count: int, compiled: dict | None = None,
                fix=None) -> np.ndarray:
    """Rows (count, CENSUS_LAYOUT.length) of the same deals, without betting."""
    from kernels.hkstud.play import census_range

    a = compiled or compile_rules(rules)
    out = np.empty((count, CENSUS_LAYOUT.length), np.int64)
    policy, pp = _players(rules, None, None)
    census_range(table_state(rules, a, policy, pp), fix, np.uint64(seed), start, count, out, _blocks(count))
    return out
