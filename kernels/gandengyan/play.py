"""One 干瞪眼 hand played to the end, and many in parallel (``play_range``), on the climbing engine.

The hand's stream ``(seed, deal)`` is drawn in a fixed order (``kernels.gandengyan.deal``): the
shuffle, then the banker (``bounded(state, n_seats)``) unless a session's previous hand imposes
one (``banker = previous_winner``: the previous hand's first finisher; after a stalemate the
banker stays), then ``--fix``'s placements (``kernels.deal.place_fixed``, none without
it), then every random player's decision in turn order. The deal goes one card at a time
counter-clockwise from the banker; the rest of the shuffled pack is the stock, drawn from its
front at each trick's end (``kernels.gandengyan.turn.draw_step``). The trick play is the shared
turn loop with the game's end rule; raw facts go into one row (``kernels.gandengyan.layout``) and
money is scored late (``sim.games.gandengyan.scoring``).

A ``search`` seat decides before its turn (``kernels.gandengyan.search.search_move``) from its
own stream; ``mv`` is the ruleset's money vector (``kernels.gandengyan.money``) it scores
rollouts with.

``rotation`` (``--duplicate``): the deal is dealt from the banker's seat moved back by
``rotation``, so seat k receives what seat k + rotation was dealt and the banker's role moves
with his hand; the stock is the same, so one deal is played from every seat.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from kernels.climb.loop import (
    COUNTER_CLOCKWISE, END_BY_GAME, GS_BANKER, GS_DIRECTION, GS_END_RULE, GS_LONE_SEAT, GS_LEN, GS_LONE_SIDE,
    GS_N_LOG, GS_PARTNER, GS_TOP_SEAT, GS_TURN, LOG_WIDTH, SF_ROWS,
)
from kernels.deal import place_fixed, shuffle
from kernels.gandengyan.deal import deal_hands, first_leader
from kernels.gandengyan.layout import LAYOUT
from kernels.gandengyan.movegen import WORK_LEN
from kernels.gandengyan.moves import JOKER, R_TWO
from kernels.gandengyan.policies import SCRATCH_LEN, SEARCH
from kernels.gandengyan.search import search_move
from kernels.gandengyan.rulevec import BANKER_PREVIOUS_WINNER, GD_BANKER_RULE, GD_MAX_MOVES, GD_N_SEATS
from kernels.gandengyan.turn import GS_STOCK, end_facts, take_turn
from kernels.rng import bounded, seed_stream

ROW_LEN = LAYOUT.length
LOG_ROWS = 8192  # play_logged: actions of the longest hand (10 players, two packs) with room to spare
ROW_BANKER = LAYOUT.at("banker")
ROW_FIRST_LEADER = LAYOUT.at("first_leader")
ROW_WINNER = LAYOUT.at("winner")
ROW_N_TRICKS = LAYOUT.at("n_tricks")
ROW_N_TURNS = LAYOUT.at("n_turns")
ROW_STOCK_LEFT = LAYOUT.at("stock_left")
ROW_CARDS_LEFT = LAYOUT.at("cards_left")
ROW_FINISH = LAYOUT.at("finish")
ROW_DEALT = LAYOUT.at("dealt")
ROW_JOKERS_DEALT = LAYOUT.at("jokers_dealt")
ROW_TWOS_DEALT = LAYOUT.at("twos_dealt")
ROW_JOKERS_LEFT = LAYOUT.at("jokers_left")
ROW_HELD3 = LAYOUT.at("held3")
ROW_HELD4 = LAYOUT.at("held4")
ROW_HELD5P = LAYOUT.at("held5p")


@njit(cache=True, nogil=True)
def play_hand(seed, deal, rotation, banker_in, deck_template, fix_card, fix_slots, rules, policies, pp, mv, state, deck,
              counts, moves, work, scratch, top, played, row, log, gs, hand_left, seat_flags, captured, order, lowest,
              search_on):
    """Play deal ``deal`` (turned by ``rotation``) into ``row``; returns the log rows written.
    ``banker_in``: the banker a session's previous hand made, or -1 to draw one. ``search_on``: None
    when no seat searches, so numba prunes the search and does not compile it. ``fix_card`` /
    ``fix_slots``: ``--fix``'s cards, placed once the banker is known (``census_one``)."""
    n_seats = rules[GD_N_SEATS]
    row[:] = 0
    seed_stream(seed, deal, state)
    deck[:] = deck_template
    shuffle(state, deck)
    if banker_in >= 0:
        banker = banker_in
    else:
        banker = (bounded(state, n_seats) - rotation % n_seats + n_seats) % n_seats
    g_rows = fix_card.shape[0]
    place_fixed(state, deck, fix_card, fix_slots[banker * g_rows:(banker + 1) * g_rows])
    stock = deal_hands(deck, n_seats, banker, rules, counts, lowest)
    leader = first_leader(n_seats, banker, lowest, rules)
    row[ROW_BANKER] = banker
    row[ROW_FIRST_LEADER] = leader
    gs[:] = 0
    gs[GS_TURN] = leader
    gs[GS_TOP_SEAT] = -1
    gs[GS_LONE_SIDE] = 1
    gs[GS_LONE_SEAT] = -1
    gs[GS_BANKER] = banker
    gs[GS_PARTNER] = -1
    gs[GS_DIRECTION] = COUNTER_CLOCKWISE
    gs[GS_END_RULE] = END_BY_GAME
    gs[GS_STOCK] = stock
    for s in range(n_seats):
        total = 0
        for r in range(16):
            total += counts[s, r]
        hand_left[s] = total
        row[ROW_DEALT + s] = total
        row[ROW_JOKERS_DEALT + s] = counts[s, JOKER]
        row[ROW_TWOS_DEALT + s] = counts[s, R_TWO]
        captured[s] = 0
        order[s] = -1
    seat_flags[:, :] = 0
    top[:] = 0
    played[:] = 0
    while True:
        forced = -2
        seat = gs[GS_TURN]
        if search_on is not None:
            if policies[seat] == SEARCH:
                forced = search_move(seat, gs, hand_left, seat_flags, captured, order, counts, top, played, deck, row,
                                     rules, pp, mv, state)
        if take_turn(gs, hand_left, seat_flags, captured, order, rules, policies, pp, state, counts, moves, work,
                     scratch, top, played, deck, row, log, forced):
            break
    end_facts(gs, hand_left, counts, seat_flags, order, deck, row)
    return gs[GS_N_LOG]


