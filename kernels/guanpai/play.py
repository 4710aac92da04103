"""One 关牌 hand played to the end, and many in parallel (``play_range``), on the climbing engine.

The hand's stream ``(seed, deal)`` is drawn in a fixed order: the shuffle, then every random
player's decision in turn order. The first lead goes to the holder of the first card of the lead
order (♠3, ♠4, …; ``kernels.guanpai.deal``), or, in a later deal of a session with ``next_lead``
winner / loser, to the previous deal's winner / loser. The trick play is the shared turn loop
(``kernels.guanpai.turn.take_turn``) with the first player out ending the hand. Raw facts go into
one row (``kernels.guanpai.layout``); money is scored late (``sim.games.guanpai.scoring``).

A ``search`` seat decides before its turn (``kernels.guanpai.search.search_move``) from its own
stream; ``mv`` is the ruleset's money vector (``kernels.guanpai.money``) it scores rollouts with.

``rotation`` (``--duplicate``): seat k receives what seat k + rotation was dealt, and the lead
card moves with its hand, so one deal is played from both seats.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from kernels.climb.loop import (
    COUNTER_CLOCKWISE, END_FIRST_OUT_OR_TEAM, GS_BANKER, GS_DIRECTION, GS_END_RULE, GS_LONE_SEAT, GS_LEN,
    GS_LONE_SIDE, GS_N_LOG, GS_N_TRICKS, GS_N_TURNS, GS_PARTNER, GS_TOP_SEAT, GS_TURN, LOG_WIDTH, MAX_LOG, SF_ROWS,
)
from kernels.deal import place_fixed, shuffle
from kernels.guanpai.deal import N_PLAYERS, deal_counts, first_lead
from kernels.guanpai.layout import LAYOUT
from kernels.guanpai.policies import SCRATCH_LEN, SEARCH
from kernels.guanpai.rulevec import (
    GP_HAND_SIZE, GP_MAX_MOVES, GP_N_HANDS, GP_NEXT_LEAD, GP_TCB_RANK, NEXT_LEAD_LOSER, NEXT_LEAD_WINNER,
)
from kernels.guanpai.search import search_move
from kernels.guanpai.turn import take_turn
from kernels.rng import seed_stream

ROW_LEN = LAYOUT.length
ROW_FIRST_LEADER = LAYOUT.at("first_leader")
ROW_LEAD_CARD = LAYOUT.at("lead_card")
ROW_WINNER = LAYOUT.at("winner")
ROW_QUANGUAN = LAYOUT.at("quanguan")
ROW_N_TRICKS = LAYOUT.at("n_tricks")
ROW_N_TURNS = LAYOUT.at("n_turns")
ROW_CARDS_LEFT = LAYOUT.at("cards_left")
ROW_PLAYS = LAYOUT.at("plays")
ROW_BOMBS_DEALT = LAYOUT.at("bombs_dealt")
ROW_THREE_BOMB_DEALT = LAYOUT.at("three_bomb_dealt")
ROW_BOMBS_LEFT = LAYOUT.at("bombs_left")
ROW_THREE_BOMB_LEFT = LAYOUT.at("three_bomb_left")
ROW_TWOS_DEALT = LAYOUT.at("twos_dealt")


@njit(cache=True, nogil=True)
def _deal_facts(counts, rules, row):
    tcb = rules[GP_TCB_RANK]
    for s in range(N_PLAYERS):
        bombs = 0
        for r in range(13):
            if counts[s, r] >= 4:
                bombs += 1
        row[ROW_BOMBS_DEALT + s] = bombs
        row[ROW_THREE_BOMB_DEALT + s] = 1 if tcb >= 0 and counts[s, tcb] >= 3 else 0
        row[ROW_TWOS_DEALT + s] = counts[s, 12]


@njit(cache=True, nogil=True)
def play_hand(seed, deal, rotation, leader_in, deck_template, fix_card, fix_slots, lead_order, rules, policies, pp, mv,
              state, deck, counts, moves, scratch, top, row, log, gs, hand_left, seat_flags, captured, order, holder,
              search_on):
    """Play deal ``deal`` (turned by ``rotation``) into ``row``; returns the log rows written.

    ``leader_in``: the seat that leads (a session's earlier deal decided it), or -1 for the holder
    of the lead card. ``fix_card`` / ``fix_slots``: ``--fix``'s cards (``kernels.deal.place_fixed``).
    ``search_on``: None when no seat searches, so numba prunes the search and does not compile it."""
    row[:] = 0
    seed_stream(seed, deal, state)
    deck[:] = deck_template
    shuffle(state, deck)
    place_fixed(state, deck, fix_card, fix_slots)
    deal_counts(deck, rules[GP_N_HANDS], rules[GP_HAND_SIZE], counts)
    leader, idx = first_lead(deck, rules[GP_N_HANDS], rules[GP_HAND_SIZE], lead_order, holder)
    lead_rank = (lead_order[idx] % 54) >> 2
    if rotation % N_PLAYERS == 1:
        for r in range(16):
            a = counts[0, r]
            counts[0, r] = counts[1, r]
            counts[1, r] = a
        leader = 1 - leader
    if leader_in >= 0:
        leader = leader_in
        idx = -1
        lead_rank = -1
    row[ROW_FIRST_LEADER] = leader
    row[ROW_LEAD_CARD] = idx
    _deal_facts(counts, rules, row)
    gs[:] = 0
    gs[GS_TURN] = leader
    gs[GS_TOP_SEAT] = -1
    gs[GS_LONE_SIDE] = 1  # the first player out ends the hand
    gs[GS_LONE_SEAT] = leader
    gs[GS_BANKER] = -1
    gs[GS_PARTNER] = -1
    gs[GS_DIRECTION] = COUNTER_CLOCKWISE
    gs[GS_END_RULE] = END_FIRST_OUT_OR_TEAM
    for s in range(N_PLAYERS):
        hand_left[s] = 0
        for r in range(16):
            hand_left[s] += counts[s, r]
        captured[s] = 0
        order[s] = -1
    seat_flags[:, :] = 0
    top[:] = 0
    searching = False
    for s in range(N_PLAYERS):
        searching = searching or policies[s] == SEARCH
    pack = np.zeros(16, np.int64)
    dealt = counts.copy()
    if searching:
        for k in range(deck_template.shape[0]):
            pack[(deck_template[k] % 54) >> 2] += 1
    while True:
        forced = -2
        seat = gs[GS_TURN]
        if search_on is not None:
            if policies[seat] == SEARCH:
                forced = search_move(seat, gs, hand_left, seat_flags, captured, order, counts, top, row, rules, pp, mv, pack,
                                     dealt, lead_rank, state)
        if take_turn(gs, hand_left, seat_flags, captured, order, rules, policies, pp, state, counts, moves, scratch, top,
                     row, log, lead_rank, forced):
            break
    winner = order[0]
    loser = 1 - winner
    row[ROW_WINNER] = winner
    row[ROW_QUANGUAN] = 1 if row[ROW_PLAYS + loser] == 0 else 0
    row[ROW_N_TRICKS] = gs[GS_N_TRICKS]
    row[ROW_N_TURNS] = gs[GS_N_TURNS]
    for s in range(N_PLAYERS):
        row[ROW_CARDS_LEFT + s] = hand_left[s]
        bombs = 0
        for r in range(13):
            if counts[s, r] >= 4:
                bombs += 1
        row[ROW_BOMBS_LEFT + s] = bombs
        tcb = rules[GP_TCB_RANK]
        row[ROW_THREE_BOMB_LEFT + s] = 1 if tcb >= 0 and counts[s, tcb] == 3 else 0
    return gs[GS_N_LOG]


@njit(cache=True, nogil=True)
def _buffers(rules, n_ids):
    return (np.empty(4, np.uint64), np.empty(n_ids, np.int16), np.zeros((N_PLAYERS, 16), np.int64),
            np.zeros((rules[GP_MAX_MOVES], 7), np.int64), np.zeros(SCRATCH_LEN, np.int64), np.zeros(7, np.int64),
            np.zeros(GS_LEN, np.int64), np.zeros(N_PLAYERS, np.int64), np.zeros((SF_ROWS, N_PLAYERS), np.int64),
            np.zeros(N_PLAYERS, np.int64), np.zeros(N_PLAYERS, np.int64), np.zeros(54, np.int64))


@njit(cache=True, nogil=True, inline="always")
def next_leader(rules, winner):
    """Who leads the next deal of a session (GP-2 ``next_lead``): -1 = the lead card's holder."""
    if rules[GP_NEXT_LEAD] == NEXT_LEAD_WINNER:
        return winner
    if rules[GP_NEXT_LEAD] == NEXT_LEAD_LOSER:
        return 1 - winner
    return -1


@njit(cache=True, nogil=True, parallel=True)
def play_range(seed, start, count, hands_per_session, rotate, duplicate, deck_template, fix_card, fix_slots, lead_order,
               rules, policies, pp, mv, out_rows, n_blocks, search_on):
    """Play hands ``start .. start+count-1`` into ``out_rows[game - start]`` in ``n_blocks``
    parallel blocks of whole sessions (``start`` and ``count`` are whole sessions). With
    ``rotate`` seat k of hand g is played by ``policies[(k + g) % 2]`` (and its parameters); with
    ``duplicate`` hand g plays deal ``g // 2`` turned by ``g % 2``. ``search_on``: None unless a
    seat searches (``play_hand``)."""
    n_sessions = count // hands_per_session
    n_blocks = max(1, min(n_sessions, n_blocks))
    for b in prange(n_blocks):
        state, deck, counts, moves, scratch, top, gs, hand_left, seat_flags, captured, order, holder = _buffers(
            rules, deck_template.shape[0])
        log = np.zeros((1, LOG_WIDTH), np.int64)
        pol = policies.copy()
        ppg = pp.copy()
        for sess in range((n_sessions * b) // n_blocks, (n_sessions * (b + 1)) // n_blocks):
            leader = -1
            for h in range(hands_per_session):
                i = sess * hands_per_session + h
                g = start + i
                if rotate:
                    for k in range(N_PLAYERS):
                        pol[k] = policies[(k + g) % N_PLAYERS]
                        ppg[k] = pp[(k + g) % N_PLAYERS]
                play_hand(seed, g // N_PLAYERS if duplicate else g, g % N_PLAYERS if duplicate else 0, leader,
                          deck_template, fix_card, fix_slots, lead_order, rules, pol, ppg, mv, state, deck, counts,
                          moves, scratch, top, out_rows[i], log, gs, hand_left, seat_flags, captured, order, holder,
                          search_on)
                leader = next_leader(rules, out_rows[i, ROW_WINNER])


@njit(cache=True, nogil=True)
def play_logged(seed, deal, rotation, leader_in, deck_template, fix_card, fix_slots, lead_order, rules, policies, pp, mv):
    """One hand with its action log (replay and the reference): (row, log[:n], shuffled deck)."""
    state, deck, counts, moves, scratch, top, gs, hand_left, seat_flags, captured, order, holder = _buffers(
        rules, deck_template.shape[0])
    log = np.zeros((MAX_LOG, LOG_WIDTH), np.int64)
    row = np.zeros(ROW_LEN, np.int64)
    n = play_hand(seed, deal, rotation, leader_in, deck_template, fix_card, fix_slots, lead_order, rules, policies, pp, mv,
                  state, deck, counts, moves, scratch, top, row, log, gs, hand_left, seat_flags, captured, order, holder,
                  True)
    return row, log[:n].copy(), deck.copy()
