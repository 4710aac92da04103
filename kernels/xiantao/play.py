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
    GS_BANKER, GS_CALL, GS_HARD, GS_LEN, GS_MODE_HARD, GS_N_JIEFENG, GS_N_LOG, GS_N_OUT, GS_N_TRICKS, GS_N_TURNS,
    CL_HAND_SIZE, GS_PARTNER, GS_REVEALED, GS_TOP_SEAT, GS_TRICK_POINTS, GS_TURN, LOG_CARDS, LOG_MOVE, LOG_NCARDS, LOG_SEAT,
    LOG_TRICK, LOG_WIDTH, MAX_LOG, SF_ROWS, next_active, 
)
from kernels.deal import shuffle
from kernels.xiantao.turn import take_turn
from kernels.xiantao.movegen import MAX_MOVES, R_BONUS_REQUIRES_PLAY, R_CALL_RULE, R_JOKER_BOMB
from kernels.climb.moves import MOVE_FIELDS
from kernels.xiantao.policies import wants_hard
from kernels.rng import bounded, seed_stream
from kernels.xiantao.rows import (  # noqa: F401  (the raw-fact offsets, re-exported for callers)
    ROW_BANKER, ROW_BOMBS, ROW_CALL_CARD, ROW_CALL_PICK, ROW_CAPTURED, ROW_FEATURES, ROW_FINISH, ROW_HARD_ASKED,
    ROW_HARD_SEAT, ROW_LEN, ROW_MINGJI, ROW_MODE, ROW_N_JIEFENG, ROW_N_TRICKS, ROW_N_TURNS, ROW_PARTNER, ROW_PLAYS,
    ROW_PUBLIC, ROW_RECALLS, ROW_REDEALS, ROW_UNPLAYED, ROW_XI_EIGHT, ROW_XI_SEVEN, ROW_XI_WANGZHA, other_copy,
)

N_SEATS = 4
CALL_LITERAL, CALL_UNIFORM, CALL_OPPOSITE = 0, 1, 2


@njit(cache=True, nogil=True)
def eligible_call(card, banker, owner, card_rank, card_wild, call_excluded, n_ids):
    """Spec §5.2: a natural 4..10 or black 3 of which 庄家 holds only one copy."""
    if call_excluded[card] or card_wild[card]:
        return False
    r = card_rank[card]
    if r > 7:
        return False
    o = other_copy(card, n_ids)
    return not (o >= 0 and owner[o] == banker)


@njit(cache=True, nogil=True)
def choose_call_card(banker, hands, owner, card_rank, card_wild, call_excluded, rules, state, g_row):
    """Call card by the ruleset's rule; writes pick/recalls; returns the card or -1 (redeal)."""
    hand = hands[banker]
    n_ids = owner.shape[0]
    rule = rules[R_CALL_RULE]
    if rule == CALL_UNIFORM:
        n_elig = 0
        for c in hand:
            if eligible_call(c, banker, owner, card_rank, card_wild, call_excluded, n_ids):
                n_elig += 1
        if n_elig == 0:
            return -1
        pick = bounded(state, n_elig)
        g_row[ROW_CALL_PICK] = pick
        k = 0
        for c in hand:
            if eligible_call(c, banker, owner, card_rank, card_wild, call_excluded, n_ids):
                if k == pick:
                    return c
                k += 1
        return -1
    n_pool = 0
    for c in hand:
        if not call_excluded[c]:
            n_pool += 1
    pick = bounded(state, n_pool)
    g_row[ROW_CALL_PICK] = pick
    c = -1
    k = 0
    for x in hand:
        if not call_excluded[x]:
            if k == pick:
                c = x
                break
            k += 1
    if rule == CALL_OPPOSITE:
        return c
    seen = np.zeros(n_ids, np.bool_)
    recalls = 0
    size = hand.shape[0]
    while not eligible_call(c, banker, owner, card_rank, card_wild, call_excluded, n_ids):
        seen[c] = True
        o = other_copy(c, n_ids)
        p = -1
        for i in range(size):
            if hand[i] == c or hand[i] == o:
                p = i  # the later copy if both are held
        recalls += 1
        if recalls >= n_pool:
            return -1  # every card has been tried: redeal
        j = (p + 1) % size
        while call_excluded[hand[j]] or seen[hand[j]]:  # a card already tried is skipped
            j = (j + 1) % size
        c = hand[j]
    g_row[ROW_RECALLS] = recalls
    return c


