"""仙居红五's Parquet columns, declared once: the census row, and the play row — the kernel's raw
facts (``kernels.hongwu.layout``), the roles, the policies, and the scored columns
(``sim.games.hongwu.scoring.score``, rewritten by ``paiju rescore``)."""

from __future__ import annotations

import pyarrow as pa

from kernels.hongwu.layout import LAYOUT
from sim.games.trick import POLICIES, ROLES
from sim.games.trick.census import CensusFeature, census_columns as family_census_columns
from sim.schema import DICT, PLAY_INDEX_COLUMNS, Column, layout_columns, per_seat, policy_columns

CENSUS_FEATURES = (
    CensusFeature("trumps", "trumps", "trumps held (39 cards, under the hand's trump)"),
    CensusFeature("pairs", "pairs", "kinds held at least twice (identical pairs)"),
    CensusFeature("triples", "triples", "kinds held three times (identical triples)"),
    CensusFeature("runs", "tractors", "拖拉机 of pairs held (maximal runs of >= 2 adjacent pairs, XJ-6)"),
    CensusFeature("points", "points", "points held (5, 10, K)"),
    CensusFeature("hot", "hearts5", "♥5 (红五) held, 0..3"),
    CensusFeature("jokers", "jokers", "jokers held"),
)


def census_columns() -> list[Column]:
    return family_census_columns(CENSUS_FEATURES, "庄家: the seat that showed the first 10 (-1 with a fixed trump)")


DERIVED = [*per_seat("role", DICT, "banker (庄家) | partner (his partner, two_vs_two) | opponent (闲家)", 4,
                     categories=ROLES)]

SCORED = [
    Column("kitty_multiplier", pa.int8(), "kitty multiplier under the scoring rules"),
    Column("kitty_bonus", pa.int16(), "points the kitty adds to P (扣底 × kitty points × multiplier)"),
    Column("points", pa.int16(), "P = captured + kitty_bonus + penalty_banker - penalty_opp"),
    Column("band", pa.int8(), "score band of §7: 1 (P <= 0) .. 7 (P >= 5 widths, all 300)"),
    Column("banker_won", pa.bool_(), "the 庄 side wins the band (bands 1-3 under the default table)"),
    Column("opp_amount", pa.int16(), "each 闲 player's band result in units of B (+ wins, - pays)"),
    Column("h5_net", pa.int16(), "each 闲 player's ♥5 result: (闲 captures - 庄 captures) × bonus × B"),
    *per_seat("banker_side", pa.bool_(), "the seat is on the 庄 side", 4),
    *per_seat("band_money", pa.float64(), "money from the score band", 4),
    *per_seat("h5_money", pa.float64(), "money from the ♥5 bonus", 4),
    *per_seat("money", pa.float64(), "net money of the hand: band + ♥5 (units of B)", 4),
]


def play_columns() -> list[Column]:
    index = {c.name for c in PLAY_INDEX_COLUMNS}  # the kernel row repeats `rotation`: one column
    raw = [c for c in layout_columns(LAYOUT, 4) if c.name not in index]
    return PLAY_INDEX_COLUMNS + raw + DERIVED + policy_columns(POLICIES, 4) + SCORED
