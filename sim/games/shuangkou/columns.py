"""百变双扣's Parquet columns, declared once: the census row, and the play row (the raw facts of
``kernels.shuangkou.layout.HAND_LAYOUT``, by player, the players' roles and policies, and the
scored columns). ``docs/schema.md`` is generated from these lists.

``s{k}_*`` columns are by player: player k was dealt seat k's hand and plays policy slot k;
``s{k}_seat`` says where the partner draw's swap sat him.
"""

from __future__ import annotations

import pyarrow as pa

from kernels.shuangkou.layout import CENSUS_LAYOUT, HAND_LAYOUT, MAX_SEATS
from sim.games.shuangkou.scoring import OUTCOMES, ROLES
from sim.schema import DICT, PLAY_INDEX_COLUMNS, Column, game_index_column, layout_columns, per_seat, policy_columns

POLICIES = ("random", "greedy", "smart", "search")
N_SEATS = MAX_SEATS


def census_columns() -> list[Column]:
    return [game_index_column()] + layout_columns(CENSUS_LAYOUT, N_SEATS)


DERIVED = [*per_seat("role", DICT, "leader (holds the announced card) | partner | opponent", N_SEATS,
                     categories=ROLES)]

# computed by sim.games.shuangkou.scoring.score (rewritten by paiju rescore)
SCORED = [
    Column("outcome", DICT, "shuangkou 双扣 (1st & 2nd one team) | dankou 单扣 (1st & 3rd) | pingkou 平扣 (1st & 4th)",
           OUTCOMES),
    Column("win_team", pa.int8(), "winning team by seat: 0 = seats {0, 2}, 1 = seats {1, 3} (after the swap)"),
    Column("units", pa.int8(), "base units of the outcome (3 / 2 / 1)"),
    Column("side_level", pa.int8(), "the winning side's 相 level L (SK-7: its largest 相 played or the bomb-count "
           "equivalent, 0 with no bomb; only L >= 5 doubles)", lo=0),
    Column("multiplier", pa.int64(), "翻倍 F = 2^(L-4) for L >= 5, else 1"),
    *per_seat("won", pa.bool_(), "the player is on the winning side", N_SEATS),
    *per_seat("level", pa.int8(), "the player's 相 level (SK-7: largest 相 played or the bomb-count equivalent)",
              N_SEATS),
    *per_seat("hand_money", pa.int64(), "±V·F (SK-6)", N_SEATS),
    *per_seat("tribute", pa.int64(), "tribute received minus paid (SK-8, not multiplied by F)", N_SEATS),
    *per_seat("money", pa.float64(), "money of the hand in units of B: hand money + tribute", N_SEATS),
]


def play_columns() -> list[Column]:
    return (PLAY_INDEX_COLUMNS + layout_columns(HAND_LAYOUT, N_SEATS) + DERIVED + policy_columns(POLICIES, N_SEATS)
            + SCORED)
