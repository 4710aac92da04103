"""One 关牌 hand played to the end, and many in parallel (``play_range``), on the climbing engine.

The hand's stream ``(seed, deal)`` is drawn in a fixed order: the shuffle, then every random
player's decision in turn order. The first lead goes to the holder of the first card of the lead
order (♠3, ♠4, …; ``kernels.guanpai.deal``), or, in a later deal of a session with ``next_lead``
winner / loser, to the previous deal's winner / loser. The trick play is the shared turn loop
(``kernels.guanpai.turn.take_turn``) with the first player out ending the hand. Raw facts go into
one row (``kernels.guanpai.layout``); money is scored late (``sim.games.guanpai.scoring``).

The hand is one declared state (``kernels.guanpai.state``); the run (parallel blocks, sessions,
seat rotation, duplicate deals, the logged hand) is the climbing family's driver
(``kernels.climb.run``), for which this module implements ``play_hand`` and the session's carry.
A ``search`` seat decides before its turn (``kernels.guanpai.search.search``, called through a
pointer) from its own stream; ``st.mv`` is the ruleset's money vector (``kernels.guanpai.money``) it scores rollouts with.

``rotation`` (``--duplicate``): seat k receives what seat k + rotation was dealt, and the lead
card moves with its hand, so one deal is played from both seats.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.climb import run, search_driver as sd
from kernels.climb.loop import END_FIRST_OUT_OR_TEAM, GS_N_LOG, GS_N_TRICKS, GS_N_TURNS, GS_TURN
from kernels.climb.solo import start_hand as start_solo
from kernels.guanpai.deal import N_PLAYERS, deal_hand, holds_three_bomb, seat_bombs
from kernels.guanpai.layout import LAYOUT as ROWS
from kernels.guanpai.policies import SEARCH
from kernels.guanpai.rulevec import GP_NEXT_LEAD, NEXT_LEAD_LOSER, NEXT_LEAD_WINNER
from kernels.guanpai.search import search
from kernels.guanpai.state import GS_LEAD_RANK, LAYOUT as STATE
from kernels.guanpai.turn import ROW_PLAYS, take_turn, turn_moves
from kernels.hooks import implements
from kernels.state import borrow

ROW_LEN = ROWS.length
ROW_FIRST_LEADER, ROW_LEAD_CARD, ROW_WINNER, ROW_QUANGUAN, ROW_N_TRICKS, ROW_N_TURNS = map(ROWS.at, (
    "first_leader", "lead_card", "winner", "quanguan", "n_tricks", "n_turns"))
ROW_CARDS_LEFT, ROW_BOMBS_DEALT, ROW_THREE_BOMB_DEALT, ROW_BOMBS_LEFT, ROW_THREE_BOMB_LEFT, ROW_TWOS_DEALT = map(
    ROWS.at, ("cards_left", "bombs_dealt", "three_bomb_dealt", "bombs_left", "three_bomb_left", "twos_dealt"))


@njit(cache=True, nogil=True)
def start_hand(st, seed, deal, rotation, leader_in):
    """Deal ``deal`` (turned by ``rotation``) into ``st`` and set the hand's scalars and row.

    ``leader_in``: the seat that leads (a session's earlier deal decided it), or -1 for the holder
    of the lead card."""
    st.row[:] = 0
    leader, idx = deal_hand(st, seed, deal)
    lead_rank = (st.lead_order[idx] % 54) >> 2
    if rotation % N_PLAYERS == 1:
        for r in range(16):
            st.counts[0, r], st.counts[1, r] = st.counts[1, r], st.counts[0, r]
        leader = 1 - leader
    if leader_in >= 0:
        leader, idx, lead_rank = leader_in, -1, -1
    st.row[ROW_FIRST_LEADER] = leader
    st.row[ROW_LEAD_CARD] = idx
    start_solo(st, leader, -1, leader, END_FIRST_OUT_OR_TEAM)  # the first player out ends the hand
    st.gs[GS_LEAD_RANK] = lead_rank
    for s in range(N_PLAYERS):
        st.row[ROW_BOMBS_DEALT + s] = seat_bombs(st.counts, s)
        st.row[ROW_THREE_BOMB_DEALT + s] = holds_three_bomb(st.counts, s, st.rules, False)
        st.row[ROW_TWOS_DEALT + s] = st.counts[s, 12]
    st.dealt[:, :] = st.counts


@implements(run.play_hand, STATE)
def play_hand(st, seed, deal, rotation, carry, last, search_on):
    """Play deal ``deal`` (turned by ``rotation``) into ``st.row``; returns the log rows written.
    ``carry``: the seat that leads (``next_carry``), -1 the lead card's holder. ``search_on``: None
    when no seat searches, so numba prunes the search and does not compile it; else the search entry
    as a function value (``search``)."""
    st = borrow(st)  # again: the driver's view arrives with meminfos the compiler cannot see are null
    start_hand(st, seed, deal, rotation, carry)
    while True:
        seat = st.gs[GS_TURN]
        n = turn_moves(st, seat)
        forced = -2
        if search_on is not None:
            if st.policies[seat] == SEARCH:  # (the search lists the same moves again)
                forced = search_on(st, seat, np.int64(sd.KIND_PLAY))
        if take_turn(st, n, forced):
            break
    row = st.row
    winner = st.order[0]
    loser = 1 - winner
    row[ROW_WINNER] = winner
    row[ROW_QUANGUAN] = 1 if row[ROW_PLAYS + loser] == 0 else 0
    row[ROW_N_TRICKS] = st.gs[GS_N_TRICKS]
    row[ROW_N_TURNS] = st.gs[GS_N_TURNS]
    for s in range(N_PLAYERS):
        row[ROW_CARDS_LEFT + s] = st.hand_left[s]
        row[ROW_BOMBS_LEFT + s] = seat_bombs(st.counts, s)
        row[ROW_THREE_BOMB_LEFT + s] = holds_three_bomb(st.counts, s, st.rules, True)
    return st.gs[GS_N_LOG]


@implements(run.seat_count, STATE)
def _seat_count(st):
    return np.int64(N_PLAYERS)


@implements(run.next_carry, STATE)
def _next_carry(st, h):
    """Who leads hand ``h`` of a session (GP-2 ``next_lead``): -1 = the lead card's holder."""
    if h > 0:
        if st.rules[GP_NEXT_LEAD] == NEXT_LEAD_WINNER:
            return st.row[ROW_WINNER]
        if st.rules[GP_NEXT_LEAD] == NEXT_LEAD_LOSER:
            return 1 - st.row[ROW_WINNER]
    return np.int64(-1)


def play_range(template, run_, out_rows, search_on):
    """Hands ``run_[RUN_START]`` .. ``+ run_[RUN_COUNT] - 1`` (``kernels.climb.run``: whole sessions,
    parallel blocks) into ``out_rows[game - start]``. ``search_on``: None unless a seat searches
    (then the search is called through a pointer: ``kernels.guanpai.search.search``)."""
    run.play_range(_play_block, template, run_, out_rows, sd.search_on_for(search, template, search_on))


@njit(cache=True, nogil=True)
def _play_block(template, run_, lo, hi, out_rows, search_on):
    """A parallel block of the run (``kernels.climb.run.play_block``) compiled with this game's
    hooks: the hands' code lives here once, and the driver calls it through its address."""
    return run.play_block(template, run_, lo, hi, out_rows, search_on)


def play_logged(template, seed, deal, rotation, leader_in):
    """One hand with its action log (replay and the reference) in a clone of ``template`` (whose
    ``log`` has room for the hand): (row, log[:n], shuffled deck). The search is compiled only
    when a seat of ``template`` searches."""
    search_on = sd.search_on_for(search, template, True if (template.policies == SEARCH).any() else None)
    return _play_logged(template, seed, deal, rotation, leader_in, search_on)


@njit(cache=True, nogil=True)
def _play_logged(template, seed, deal, rotation, leader_in, search_on):
    """The cached entry of ``play_logged``."""
    st, n = run.play_logged(template, seed, deal, rotation, leader_in, True, search_on)
    return st.row.copy(), st.log[:n].copy(), st.deck.copy()
