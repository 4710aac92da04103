"""Running the 牛牛 kernels from a ruleset: rows of raw facts as numpy arrays.

Thin wrappers the play and census jobs (``sim.games.niuniu.play``), the tests and the benchmarks
share: compile the ruleset, call the batch kernel, unpack named columns with the row layout.
"""

from __future__ import annotations

import numba
import numpy as np

from kernels.niuniu.layout import CENSUS_LAYOUT, LAYOUT
from sim.games.niuniu.rules import NiuniuRules, compile_rules


def _blocks(count: int) -> int:
    return max(1, min(count, 4 * numba.get_num_threads()))


def table_state(compiled: dict):
    """The kernels' declared table state (``kernels.niuniu.state``) over ``compile_rules``' arrays."""
    from kernels.niuniu.state import NIUNIU_TABLE

    shared = {"deck_template": compiled["deck"]}
    shared.update({k: compiled[k] for k in ("params", "card_info", "card_of_strength", "multipliers", "bets")})
    return NIUNIU_TABLE.allocate(shared, cards=compiled["deck"].shape[0])


def play_rows(rules: NiuniuRules, seed: int, start: int, count: int, out: np.ndarray | None = None,
              compiled: dict | None = None, fix=None) -> np.ndarray:
    """Rows (count, LAYOUT.length) of tables ``start .. start+count-1``; ``fix``: the
    ``(fix_card, fix_slots)`` tables of ``--fix`` (``sim.dealing.fix_tables``), or None."""
    from kernels.niuniu.play import play_range

    a = compiled or compile_rules(rules)
    if out is None:
        out = np.empty((count, LAYOUT.length), np.int64)
    play_range(table_state(a), fix, np.uint64(seed), start, count, out, _blocks(count))
    return out


def census_rows(rules: NiuniuRules, seed: int, start: int, count: int, compiled: dict | None = None,
                fix=None) -> np.ndarray:
    """Rows (count, CENSUS_LAYOUT.length): cards, category and top card of the same deals."""
    from kernels.niuniu.play import census_range

    a = compiled or compile_rules(rules)
    out = np.empty((count, CENSUS_LAYOUT.length), np.int64)
    census_range(table_state(a), fix, np.uint64(seed), start, count, out, _blocks(count))
    return out


def kernel_values(rows: np.ndarray, n_seats: int) -> dict[str, np.ndarray]:
    """Every field of play rows by name, the kernel-only settlement (``s{k}_chips``, ``s{k}_tie``,
    ``s{k}_advantage``, ``s{k}_outcome``) included."""
    out = LAYOUT.unpack(rows, n_seats)
    for f in LAYOUT.fields:
        if not f.column:
            for k in range(n_seats):
                out[f"s{k}_{f.name}"] = rows[:, LAYOUT.at(f.name) + k]
    return out


def play_facts(rules: NiuniuRules, seed: int, start: int, count: int) -> dict[str, np.ndarray]:
    """Named columns of ``play_rows`` (``s{k}_category``, …, ``s{k}_chips``)."""
    return kernel_values(play_rows(rules, seed, start, count), rules.players)