@njit(cache=True, nogil=True)
def play_hand(seed, game_index, banker_given, rotation, deck_template, card_tab, nat_ids, wild_ids, call_excluded,
              inc_rank, inc_fk, census_params, rules, policies, pp, rank_points,
              state, deck, hands, owner, counts, suit_counts, moves, played, top, row, features, log):
    """Play one hand; fill ``row`` (ROW_*), return the number of log rows written.

    ``game_index`` names the deal's stream; ``rotation`` (0..3) turns the dealt hands round the
    table (seat k receives what seat k + rotation was dealt, 庄家's hand moves with them), which
    is how ``--duplicate`` plays one deal from every seat. ``banker_given`` >= 0 overrides 庄家.
    """
    card_rank, card_suit, card_wild, card_points = card_tab[0], card_tab[1], card_tab[2], card_tab[3]
    hand_size = rules[CL_HAND_SIZE]
    joker_bomb = rules[R_JOKER_BOMB] != 0
    row[:] = 0
    # -- deal (census features come from the same stream: same deal as `paiju census`)
    census_one(seed, game_index, deck_template, inc_rank, inc_fk, card_points, census_params, state, deck,
               features, 0)
    seed_stream(seed, game_index, state)
    deck[:] = deck_template
    shuffle(state, deck)
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
            if wants_hard(policies[s], s, counts, pp, joker_bomb, state):
                hard_seat = s
                break
        row[ROW_HARD_ASKED] = asked
        if hard_seat >= 0:
            call_card = -1
            partner = -1
            break
        call_card = choose_call_card(banker, hands, owner, card_rank, card_wild, call_excluded, rules, state, row)
        if call_card >= 0:
            o = other_copy(call_card, owner.shape[0])
            partner = owner[o] if o >= 0 else -1
            if partner == banker or partner < 0:
                partner = (banker + 2) % N_SEATS
                row[ROW_PUBLIC] = 1
            break
        redeals += 1  # no eligible call card anywhere: deal again from the same stream
        shuffle(state, deck)
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
    dealt_wz = np.zeros(N_SEATS, np.int64)
    for s in range(N_SEATS):
        dealt_wz[s] = 1 if (counts[s, 13] > 0 and counts[s, 14] > 0) else 0
        if rules[R_BONUS_REQUIRES_PLAY] == 0:
            row[ROW_XI_WANGZHA + s] = dealt_wz[s]
            for r in range(13):
                if counts[s, r] == 7:
                    row[ROW_XI_SEVEN + s] += 1
                elif counts[s, r] == 8:
                    row[ROW_XI_EIGHT + s] += 1
    dealt_counts = counts.copy()
    # -- tricks
    gs = np.zeros(GS_LEN, np.int64)
    gs[GS_TURN] = hard_seat if mode_hard else banker
    gs[GS_TOP_SEAT] = -1
    gs[GS_MODE_HARD] = 1 if mode_hard else 0
    gs[GS_BANKER] = banker
    gs[GS_PARTNER] = partner
    gs[GS_HARD] = hard_seat
    gs[GS_CALL] = call_card
    gs[GS_REVEALED] = 1 if revealed else 0
    hand_left = np.full(N_SEATS, hand_size, np.int64)
    seat_flags = np.zeros((SF_ROWS, N_SEATS), np.int64)  # kernels.climb.loop SF_* rows
    captured = np.zeros(N_SEATS, np.int64)
    order = np.full(N_SEATS, -1, np.int64)
    top[:] = 0
    while not take_turn(gs, hand_left, seat_flags, captured, order, dealt_wz, dealt_counts, card_tab,
                                nat_ids, wild_ids, rules, policies, pp, rank_points, state, owner, counts, suit_counts,
                                moves, played, top, row, log):
        pass
    # -- raw facts
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
def _buffers(n_ids, hand_size):
    return (np.empty(4, np.uint64), np.empty(n_ids, np.int16), np.empty((N_SEATS, hand_size), np.int16),
            np.empty(n_ids, np.int64), np.zeros((N_SEATS, 16), np.int64), np.zeros((N_SEATS, 13, 4), np.int64),
            np.zeros((MAX_MOVES, MOVE_FIELDS), np.int64), np.zeros(16, np.int64), np.zeros(MOVE_FIELDS, np.int64),
            np.zeros((1, N_SEATS, N_CENSUS_FEATURES), np.int16), np.zeros((1, LOG_WIDTH), np.int64))


