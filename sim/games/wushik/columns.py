"""五十K's Parquet columns, declared once: the census row, and the play row (the raw facts of
``kernels.wushik.layout.HAND_LAYOUT``, the seats' roles and policies, and the scored columns).
``docs/schema.md`` is generated from these lists.

A play row is one hand. With ``matches`` (default) every hand of a match has its match's
``game_index``; ``hand_no`` numbers them and the ``match_*`` columns repeat the match's facts.
"""

from __future__ import annotations

import pyarrow as pa

from kernels.wushik.layout import CENSUS_LAYOUT, HAND_LAYOUT, MAX_SEATS
from sim.games.wushik.scoring import PATTERNS, ROLES
from sim.schema import DICT, PLAY_INDEX_COLUMNS, Column, game_index_column, layout_columns, per_seat, policy_columns

POLICIES = ("random", "greedy", "smart", "search")
N_SEATS = MAX_SEATS


def census_columns() -> list[Column]:
    return [game_index_column()] + layout_columns(CENSUS_LAYOUT, N_SEATS)


DERIVED = [*per_seat("role", DICT, "leader (led the hand) | leader_partner | opponent", N_SEATS, categories=ROLES)]

# computed by sim.games.wushik.scoring.score (rewritten by paiju rescore)
SCORED = [
    Column("pattern", DICT, "双抓 shuangzhua (1st & 2nd one team) | 单抓 danzhua (1st & 3rd) | 保 bao (1st & 4th) | "
                            "eight (decided by an 8 of a kind dealt, W-7)", PATTERNS),
    Column("first_team", pa.int8(), "team of 一游 (0: seats 0 and 2), or of the 8-of-a-kind holder"),
    Column("void_points", pa.int16(), "points nobody gets: left in hand at the 终止牌 (+ its trick's table with W-5 void)"),
    Column("team0_captured", pa.int16(), "points team {0,2} captured (the 终止牌 trick's table by W-5)"),
    Column("team1_captured", pa.int16(), "points team {1,3} captured"),
    Column("team0_bonus", pa.int32(), "team {0,2} bomb bonuses (W-6; net of the other's with zero-sum bonuses)"),
    Column("team1_bonus", pa.int32(), "team {1,3} bomb bonuses"),
    Column("team0_score", pa.int32(), "team {0,2} hand score (§10)"),
    Column("team1_score", pa.int32(), "team {1,3} hand score"),
    *per_seat("score", pa.int32(), "the seat's team hand score", N_SEATS),
    *per_seat("money", pa.float64(), "the seat's team hand score minus the other team's (zero-sum margin, points)",
              N_SEATS),
]


def play_columns() -> list[Column]:
    return (PLAY_INDEX_COLUMNS + layout_columns(HAND_LAYOUT, N_SEATS) + DERIVED + policy_columns(POLICIES, N_SEATS)
            + SCORED)
