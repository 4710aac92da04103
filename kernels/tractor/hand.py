"""One 八十分 hand: deal and declaration, 庄家, kitty, tricks, P and the level change (spec §4–§9).

The hand's stream is ``(seed, deal)``; its draws come in a fixed order: the shuffle (and any
redeal), the random players' bury, then the random players' plays. The match state ``ms[MS_*]``
(levels, 庄 team, previous 庄家) comes in and is updated for the next hand:

* a match's first hand (``ms[MS_BANKER_TEAM] < 0``): both teams at "2"; 庄家 is the seat whose
  declaration stood (TR-1 override included), or the seat of the turned kitty card (TR-2);
* later hands: the 庄 team is the previous winner; ``next_dealer = by_declaration`` (S003): the
  declarer if he is in the 庄 team, else the 庄 team seat after him (his 下手); nobody declared:
  the previous 庄家 if still in the 庄 team, else the seat after him. ``rotation_80p``: keep →
  the previous 庄家's partner, lose → the seat after the previous 庄家 (his right-hand opponent).
"""

from __future__ import annotations

from numba import njit

from kernels.rng import seed_stream
from kernels.trick.bury import bury_kitty
from kernels.trick.census import hand_features
from kernels.trick.kitty import kitty_multiplier
from kernels.trick.order import NEG1, CLS_TRUMP, N_KINDS, OT_KPTS
from kernels.trick.state import (
    GS_ALLOW_THROW, GS_BANKER, GS_CAPTURED, GS_FAILED_SMALLEST, GS_HAND_SIZE, GS_HOT_KIND, GS_LAST_N, GS_LAST_WINNER,
    GS_LEADER, GS_MUST_FOLLOW, GS_N_DECKS, GS_PEN_BANKER, GS_PEN_DEF, N_SEATS, DealView, clear_holdings, deal_seat,
    give_card,
)
from kernels.trick.layout import facts_at
from kernels.trick.tricks import play_tricks, write_trick_facts
from kernels.tractor.codes import (
    FAILED_SMALLEST, HAND_SIZE, KITTY_SIZE, MS_BANKER_TEAM, MS_HAND, MS_LEVEL0, MS_PREV_BANKER, N_DECKS,
    NEXT_ROTATION_80P, PAST_A, R_ADJACENCY, R_ALLOW_THROW, R_FAILED_THROW, R_KITTY_MULTIPLIER, R_MUST_FOLLOW,
    R_NEXT_DEALER,
)
from kernels.tractor.deal import (
    DL_COUNT, DL_DECLARER, DL_FIRST, DL_FROM_KITTY, DL_KITTY_SEAT, DL_REDEALS, DL_TRUMP, DL_WITH,
    deal_and_declare,
)
from kernels.tractor.layout import LAYOUT
from kernels.tractor.levels import level_change
from kernels.tractor.order import build_order


R = LAYOUT.at
ROW_DEAL, ROW_ROTATION, ROW_MATCH_HAND, ROW_MATCH_OVER, ROW_MATCH_WINNER = (
    R("deal"), R("rotation"), R("match_hand"), R("match_over"), R("match_winner"))
ROW_L0_BEFORE, ROW_L1_BEFORE, ROW_L0_AFTER, ROW_L1_AFTER = (
    R("team0_level_before"), R("team1_level_before"), R("team0_level_after"), R("team1_level_after"))
ROW_BANKER, ROW_BANKER_TEAM, ROW_LEVEL, ROW_TRUMP = R("banker"), R("banker_team"), R("level"), R("trump_suit")
ROW_DECLARER, ROW_DECLARED_WITH, ROW_FIRST_DECLARER, ROW_DECLARATIONS = (
    R("declarer"), R("declared_with"), R("first_declarer"), R("declarations"))
ROW_FROM_KITTY, ROW_REDEALS = R("trump_from_kitty"), R("redeals")
ROW_TRUMPS, ROW_PAIRS, ROW_TRACTORS, ROW_POINTS_HELD, ROW_JOKERS = (
    R("trumps"), R("pairs"), R("tractors"), R("points_held"), R("jokers"))
