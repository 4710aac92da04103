"""港式五张's Parquet columns, declared once: the census row and the play row (raw facts from the
kernel layout ``kernels.hkstud.layout``, the seat's player, and the columns ``scoring.score``
computes — the ones ``paiju rescore`` rewrites). ``docs/schema.md`` is generated from these lists.
"""

from __future__ import annotations

import pyarrow as pa

from kernels.hkstud.layout import CENSUS_LAYOUT, LAYOUT, STREETS
from kernels.hkstud.policies import POLICY_NAMES
from sim.schema import PLAY_INDEX_COLUMNS, Column, game_index_column, layout_columns, per_seat, policy_columns


def census_columns(n_seats: int) -> list[Column]:
    return [game_index_column()] + layout_columns(CENSUS_LAYOUT, n_seats)


def scored_columns(n_seats: int) -> list[Column]:
    """Columns of ``sim.games.hkstud.scoring.score`` (rewritten by ``paiju rescore``)."""
    return [
        *per_seat("won", pa.bool_(), "the seat took the pot", n_seats),
        *per_seat("money", pa.float64(), "net money of the deal: chips × chip_value", n_seats),
        Column("fold_win", pa.bool_(), "the pot went to the last seat in (everyone else folded)"),
        Column("banker_changes", pa.int8(), "times 庄家 changed from one round to the next"),
        *[Column(f"banker_{st}_won", pa.bool_(), f"庄家 after round {st} took the pot") for st in STREETS],
        Column("kickers_disagree", pa.bool_(), "the other high_card_kickers setting would give the pot to another "
                                               "seat"),
    ]


def play_columns(n_seats: int) -> list[Column]:
    return (PLAY_INDEX_COLUMNS + layout_columns(LAYOUT, n_seats) + policy_columns(POLICY_NAMES, n_seats)
            + scored_columns(n_seats))
