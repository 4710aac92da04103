"""Running the 牛牛 kernels from a ruleset: rows of raw facts as numpy arrays.

Thin wrappers the ``Game`` wiring (phase 2), the tests and the benchmarks share: compile the
ruleset once, call the batch kernel, unpack named columns with the row layout.
"""

from __future__ import annotations

import numba
import numpy as np

from kernels.niuniu.layout import CENSUS_LAYOUT, LAYOUT
from sim.games.niuniu.rules import NiuniuRules, compile_rules


def _blocks(count: int) -> int:
    return max(1, min(count, 4 * numba.get_num_threads()))


def play_rows(rules: NiuniuRules, seed: int, start: int, count: int, out: np.ndarray | None = None) -> np.ndarray:
    """Rows (count, LAYOUT.length) of tables ``start .. start+count-1``."""
    from kernels.niuniu.play import play_range

    a = compile_rules(rules)
    if out is None:
        out = np.empty((count, LAYOUT.length), np.int64)
    play_range(np.uint64(seed), start, count, a["params"], a["deck"], a["card_info"], a["card_of_strength"],
               a["multipliers"], a["bets"], out, _blocks(count))
    return out


def census_rows(rules: NiuniuRules, seed: int, start: int, count: int) -> np.ndarray:
    """Rows (count, CENSUS_LAYOUT.length): cards, category and top card of the same deals."""
    from kernels.niuniu.play import census_range

    a = compile_rules(rules)
    out = np.empty((count, CENSUS_LAYOUT.length), np.int64)
    census_range(np.uint64(seed), start, count, a["params"], a["deck"], a["card_info"], a["card_of_strength"], out,
                 _blocks(count))
    return out


def play_facts(rules: NiuniuRules, seed: int, start: int, count: int) -> dict[str, np.ndarray]:
    """Named raw-fact columns (``s{k}_category``, …) of ``play_rows``."""
    return LAYOUT.unpack(play_rows(rules, seed, start, count), rules.players)
