"""干瞪眼's Parquet columns, declared once for the run's seat count (2..10): the census row and the
play row (the kernel's raw facts of ``kernels.gandengyan.layout``, the seats' roles and results,
the players, and the scored columns that ``paiju rescore`` rewrites). Per-seat columns exist for
the run's seats only: ``s0_…`` to ``s{n-1}_…`` with n = the ruleset's ``players``."""

from __future__ import annotations

import pyarrow as pa

from kernels.gandengyan.layout import CENSUS_LAYOUT, LAYOUT
from sim.schema import DICT, PLAY_INDEX_COLUMNS, Column, game_index_column, layout_columns, per_seat, policy_columns

POLICIES = ("random", "greedy", "smart", "search")
ROLES = ("banker", "other")
ROLE_LABELS = {"banker": "庄家 / 东家 (dealt the larger share)", "other": "the other players"}


def census_columns(n_seats: int) -> list[Column]:
    return [game_index_column()] + layout_columns(CENSUS_LAYOUT, n_seats)


def derived_columns(n_seats: int) -> list[Column]:
    return (per_seat("role", DICT, "banker | other", n_seats, categories=ROLES)
            + per_seat("won", pa.bool_(), "went out first (the winner)", n_seats))


def scored_columns(n_seats: int) -> list[Column]:
    c = [Column("public_multiplier", pa.float64(), "Π of the public factors: bombs played by size, 双王, the round "
                                                   "doublings (1 where the variant has none)")]
    c += per_seat("personal_multiplier", pa.float64(), "Π of the personal factors: bombs and jokers left, 全关",
                  n_seats)
    c += per_seat("multiplier", pa.float64(), "public × personal, capped at multiplier_cap", n_seats)
    c += per_seat("cap_hit", pa.bool_(), "a paying loser whose multiplier was capped", n_seats)
    c += per_seat("quanguan", pa.bool_(), "a paying loser shut out (全关 under the variant's reading)", n_seats)
    c += per_seat("pays", pa.bool_(), "pays the winner (first_out variants)", n_seats)
    c += per_seat("money", pa.float64(), "net money of the hand (units of the base)", n_seats)
    return c


def play_columns(n_seats: int) -> list[Column]:
    return (PLAY_INDEX_COLUMNS + layout_columns(LAYOUT, n_seats) + derived_columns(n_seats)
            + policy_columns(POLICIES, n_seats) + scored_columns(n_seats))
