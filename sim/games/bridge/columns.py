"""Bridge's Parquet columns, declared once: the census row (one per deal) and the play row (one per
board), from the kernel layouts of ``kernels.bridge.layout``, plus what is derived from the raw
facts, the double-dummy columns (ruleset ``dd = true``) and the scored columns (rewritten by
``paiju rescore``). ``docs/schema.md`` is generated from these lists.
"""

from __future__ import annotations

import pyarrow as pa

from kernels.bridge.layout import BOARD_LAYOUT, CENSUS_LAYOUT, DD_LAYOUT, SEATS, SUITS, VULNERABILITY
from sim.games.bridge.players import PLAYER_NAMES
from sim.games.bridge.scoring import ROLES
from sim.schema import DICT, PLAY_INDEX_COLUMNS, Column, game_index_column, layout_columns, per_seat, policy_columns

N_SEATS = 4
SEAT_ROLES = ROLES + ("none",)  # s{k}_role: "none" on a passed-out board

BOARD_CONTEXT = [
    Column("dealer", DICT, "dealer seat of board game_index + 1", SEATS),
    Column("vul", DICT, "vulnerability of board game_index + 1 (the par score depends on it)", VULNERABILITY),
]

DERIVED = [
    Column("deal", pa.string(), "the deal as a PBN string from North: 'N:AKQ2.T98.… …' (hands N E S W, suits ♠.♥.♦.♣)"),
    Column("auction", pa.string(), "the calls from the dealer on, e.g. '1H P 2H P P P' (P pass, X double, XX redouble)"),
    Column("result", pa.int8(), "tricks over (+) or under (−) the contract; 0 when passed out"),
    Column("ns_hcp", pa.int8(), "N-S combined high-card points"),
    Column("ew_hcp", pa.int8(), "E-W combined high-card points"),
    Column("ns_fit", pa.int8(), "N-S longest combined suit (cards)"),
    Column("ns_fit_suit", DICT, "suit of N-S's longest combined suit (ties: the higher suit)", SUITS),
    Column("ew_fit", pa.int8(), "E-W longest combined suit (cards)"),
    Column("ew_fit_suit", DICT, "suit of E-W's longest combined suit (ties: the higher suit)", SUITS),
    *per_seat("role", DICT, "declarer | dummy | defender | none (passed out)", N_SEATS, categories=SEAT_ROLES),
]

DD_DERIVED = [
    Column("dd_tricks", pa.int8(), "double-dummy tricks of the contract for its declarer (-1 passed out)"),
    Column("par", pa.string(), "the par contracts, e.g. '4S N, 4S S' or '5DX E' (X: a doubled sacrifice); "
                               "'pass' when par is passed out"),
    Column("equals_par", pa.bool_(), "the contract (level, strain, declarer, doubled or not) is a par contract"),
]


def dd_columns() -> list[Column]:
    return layout_columns(DD_LAYOUT, N_SEATS)


def census_columns(rules) -> list[Column]:
    cols = [game_index_column()] + layout_columns(CENSUS_LAYOUT, N_SEATS)
    return cols + BOARD_CONTEXT + dd_columns() if rules.dd else cols


def scored_columns(rules) -> list[Column]:
    cols = [Column("ns_score", pa.int32(), "N-S duplicate score of the board (spec §4; the par score when four "
                                           "pass-out players sit; 0 passed out)")]
    if rules.dd:
        cols += [Column("imps_vs_par", pa.int8(), "IMPs (WBF scale) of N-S's score against the par score"),
                 Column("mp_vs_par", pa.float64(), "matchpoints of N-S's score against par: top for better, half "
                                                   "for equal, 0 for worse (top = matchpoint_top)")]
    return cols + per_seat("money", pa.float64(), "money of the board: the seat's side's score in the unit of "
                                                  "option money (points by default); N-S vs E-W, zero-sum", N_SEATS)


def play_columns(rules) -> list[Column]:
    board = [c for c in layout_columns(BOARD_LAYOUT, N_SEATS) if c.name != "ns_score"]
    dd = dd_columns() + DD_DERIVED if rules.dd else []
    return (PLAY_INDEX_COLUMNS + board + DERIVED + dd + policy_columns(PLAYER_NAMES, N_SEATS)
            + scored_columns(rules))
