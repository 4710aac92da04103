"""One landlord-family hand (斗地主 3p/4p, 上海三打一) played to the end, and many in parallel.

The game contributes its phases — deal, first bidder, then 叫分 (one round, or OpenSpiel's
re-bidding auction), 抢地主, the kitty, 明牌 (``kernels.landlord.phases``) — and hands the trick play to the climbing engine's shared
turn loop (``kernels.landlord.turn.take_turn``) with the landlord as the lone side: the hand ends at the
first player out. Scoring is late (``sim.games.landlord_play``), from the raw facts of
``kernels.landlord.rows``. A ``search`` seat searches its plays (``kernels.landlord.search``) and,
with ``search_bids``, its decisions before the tricks (``kernels.landlord.search_bids``).

The hand's stream ``(seed, game_index)`` is drawn in a fixed order: the shuffle, the first bidder
(上海: the marker card's deal position), then every random player's decision in turn order. An
all-pass auction redeals (new shuffle and first bidder from the same stream) or, with
``all_pass = no_game`` (OpenSpiel), ends the hand with no landlord.

上海三打一 adds its phases after the kitty: 摊打 (头撂 deals only) and 报到 with the 打 / 不打
choice (不打 ends the deal at once, a landlord win). Its sessions (``hands_per_session``) make each
deal one row: an all-pass deal that is not the session's last is a row with no landlord and the
session's next deal is 荒番; the last deal of a session redeals inside its row. ``ROW_HUANGFAN``
holds the consecutive all-pass deals right before the deal (carried in and redealt in the row).
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from kernels.landlord import rows as W
from kernels.climb.loop import (
    CL_HAND_SIZE, GS_LEN, GS_N_LOG, GS_N_TRICKS, GS_N_TURNS, GS_TURN, LOG_WIDTH, MAX_LOG, SF_ROWS,
)
from kernels.deal import place_fixed, shuffle
from kernels.landlord.search import search_move
from kernels.landlord.turn import take_turn, turn_moves
from kernels.landlord.movegen import (
    FLOW_MARKER_DANG, LL_ALL_PASS, LL_FLOW, LL_KITTY, LL_MAX_MOVES, LL_N_SEATS, is_bomb_class,
)
from kernels.landlord.movegen import WORK_LEN
from kernels.landlord.phases import (
    DEC_HIGHEST, DEC_KIND, DEC_N, DEC_SEAT, MAX_DECISIONS, PRE_NO_LANDLORD, PRE_OVER, PRE_STOP, pre_tricks, start_tricks,
)
from kernels.landlord.policies import SEARCH
from kernels.landlord.search_bids import search_pre
from kernels.rng import bounded, seed_stream


# players who never bid (e.g. --policy-param bid1=99) would redeal forever: after this many all-pass
# redeals in a row the row ends with no landlord (ROW_LANDLORD = -1)
MAX_REDEALS = 100


@njit(cache=True, nogil=True)
def play_hand(seed, game_index, rotation, deck_template, fix_card, fix_slots, card_rank, rules, policies, pp, mv, state,
              deck, counts, moves, scratch, top, row, log, gs, hand_left, seat_flags, ph, xt, carry_hf, last_in_session,
              search_on):
    """Play one hand; fill ``row`` (kernels.landlord.rows layout); return the log rows written.
    ``mv``: the ruleset's money vector (``kernels.landlord.money``), the search player's yardstick.

    ``game_index`` names the deal's stream; ``fix_card`` / ``fix_slots`` the cards ``--fix`` puts
    in a seat's hand after each shuffle (``kernels.deal.place_fixed``; empty tables: none, nothing
    drawn). ``rotation`` turns the dealt hands round the table (seat k receives what seat k +
    rotation was dealt, and the first bidder moves with his hand), which is how ``--duplicate``
    plays one deal from every seat.

    ``carry_hf``: consecutive all-pass deals of the session right before this one (上海 荒番);
    ``last_in_session``: an all-pass auction redeals inside this row (else the row ends with no
    landlord and the session's next deal carries the 荒番). ``search_on``: None when no seat
    searches, so numba prunes the search (tricks and bids) and does not compile it."""
    n_seats = rules[LL_N_SEATS]
    hand_size = rules[CL_HAND_SIZE]
    kitty_size = rules[LL_KITTY]
    dang_flow = rules[LL_FLOW] == FLOW_MARKER_DANG  # 上海三打一 phases
    row[:] = 0
    seed_stream(seed, game_index, state)
    for i in range(deck.shape[0]):  # (a loop: numba's array-to-array copy compiles string-formatting code)
        deck[i] = deck_template[i]
    said, forced, hist, dec, saved = ph
    redeals = 0
    while True:
        shuffle(state, deck)
        place_fixed(state, deck, fix_card, fix_slots)
        if dang_flow:  # 标记牌: a uniformly random dealt card; its holder bids first; a joker is 明王
            pos = bounded(state, n_seats * hand_size)
            first = pos % n_seats
            row[W.ROW_MINGWANG] = 1 if card_rank[deck[pos]] >= 13 else 0
        else:
            first = bounded(state, n_seats)
        first = (first - rotation + n_seats) % n_seats
        counts[:, :] = 0
        for p in range(n_seats * hand_size):
            counts[(p % n_seats - rotation + n_seats) % n_seats, card_rank[deck[p]]] += 1
        for s in range(n_seats):
            for r in range(15):
                row[W.ROW_DEALT + s * 15 + r] = counts[s, r]
        for r in range(15):
            row[W.ROW_KITTY + r] = 0
        for p in range(n_seats * hand_size, n_seats * hand_size + kitty_size):
            row[W.ROW_KITTY + card_rank[deck[p]]] += 1
        row[W.ROW_FIRST_BIDDER] = first
        row[W.ROW_REDEALS] = redeals
        if dang_flow:
            row[W.ROW_HUANGFAN] = carry_hf + redeals
        # the phases before the tricks; a search seat's decision stops them: search it, force the
        # answer, and play them again from the same stream state (kernels.landlord.phases)
        forced[:] = -1
        for k in range(4):
            saved[k] = state[k]
        while True:
            code = pre_tricks(rules, policies, pp, state, counts, said, row, forced, hist, dec, True)
            if code != PRE_STOP:
                break
            if search_on is not None:  # (only a search seat stops them)
                forced[dec[DEC_N]] = search_pre(dec[DEC_SEAT], dec[DEC_KIND], dec[DEC_HIGHEST], dec[DEC_N], counts, row,
                                                hist, rules, pp, mv, state)
            for k in range(4):
                state[k] = saved[k]
        if code != PRE_NO_LANDLORD or rules[LL_ALL_PASS] != 0 or not last_in_session or redeals == MAX_REDEALS:
            break
        redeals += 1
    if code == PRE_NO_LANDLORD:  # OpenSpiel: all passed, the hand is over with no score
        return 0
    landlord = row[W.ROW_LANDLORD]
    if code == PRE_OVER:  # 上海 报到 不打
        _note_left(counts, top, rules, seat_flags, moves, scratch, row, False)
        return 0
    # -- tricks: the shared climbing loop, landlord as the lone side
    start_tricks(gs, hand_left, seat_flags, top, row, rules)
    play_tricks(gs, hand_left, seat_flags, xt, rules, policies, pp, mv, state, counts, moves, scratch, top, row, log,
                search_on)
    W.end_facts(landlord, hand_left, gs[GS_N_TRICKS], gs[GS_N_TURNS], row)
    _note_left(counts, top, rules, seat_flags, moves, scratch, row, True)
    return gs[GS_N_LOG]


@njit(cache=True, nogil=True)
def _note_left(counts, top, rules, seat_flags, moves, scratch, row, after_tricks):
    """The ``left_*`` facts of every seat at the end (``after_tricks``: whether a last play exists
    for a bomb to beat; 报到 不打 ends the deal before the first play)."""
    for s in range(rules[LL_N_SEATS]):
        beats = False
        if after_tricks:
            n, _ = turn_moves(s, counts, top, rules, seat_flags, moves, scratch[32:])
            for i in range(n):
                if is_bomb_class(moves[i, 0]):
                    beats = True
                    break
        W.note_left(s, counts[s], rules, beats, row)


@njit(cache=True, nogil=True)
def play_tricks(gs, hand_left, seat_flags, xt, rules, policies, pp, mv, state, counts, moves, scratch, top, row, log,
                search_on):
    """The tricks of a hand whose landlord is known, turn by turn until the first player is out
    (its own function: the turn loop and the auction compile apart, each smaller). A ``search``
    seat decides before its turn (``kernels.landlord.search``)."""
    captured, order = xt
    while True:
        seat = gs[GS_TURN]
        forced = np.int64(-2)
        if search_on is not None:
            if policies[seat] == SEARCH:
                forced = search_move(seat, gs, hand_left, seat_flags, captured, order, rules, pp, mv, state, counts,
                                     top, row)
        if take_turn(gs, hand_left, seat_flags, captured, order, rules, policies, pp, state, counts, moves,
                     scratch, top, row, log, forced):
            break


@njit(cache=True, nogil=True)
def _buffers(n_ids, rules):
    n_seats = rules[LL_N_SEATS]
    return (np.empty(4, np.uint64), np.empty(n_ids, np.int16), np.zeros((n_seats, 16), np.int64),
            np.empty((rules[LL_MAX_MOVES], 7), np.int64), np.zeros(32 + WORK_LEN, np.int64), np.zeros(7, np.int64),
            np.zeros((1, LOG_WIDTH), np.int64), np.zeros(GS_LEN, np.int64), np.zeros(n_seats, np.int64),
            np.zeros((SF_ROWS, n_seats), np.int64), _phase_state(n_seats), _trick_state(n_seats))


@njit(cache=True, nogil=True)
def _phase_state(n_seats):
    """The phases' buffers (``kernels.landlord.phases``): first bids said, forced answers, the
    decisions made, the stop record and the stream state the phases are replayed from."""
    return (np.zeros(n_seats, np.int64), np.empty(MAX_DECISIONS, np.int64), np.zeros(MAX_DECISIONS, np.int64),
            np.zeros(4, np.int64), np.empty(4, np.uint64))


@njit(cache=True, nogil=True)
def _trick_state(n_seats):
    """The turn loop's per-seat points captured (always 0 here) and finishing order."""
    return np.zeros(n_seats, np.int64), np.zeros(n_seats, np.int64)


@njit(cache=True, nogil=True, parallel=True)
def play_range(seed, start, count, hands_per_session, rotate, duplicate, deck_template, fix_card, fix_slots, card_rank,
               rules, policies, pp, mv, out_rows, n_blocks, search_on):
    """Play hands ``start .. start+count-1`` into ``out_rows[game - start]`` (``n_blocks`` parallel
    blocks of whole sessions — ``start`` and ``count`` are whole sessions — each with its own
    buffers). With ``rotate``, seat ``k`` of hand ``g`` gets the policy (and parameters) of seat
    ``(k + g) % n_seats``. With ``duplicate``, row ``g`` plays deal ``g // n_seats`` rotated by
    ``g % n_seats`` (``play_hand``). Inside a session an all-pass deal's 荒番 passes to the next deal.
    ``search_on``: None unless a seat searches (``play_hand``)."""
    n_seats = rules[LL_N_SEATS]
    n_sessions = count // hands_per_session
    n_blocks = max(1, min(n_sessions, n_blocks))
    for b in prange(n_blocks):
        lo = (n_sessions * b) // n_blocks
        hi = (n_sessions * (b + 1)) // n_blocks
        state, deck, counts, moves, scratch, top, log, gs, hand_left, seat_flags, ph, xt = _buffers(
            deck_template.shape[0], rules)
        pol_g = policies.copy()
        pp_g = pp.copy()
        for sess in range(lo, hi):
            carry = np.int64(0)  # np.int64 values, not literals: play_hand compiles once (kernels/__init__: compile cost)
            for h in range(hands_per_session):
                i = sess * hands_per_session + h
                g = start + i
                if rotate:
                    for k in range(n_seats):
                        pol_g[k] = policies[(k + g) % n_seats]
                        pp_g[k] = pp[(k + g) % n_seats]
                deal = g // n_seats if duplicate else g
                rotation = g % n_seats if duplicate else np.int64(0)
                play_hand(seed, deal, rotation, deck_template, fix_card, fix_slots, card_rank, rules, pol_g, pp_g, mv,
                          state, deck, counts, moves, scratch, top, out_rows[i], log, gs, hand_left, seat_flags, ph, xt,
                          carry, h == hands_per_session - 1, search_on)
                carry = out_rows[i, W.ROW_HUANGFAN] + 1 if out_rows[i, W.ROW_LANDLORD] < 0 else np.int64(0)


@njit(cache=True, nogil=True)
def play_logged(seed, game_index, rotation, deck_template, fix_card, fix_slots, card_rank, rules, policies, pp, mv,
                carry_hf, last_in_session):
    """One hand with its play log (for replay and conformance): (row, log[:n], shuffled deck);
    ``rotation``, ``carry_hf`` / ``last_in_session`` as in ``play_hand`` (0, 0 / True outside
    duplicates and sessions)."""
    state, deck, counts, moves, scratch, top, _, gs, hand_left, seat_flags, ph, xt = _buffers(
        deck_template.shape[0], rules)
    log = np.zeros((MAX_LOG, LOG_WIDTH), np.int64)
    row = np.zeros(W.ROW_LEN, np.int64)
    n = play_hand(seed, game_index, rotation, deck_template, fix_card, fix_slots, card_rank, rules, policies, pp, mv, state,
                  deck, counts, moves, scratch, top, row, log, gs, hand_left, seat_flags, ph, xt, carry_hf, last_in_session,
                  True)
    return row, log[:n].copy(), deck.copy()
