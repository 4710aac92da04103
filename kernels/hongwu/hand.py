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
from kernels.rng import seed_stream
from kernels.trick.bury import bury_kitty
from kernels.trick.census import F_HOT, F_JOKERS, F_PAIRS, F_POINTS, F_RUNS, F_TRIPLES, F_TRUMPS, hand_features
from kernels.trick.kitty import kitty_multiplier
from kernels.trick.order import CLS_TRUMP, N_KINDS, OT_KPTS
from kernels.trick.state import (
    GS_ALLOW_THROW, GS_BANKER, GS_CAPTURED, GS_FAILED_SMALLEST, GS_HAND_SIZE, GS_HOT_BANKER, GS_HOT_DEF, GS_HOT_KIND,
    GS_LAST_N, GS_LAST_WINNER, GS_LEADER, GS_MUST_FOLLOW, GS_N_DECKS, GS_PEN_BANKER, GS_PEN_DEF, GS_TRIPLES_LED,
    N_SEATS, DealView, clear_holdings, deal_seat, give_card,
)
from kernels.trick.layout import facts_at
from kernels.trick.tricks import play_tricks, write_trick_facts

R = LAYOUT.at
ROW_DEAL, ROW_ROTATION, ROW_BANKER, ROW_PARTNER, ROW_TRUMP = (
    R("deal"), R("rotation"), R("banker"), R("partner"), R("trump_suit"))
ROW_SHOW_POSITION, ROW_FROM_KITTY, ROW_REDEALS = R("show_position"), R("trump_from_kitty"), R("redeals")
ROW_TRUMPS, ROW_PAIRS, ROW_TRIPLES, ROW_TRACTORS, ROW_POINTS_HELD, ROW_HEARTS5, ROW_JOKERS = (
    R("trumps"), R("pairs"), R("triples"), R("tractors"), R("points_held"), R("hearts5"), R("jokers"))
ROW_BANKER_TRUMPS, ROW_BANKER_VOIDS = R("banker_trumps"), R("banker_voids")
ROW_KITTY_DEALT, ROW_KITTY_POINTS, ROW_KITTY_TRUMPS, ROW_KITTY_H5 = (
    R("kitty_points_dealt"), R("kitty_points"), R("kitty_trumps"), R("kitty_hearts5"))
ROW_LAST_WINNER = R("last_winner")
ROW_CAPTURED, ROW_KOU_DI, ROW_LAST_LEAD, ROW_KITTY_MULT, ROW_KITTY_BONUS = (
    R("captured"), R("kou_di"), R("last_lead_cards"), R("played_kitty_multiplier"), R("played_kitty_bonus"))
ROW_PEN_BANKER, ROW_PEN_OPP, ROW_POINTS, ROW_H5_BANKER, ROW_H5_OPP = (
    R("penalty_banker"), R("penalty_opp"), R("played_points"), R("h5_banker"), R("h5_opp"))
ROW_FACTS, ROW_TRIPLES_LED = facts_at(LAYOUT), R("triples_led")


