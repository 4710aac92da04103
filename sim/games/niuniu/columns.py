"""牛牛's Parquet columns, declared once: the census row and the play row (raw facts from the
kernel layout ``kernels.niuniu.layout``, the seat's player, and the columns ``scoring.score``
computes — the ones ``paiju rescore`` rewrites). ``docs/schema.md`` is generated from these lists.
"""

from __future__ import annotations

import pyarrow as pa

from kernels.niuniu.layout import CENSUS_LAYOUT, LAYOUT
from sim.schema import PLAY_INDEX_COLUMNS, Column, game_index_column, layout_columns, per_seat, policy_columns

POLICIES = ("auto",)  # 牛牛 has no decisions: the best arrangement is always taken (N-2)


def census_columns(n_seats: int) -> list[Column]:
    return [game_index_column()] + layout_columns(CENSUS_LAYOUT, n_seats)


def scored_columns(n_seats: int) -> list[Column]:
    """Columns of ``sim.games.niuniu.scoring.score`` (rewritten by ``paiju rescore``)."""
    return [
        *per_seat("wins", pa.bool_(), "the 闲家 beat 庄家 (False for 庄家)", n_seats),
        *per_seat("tie", pa.bool_(), "same value as 庄家's hand, settled by the highest card or the Q rule",
                  n_seats),
        *per_seat("advantage", pa.bool_(), "庄家 won this tie only by banker advantage (N-3)", n_seats),
        *per_seat("paid", pa.int8(), "category whose multiplier was paid (0 没牛 .. 10 牛牛; -1 for 庄家)", n_seats),
        *per_seat("multiplier", pa.int16(), "multiplier paid between the 闲家 and 庄家 (0 for 庄家)", n_seats),
        *per_seat("money", pa.float64(), "net chips of the deal (庄家: minus the sum of the 闲家's)", n_seats),
        Column("banker_net", pa.float64(), "庄家's net chips of the deal"),
    ]


def play_columns(n_seats: int) -> list[Column]:
    return (PLAY_INDEX_COLUMNS + layout_columns(LAYOUT, n_seats) + policy_columns(POLICIES, n_seats)
            + scored_columns(n_seats))
