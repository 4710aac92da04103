"""八十分's Parquet columns, declared once: the census row, and the play row — the kernel's raw facts
(``kernels.tractor.layout``), what the rows give without any rule (roles, the match's length), the
policies, and the scored columns (``sim.games.tractor.scoring.score``, rewritten by ``paiju
rescore``). ``docs/schema.md`` is generated from these lists.

With ``matches = true`` (the default) a game index is a whole match: one row per hand, all with
the match's ``game_index``; ``match_hand`` numbers the hands, ``match_hands`` is the match's
length (on every row of it) and the last row has ``match_over`` (``match_winner`` the team).
"""

from __future__ import annotations

import pyarrow as pa

from kernels.tractor.layout import LAYOUT
from sim.games.trick import POLICIES, ROLES
from sim.games.trick.census import CensusFeature, census_columns as family_census_columns
from sim.games.tractor.scoring import RESULTS
from sim.schema import DICT, PLAY_INDEX_COLUMNS, Column, layout_columns, per_seat, policy_columns

CENSUS_FEATURES = (
    CensusFeature("trumps", "trumps", "trumps held (25 cards, level '2', under the hand's trump)"),
    CensusFeature("pairs", "pairs", "identical pairs held"),
    CensusFeature("runs", "tractors", "拖拉机 held (maximal runs of >= 2 adjacent pairs, TR-3)"),
    CensusFeature("points", "points", "points held (5, 10, K)"),
    CensusFeature("jokers", "jokers", "jokers held"),
)


def census_columns() -> list[Column]:
    return family_census_columns(CENSUS_FEATURES, "seat whose declaration stood, -1 nobody (or a fixed trump)")


DERIVED = [
    Column("match_hands", pa.int16(), "hands the whole match took (matches = true; on each of its rows); 0 when "
                                      "a game index is one hand"),
    *per_seat("role", DICT, "banker (庄家) | partner (his partner) | opponent (闲, 抓分方)", 4, categories=ROLES),
]

SCORED = [
    Column("kitty_multiplier", pa.int8(), "kitty multiplier under the scoring rules (TR-5)"),
    Column("kitty_bonus", pa.int16(), "points the kitty adds to P (扣底 × kitty points × multiplier)"),
    Column("points", pa.int16(), "P = captured + kitty_bonus + penalty_banker - penalty_opp"),
    Column("keeps", pa.bool_(), "the 庄 team keeps the deal (P below the threshold)"),
    Column("level_up", pa.int8(), "levels gained by the team that goes up (§9)"),
    Column("result", DICT, "shutout (P <= 0) | small | mid (庄 keeps) | switch (opponents take the deal, no level) "
                           "| switch_up (and go up)", RESULTS),
    Column("banker_levels", pa.int8(), "levels the 庄 team gains"),
    Column("opp_levels", pa.int8(), "levels the opponents gain"),
    *per_seat("levels", pa.int8(), "levels the seat's team gains", 4),
    *per_seat("money", pa.float64(), "stake_per_level × (levels of the seat's team - the other team's)", 4),
]


def play_columns() -> list[Column]:
    index = {c.name for c in PLAY_INDEX_COLUMNS}  # the kernel row repeats `rotation`: one column
    raw = [c for c in layout_columns(LAYOUT, 4) if c.name not in index]
    return PLAY_INDEX_COLUMNS + raw + DERIVED + policy_columns(POLICIES, 4) + SCORED