@njit(cache=True, nogil=True)
def _buffers(rules, n_ids):
    n = rules[GD_N_SEATS]
    return (np.empty(4, np.uint64), np.empty(n_ids, np.int16), np.zeros((n, 16), np.int64),
            np.zeros((rules[GD_MAX_MOVES], 7), np.int64), np.zeros(WORK_LEN, np.int64), np.zeros(SCRATCH_LEN, np.int64),
            np.zeros(7, np.int64), np.zeros(16, np.int64), np.zeros(GS_LEN, np.int64), np.zeros(n, np.int64),
            np.zeros((SF_ROWS, n), np.int64), np.zeros(n, np.int64), np.zeros(n, np.int64), np.zeros(n, np.int64))


@njit(cache=True, nogil=True, parallel=True)
def play_range(seed, start, count, hands_per_session, rotate, duplicate, deck_template, fix_card, fix_slots, rules,
               policies, pp, mv, out_rows, n_blocks, search_on):
    """Play hands ``start .. start+count-1`` into ``out_rows[game - start]`` in ``n_blocks``
    parallel blocks of whole sessions (``start`` and ``count`` are whole sessions). With
    ``rotate`` seat k of hand g is played by ``policies[(k + g) % n_seats]`` (and its parameters);
    with ``duplicate`` hand g plays deal ``g // n_seats`` turned by ``g % n_seats``. Inside a
    session the banker is the previous hand's winner (``banker = previous_winner``). ``search_on``:
    None unless a seat searches (``play_hand``)."""
    n_seats = rules[GD_N_SEATS]
    n_sessions = count // hands_per_session
    n_blocks = max(1, min(n_sessions, n_blocks))
    carry = rules[GD_BANKER_RULE] == BANKER_PREVIOUS_WINNER
    for b in prange(n_blocks):
        state, deck, counts, moves, work, scratch, top, played, gs, hand_left, seat_flags, captured, order, lowest = \
            _buffers(rules, deck_template.shape[0])
        log = np.zeros((1, LOG_WIDTH), np.int64)
        pol = policies.copy()
        ppg = pp.copy()
        for sess in range((n_sessions * b) // n_blocks, (n_sessions * (b + 1)) // n_blocks):
            banker = -1
            for h in range(hands_per_session):
                i = sess * hands_per_session + h
                g = start + i
                if rotate:
                    for k in range(n_seats):
                        pol[k] = policies[(k + g) % n_seats]
                        ppg[k] = pp[(k + g) % n_seats]
                play_hand(seed, g // n_seats if duplicate else g, g % n_seats if duplicate else 0, banker,
                          deck_template, fix_card, fix_slots, rules, pol, ppg, mv, state, deck, counts, moves, work,
                          scratch, top, played, out_rows[i], log, gs, hand_left, seat_flags, captured, order, lowest,
                          search_on)
                if carry:
                    w = out_rows[i, ROW_WINNER]
                    banker = w if w >= 0 else out_rows[i, ROW_BANKER]


@njit(cache=True, nogil=True)
def play_logged(seed, deal, rotation, banker_in, deck_template, fix_card, fix_slots, rules, policies, pp, mv):
    """One hand with its action log (replay and the reference): (row, log[:n], shuffled deck)."""
    state, deck, counts, moves, work, scratch, top, played, gs, hand_left, seat_flags, captured, order, lowest = \
        _buffers(rules, deck_template.shape[0])
    log = np.zeros((LOG_ROWS, LOG_WIDTH), np.int64)
    row = np.zeros(ROW_LEN, np.int64)
    n = play_hand(seed, deal, rotation, banker_in, deck_template, fix_card, fix_slots, rules, policies, pp, mv, state,
                  deck, counts, moves, work, scratch, top, played, row, log, gs, hand_left, seat_flags, captured, order,
                  lowest, True)
    if n >= LOG_ROWS:
        raise ValueError("the hand's log is longer than LOG_ROWS")
    return row, log[:n].copy(), deck.copy()
