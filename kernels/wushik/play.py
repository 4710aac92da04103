"""五十K hands and matches played to the end (spec §4, §8–§10), and many matches in parallel.

A game index is a match (``rules[W_MAX_HANDS]`` > 1) or a single hand (= 1), on its own stream:
``seed_stream(seed, deal_index)`` deals — every hand shuffles the 104 cards, and the first hand
then draws the turned-up card's deck position — after one draw that seeds the players' stream
(random players). So the deals of a match do not depend on how it is played: ``--duplicate``
plays the same deals from every seat, and two runs with other players see the same cards.

Deal convention (``kernels.deal``): position p goes to seat p % 4, turned by ``rotation``
(``--duplicate``: seat k holds what seat k + rotation was dealt). The turned-up card's holder leads
the first hand of a match; later hands are led by the previous hand's 一游 (§4). A hand in which
the players of one team only were dealt 8 of a kind is not played unless ``record_only`` (W-7).

Each hand is scored as it ends (``hand_scores``, the formula of ``sim.games.wushik.scoring``) to
keep the running totals: a match ends after the hand in which a total reaches ``target_score``
(§10.3). Rows are the raw facts of ``kernels.wushik.layout.HAND_LAYOUT``.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from kernels.climb.loop import (
    END_FIRST_OUT_OR_TEAM, GS_BANKER, GS_DIRECTION, GS_END_RULE, GS_LEN, GS_N_JIEFENG, GS_N_LOG, GS_N_TRICKS,
    GS_N_TURNS, GS_PARTNER, GS_REVEALED, GS_TOP_SEAT, GS_TURN, LOG_WIDTH, MAX_LOG, SF_FINISH, SF_ROWS,
)
from kernels.climb.moves import MOVE_FIELDS
from kernels.deal import place_fixed, shuffle
from kernels.rng import bounded, next_u64, seed_stream
from kernels.wushik.layout import HAND_LAYOUT, MAX_SEATS
from kernels.wushik.movegen import (
    EIGHT_RECORD_ONLY, EIGHT_WIN_MATCH, JIEFENG_PARTNER, MAX_MOVES, W_DIRECTION, W_EIGHT_RULE, W_JIEFENG,
    W_MAX_HANDS, W_TARGET,
)
from kernels.wushik.money import hand_scores
from kernels.wushik.policies import SEARCH
from kernels.wushik.search import search_move
from kernels.wushik.turn import rank_points, take_turn

N_SEATS = 4
N_CARDS = 104
HAND_SIZE = 26
ROW_LEN = HAND_LAYOUT.length
_at = HAND_LAYOUT.at
ROW_HAND_NO, ROW_LEADER, ROW_TURNED, ROW_EIGHT_SEAT, ROW_EIGHT = (
    _at("hand_no"), _at("leader"), _at("turned_card"), _at("eight_seat"), _at("eight_applied"))
ROW_FINISH, ROW_CAPTURED, ROW_VOID, ROW_LEFT_MAX_BOMB = _at("finish"), _at("captured"), _at("void"), _at("left_max_bomb")
ROW_TERMINAL_SEAT, ROW_TERMINAL_POINTS = _at("terminal_seat"), _at("terminal_points")
ROW_BONUS = _at("bonus5")
ROW_N_TRICKS, ROW_N_TURNS, ROW_N_JIEFENG = _at("n_tricks"), _at("n_turns"), _at("n_jiefeng")
ROW_DEALT_POINTS, ROW_DEALT_MAX_BOMB, ROW_DEALT_ZHENG = _at("dealt_points"), _at("dealt_max_bomb"), _at("dealt_zheng")
ROW_TOTAL0, ROW_TOTAL1, ROW_MATCH_OVER = _at("team0_total"), _at("team1_total"), _at("match_over")
ROW_MATCH_HANDS, ROW_MATCH_WINNER, ROW_MATCH_EIGHT, ROW_FIRST_LEADER = (
    _at("match_hands"), _at("match_winner"), _at("match_eight_win"), _at("first_leader"))

@njit(cache=True, nogil=True)
def deal_cards(state, deck, rotation, fix_card, fix_slots, owner, counts, suit_counts, row):
    """Shuffle the 104 cards (from id order), place ``--fix``'s cards (``kernels.deal.place_fixed``)
    and deal one hand; the dealt facts into ``row``.
    Returns the lowest seat dealt 8 of a kind (-1 none) and whether only one team holds such a
    hand (W-7)."""
    for i in range(N_CARDS):
        deck[i] = (i // 52) * 54 + i % 52
    shuffle(state, deck)
    place_fixed(state, deck, fix_card, fix_slots)
    owner[:] = -1
    counts[:, :] = 0
    suit_counts[:, :, :] = 0
    for p in range(N_CARDS):
        seat = (p % N_SEATS - rotation + N_SEATS) % N_SEATS
        c = deck[p]
        owner[c] = seat
        k = c % 54
        counts[seat, k // 4] += 1
        suit_counts[seat, k // 4, k % 4] += 1
    eight = -1
    teams = 0
    for s in range(N_SEATS):
        points = 0
        best = 0
        for r in range(13):
            points += counts[s, r] * rank_points(r)
            best = max(best, counts[s, r])
        zheng = 0
        for u in range(4):
            zheng += min(suit_counts[s, 2, u], suit_counts[s, 7, u], suit_counts[s, 10, u])
        row[ROW_DEALT_POINTS + s] = points
        row[ROW_DEALT_MAX_BOMB + s] = best if best >= 4 else 0
        row[ROW_DEALT_ZHENG + s] = zheng
        if best >= 8:
            teams |= 1 << (s % 2)
            if eight < 0:
                eight = s
    return eight, teams != 3


@njit(cache=True, nogil=True)
def play_hand(leader, rules, policies, pp, state, owner, counts, suit_counts, moves, played, take, scratch, top,
              pend, gs, hand_left, seat_flags, captured, order, row, log, search_on):
    """Play one dealt hand from ``leader`` to its 终止牌; facts into ``row``. Returns the number of
    log rows written. ``search_on``: None when no seat searches, so numba prunes the search and does
    not compile it."""
    gs[:] = 0
    gs[GS_TURN] = leader
    gs[GS_TOP_SEAT] = -1
    gs[GS_BANKER] = 0  # teams {0, 2} and {1, 3}: the shared partnership end rule and 接风
    gs[GS_PARTNER] = 2
    gs[GS_REVEALED] = 1 if rules[W_JIEFENG] == JIEFENG_PARTNER else 0  # 0: 接风 to the next seat (W-4)
    gs[GS_DIRECTION] = rules[W_DIRECTION]
    gs[GS_END_RULE] = END_FIRST_OUT_OR_TEAM
    hand_left[:] = HAND_SIZE
    seat_flags[:, :] = 0
    captured[:] = 0
    order[:] = -1
    top[:] = 0
    pend[:, :] = 0
    while True:
        seat = gs[GS_TURN]
        forced = np.int64(-2)
        if search_on is not None:
            if policies[seat] == SEARCH:  # a search seat decides before its turn
                forced = search_move(seat, gs, hand_left, seat_flags, captured, order, rules, pp, state, owner, counts,
                                     suit_counts, top, pend, row)
        if take_turn(gs, hand_left, seat_flags, captured, order, rules, policies, pp, state, owner, counts,
                     suit_counts, moves, played, take, scratch, top, pend, row, log, forced):
            break
    for s in range(N_SEATS):
        row[ROW_FINISH + s] = seat_flags[SF_FINISH, s]
        row[ROW_CAPTURED + s] = captured[s]
        void = 0
        left_bomb = 0
        for r in range(13):
            void += counts[s, r] * rank_points(r)
            left_bomb = max(left_bomb, counts[s, r])
        row[ROW_VOID + s] = void
        row[ROW_LEFT_MAX_BOMB + s] = left_bomb if left_bomb >= 4 else 0
    row[ROW_N_TRICKS] = gs[GS_N_TRICKS]
    row[ROW_N_TURNS] = gs[GS_N_TURNS]
    row[ROW_N_JIEFENG] = gs[GS_N_JIEFENG]
    return gs[GS_N_LOG]


@njit(cache=True, nogil=True, inline="always")
def play_match(seed, deal_index, rotation, fix, rules, policies, pp, pend, gs, hand_left, seat_flags, captured,
               order, owner, counts, suit_counts, moves, played, take, scratch, top, deck, dstate, pstate, rows, r0,
               r_end, logs, n_logs, search_on):
    """One game index: a match (or a single hand) into ``rows[r0:]``, at most up to ``r_end``.
    ``fix``: ``--fix``'s ``(fix_card, fix_slots)``, placed in every hand's deal (one argument:
    CPython passes a call of over 30 arguments as a tuple, which numba cannot compile).

    Returns the number of rows (hands) written, or -1 when they do not fit (the caller retries
    with more room). ``logs[h]`` receives hand h's action log when ``logs`` holds that many
    hands (``n_logs[h]`` its length); otherwise logs go to a one-row scratch and are dropped.
    """
    seed_stream(seed, deal_index, dstate)
    seed_stream(next_u64(dstate), deal_index, pstate)  # the players' stream: deals never depend on play
    max_hands = rules[W_MAX_HANDS]
    totals0, totals1 = 0, 0
    leader = -1
    first_leader = -1
    eight_win = -1
    h = 0
    while True:
        if r0 + h >= r_end:
            return -1
        row = rows[r0 + h]
        row[:] = 0
        eight, one_team = deal_cards(dstate, deck, rotation, fix[0], fix[1], owner, counts, suit_counts, row)
        row[ROW_HAND_NO] = h
        row[ROW_TURNED] = -1
        if h == 0:
            p = bounded(dstate, N_CARDS)
            row[ROW_TURNED] = deck[p]
            leader = (p % N_SEATS - rotation + N_SEATS) % N_SEATS
            first_leader = leader
        row[ROW_LEADER] = leader
        row[ROW_EIGHT_SEAT] = eight
        row[ROW_TERMINAL_SEAT] = -1
        log = logs[min(h, logs.shape[0] - 1)]
        if eight >= 0 and one_team and rules[W_EIGHT_RULE] != EIGHT_RECORD_ONLY:
            row[ROW_EIGHT] = 1
            if rules[W_EIGHT_RULE] == EIGHT_WIN_MATCH:
                eight_win = eight % 2
        else:
            n = play_hand(leader, rules, policies, pp, pstate, owner, counts, suit_counts, moves, played, take,
                          scratch, top, pend, gs, hand_left, seat_flags, captured, order, row, log, search_on)
            if h < n_logs.shape[0]:
                n_logs[h] = n
            leader = order[0]
        t0, t1 = hand_scores(row, rules)
        totals0 += t0
        totals1 += t1
        row[ROW_TOTAL0] = totals0
        row[ROW_TOTAL1] = totals1
        h += 1
        if eight_win >= 0 or totals0 >= rules[W_TARGET] or totals1 >= rules[W_TARGET] or h >= max_hands:
            break
    winner = eight_win if eight_win >= 0 else (0 if totals0 > totals1 else (1 if totals1 > totals0 else 2))
    rows[r0 + h - 1, ROW_MATCH_OVER] = 1
    for k in range(h):
        row = rows[r0 + k]
        row[ROW_MATCH_HANDS] = h
        row[ROW_MATCH_WINNER] = winner
        row[ROW_MATCH_EIGHT] = 1 if eight_win >= 0 else 0
        row[ROW_FIRST_LEADER] = first_leader
    return h


@njit(cache=True, nogil=True)
def _buffers():
    return (np.zeros((MAX_SEATS, 9), np.int64), np.zeros(GS_LEN, np.int64), np.zeros(N_SEATS, np.int64),
            np.zeros((SF_ROWS, N_SEATS), np.int64), np.zeros(N_SEATS, np.int64), np.zeros(N_SEATS, np.int64),
            np.zeros(108, np.int64), np.zeros((N_SEATS, 16), np.int64), np.zeros((N_SEATS, 13, 4), np.int64),
            np.zeros((MAX_MOVES, MOVE_FIELDS), np.int64), np.zeros(HAND_SIZE, np.int64), np.zeros((13, 4), np.int64),
            np.zeros(13, np.int64), np.zeros(MOVE_FIELDS, np.int64), np.zeros(N_CARDS, np.int64),
            np.zeros(4, np.uint64), np.zeros(4, np.uint64))


@njit(cache=True, nogil=True)
def play_block(seed, lo, hi, rotate, duplicate, fix_card, fix_slots, rules, policies, pp, out_rows, r0, r_end, logs,
               n_logs, search_on):
    """Game indices ``lo .. hi-1`` into ``out_rows[r0:r_end]``, in order, with buffers of their
    own. Returns the rows written, or -1 when they do not fit. ``logs``/``n_logs``: the action log
    of each hand of one game index (``play_logged``), or a one-row scratch and an empty array.
    ``search_on``: None unless a seat searches (``play_hand``)."""
    pend, gs, hand_left, seat_flags, captured, order, owner, counts, suit_counts, moves, played, take, scratch, \
        top, deck, dstate, pstate = _buffers()
    pol = policies.copy()
    pp_g = pp.copy()
    r = r0
    for g in range(lo, hi):
        if rotate:
            for k in range(N_SEATS):
                pol[k] = policies[(k + g) % N_SEATS]
                pp_g[k] = pp[(k + g) % N_SEATS]
        h = play_match(seed, g // N_SEATS if duplicate else g, g % N_SEATS if duplicate else 0, (fix_card, fix_slots),
                       rules, pol, pp_g,
                       pend, gs, hand_left, seat_flags, captured, order, owner, counts, suit_counts, moves, played,
                       take, scratch, top, deck, dstate, pstate, out_rows, r, r_end, logs, n_logs, search_on)
        if h < 0:
            return -1
        r += h
    return r - r0


@njit(cache=True, nogil=True, parallel=True)
def play_range(seed, start, count, rotate, duplicate, fix_card, fix_slots, rules, policies, pp, out_rows, n_rows,
               n_blocks, search_on):
    """Play game indices ``start .. start+count-1`` (matches or single hands) into ``out_rows``.

    The indices are cut into ``n_blocks`` contiguous blocks run in parallel; block b writes its
    hands, in order, from row ``b * cap`` (``cap = out_rows.shape[0] // n_blocks``) and sets
    ``n_rows[b]`` to how many, or -1 when they did not fit in ``cap`` (the caller retries with
    more room). With ``rotate`` seat k of game g is played by ``policies[(k + g) % 4]``; with
    ``duplicate`` game g plays deal ``g // 4`` turned by ``g % 4``. ``search_on``: None unless a
    seat searches (``play_hand``).
    """
    n_blocks = max(1, min(count, n_blocks))
    cap = out_rows.shape[0] // n_blocks
    for b in prange(n_blocks):
        n_rows[b] = play_block(seed, start + count * b // n_blocks, start + count * (b + 1) // n_blocks, rotate,
                               duplicate, fix_card, fix_slots, rules, policies, pp, out_rows, b * cap, (b + 1) * cap,
                               np.zeros((1, 1, LOG_WIDTH), np.int64), np.zeros(0, np.int64), search_on)


def play_logged(seed, game_index, rules, policies, pp, n_hands, rotate=False, duplicate=False, fix=None):
    """One game index with the action log of each of its first ``n_hands`` hands (for replay and
    conformance): (rows[:hands], logs[h, :n_logs[h]], n_logs, hands), hands -1 when the game
    index plays more than ``n_hands`` hands; ``fix``: ``--fix``'s ``(fix_card, fix_slots)`` tables or None.
    Not compiled on its own: it calls ``play_block``."""
    fix_card, fix_slots = fix if fix is not None else (np.zeros((0, 0), np.int64), np.zeros((0, 0), np.int64))
    rows = np.zeros((n_hands, ROW_LEN), np.int64)
    logs = np.zeros((n_hands, MAX_LOG, LOG_WIDTH), np.int64)
    n_logs = np.zeros(n_hands, np.int64)
    h = play_block(np.uint64(seed), game_index, game_index + 1, int(rotate), int(duplicate), fix_card, fix_slots,
                   rules, policies, pp,
                   rows, 0, n_hands, logs, n_logs, True)
    return rows[:max(h, 0)], logs, n_logs, h


@njit(cache=True, nogil=True)
def dealt_owners(seed, deal_index, rotation, n_hands, fix_card, fix_slots):
    """``owner[h, card]``: the seat dealt each card in each of the first ``n_hands`` hands of a
    game index (the same deals ``play_match`` plays; for replay)."""
    state = np.zeros(4, np.uint64)
    deck = np.zeros(N_CARDS, np.int64)
    owners = np.full((n_hands, 108), -1, np.int64)
    counts = np.zeros((N_SEATS, 16), np.int64)
    suit_counts = np.zeros((N_SEATS, 13, 4), np.int64)
    row = np.zeros(ROW_LEN, np.int64)
    seed_stream(seed, deal_index, state)
    next_u64(state)
    for h in range(n_hands):
        deal_cards(state, deck, rotation, fix_card, fix_slots, owners[h], counts, suit_counts, row)
        if h == 0:
            bounded(state, N_CARDS)
    return owners
