"""One landlord-family hand (斗地主 3p/4p, 上海三打一) played to the end, and many in parallel.

The game contributes its phases — deal, first bidder, 叫分 (one round, or OpenSpiel's re-bidding
auction), 抢地主, the kitty, 明牌 — and hands the trick play to the climbing engine's shared
turn loop (``kernels.landlord.turn.take_turn``) with the landlord as the lone side: the hand ends at the
first player out. Scoring is late (``sim.games.landlord_play``), from the raw facts of
``kernels.landlord.rows``.

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
from kernels.climb.loop import GS_HARD, GS_LEN, GS_MODE_HARD, GS_N_TRICKS, GS_N_TURNS, GS_TOP_SEAT, GS_TURN, GS_BANKER, \
    CL_HAND_SIZE, GS_PARTNER, GS_CALL, GS_N_LOG, LOG_WIDTH, MAX_LOG, SF_BOMB_LIMIT, SF_ROWS
from kernels.deal import shuffle
from kernels.landlord.search import search_move
from kernels.landlord.turn import take_turn, turn_moves
from kernels.landlord.movegen import (
    AUCTION_OPENSPIEL, FLOW_MARKER_DANG, LL_ALL_PASS, LL_AUCTION, LL_BOMB_LIMITS, LL_FLOW, LL_KITTY, LL_MAX_BID, LL_MAX_MOVES,
    LL_MINGPAI, LL_N_SEATS, LL_QIANG, QIANG_AFTER_THREE, QIANG_NONE, is_bomb_class,
)
from kernels.landlord.movegen import WORK_LEN
from kernels.landlord.policies import (
    GREEDY, PP_MINGPAI, PP_QIANG, RANDOM, SEARCH, choose_bid, choose_yes, hand_strength,
)
from kernels.rng import bounded, seed_stream


@njit(cache=True, nogil=True)
def _auction(first, n_seats, counts, rules, policies, pp, state, said, row):
    """叫分 / 叫档: returns (bidder or -1, highest bid); ``said[seat]`` = first bid (-1 never asked)."""
    max_bid = rules[LL_MAX_BID]
    highest = np.int64(0)
    bidder = -1
    for s in range(n_seats):
        said[s] = -1
    if rules[LL_AUCTION] != AUCTION_OPENSPIEL:
        for i in range(n_seats):
            seat = (first + i) % n_seats
            b = choose_bid(policies[seat], seat, counts[seat], highest, pp, rules, state)
            W.add_token(row, b)
            said[seat] = b
            if b > 0:
                highest = b
                bidder = seat
                if b == max_bid:
                    break
        return bidder, highest
    seat = first
    passes = 0
    while True:
        b = choose_bid(policies[seat], seat, counts[seat], highest, pp, rules, state)
        W.add_token(row, b)
        if said[seat] < 0:
            said[seat] = b
        if b == 0:
            passes += 1
            if passes == n_seats or (passes == n_seats - 1 and bidder >= 0):
                return bidder, highest
        else:
            highest = b
            bidder = seat
            passes = 0
            if b == max_bid:
                return bidder, highest
        seat = (seat + 1) % n_seats


@njit(cache=True, nogil=True)
def _qiang(bidder, highest, n_seats, counts, said, rules, policies, pp, state, row):
    """抢地主 (A2.2 / A2', D-1): returns (landlord, number of 抢)."""
    mode = rules[LL_QIANG]
    if mode == QIANG_NONE or (mode == QIANG_AFTER_THREE and highest != 3):
        return bidder, 0
    landlord = bidder
    count = 0
    for i in range(1, n_seats + 1):
        seat = (bidder + i) % n_seats
        if said[seat] == 0 or (seat == bidder and count == 0):
            continue
        if choose_yes(policies[seat], seat, counts[seat], np.int64(PP_QIANG), pp, state):
            W.add_token(row, W.TOK_QIANG)
            landlord = seat
            count += 1
        else:
            W.add_token(row, W.TOK_BUQIANG)
    return landlord, count


# smart plays a 报到 hand out (打: win ×2, loss 0) instead of claiming it (不打: a sure win ×1) when
# the landlord's hand strength with the kitty is at least this (打 pays when P(win) > 1/2; smart
# landlords against smart farmers win about half their deals from strength 28 on)
SMART_BAODAO_DA = 28.0
# players who never bid (e.g. --policy-param bid1=99) would redeal forever: after this many all-pass
# redeals in a row the row ends with no landlord (ROW_LANDLORD = -1)
MAX_REDEALS = 100


@njit(cache=True, nogil=True)
def baodao_sets(c):
    """上海 §6 报到 sets in rank counts: four jokers, and each rank held 7+ times."""
    sets = 1 if (c[13] >= 2 and c[14] >= 2) else 0
    for r in range(13):
        if c[r] >= 7:
            sets += 1
    return sets


@njit(cache=True, nogil=True)
def _choose_baodao(policy, seat, c, pp, state):
    """报到 choice of an eligible landlord: none, 打 or 不打 (random: uniform over the three)."""
    if policy == RANDOM:
        return bounded(state, np.int64(3))
    if policy == GREEDY:
        return W.BAODAO_BUDA
    return W.BAODAO_DA if hand_strength(c) >= SMART_BAODAO_DA else W.BAODAO_BUDA


@njit(cache=True, nogil=True)
def _shanghai_declarations(landlord, touliao, counts, policies, pp, state, row):
    """上海 §2.5 摊打 (头撂 deals only) then §6 报到 (打 / 不打); returns True on 报到 不打."""
    policy = policies[landlord]
    c = counts[landlord]
    if touliao and choose_yes(policy, landlord, c, np.int64(PP_MINGPAI), pp, state):
        W.add_token(row, W.TOK_TANDA)
        row[W.ROW_MINGPAI] = 1
    sets = baodao_sets(c)
    row[W.ROW_BAODAO_SETS] = sets
    if sets == 0:
        return False
    choice = _choose_baodao(policy, landlord, c, pp, state)
    row[W.ROW_BAODAO] = choice
    if choice == W.BAODAO_DA:
        W.add_token(row, W.TOK_BAODAO_DA)
    elif choice == W.BAODAO_BUDA:
        W.add_token(row, W.TOK_BAODAO_BUDA)
        return True
    return False


@njit(cache=True, nogil=True)
def play_hand(seed, game_index, rotation, deck_template, card_rank, rules, policies, pp, mv, state, deck, counts, moves,
              scratch, top, row, log, gs, hand_left, seat_flags, said, xt, carry_hf, last_in_session):
    """Play one hand; fill ``row`` (kernels.landlord.rows layout); return the log rows written.
    ``mv``: the ruleset's money vector (``kernels.landlord.money``), the search player's yardstick.

    ``game_index`` names the deal's stream; ``rotation`` turns the dealt hands round the table
    (seat k receives what seat k + rotation was dealt, and the first bidder moves with his hand),
    which is how ``--duplicate`` plays one deal from every seat.

    ``carry_hf``: consecutive all-pass deals of the session right before this one (上海 荒番);
    ``last_in_session``: an all-pass auction redeals inside this row (else the row ends with no
    landlord and the session's next deal carries the 荒番)."""
    n_seats = rules[LL_N_SEATS]
    hand_size = rules[CL_HAND_SIZE]
    kitty_size = rules[LL_KITTY]
    dang_flow = rules[LL_FLOW] == FLOW_MARKER_DANG  # 上海三打一 phases
    row[:] = 0
    seed_stream(seed, game_index, state)
    for i in range(deck.shape[0]):  # (a loop: numba's array-to-array copy compiles string-formatting code)
        deck[i] = deck_template[i]
    redeals = 0
    while True:
        shuffle(state, deck)
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
        row[W.ROW_N_TOKENS] = 0
        bidder, highest = _auction(first, n_seats, counts, rules, policies, pp, state, said, row)
        if bidder >= 0 or rules[LL_ALL_PASS] != 0 or not last_in_session or redeals == MAX_REDEALS:
            break
        redeals += 1
    row[W.ROW_FIRST_BIDDER] = first
    row[W.ROW_REDEALS] = redeals
    if dang_flow:
        row[W.ROW_HUANGFAN] = carry_hf + redeals
    for s in range(n_seats):
        row[W.ROW_SAID + s] = said[s]
        for r in range(15):
            row[W.ROW_DEALT + s * 15 + r] = counts[s, r]
    for p in range(n_seats * hand_size, n_seats * hand_size + kitty_size):
        row[W.ROW_KITTY + card_rank[deck[p]]] += 1
    if bidder < 0:  # OpenSpiel: all passed, the hand is over with no score
        row[W.ROW_LANDLORD] = -1
        row[W.ROW_WINNER] = -1
        return 0
    landlord, n_qiang = _qiang(bidder, highest, n_seats, counts, said, rules, policies, pp, state, row)
    row[W.ROW_LANDLORD] = landlord
    row[W.ROW_BID] = highest
    row[W.ROW_QIANG] = n_qiang
    for r in range(15):
        counts[landlord, r] += row[W.ROW_KITTY + r]
    if rules[LL_MINGPAI] != 0 and not dang_flow:
        if choose_yes(policies[landlord], landlord, counts[landlord], np.int64(PP_MINGPAI), pp, state):
            W.add_token(row, W.TOK_MINGPAI)
            row[W.ROW_MINGPAI] = 1
    for s in range(n_seats):  # 上海 §2.1 bomb limits: -1 unlimited
        lim = -1
        if dang_flow and rules[LL_BOMB_LIMITS] != 0 and s != landlord and said[s] >= 0:
            lim = 2 if said[s] == 2 else 1
        row[W.ROW_BOMB_LIMIT + s] = lim
    if dang_flow:
        touliao = said[first] == 3
        row[W.ROW_TOULIAO] = 1 if touliao else 0
        if _shanghai_declarations(landlord, touliao, counts, policies, pp, state, row):  # 报到 不打
            row[W.ROW_WINNER] = landlord
            row[W.ROW_LANDLORD_WON] = 1
            _note_left(counts, top, rules, seat_flags, moves, scratch, row, False)
            return 0
    # -- tricks: the shared climbing loop, landlord as the lone side
    gs[:] = 0
    gs[GS_TURN] = landlord
    gs[GS_TOP_SEAT] = -1
    gs[GS_MODE_HARD] = 1
    gs[GS_HARD] = landlord
    gs[GS_BANKER] = landlord
    gs[GS_PARTNER] = -1
    gs[GS_CALL] = -1
    for s in range(n_seats):
        hand_left[s] = hand_size + (kitty_size if s == landlord else 0)
    seat_flags[:, :] = 0
    for s in range(n_seats):
        seat_flags[SF_BOMB_LIMIT, s] = row[W.ROW_BOMB_LIMIT + s]
    top[:] = 0
    play_tricks(gs, hand_left, seat_flags, xt, rules, policies, pp, mv, state, counts, moves, scratch, top, row, log)
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
def play_tricks(gs, hand_left, seat_flags, xt, rules, policies, pp, mv, state, counts, moves, scratch, top, row, log):
    """The tricks of a hand whose landlord is known, turn by turn until the first player is out
    (its own function: the turn loop and the auction compile apart, each smaller). A ``search``
    seat decides before its turn (``kernels.landlord.search``)."""
    captured, order = xt
    while True:
        seat = gs[GS_TURN]
        forced = np.int64(-2)
        if policies[seat] == SEARCH:
            forced = search_move(seat, gs, hand_left, seat_flags, captured, order, rules, pp, mv, state, counts, top,
                                 row)
        if take_turn(gs, hand_left, seat_flags, captured, order, rules, policies, pp, state, counts, moves,
                     scratch, top, row, log, forced):
            break


@njit(cache=True, nogil=True)
def _buffers(n_ids, rules):
    n_seats = rules[LL_N_SEATS]
    return (np.empty(4, np.uint64), np.empty(n_ids, np.int16), np.zeros((n_seats, 16), np.int64),
            np.empty((rules[LL_MAX_MOVES], 7), np.int64), np.zeros(32 + WORK_LEN, np.int64), np.zeros(7, np.int64),
            np.zeros((1, LOG_WIDTH), np.int64), np.zeros(GS_LEN, np.int64), np.zeros(n_seats, np.int64),
            np.zeros((SF_ROWS, n_seats), np.int64), np.zeros(n_seats, np.int64), _trick_state(n_seats))


@njit(cache=True, nogil=True)
def _trick_state(n_seats):
    """The turn loop's per-seat points captured (always 0 here) and finishing order."""
    return np.zeros(n_seats, np.int64), np.zeros(n_seats, np.int64)


@njit(cache=True, nogil=True, parallel=True)
def play_range(seed, start, count, hands_per_session, rotate, duplicate, deck_template, card_rank, rules, policies, pp,
               mv, out_rows, n_blocks):
    """Play hands ``start .. start+count-1`` into ``out_rows[game - start]`` (``n_blocks`` parallel
    blocks of whole sessions — ``start`` and ``count`` are whole sessions — each with its own
    buffers). With ``rotate``, seat ``k`` of hand ``g`` gets the policy (and parameters) of seat
    ``(k + g) % n_seats``. With ``duplicate``, row ``g`` plays deal ``g // n_seats`` rotated by
    ``g % n_seats`` (``play_hand``). Inside a session an all-pass deal's 荒番 passes to the next deal."""
    n_seats = rules[LL_N_SEATS]
    n_sessions = count // hands_per_session
    n_blocks = max(1, min(n_sessions, n_blocks))
    for b in prange(n_blocks):
        lo = (n_sessions * b) // n_blocks
        hi = (n_sessions * (b + 1)) // n_blocks
        state, deck, counts, moves, scratch, top, log, gs, hand_left, seat_flags, said, xt = _buffers(
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
                play_hand(seed, deal, rotation, deck_template, card_rank, rules, pol_g, pp_g, mv, state, deck, counts,
                          moves, scratch, top, out_rows[i], log, gs, hand_left, seat_flags, said, xt, carry,
                          h == hands_per_session - 1)
                carry = out_rows[i, W.ROW_HUANGFAN] + 1 if out_rows[i, W.ROW_LANDLORD] < 0 else np.int64(0)


@njit(cache=True, nogil=True)
def play_logged(seed, game_index, rotation, deck_template, card_rank, rules, policies, pp, mv, carry_hf, last_in_session):
    """One hand with its play log (for replay and conformance): (row, log[:n], shuffled deck);
    ``rotation``, ``carry_hf`` / ``last_in_session`` as in ``play_hand`` (0, 0 / True outside
    duplicates and sessions)."""
    state, deck, counts, moves, scratch, top, _, gs, hand_left, seat_flags, said, xt = _buffers(
        deck_template.shape[0], rules)
    log = np.zeros((MAX_LOG, LOG_WIDTH), np.int64)
    row = np.zeros(W.ROW_LEN, np.int64)
    n = play_hand(seed, game_index, rotation, deck_template, card_rank, rules, policies, pp, mv, state, deck, counts, moves,
                  scratch, top, row, log, gs, hand_left, seat_flags, said, xt, carry_hf, last_in_session)
    return row, log[:n].copy(), deck.copy()
