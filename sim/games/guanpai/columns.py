"""关牌's Parquet columns, declared once: the census row and the play row (the kernel's raw facts
of ``kernels.guanpai.layout``, what the facts give without any rule, the players, and the scored
columns that ``paiju rescore`` rewrites). ``docs/schema.md`` is generated from these lists."""

from __future__ import annotations

import pyarrow as pa

from kernels.guanpai.layout import CENSUS_LAYOUT, LAYOUT
from sim.schema import DICT, PLAY_INDEX_COLUMNS, Column, game_index_column, layout_columns, per_seat, policy_columns

N_SEATS = 2
POLICIES = ("random", "greedy", "smart", "search")
ROLES = ("first_leader", "second")
ROLE_LABELS = {"first_leader": "leads the first trick (♠3 holder)", "second": "the other player"}


def census_columns() -> list[Column]:
    return [game_index_column()] + layout_columns(CENSUS_LAYOUT, N_SEATS)


def derived_columns() -> list[Column]:
    return (per_seat("role", DICT, "first_leader | second", N_SEATS, categories=ROLES)
            + per_seat("won", pa.bool_(), "emptied his hand first", N_SEATS))


def scored_columns() -> list[Column]:
    return ([Column("payment", pa.float64(), "what the loser pays the winner: cards left × base, × quanguan_factor "
                                             "on 全关")]
            + per_seat("money", pa.float64(), "net money of the hand (units of the base B)", N_SEATS))


def play_columns() -> list[Column]:
    return (PLAY_INDEX_COLUMNS + layout_columns(LAYOUT, N_SEATS) + derived_columns()
            + policy_columns(POLICIES, N_SEATS) + scored_columns())
