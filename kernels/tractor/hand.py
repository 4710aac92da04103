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

from kernels.trick.hand import bury_and_play, deal_out, note_holdings, open_tricks, start_hand
from kernels.trick.layout import end_columns, feature_columns
from kernels.trick.order import NEG1
from kernels.trick.state import N_SEATS, deal_view
from kernels.tractor.codes import (
    FAILED_SMALLEST, HAND_SIZE, KITTY_SIZE, MS_BANKER_TEAM, MS_HAND, MS_LEVEL0, MS_PREV_BANKER, N_DECKS,
    NEXT_ROTATION_80P, PAST_A, R_ADJACENCY, R_ALLOW_THROW, R_FAILED_THROW, R_KITTY_MULTIPLIER, R_MUST_FOLLOW,
    R_NEXT_DEALER,
)
from kernels.tractor.deal import (
    DL_COUNT, DL_DECLARER, DL_FIRST, DL_FROM_KITTY, DL_KITTY_SEAT, DL_REDEALS, DL_TRUMP, DL_WITH, deal_and_declare,
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
ROW_FROM_KITTY, ROW_REDEALS, ROW_KEEPS, ROW_LEVEL_UP = (
    R("trump_from_kitty"), R("redeals"), R("played_keeps"), R("played_level_up"))
END_COLS = end_columns(LAYOUT)
HELD_COLS = feature_columns(LAYOUT, ("trumps", "pairs", None, "tractors", "points_held", None, "jokers"))


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
    ms, rules, dl = st.ms, st.rules, st.dl
    start_hand(st, seed, deal, row)
    first = ms[MS_BANKER_TEAM] < 0
    if first:
        ms[MS_LEVEL0] = 0
        ms[MS_LEVEL0 + 1] = 0
        ms[MS_HAND] = 0
    level = 0 if first else ms[MS_LEVEL0 + ms[MS_BANKER_TEAM]]
    deal_and_declare(deal_view(st), level, rotation)
    trump = dl[DL_TRUMP]
    banker = choose_banker(ms, dl, rules)
    team = banker % 2
    for s in range(N_SEATS):
        st.side[s] = 1 if s % 2 == team else 0
    build_order(st.ot, level, trump, rules[R_ADJACENCY])
    deal_out(st.hands, st.ncls, st.owner, st.ot, st.deck, N_SEATS * HAND_SIZE, rotation)
    note_holdings(st.hands, st.ncls, st.ot, NEG1, st.feats, row, HELD_COLS)
    open_tricks(st, banker, NEG1, HAND_SIZE, N_DECKS, rules[R_MUST_FOLLOW], rules[R_FAILED_THROW] == FAILED_SMALLEST,
                rules[R_ALLOW_THROW])
    points, _ = bury_and_play(st, trump, N_SEATS * HAND_SIZE, KITTY_SIZE, rules[R_KITTY_MULTIPLIER], row, END_COLS)
    # -- the level change and the match state
    keeps, up = level_change(points, rules)
    row[ROW_L0_BEFORE] = ms[MS_LEVEL0]
    row[ROW_L1_BEFORE] = ms[MS_LEVEL0 + 1]
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
    row[ROW_KEEPS] = 1 if keeps else 0
    row[ROW_LEVEL_UP] = up