ROW_BANKER_TRUMPS, ROW_BANKER_VOIDS = R("banker_trumps"), R("banker_voids")
ROW_KITTY_DEALT, ROW_KITTY_POINTS, ROW_KITTY_TRUMPS = R("kitty_points_dealt"), R("kitty_points"), R("kitty_trumps")
ROW_LAST_WINNER = R("last_winner")
ROW_CAPTURED, ROW_KOU_DI, ROW_LAST_LEAD, ROW_KITTY_MULT, ROW_KITTY_BONUS = (
    R("captured"), R("kou_di"), R("last_lead_cards"), R("played_kitty_multiplier"), R("played_kitty_bonus"))
ROW_PEN_BANKER, ROW_PEN_OPP, ROW_POINTS, ROW_KEEPS, ROW_LEVEL_UP = (
    R("penalty_banker"), R("penalty_opp"), R("played_points"), R("played_keeps"), R("played_level_up"))
ROW_FACTS = facts_at(LAYOUT)


@njit(cache=True, nogil=True)
def choose_banker(ms, dl, rules):
    """庄家 of this hand from the match state and the declaration (module docstring)."""
    if ms[MS_BANKER_TEAM] < 0:
        return dl[DL_DECLARER] if dl[DL_DECLARER] >= 0 else dl[DL_KITTY_SEAT]
    team = ms[MS_BANKER_TEAM]
    prev = ms[MS_PREV_BANKER]
    if rules[R_NEXT_DEALER] == NEXT_ROTATION_80P:
        return (prev + 2) % N_SEATS if prev % 2 == team else (prev + 1) % N_SEATS
    ref = dl[DL_DECLARER] if dl[DL_DECLARER] >= 0 else prev
    return ref if ref % 2 == team else (ref + 1) % N_SEATS