@njit(cache=True, nogil=True, parallel=True)
def play_range(seed, start, count, hands_per_session, rotate, duplicate, deck_template, card_tab, nat_ids, wild_ids,
               call_excluded, inc_rank, inc_fk, census_params, rules, policies, pp, rank_points, out_rows, n_blocks):
    """Play hands ``start .. start+count-1`` into ``out_rows[game - start]``.

    Hands are grouped in sessions of ``hands_per_session`` (``start`` and ``count`` are whole
    sessions): inside one, 庄家 of the next hand is the previous hand's 一游. Sessions are split
    into ``n_blocks`` blocks run in parallel, each with its own buffers. With ``rotate``, seat
    ``k`` of hand ``g`` gets the policy (and parameters) of seat ``(k + g) % 4``. With
    ``duplicate``, row ``g`` plays deal ``g // 4`` rotated by ``g % 4`` (``play_hand``).
    """
    n_sessions = count // hands_per_session
    n_blocks = max(1, min(n_sessions, n_blocks))
    for b in prange(n_blocks):
        lo = (n_sessions * b) // n_blocks
        hi = (n_sessions * (b + 1)) // n_blocks
        state, deck, hands, owner, counts, suit_counts, moves, played, top, features, log = _buffers(
            deck_template.shape[0], rules[CL_HAND_SIZE])
        pol_g = policies.copy()
        pp_g = pp.copy()
        for sess in range(lo, hi):
            banker = -1
            for h in range(hands_per_session):
                g = start + sess * hands_per_session + h
                row = out_rows[g - start]
                if rotate:
                    for k in range(N_SEATS):
                        pol_g[k] = policies[(k + g) % N_SEATS]
                        pp_g[k] = pp[(k + g) % N_SEATS]
                deal = g // N_SEATS if duplicate else g
                rotation = g % N_SEATS if duplicate else 0
                play_hand(seed, deal, banker, rotation, deck_template, card_tab, nat_ids, wild_ids, call_excluded, inc_rank,
                          inc_fk, census_params, rules, pol_g, pp_g, rank_points, state, deck, hands, owner, counts,
                          suit_counts, moves, played, top, row, features, log)
                banker = -1
                for s in range(N_SEATS):
                    if row[ROW_FINISH + s] == 1:
                        banker = s


@njit(cache=True, nogil=True)
def play_logged(seed, game_index, banker_given, rotation, deck_template, card_tab, nat_ids, wild_ids, call_excluded,
                inc_rank, inc_fk, census_params, rules, policies, pp, rank_points):
    """One hand with its full action log (for replay and conformance): (row, log[:n], hands)."""
    state, deck, hands, owner, counts, suit_counts, moves, played, top, features, _ = _buffers(
        deck_template.shape[0], rules[CL_HAND_SIZE])
    log = np.zeros((MAX_LOG, LOG_WIDTH), np.int64)
    row = np.zeros(ROW_LEN, np.int64)
    n = play_hand(seed, game_index, banker_given, rotation, deck_template, card_tab, nat_ids, wild_ids, call_excluded, inc_rank,
                  inc_fk, census_params, rules, policies, pp, rank_points, state, deck, hands, owner, counts,
                  suit_counts, moves, played, top, row, features, log)
    return row, log[:n].copy(), hands.copy()
