"""``paiju census`` for the trick family: deal hands, fix the trump suit (the declaring bots' choice,
as in play, or a fixed suit) and record each seat's holding under the hand's card order — no play.

A game gives its census kernel call and which of the family's census features
(``kernels.trick.census.FEATURE_NAMES``) it records, under which column names. Rows: the game
index, the trump suit, the seat that declared (or 庄家), and the per-seat features.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import numpy as np
import pyarrow as pa

from sim.chunks import in_chunks
from sim.games.trick import SUITS

CHUNK = 65_536  # deals per kernel call: bounds memory and paces the progress bar
TRUMP_CHOICES = ("declared",) + SUITS  # the census_trump option


@dataclass(frozen=True)
class CensusFeature:
    kernel: str  # name in kernels.trick.census.FEATURE_NAMES
    column: str  # s{k}_<column>
    doc: str


def census_columns(features: tuple[CensusFeature, ...], who: str) -> list:
    from sim.schema import DICT, Column, game_index_column, per_seat

    cols = [game_index_column(), Column("trump_suit", DICT, "trump suit the hands are counted under", SUITS),
            Column("declarer", pa.int8(), who, lo=-1, hi=3)]
    for f in features:  # counts of cards, patterns and points: never negative
        cols += per_seat(f.column, pa.int16() if f.column.startswith("points") else pa.int8(), f.doc, 4, lo=0)
    return cols


def trump_code(rules) -> int:
    """-1 (the declaring bots choose, as in play) or the fixed suit's index."""
    return TRUMP_CHOICES.index(rules.census_trump) - 1


def compute_census(start: int, stop: int, run: Callable[[int, int, np.ndarray], None],
                   features: tuple[CensusFeature, ...], columns: list,
                   on_progress: Callable[[int], None] | None = None) -> pa.Table:
    """Rows of deals ``start .. stop-1``; ``run(lo, count, out)`` fills the kernel's census array
    (trump suit, declarer, then feature f of seat s at ``2 + f * 4 + s``)."""
    from kernels.trick.census import FEATURE_NAMES, N_FEATURES
    from sim.schema import table_from_values

    def table(lo: int, hi: int) -> pa.Table:
        out = np.zeros((hi - lo, 2 + 4 * N_FEATURES), np.int64)
        run(lo, hi - lo, out)
        values = {"game_index": np.arange(lo, hi, dtype=np.int64), "trump_suit": out[:, 0], "declarer": out[:, 1]}
        for f in features:
            i = FEATURE_NAMES.index(f.kernel)
            for s in range(4):
                values[f"s{s}_{f.column}"] = out[:, 2 + i * 4 + s]
        return table_from_values(columns, values)

    return in_chunks(start, stop, table, on_progress, CHUNK)
