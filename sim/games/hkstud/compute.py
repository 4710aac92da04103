"""Running the 港式五张 kernels from a ruleset and players: rows of raw facts as numpy arrays.

Thin wrappers the ``Game`` wiring (phase 2), the tests and the benchmarks share.
"""

from __future__ import annotations

import numba
import numpy as np

from kernels.hkstud.layout import CENSUS_LAYOUT, LAYOUT
from sim.games.hkstud.players import policy_arrays
from sim.games.hkstud.rules import HKStudRules, compile_rules


def _blocks(count: int) -> int:
    return max(1, min(count, 4 * numba.get_num_threads()))


def play_rows(rules: HKStudRules, seed: int, start: int, count: int, policies: list[str] | None = None,
              params: list[dict[str, float]] | None = None) -> np.ndarray:
    """Rows (count, LAYOUT.length) of tables ``start .. start+count-1``."""
    from kernels.hkstud.play import play_range

    a = compile_rules(rules)
    policy, pp = policy_arrays(policies or ["calling-station"] * rules.players, params)
    if policy.shape[0] != rules.players:
        raise ValueError("one policy per seat")
    out = np.empty((count, LAYOUT.length), np.int64)
    play_range(np.uint64(seed), start, count, a["params"], a["plain"], a["flush"], a["alt_plain"], a["alt_flush"],
               policy, pp, out, _blocks(count))
    return out


def census_rows(rules: HKStudRules, seed: int, start: int, count: int) -> np.ndarray:
    """Rows (count, CENSUS_LAYOUT.length) of the same deals, without betting."""
    from kernels.hkstud.play import census_range

    a = compile_rules(rules)
    out = np.empty((count, CENSUS_LAYOUT.length), np.int64)
    census_range(np.uint64(seed), start, count, rules.players, a["plain"], a["flush"], a["alt_plain"],
                 a["alt_flush"], out, _blocks(count))
    return out
