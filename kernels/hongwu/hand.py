"""One 仙居红五 hand: deal and the first 10 shown, kitty, tricks, P and ♥5 captures (spec §1–§7).

The hand's stream is ``(seed, deal)``; its draws come in a fixed order: the shuffle (and any
redeal), the random players' bury, then the random players' plays. Sides (XJ-3): 庄家 and the
seat opposite against the other two (``two_vs_two``), or 庄家 alone (``one_vs_three``). A new 庄家
is found every hand (no state carries over).
"""

from __future__ import annotations

from numba import njit

from kernels.hongwu.codes import (
    FAILED_SMALLEST, HAND_SIZE, KITTY_SIZE, N_DECKS, R_ADJACENCY, R_ALLOW_THROW, R_FAILED_THROW,
    R_KITTY_MULTIPLIER, R_MUST_FOLLOW, R_TEAMS, TEAMS_ONE_VS_THREE,
)
from kernels.hongwu.deal import DL_BANKER, DL_FROM_KITTY, DL_POSITION, DL_REDEALS, DL_TRUMP, deal_and_show
from kernels.hongwu.layout import LAYOUT
from kernels.hongwu.order import HEART5_KIND, build_order
from kernels.trick.hand import bury_and_play, deal_out, note_holdings, open_tricks, start_hand
from kernels.trick.layout import end_columns, feature_columns
from kernels.trick.state import GS_HOT_BANKER, GS_HOT_DEF, GS_TRIPLES_LED, N_SEATS, deal_view

R = LAYOUT.at
ROW_DEAL, ROW_ROTATION, ROW_BANKER, ROW_PARTNER, ROW_TRUMP = (
    R("deal"), R("rotation"), R("banker"), R("partner"), R("trump_suit"))
ROW_SHOW_POSITION, ROW_FROM_KITTY, ROW_REDEALS = R("show_position"), R("trump_from_kitty"), R("redeals")
ROW_KITTY_H5, ROW_H5_BANKER, ROW_H5_OPP, ROW_TRIPLES_LED = (
    R("kitty_hearts5"), R("h5_banker"), R("h5_opp"), R("triples_led"))
END_COLS = end_columns(LAYOUT)
HELD_COLS = feature_columns(LAYOUT, ("trumps", "pairs", "triples", "tractors", "points_held", "hearts5", "jokers"))


@njit(cache=True, nogil=True)
def play_hand(st, seed, deal, rotation, row):
    """Play one hand of the stream ``(seed, deal)`` turned by ``rotation`` into ``row``
    (``kernels.hongwu.layout``)."""
    rules, gs, dl = st.rules, st.gs, st.dl
    start_hand(st, seed, deal, row)
    deal_and_show(deal_view(st), rotation)
    trump = dl[DL_TRUMP]
    banker = dl[DL_BANKER]
    one_vs_three = rules[R_TEAMS] == TEAMS_ONE_VS_THREE
    for s in range(N_SEATS):
        st.side[s] = 1 if (s == banker or (not one_vs_three and s == (banker + 2) % N_SEATS)) else 0
    build_order(st.ot, trump, rules[R_ADJACENCY])
    deal_out(st.hands, st.ncls, st.owner, st.ot, st.deck, N_SEATS * HAND_SIZE, rotation)
    note_holdings(st.hands, st.ncls, st.ot, HEART5_KIND, st.feats, row, HELD_COLS)
    open_tricks(st, banker, HEART5_KIND, HAND_SIZE, N_DECKS, rules[R_MUST_FOLLOW],
                rules[R_FAILED_THROW] == FAILED_SMALLEST, rules[R_ALLOW_THROW])
    _, kitty_h5 = bury_and_play(st, trump, N_SEATS * HAND_SIZE, KITTY_SIZE, rules[R_KITTY_MULTIPLIER], row, END_COLS)
    row[ROW_DEAL] = deal
    row[ROW_ROTATION] = rotation
    row[ROW_BANKER] = banker
    row[ROW_PARTNER] = -1 if one_vs_three else (banker + 2) % N_SEATS
    row[ROW_TRUMP] = trump
    row[ROW_SHOW_POSITION] = dl[DL_POSITION]
    row[ROW_FROM_KITTY] = dl[DL_FROM_KITTY]
    row[ROW_REDEALS] = dl[DL_REDEALS]
    row[ROW_KITTY_H5] = kitty_h5
    row[ROW_H5_BANKER] = gs[GS_HOT_BANKER]
    row[ROW_H5_OPP] = gs[GS_HOT_DEF]
    row[ROW_TRIPLES_LED] = gs[GS_TRIPLES_LED]
