"""仙桃千分's Parquet columns, declared once: the census row, and the play row (raw facts from the
kernel layout ``kernels.xiantao.layout``, plus what is derived from them and the scored columns).
``docs/schema.md`` is generated from these lists.
"""

from __future__ import annotations

import pyarrow as pa

from kernels.layout import RowLayout
from kernels.xiantao.layout import CENSUS_FIELDS, N_SEATS, PLAY, RANGES
from sim.schema import DICT, PLAY_INDEX_COLUMNS, Column, game_index_column, layout_columns, per_seat, policy_columns

POLICIES = ("random", "greedy", "smart", "search")
ROLES = ("banker", "partner", "opponent", "hard", "hard_opponent")
CASES = ("", "A", "B", "C")  # scoring codes 0..3 (0: 硬牌)
GRADES = ("normal", "xiao_qing", "da_qing", "hard")  # scoring codes 0..3
CENSUS_LAYOUT = RowLayout(CENSUS_FIELDS, N_SEATS, ranges=RANGES)


def census_columns() -> list[Column]:
    return [game_index_column()] + layout_columns(CENSUS_LAYOUT, N_SEATS)


# columns of a play row derived from the raw facts (values: sim.games.xiantao.play)
DERIVED = [
    Column("call_rank", pa.int8(), "rank index of the call card (0:3 .. 7:10), -1 in 硬牌"),
    Column("call_suit", pa.int8(), "suit of the call card (0♠ 1♥ 2♣ 3♦), -1 in 硬牌"),
    *per_seat("role", DICT, "banker | partner | opponent | hard | hard_opponent", N_SEATS, categories=ROLES),
]

# columns computed by sim.games.xiantao.scoring.score (rewritten by paiju rescore)
SCORED = [
    Column("case", DICT, "finishing case A (一游+二游) | B (一游+三游) | C (一游+末游) | '' in 硬牌", CASES),
    Column("team_w_total", pa.int16(), "一游's team total after contributions and unplayed points (0 in 硬牌)"),
    Column("team_l_total", pa.int16(), "the other team's total (0 in 硬牌)"),
    Column("grade", DICT, "da_qing | xiao_qing | normal | hard", GRADES),
    Column("multiplier", pa.float64(), "grade multiplier applied (hard_multiplier in 硬牌)"),
    Column("tie_100", pa.bool_(), "totals equal: 一游's team wins"),
    *per_seat("won", pa.bool_(), "seat is on the winning side", N_SEATS),
    *per_seat("xi", pa.float64(), "net 喜 money (received minus paid)", N_SEATS),
    *per_seat("money", pa.float64(), "net money of the hand: grade money + 喜", N_SEATS),
]


def play_columns() -> list[Column]:
    return (PLAY_INDEX_COLUMNS + layout_columns(PLAY, N_SEATS) + DERIVED + policy_columns(POLICIES, N_SEATS)
            + SCORED)
