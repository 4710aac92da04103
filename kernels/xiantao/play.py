"""One 仙桃千分 hand played to the end (spec §4–§9), and many of them in parallel.

The hand's stream is ``(seed, game_index)``; its draws come in a fixed order: the shuffle, the
face-up card that names the first 庄家 (always drawn; a session overrides it with the previous
一游), random players' 硬牌 answers, the call-card pick, then random players' moves. Scoring is
not done here: the kernel writes raw facts (``ROW_*``) and ``sim.games.xiantao.scoring`` turns
them into money, so that stored games can be rescored (DESIGN principle 6).
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from kernels.xiantao.census import N_CENSUS_FEATURES, census_one
from kernels.climb.loop import (  # noqa: F401  (the turn loop's state and log layout, re-exported)
    GS_BANKER, GS_LONE_SEAT, GS_LEN, GS_LONE_SIDE, GS_N_JIEFENG, GS_N_LOG, GS_N_OUT, GS_N_TRICKS, GS_N_TURNS,
    CL_HAND_SIZE, GS_PARTNER, GS_REVEALED, GS_TOP_SEAT, GS_TRICK_POINTS, GS_TURN, LOG_CARDS, LOG_MOVE, LOG_NCARDS, LOG_SEAT,
    LOG_TRICK, LOG_WIDTH, MAX_LOG, SF_ROWS, next_active, 
)
from kernels.deal import place_fixed, shuffle
from kernels.xiantao.callcard import CALL_LITERAL, CALL_OPPOSITE, CALL_UNIFORM, choose_call_card, eligible_call  # noqa: F401
from kernels.xiantao.turn import start_tricks, take_turn
from kernels.xiantao.movegen import MAX_MOVES, R_BONUS_REQUIRES_PLAY, R_CALL_RULE, R_JOKER_BOMB
from kernels.climb.moves import MOVE_FIELDS
from kernels.xiantao.policies import PP_SEARCH_BIDS, SEARCH, wants_hard
from kernels.xiantao.search import search_hard, search_move
from kernels.rng import bounded
from kernels.xiantao.rows import (  # noqa: F401  (the raw-fact offsets, re-exported for callers)
    ROW_BANKER, ROW_BOMBS, ROW_CALL_CARD, ROW_CALL_PICK, ROW_CAPTURED, ROW_FEATURES, ROW_FINISH, ROW_HARD_ASKED,
    ROW_HARD_SEAT, ROW_LEN, ROW_MINGJI, ROW_MODE, ROW_N_JIEFENG, ROW_N_TRICKS, ROW_N_TURNS, ROW_PARTNER, ROW_PLAYS,
    ROW_PUBLIC, ROW_RECALLS, ROW_REDEALS, ROW_UNPLAYED, ROW_XI_EIGHT, ROW_XI_SEVEN, ROW_XI_WANGZHA, note_left, other_copy,
)

N_SEATS = 4


@njit(cache=True, nogil=True)
def play_hand(seed, game_index, banker_given, rotation, deck_template, fix_card, fix_slots, card_tab, nat_ids, wild_ids,
              call_excluded, inc_rank, inc_fk, census_params, rules, policies, pp, rank_points, mv, bufs, hand, table,
              moves, row, log, search_on):
    """Play one hand; fill ``row`` (ROW_*), return the number of log rows written.

    ``game_index`` names the deal's stream; ``rotation`` (0..3) turns the dealt hands round the
    table (seat k receives what seat k + rotation was dealt, 庄家's hand moves with them), which
    is how ``--duplicate`` plays one deal from every seat. ``banker_given`` >= 0 overrides 庄家.
    ``fix_card`` / ``fix_slots``: the cards ``--fix`` deals to a seat (``kernels.deal.place_fixed``;
    empty: none). The other arguments are the buffers of ``_buffers``, reused from hand to hand.
    ``search_on``: None when no seat searches, so numba prunes the search and does not compile it.
    """
    state, deck, hands, features, seen = bufs
    owner, counts, suit_counts, dealt_counts, played = hand
    gs, hand_left, seat_flags, captured, order, dealt_wz, top = table
    card_rank, card_suit, card_wild, card_points = card_tab[0], card_tab[1], card_tab[2], card_tab[3]
    hand_size = rules[CL_HAND_SIZE]
    joker_bomb = rules[R_JOKER_BOMB] != 0
    row[:] = 0
    # -- deal: the census features' shuffle is the deal (same stream as `paiju census`), drawn once
    census_one(seed, game_index, deck_template, fix_card, fix_slots, inc_rank, inc_fk, card_points, census_params,
               state, deck, features, 0)
    face_up = bounded(state, deck.shape[0])
    banker = (face_up % N_SEATS - rotation + N_SEATS) % N_SEATS if banker_given < 0 else banker_given
    redeals = 0
    while True:
        owner[:] = -1
        counts[:, :] = 0
        suit_counts[:, :, :] = 0
        for p in range(N_SEATS * hand_size):
            seat = (p % N_SEATS - rotation + N_SEATS) % N_SEATS
            c = deck[p]
            hands[seat, p // N_SEATS] = c
            owner[c] = seat
            if card_wild[c]:
                counts[seat, 15] += 1
            else:
                counts[seat, card_rank[c]] += 1
                if card_rank[c] < 13:
                    suit_counts[seat, card_rank[c], card_suit[c]] += 1
        # -- 硬牌: asked from 庄家 round the table
        hard_seat = -1
        asked = 0
        for k in range(N_SEATS):
            s = (banker + k) % N_SEATS
            asked += 1
            searched = False
            declares = False
            if search_on is not None:
                if policies[s] == SEARCH and pp[s, PP_SEARCH_BIDS] > 0:
                    declares = search_hard(s, k, banker, hands, owner, counts, card_tab, nat_ids, wild_ids,
                                           call_excluded, rules, pp, rank_points, mv, state, row)
                    searched = True
            if not searched:
                declares = wants_hard(policies[s], s, counts, pp, joker_bomb, state)
            if declares:
                hard_seat = s
                break
        row[ROW_HARD_ASKED] = asked
        if hard_seat >= 0:
            call_card = np.int64(-1)
            partner = -1
            break
        call_card = choose_call_card(banker, hands, owner, card_rank, card_wild, call_excluded, rules, state, row,
                                     seen)
        if call_card >= 0:
            o = other_copy(call_card, owner.shape[0])
            partner = owner[o] if o >= 0 else -1
            if partner == banker or partner < 0:
                partner = (banker + 2) % N_SEATS
                row[ROW_PUBLIC] = 1
            break
        redeals += 1  # no eligible call card anywhere: deal again from the same stream
        shuffle(state, deck)
        place_fixed(state, deck, fix_card, fix_slots)
    mode_hard = hard_seat >= 0
    revealed = row[ROW_PUBLIC] == 1
    row[ROW_MODE] = 1 if mode_hard else 0
    row[ROW_BANKER] = banker
    row[ROW_HARD_SEAT] = hard_seat
    row[ROW_CALL_CARD] = call_card
    row[ROW_PARTNER] = partner
    row[ROW_MINGJI] = -1
    row[ROW_REDEALS] = redeals
    for f in range(features.shape[2]):
        for s in range(N_SEATS):
            row[ROW_FEATURES + f * N_SEATS + s] = features[0, (s + rotation) % N_SEATS, f]
    # -- 喜 held at the deal (bonus_requires_play: earned when the holding is played)
    for s in range(N_SEATS):
        dealt_wz[s] = 1 if (counts[s, 13] > 0 and counts[s, 14] > 0) else 0
        if rules[R_BONUS_REQUIRES_PLAY] == 0:
            row[ROW_XI_WANGZHA + s] = dealt_wz[s]
            for r in range(13):
                if counts[s, r] == 7:
                    row[ROW_XI_SEVEN + s] += 1
                elif counts[s, r] == 8:
                    row[ROW_XI_EIGHT + s] += 1
    for s in range(N_SEATS):
        for r in range(16):
            dealt_counts[s, r] = counts[s, r]
    # -- tricks
    start_tricks(gs, hand_left, seat_flags, captured, order, top, hand_size, mode_hard, banker, partner, hard_seat,
                 call_card, revealed)
    play_tricks(table, hand, moves, card_tab, nat_ids, wild_ids, rules, policies, pp, rank_points, mv, state, row, log,
                search_on)
    # -- raw facts
    note_left(counts, joker_bomb, row)
    for s in range(N_SEATS):
        row[ROW_FINISH + s] = seat_flags[0, s]
        row[ROW_CAPTURED + s] = captured[s]
    for c in range(owner.shape[0]):
        if owner[c] >= 0:
            row[ROW_UNPLAYED + owner[c]] += card_points[c]
    row[ROW_N_TRICKS] = gs[GS_N_TRICKS]
    row[ROW_N_JIEFENG] = gs[GS_N_JIEFENG]
    row[ROW_N_TURNS] = gs[GS_N_TURNS]
    return gs[GS_N_LOG]


@njit(cache=True, nogil=True)
def play_tricks(table, hand, moves, card_tab, nat_ids, wild_ids, rules, policies, pp, rank_points, mv, state, row, log,
                search_on):
    """The tricks of a dealt hand, turn by turn until the end rule (its own function: the turn
    loop and the deal compile apart, each smaller). A ``search`` seat decides before its turn."""
    gs, hand_left, seat_flags, captured, order, dealt_wz, top = table
    owner, counts, suit_counts, dealt_counts, played = hand
    while True:
        seat = gs[GS_TURN]
        forced = np.int64(-2)
        if search_on is not None:
            if policies[seat] == SEARCH:
                forced = search_move(seat, gs, hand_left, seat_flags, captured, order, dealt_wz, dealt_counts, card_tab,
                                     nat_ids, wild_ids, rules, pp, rank_points, mv, state, owner, counts, suit_counts,
                                     top, row)
        if take_turn(gs, hand_left, seat_flags, captured, order, dealt_wz, dealt_counts, card_tab, nat_ids, wild_ids,
                     rules, policies, pp, rank_points, state, owner, counts, suit_counts, moves, played, top, row, log,
                     forced):
            break


@njit(cache=True, nogil=True)
def _buffers(n_ids, hand_size):
    """Every buffer a hand needs, allocated once per block of hands: (deal, hand, table, moves)."""
    bufs = (np.empty(4, np.uint64), np.empty(n_ids, np.int16), np.empty((N_SEATS, hand_size), np.int16),
            np.zeros((1, N_SEATS, N_CENSUS_FEATURES), np.int16), np.zeros(n_ids, np.bool_))
    hand = (np.empty(n_ids, np.int64), np.zeros((N_SEATS, 16), np.int64), np.zeros((N_SEATS, 13, 4), np.int64),
            np.zeros((N_SEATS, 16), np.int64), np.zeros(16, np.int64))
    table = (np.zeros(GS_LEN, np.int64), np.zeros(N_SEATS, np.int64), np.zeros((SF_ROWS, N_SEATS), np.int64),
             np.zeros(N_SEATS, np.int64), np.zeros(N_SEATS, np.int64), np.zeros(N_SEATS, np.int64),
             np.zeros(MOVE_FIELDS, np.int64))
    return bufs, hand, table, np.empty((MAX_MOVES, MOVE_FIELDS), np.int64)


@njit(cache=True, nogil=True, parallel=True)
def play_range(seed, start, count, hands_per_session, rotate, duplicate, deck_template, fix_card, fix_slots, card_tab,
               nat_ids, wild_ids, call_excluded, inc_rank, inc_fk, census_params, rules, policies, pp, rank_points, mv,
               out_rows, n_blocks, search_on):
    """Play hands ``start .. start+count-1`` into ``out_rows[game - start]``.

    Hands are grouped in sessions of ``hands_per_session`` (``start`` and ``count`` are whole
    sessions): inside one, 庄家 of the next hand is the previous hand's 一游. Sessions are split
    into ``n_blocks`` blocks run in parallel, each with its own buffers. With ``rotate``, seat
    ``k`` of hand ``g`` gets the policy (and parameters) of seat ``(k + g) % 4``. With
    ``duplicate``, row ``g`` plays deal ``g // 4`` rotated by ``g % 4`` (``play_hand``). ``search_on``:
    None unless a seat searches (``play_hand``).
    """
    n_sessions = count // hands_per_session
    n_blocks = max(1, min(n_sessions, n_blocks))
    for b in prange(n_blocks):
        lo = (n_sessions * b) // n_blocks
        hi = (n_sessions * (b + 1)) // n_blocks
        bufs, hand, table, moves = _buffers(deck_template.shape[0], rules[CL_HAND_SIZE])
        log = np.zeros((1, LOG_WIDTH), np.int64)
        pol_g = policies.copy()
        pp_g = pp.copy()
        for sess in range(lo, hi):
            banker = np.int64(-1)  # np.int64 values, not literals: play_hand compiles once (kernels/__init__: compile cost)
            for h in range(hands_per_session):
                g = start + sess * hands_per_session + h
                row = out_rows[g - start]
                if rotate:
                    for k in range(N_SEATS):
                        pol_g[k] = policies[(k + g) % N_SEATS]
                        pp_g[k] = pp[(k + g) % N_SEATS]
                deal = g // N_SEATS if duplicate else g
                rotation = g % N_SEATS if duplicate else np.int64(0)
                play_hand(seed, deal, banker, rotation, deck_template, fix_card, fix_slots, card_tab, nat_ids, wild_ids,
                          call_excluded, inc_rank, inc_fk, census_params, rules, pol_g, pp_g, rank_points, mv, bufs,
                          hand, table, moves, row, log, search_on)
                banker = np.int64(-1)
                for s in range(N_SEATS):
                    if row[ROW_FINISH + s] == 1:
                        banker = s


@njit(cache=True, nogil=True)
def play_logged(seed, game_index, banker_given, rotation, deck_template, fix_card, fix_slots, card_tab, nat_ids,
                wild_ids, call_excluded, inc_rank, inc_fk, census_params, rules, policies, pp, rank_points, mv):
    """One hand with its full action log (for replay and conformance): (row, log[:n], hands)."""
    bufs, hand, table, moves = _buffers(deck_template.shape[0], rules[CL_HAND_SIZE])
    log = np.zeros((MAX_LOG, LOG_WIDTH), np.int64)
    row = np.zeros(ROW_LEN, np.int64)
    n = play_hand(seed, game_index, banker_given, rotation, deck_template, fix_card, fix_slots, card_tab, nat_ids,
                  wild_ids, call_excluded, inc_rank, inc_fk, census_params, rules, policies, pp, rank_points, mv, bufs,
                  hand, table, moves, row, log, True)
    return row, log[:n].copy(), bufs[2].copy()