@njit(cache=True, nogil=True)
def play_hand(st, seed, deal, rotation, row):
    """Play one hand of the stream ``(seed, deal)`` turned by ``rotation`` into ``row``
    (``kernels.tractor.layout``) and advance the match state ``st.ms``."""
    ms, rules, deck, deck_template, ot, hands, ncls, gs, ss, side, feats, dl = (
        st.ms, st.rules, st.deck, st.deck_template, st.ot, st.hands, st.ncls, st.gs, st.ss, st.side, st.feats, st.dl)
    row[:] = 0
    gs[:] = 0
    seed_stream(seed, deal, st.rng)
    for i in range(deck.shape[0]):  # (an element loop: slice copies compile numba's shape-error path)
        deck[i] = deck_template[i]
    first = ms[MS_BANKER_TEAM] < 0
    if first:
        ms[MS_LEVEL0] = 0
        ms[MS_LEVEL0 + 1] = 0
        ms[MS_HAND] = 0
    level = 0 if first else ms[MS_LEVEL0 + ms[MS_BANKER_TEAM]]
    deal_and_declare(DealView(st.rng, st.deck, st.fix_card, st.fix_slots, st.rules, st.dl, st.dsuit, st.dshow,
                              st.dextra, st.drecv, st.pp, st.log, st.gs), level, rotation)
    trump = dl[DL_TRUMP]
    banker = choose_banker(ms, dl, rules)
    team = banker % 2
    for s in range(N_SEATS):
        side[s] = 1 if s % 2 == team else 0
    build_order(ot, level, trump, rules[R_ADJACENCY])
    clear_holdings(st.hands, st.ncls, st.owner)
    for p in range(N_SEATS * HAND_SIZE):
        give_card(st.hands, st.ncls, st.owner, st.ot, deal_seat(p, rotation), deck[p])
    for s in range(N_SEATS):
        hand_features(hands, ncls, s, ot, NEG1, feats)
        row[ROW_TRUMPS + s] = feats[0]
        row[ROW_PAIRS + s] = feats[1]
        row[ROW_TRACTORS + s] = feats[3]
        row[ROW_POINTS_HELD + s] = feats[4]
        row[ROW_JOKERS + s] = feats[6]
    kitty_dealt = 0
    for i in range(KITTY_SIZE):
        kitty_dealt += ot[OT_KPTS, deck[N_SEATS * HAND_SIZE + i] % N_KINDS]
    st.seen[:, :] = 0
    st.void[:, :] = 0
    st.buried[:, :] = 0
    ss[:, :] = 0
    gs[GS_BANKER] = banker
    gs[GS_LEADER] = banker
    gs[GS_N_DECKS] = N_DECKS
    gs[GS_MUST_FOLLOW] = rules[R_MUST_FOLLOW]
    gs[GS_FAILED_SMALLEST] = 1 if rules[R_FAILED_THROW] == FAILED_SMALLEST else 0
    gs[GS_HOT_KIND] = -1
    gs[GS_HAND_SIZE] = HAND_SIZE
    gs[GS_ALLOW_THROW] = rules[R_ALLOW_THROW]
    kitty_pts, kitty_trumps, _ = bury_kitty(st, banker, N_SEATS * HAND_SIZE, KITTY_SIZE)
    voids = 0
    for c in range(4):
        if c != trump and ncls[banker, c] == 0:
            voids += 1
    row[ROW_BANKER_TRUMPS] = ncls[banker, CLS_TRUMP]
    play_tricks(st)
    # -- P and the level change
    kou_di = side[gs[GS_LAST_WINNER]] == 0
    mult = kitty_multiplier(rules[R_KITTY_MULTIPLIER], gs[GS_LAST_N])
    bonus = kitty_pts * mult if kou_di else 0
    points = gs[GS_CAPTURED] + bonus + gs[GS_PEN_BANKER] - gs[GS_PEN_DEF]
    keeps, up = level_change(points, rules)
    l0 = ms[MS_LEVEL0]
    l1 = ms[MS_LEVEL0 + 1]
    row[ROW_L0_BEFORE] = l0
    row[ROW_L1_BEFORE] = l1
    riser = team if keeps else 1 - team
    ms[MS_LEVEL0 + riser] = min(PAST_A, ms[MS_LEVEL0 + riser] + up)
    row[ROW_L0_AFTER] = ms[MS_LEVEL0]
    row[ROW_L1_AFTER] = ms[MS_LEVEL0 + 1]
    row[ROW_MATCH_WINNER] = -1
    row[ROW_MATCH_HAND] = ms[MS_HAND]
    if ms[MS_LEVEL0 + riser] >= PAST_A:
        row[ROW_MATCH_OVER] = 1
        row[ROW_MATCH_WINNER] = riser
        ms[MS_BANKER_TEAM] = -1  # the next hand starts a new match
    else:
        ms[MS_BANKER_TEAM] = riser
        ms[MS_HAND] += 1
    ms[MS_PREV_BANKER] = banker
    # -- the row
    row[ROW_DEAL] = deal
    row[ROW_ROTATION] = rotation
    row[ROW_BANKER] = banker
    row[ROW_BANKER_TEAM] = team
    row[ROW_LEVEL] = level
    row[ROW_TRUMP] = trump
    row[ROW_DECLARER] = dl[DL_DECLARER]
    row[ROW_DECLARED_WITH] = dl[DL_WITH]
    row[ROW_FIRST_DECLARER] = dl[DL_FIRST]
    row[ROW_DECLARATIONS] = dl[DL_COUNT]
    row[ROW_FROM_KITTY] = dl[DL_FROM_KITTY]
    row[ROW_REDEALS] = dl[DL_REDEALS]
    row[ROW_BANKER_VOIDS] = voids
    row[ROW_KITTY_DEALT] = kitty_dealt
    row[ROW_KITTY_POINTS] = kitty_pts
    row[ROW_KITTY_TRUMPS] = kitty_trumps
    row[ROW_CAPTURED] = gs[GS_CAPTURED]
    row[ROW_KOU_DI] = 1 if kou_di else 0
    row[ROW_LAST_LEAD] = gs[GS_LAST_N]
    row[ROW_LAST_WINNER] = gs[GS_LAST_WINNER]
    row[ROW_KITTY_MULT] = mult
    row[ROW_KITTY_BONUS] = bonus
    row[ROW_PEN_BANKER] = gs[GS_PEN_BANKER]
    row[ROW_PEN_OPP] = gs[GS_PEN_DEF]
    row[ROW_POINTS] = points
    row[ROW_KEEPS] = 1 if keeps else 0
    row[ROW_LEVEL_UP] = up
    write_trick_facts(row, ROW_FACTS, gs, ss)

