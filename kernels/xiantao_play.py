"""One 仙桃千分 hand played to the end (spec §4–§9), and many of them in parallel.

The hand's stream is ``(seed, game_index)``; its draws come in a fixed order: the shuffle, the
face-up card that names the first 庄家 (always drawn; a session overrides it with the previous
一游), random players' 硬牌 answers, the call-card pick, then random players' moves. Scoring is
not done here: the kernel writes raw facts (``ROW_*``) and ``sim.games.xiantao_scoring`` turns
them into money, so that stored games can be rescored (DESIGN principle 6).
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from kernels.cardpick import pick_cards, remove_cards
from kernels.census import N_CENSUS_FEATURES, census_one
from kernels.deal import shuffle
from kernels.ladder import move_level
from kernels.movegen import (
    MAX_MOVES,
    R_BANKER_NO_JIEFENG,
    R_BONUS_REQUIRES_PLAY,
    R_CALL_RULE,
    R_HAND_SIZE,
    R_JOKER_BOMB,
    R_PASS_LOCKS,
    generate_moves,
)
from kernels.moves import F_KIND, F_RANK, F_SIZE, F_WILDS, JOKER_BOMB, BOMB, MOVE_FIELDS
from kernels.policies import call_preference, choose_play, relation, wants_hard
from kernels.rng import bounded, seed_stream

N_SEATS = 4
CALL_LITERAL, CALL_UNIFORM, CALL_OPPOSITE = 0, 1, 2

# raw facts of one hand, row layout of ``out_rows[game, ROW_*]`` (int64)
ROW_MODE = 0  # 0 call (叫牌), 1 hard (硬牌)
ROW_BANKER = 1
ROW_HARD_SEAT = 2  # -1 unless 硬牌
ROW_CALL_CARD = 3  # physical id of 庄家's copy, -1 in 硬牌
ROW_RECALLS = 4
ROW_PARTNER = 5  # -1 in 硬牌
ROW_MINGJI = 6  # 0-based trick of 明鸡, -1 never
ROW_PUBLIC = 7  # 1 if the partnership was public from the start (daguong_opposite, both copies)
ROW_N_TRICKS = 8
ROW_N_JIEFENG = 9
ROW_CALL_PICK = 10  # the drawn pick index (for the reference check)
ROW_REDEALS = 11
ROW_ENDED_BY = 12
ROW_N_TURNS = 13
ROW_FINISH = 14  # +seat: place 1..4, 0 still holding cards
ROW_CAPTURED = 18  # +seat
ROW_UNPLAYED = 22  # +seat
ROW_XI_WANGZHA = 26  # +seat: 喜 counted (dealt, or dealt and played if bonus_requires_play)
ROW_XI_SEVEN = 30  # +seat
ROW_XI_EIGHT = 34  # +seat
ROW_BOMBS = 38  # +level-1 for levels 1..19
ROW_PLAYS = 57  # +seat: moves played (passes excluded)
ROW_HARD_ASKED = 61  # seats asked before someone declared (or all 4)
ROW_FEATURES = 62  # + feature * 4 + seat: census features of the deal
ROW_LEN = ROW_FEATURES + N_CENSUS_FEATURES * N_SEATS

# scalar state of the turn loop, gs[GS_*] (int64)
GS_TURN, GS_TOP_SEAT, GS_TRICK_POINTS, GS_N_TRICKS, GS_N_JIEFENG, GS_N_TURNS, GS_N_OUT = range(7)
GS_REVEALED, GS_MODE_HARD, GS_BANKER, GS_PARTNER, GS_HARD, GS_CALL, GS_N_LOG = range(7, 14)
GS_LEN = 14

# log of one hand: one row per action
LOG_SEAT, LOG_TRICK, LOG_MOVE = 0, 1, 2
LOG_NCARDS = LOG_MOVE + MOVE_FIELDS
LOG_CARDS = LOG_NCARDS + 1
LOG_WIDTH = LOG_CARDS + 14
MAX_LOG = 1024


@njit(cache=True, nogil=True, inline="always")
def next_active(seat, hand_left):
    """The next seat counter-clockwise (seat + 1) still holding cards."""
    for k in range(1, N_SEATS + 1):
        s = (seat + k) % N_SEATS
        if hand_left[s] > 0:
            return s
    return -1


@njit(cache=True, nogil=True)
def other_copy(card, n_ids):
    """The same (rank, suit) in the other deck (two-deck packs: ids c and c ± 54)."""
    if card >= 108:
        return -1
    return card + 54 if card < 54 else card - 54


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


@njit(cache=True, nogil=True, inline="always")
def _log(log, n_log, seat, trick, move, played, n_played, is_pass):
    if n_log >= log.shape[0]:
        return n_log
    log[n_log, LOG_SEAT] = seat
    log[n_log, LOG_TRICK] = trick
    for f in range(MOVE_FIELDS):
        log[n_log, LOG_MOVE + f] = move[f]
    if is_pass:
        log[n_log, LOG_MOVE] = 0
        log[n_log, LOG_MOVE + 1] = -1
        log[n_log, LOG_MOVE + 2] = 0
        log[n_log, LOG_MOVE + 3] = 0
        log[n_log, LOG_MOVE + 4] = -1
        log[n_log, LOG_MOVE + 5] = 1
        log[n_log, LOG_MOVE + 6] = 0
        n_played = 0
    log[n_log, LOG_NCARDS] = n_played
    for i in range(n_played):
        log[n_log, LOG_CARDS + i] = played[i]
    return n_log + 1


@njit(cache=True, nogil=True, inline="always")
def _teammate(seat, mode_hard, banker, partner):
    if mode_hard:
        return -1
    if seat == banker:
        return partner
    if seat == partner:
        return banker
    for s in range(N_SEATS):
        if s != seat and s != banker and s != partner:
            return s
    return -1


@njit(cache=True, nogil=True, inline="always")
def _hand_over(order_len, order, mode_hard, banker, partner):
    if mode_hard:
        return order_len >= 1
    if order_len >= 3:
        return True
    if order_len == 2:
        a, b = order[0], order[1]
        in_a = a == banker or a == partner
        in_b = b == banker or b == partner
        return in_a == in_b
    return False


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
    hand_size = rules[R_HAND_SIZE]
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
    seat_flags = np.zeros((3, N_SEATS), np.int64)  # rows: finish place, passed, locked
    captured = np.zeros(N_SEATS, np.int64)
    order = np.full(N_SEATS, -1, np.int64)
    top[:] = 0
    while not take_turn(gs, hand_left, seat_flags, captured, order, dealt_wz, dealt_counts, card_tab, nat_ids,
                        wild_ids, rules, policies, pp, rank_points, state, owner, counts, suit_counts, moves, played,
                        top, row, log):
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


@njit(cache=True, nogil=True, inline="always")
def take_turn(gs, hand_left, seat_flags, captured, order, dealt_wz, dealt_counts, card_tab, nat_ids, wild_ids,
              rules, policies, pp, rank_points, state, owner, counts, suit_counts, moves, played, top, row, log):
    """The seat to act plays or passes; the trick and the hand end when they should.

    Returns True when the hand is over.
    """
    card_rank, card_suit, card_wild, card_points = card_tab[0], card_tab[1], card_tab[2], card_tab[3]
    finish, passed, locked = seat_flags[0], seat_flags[1], seat_flags[2]
    mode_hard = gs[GS_MODE_HARD] == 1
    banker, partner, hard_seat, call_card = gs[GS_BANKER], gs[GS_PARTNER], gs[GS_HARD], gs[GS_CALL]
    joker_bomb = rules[R_JOKER_BOMB] != 0
    seat = gs[GS_TURN]
    gs[GS_N_TURNS] += 1
    top_seat = gs[GS_TOP_SEAT]
    lead = top_seat < 0
    n = generate_moves(counts[seat], suit_counts[seat], top, rules, moves)
    rel = np.empty(N_SEATS, np.int64)
    for s in range(N_SEATS):
        rel[s] = relation(seat, s, mode_hard, banker, partner, hard_seat, gs[GS_REVEALED] == 1)
    choice = choose_play(policies[seat], seat, moves, n, lead, counts, top_seat, hand_left, rel,
                         gs[GS_TRICK_POINTS], pp, rules, rank_points, joker_bomb, state)
    if choice < 0:
        gs[GS_N_LOG] = _log(log, gs[GS_N_LOG], seat, gs[GS_N_TRICKS], top, played, 0, True)
        passed[seat] = 1
        if rules[R_PASS_LOCKS] != 0:
            locked[seat] = 1
    else:
        move = moves[choice]
        cmode = call_preference(policies[seat], seat, partner, banker, gs[GS_REVEALED] == 1, hand_left, pp)
        n_played = pick_cards(seat, move, owner, nat_ids, wild_ids, suit_counts, card_rank, card_suit,
                              call_card, cmode, played)
        if not mode_hard and gs[GS_REVEALED] == 0 and seat == partner and call_card >= 0:
            partner_copy = other_copy(call_card, owner.shape[0])
            for i in range(n_played):  # 明鸡: the partner plays his copy of the call card
                if played[i] == partner_copy:
                    gs[GS_REVEALED] = 1
                    row[ROW_MINGJI] = gs[GS_N_TRICKS]
        gs[GS_TRICK_POINTS] += remove_cards(seat, played, n_played, owner, counts, suit_counts, card_rank,
                                            card_suit, card_wild, card_points)
        hand_left[seat] -= n_played
        level = move_level(move)
        if level > 0:
            row[ROW_BOMBS + level - 1] += 1
        if rules[R_BONUS_REQUIRES_PLAY] != 0:
            _earn_bonus(seat, move, dealt_wz, dealt_counts, row)
        row[ROW_PLAYS + seat] += 1
        gs[GS_N_LOG] = _log(log, gs[GS_N_LOG], seat, gs[GS_N_TRICKS], move, played, n_played, False)
        top[:] = move
        gs[GS_TOP_SEAT] = seat
        top_seat = seat
        passed[:] = 0
        if hand_left[seat] == 0:
            order[gs[GS_N_OUT]] = seat
            gs[GS_N_OUT] += 1
            finish[seat] = gs[GS_N_OUT]
            if _hand_over(gs[GS_N_OUT], order, mode_hard, banker, partner):
                captured[seat] += gs[GS_TRICK_POINTS]  # table points go to the finisher
                gs[GS_N_TRICKS] += 1
                row[ROW_ENDED_BY] = seat
                return True
    # does the trick end? every other active player passed since the last play, or is locked
    over = True
    for s in range(N_SEATS):
        if s != top_seat and hand_left[s] > 0 and passed[s] == 0 and locked[s] == 0:
            over = False
    if over:
        _end_trick(gs, hand_left, captured, passed, locked, top, rules)
        return False
    turn = seat
    while True:
        turn = next_active(turn, hand_left)
        if locked[turn] == 0:
            break
    gs[GS_TURN] = turn
    return False


@njit(cache=True, nogil=True)
def _earn_bonus(seat, move, dealt_wz, dealt_counts, row):
    """bonus_requires_play: a 喜 counts when its holder plays it (王炸, or a bomb of the 7张/8张)."""
    if move[F_KIND] == JOKER_BOMB and move[F_WILDS] == 0 and dealt_wz[seat] == 1:
        row[ROW_XI_WANGZHA + seat] = 1
    if move[F_KIND] == BOMB:
        nat = move[F_SIZE] - move[F_WILDS]
        dealt = dealt_counts[seat, move[F_RANK]]
        if dealt == 8 and nat >= 8:
            row[ROW_XI_EIGHT + seat] += 1
        elif dealt == 7 and nat >= 7:
            row[ROW_XI_SEVEN + seat] += 1


@njit(cache=True, nogil=True, inline="always")
def _end_trick(gs, hand_left, captured, passed, locked, top, rules):
    """The last player takes the trick's points and leads; if he is out, 接风 (§8.4)."""
    winner = gs[GS_TOP_SEAT]
    captured[winner] += gs[GS_TRICK_POINTS]
    gs[GS_N_TRICKS] += 1
    gs[GS_TRICK_POINTS] = 0
    gs[GS_TOP_SEAT] = -1
    top[:] = 0
    passed[:] = 0
    locked[:] = 0
    if hand_left[winner] > 0:
        gs[GS_TURN] = winner
        return
    gs[GS_N_JIEFENG] += 1
    revealed = gs[GS_REVEALED] == 1
    mate = _teammate(winner, gs[GS_MODE_HARD] == 1, gs[GS_BANKER], gs[GS_PARTNER])
    if revealed and mate >= 0 and hand_left[mate] > 0:
        gs[GS_TURN] = mate
        return
    turn = next_active(winner, hand_left)
    if (not revealed) and rules[R_BANKER_NO_JIEFENG] != 0 and turn == gs[GS_BANKER]:
        nxt = next_active(turn, hand_left)
        if nxt >= 0:
            turn = nxt
    gs[GS_TURN] = turn


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
            deck_template.shape[0], rules[R_HAND_SIZE])
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
        deck_template.shape[0], rules[R_HAND_SIZE])
    log = np.zeros((MAX_LOG, LOG_WIDTH), np.int64)
    row = np.zeros(ROW_LEN, np.int64)
    n = play_hand(seed, game_index, banker_given, rotation, deck_template, card_tab, nat_ids, wild_ids, call_excluded, inc_rank,
                  inc_fk, census_params, rules, policies, pp, rank_points, state, deck, hands, owner, counts,
                  suit_counts, moves, played, top, row, features, log)
    return row, log[:n].copy(), hands.copy()
