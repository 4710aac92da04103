"""The compute functions of bridge's jobs, on plain arrays: deals, census, boards.

Each takes a game range ``start .. stop-1`` (a shard) and returns numpy columns or rows that depend
only on ``(seed, g)`` — whatever the shard layout or thread count. Threads: numba's (all by default).
"""

from __future__ import annotations

import numba
import numpy as np

from kernels.bridge.board import ROW_LEN, play_range
from kernels.bridge.census import N_CENSUS, census_range
from kernels.bridge.deal import deal_range, no_deal_spec
from kernels.bridge.hand import holding_table, pattern_table
from kernels.bridge.layout import BOARD_LAYOUT, CENSUS_LAYOUT
from kernels.bridge.state import new_state
from sim.games.bridge.rules import VUL_CYCLE, BridgeRules, compile_rules


def _blocks(count: int) -> int:
    return max(1, min(count, 4 * numba.get_num_threads()))


def deal_masks(seed: int, start: int, stop: int, deal_spec=None) -> np.ndarray:
    """(n, 4) uint64 hand bitmasks (N, E, S, W) of deals ``start .. stop-1`` (``deal_spec``: the
    given hands, ``sim.games.bridge.given.deal_spec``; none by default)."""
    out = np.empty((stop - start, 4), np.uint64)
    if stop > start:
        deal_range(np.uint64(seed), start, stop - start, holding_table(), deal_spec or no_deal_spec(), out,
                   _blocks(stop - start))
    return out


def board_dealer_vul(boards, fixed_vul: int = -1, rotation=0) -> tuple[np.ndarray, np.ndarray]:
    """Dealer seats and vulnerability codes of board numbers (1, 2, ...): spec §4's cycle, or
    ``fixed_vul`` (a code) on every board when >= 0; seen from seats turned by ``rotation``
    (``kernels.bridge.board.board_of``: the dealer moves back, an odd turn swaps the sides)."""
    b = np.asarray(boards, dtype=np.int64) - 1
    r = np.broadcast_to(np.asarray(rotation, np.int64), b.shape)
    vul = np.asarray(VUL_CYCLE, np.int64)[b % 16] if fixed_vul < 0 else np.full(b.shape, fixed_vul, np.int64)
    vul = np.where(r % 2 == 1, ((vul & 1) << 1) | (vul >> 1), vul)
    return (b - r) % 4, vul


def census(seed: int, start: int, stop: int, deal_spec=None) -> dict[str, np.ndarray]:
    """Census columns (``CENSUS_LAYOUT`` names, int8) of deals ``start .. stop-1``, plus ``game_index``."""
    n = stop - start
    out = np.empty((N_CENSUS, n), np.int8)
    if n:
        census_range(np.uint64(seed), start, n, holding_table(), pattern_table(), deal_spec or no_deal_spec(), out,
                     _blocks(n))
    cols = CENSUS_LAYOUT.unpack(out.T, 4)
    cols["game_index"] = np.arange(start, stop, dtype=np.int64)
    return cols


def play(seed: int, start: int, stop: int, rules: BridgeRules, policies: np.ndarray,
         bid_params: np.ndarray, rotate: bool = False, duplicate: bool = False, deal_spec=None) -> np.ndarray:
    """``BOARD_LAYOUT`` rows (int64) of hands ``start .. stop-1`` (``sim.games.bridge.players``);
    ``rotate`` and ``duplicate`` as ``kernels.bridge.board.play_hand`` reads them from the run."""
    n = stop - start
    rows = np.zeros((n, ROW_LEN), np.int64)
    if n:
        st = new_state(compile_rules(rules), policies, bid_params, deal_spec, seed, rotate, duplicate)
        play_range(st, start, n, rows, _blocks(n))
    return rows


def board_columns(rows: np.ndarray) -> dict[str, np.ndarray]:
    """Named columns of board rows."""
    return BOARD_LAYOUT.unpack(rows, 4)
