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


def _fix(fix) -> tuple[np.ndarray, np.ndarray]:
    """``(fix_card, fix_slots)`` of ``sim.dealing.fix_tables`` (``--fix``), empty without one."""
    if fix is None:
        return np.zeros((0, 0), np.int64), np.zeros((0, 0), np.int64)
    return fix


def play_rows(rules: NiuniuRules, seed: int, start: int, count: int, out: np.ndarray | None = None,
              compiled: dict | None = None, fix=None) -> np.ndarray:
    """Rows (count, LAYOUT.length) of tables ``start .. start+count-1``; ``fix``: the
    ``(fix_card, fix_slots)`` tables of ``--fix`` (``sim.dealing.fix_tables``)."""
    from kernels.niuniu.play import play_range

    a = compiled or compile_rules(rules)
    if out is None:
        out = np.empty((count, LAYOUT.length), np.int64)
    fix_card, fix_slots = _fix(fix)
    play_range(np.uint64(seed), start, count, a["params"], a["deck"], fix_card, fix_slots, a["card_info"],
               a["card_of_strength"], a["multipliers"], a["bets"], out, _blocks(count))
    return out


def census_rows(rules: NiuniuRules, seed: int, start: int, count: int, compiled: dict | None = None,
                fix=None) -> np.ndarray:
    """Rows (count, CENSUS_LAYOUT.length): cards, category and top card of the same deals."""
    from kernels.niuniu.play import census_range

    a = compiled or compile_rules(rules)
    out = np.empty((count, CENSUS_LAYOUT.length), np.int64)
    fix_card, fix_slots = _fix(fix)
    census_range(np.uint64(seed), start, count, a["params"], a["deck"], fix_card, fix_slots, a["card_info"],
                 a["card_of_strength"], out, _blocks(count))
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