@njit(cache=True, nogil=True)
def play_hand(st, seed, deal, rotation, row):
    """Play one hand of the stream ``(seed, deal)`` turned by ``rotation`` into ``row``
    (``kernels.hongwu.layout``)."""
    rules, deck, deck_template, ot, hands, ncls, gs, ss, side, feats, dl = (
        st.rules, st.deck, st.deck_template, st.ot, st.hands, st.ncls, st.gs, st.ss, st.side, st.feats, st.dl)
    row[:] = 0
    gs[:] = 0
    seed_stream(seed, deal, st.rng)
    for i in range(deck.shape[0]):  # (an element loop: slice copies compile numba's shape-error path)
        deck[i] = deck_template[i]
    deal_and_show(DealView(st.rng, st.deck, st.fix_card, st.fix_slots, st.rules, st.dl, st.dsuit, st.dshow,
                           st.dextra, st.drecv, st.pp, st.log, st.gs), rotation)
    trump = dl[DL_TRUMP]
    banker = dl[DL_BANKER]
    one_vs_three = rules[R_TEAMS] == TEAMS_ONE_VS_THREE
    for s in range(N_SEATS):
        side[s] = 1 if (s == banker or (not one_vs_three and s == (banker + 2) % N_SEATS)) else 0
    build_order(ot, trump, rules[R_ADJACENCY])
    clear_holdings(st.hands, st.ncls, st.owner)
    n_dealt = N_SEATS * HAND_SIZE
    for p in range(n_dealt):
        give_card(st.hands, st.ncls, st.owner, st.ot, deal_seat(p, rotation), deck[p])
    for s in range(N_SEATS):
        hand_features(hands, ncls, s, ot, HEART5_KIND, feats)
        row[ROW_TRUMPS + s] = feats[F_TRUMPS]
        row[ROW_PAIRS + s] = feats[F_PAIRS]
        row[ROW_TRIPLES + s] = feats[F_TRIPLES]
        row[ROW_TRACTORS + s] = feats[F_RUNS]
        row[ROW_POINTS_HELD + s] = feats[F_POINTS]
        row[ROW_HEARTS5 + s] = feats[F_HOT]
        row[ROW_JOKERS + s] = feats[F_JOKERS]
    kitty_dealt = 0
    for i in range(KITTY_SIZE):
        kitty_dealt += ot[OT_KPTS, deck[n_dealt + i] % N_KINDS]
    st.seen[:, :] = 0
    st.void[:, :] = 0
    st.buried[:, :] = 0
    ss[:, :] = 0
    gs[GS_BANKER] = banker
    gs[GS_LEADER] = banker
    gs[GS_N_DECKS] = N_DECKS
    gs[GS_MUST_FOLLOW] = rules[R_MUST_FOLLOW]
    gs[GS_FAILED_SMALLEST] = 1 if rules[R_FAILED_THROW] == FAILED_SMALLEST else 0
    gs[GS_HOT_KIND] = HEART5_KIND
    gs[GS_HAND_SIZE] = HAND_SIZE
    gs[GS_ALLOW_THROW] = rules[R_ALLOW_THROW]
    kitty_pts, kitty_trumps, kitty_h5 = bury_kitty(st, banker, n_dealt, KITTY_SIZE)
    voids = 0
    for c in range(4):
        if c != trump and ncls[banker, c] == 0:
            voids += 1
    row[ROW_BANKER_TRUMPS] = ncls[banker, CLS_TRUMP]
    play_tricks(st)
    # -- P, the kitty and the ♥5s
    last_side = side[gs[GS_LAST_WINNER]]
    kou_di = last_side == 0
    mult = kitty_multiplier(rules[R_KITTY_MULTIPLIER], gs[GS_LAST_N])
    bonus = kitty_pts * mult if kou_di else 0
    if last_side == 1:
        gs[GS_HOT_BANKER] += kitty_h5
    else:
        gs[GS_HOT_DEF] += kitty_h5
    # -- the row
    row[ROW_DEAL] = deal
    row[ROW_ROTATION] = rotation
    row[ROW_BANKER] = banker
    row[ROW_PARTNER] = -1 if one_vs_three else (banker + 2) % N_SEATS
    row[ROW_TRUMP] = trump
    row[ROW_SHOW_POSITION] = dl[DL_POSITION]
    row[ROW_FROM_KITTY] = dl[DL_FROM_KITTY]
    row[ROW_REDEALS] = dl[DL_REDEALS]
    row[ROW_BANKER_VOIDS] = voids
    row[ROW_KITTY_DEALT] = kitty_dealt
    row[ROW_KITTY_POINTS] = kitty_pts
    row[ROW_KITTY_TRUMPS] = kitty_trumps
    row[ROW_KITTY_H5] = kitty_h5
    row[ROW_CAPTURED] = gs[GS_CAPTURED]
    row[ROW_KOU_DI] = 1 if kou_di else 0
    row[ROW_LAST_LEAD] = gs[GS_LAST_N]
    row[ROW_LAST_WINNER] = gs[GS_LAST_WINNER]
    row[ROW_KITTY_MULT] = mult
    row[ROW_KITTY_BONUS] = bonus
    row[ROW_PEN_BANKER] = gs[GS_PEN_BANKER]
    row[ROW_PEN_OPP] = gs[GS_PEN_DEF]
    row[ROW_POINTS] = gs[GS_CAPTURED] + bonus + gs[GS_PEN_BANKER] - gs[GS_PEN_DEF]
    row[ROW_H5_BANKER] = gs[GS_HOT_BANKER]
    row[ROW_H5_OPP] = gs[GS_HOT_DEF]
    write_trick_facts(row, ROW_FACTS, gs, ss)
    row[ROW_TRIPLES_LED] = gs[GS_TRIPLES_LED]

