"""百变双扣 hands played to the end (spec §1, §5, §6), and many of them in parallel.

Hand g's stream is ``(seed, deal_index)``; its draws come in a fixed order: the shuffle of the
108 cards (from id order), the announced card's deck position (``kernels.shuangkou.draw``, with
``partner_draw``), then random players' moves. Deal convention (``kernels.deal``): position p goes
to player (p - rotation) % 4 (``--duplicate``: player k holds what seat k + rotation was dealt),
who sits at seat k until the draw's swap moves him (SK-2). Without the draw the player dealt
seat 0's hand leads and partners sit opposite as dealt.

Scoring is not done here: the kernel writes the raw facts of ``kernels.shuangkou.layout``, by
player, and ``sim.games.shuangkou.scoring`` turns them into money.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from kernels.climb.loop import (
    CL_HAND_SIZE, END_FIRST_OUT_OR_TEAM, GS_BANKER, GS_DIRECTION, GS_END_RULE, GS_LEN, GS_N_JIEFENG, GS_N_LOG,
    GS_N_TRICKS, GS_N_TURNS, GS_PARTNER, GS_REVEALED, GS_TOP_SEAT, GS_TURN, LOG_CARDS, MAX_LOG, SF_FINISH, SF_ROWS,
)
from kernels.climb.moves import MOVE_FIELDS
from kernels.deal import place_fixed, shuffle
from kernels.rng import seed_stream
from kernels.shuangkou.draw import partner_draw, swap_seat
from kernels.shuangkou.layout import HAND_LAYOUT
from kernels.shuangkou.movegen import MAX_MOVES, S_DIRECTION, S_JIEFENG, S_PARTNER_DRAW, S_WILD_MODE
from kernels.shuangkou.policies import SEARCH
from kernels.shuangkou.search import search_move
from kernels.shuangkou.turn import take_turn
from kernels.shuangkou.wild import wild_jokers

N_SEATS = 4
N_CARDS = 108
HAND_SIZE = 27
LOG_WIDTH = LOG_CARDS + HAND_SIZE  # a play may take a whole hand (a 9-rank 连三同张 is 27 cards)
ROW_LEN = HAND_LAYOUT.length
_at = HAND_LAYOUT.at
ROW_DRAW_CARD, ROW_LEADER, ROW_MATE, ROW_SWAPPED, ROW_SEAT = (
    _at("draw_card"), _at("leader"), _at("mate"), _at("swapped"), _at("seat"))
ROW_FINISH, ROW_DEALT_JOKERS, ROW_DEALT_MAX_BOMB = _at("finish"), _at("dealt_jokers"), _at("dealt_max_bomb")
ROW_LEFT_MAX_BOMB = _at("left_max_bomb")
ROW_N_TRICKS, ROW_N_TURNS, ROW_N_JIEFENG = _at("n_tricks"), _at("n_turns"), _at("n_jiefeng")


@njit(cache=True, nogil=True)
def deal_and_draw(state, deck, rotation, fix_card, fix_slots, rules, owner, counts, player_at, row):
    """Shuffle, place ``--fix``'s cards (``kernels.deal.place_fixed``), deal,
    the partner draw and its swap; the deal's facts into ``row``. Returns the
    leader's seat. ``counts`` and ``owner`` are by seat, ``player_at[seat]`` the player there."""
    for i in range(N_CARDS):
        deck[i] = i
    shuffle(state, deck)
    place_fixed(state, deck, fix_card, fix_slots)
    counts[:, :] = 0
    for p in range(N_CARDS):
        seat = (p % N_SEATS - rotation + N_SEATS) % N_SEATS
        c = deck[p]
        owner[c] = seat
        k = c % 54
        counts[seat, 13 + k - 52 if k >= 52 else k // 4] += 1
    mode = rules[S_WILD_MODE]
    for s in range(N_SEATS):
        player_at[s] = s
        best = 0
        for r in range(13):
            best = max(best, counts[s, r])
        big = best + wild_jokers(counts[s, 13], counts[s, 14], mode)
        row[ROW_DEALT_JOKERS + s] = counts[s, 13] + counts[s, 14]
        row[ROW_DEALT_MAX_BOMB + s] = big if big >= 4 else 0
    row[ROW_DRAW_CARD] = -1
    leader = (N_SEATS - rotation) % N_SEATS
    mate = (leader + 2) % N_SEATS
    if rules[S_PARTNER_DRAW] != 0:
        card, lp, mp = partner_draw(state, deck, N_SEATS)
        row[ROW_DRAW_CARD] = card
        leader = (lp - rotation + N_SEATS) % N_SEATS
        mate = (mp - rotation + N_SEATS) % N_SEATS
        other = swap_seat(leader, mate, N_SEATS)
        if other >= 0:  # the mate and the player opposite the leader exchange seats (and hands)
            row[ROW_SWAPPED] = 1
            for r in range(16):
                t = counts[mate, r]
                counts[mate, r] = counts[other, r]
                counts[other, r] = t
            for c in range(N_CARDS):
                if owner[c] == mate:
                    owner[c] = other
                elif owner[c] == other:
                    owner[c] = mate
            player_at[mate], player_at[other] = player_at[other], player_at[mate]
    row[ROW_LEADER] = leader
    row[ROW_MATE] = mate
    for s in range(N_SEATS):
        row[ROW_SEAT + player_at[s]] = s
    return leader


@njit(cache=True, nogil=True)
def play_hand(seed, deal_index, rotation, fix, rules, policies, pp, state, deck, owner, counts, moves, played, cards,
              top, gs, hand_left, seat_flags, captured, order, player_at, pol_seat, pp_seat, level_now, n_bombs, max_x,
              row, log, search_on):
    """Deal, draw and play one hand; raw facts into ``row``. Returns the number of log rows.
    ``fix``: ``--fix``'s ``(fix_card, fix_slots)`` (one argument: CPython passes a call of over 30
    arguments as a tuple, which numba cannot compile).
    ``search_on``: None when no seat searches, so numba prunes the search and does not compile it."""
    row[:] = 0
    seed_stream(seed, deal_index, state)
    leader = deal_and_draw(state, deck, rotation, fix[0], fix[1], rules, owner, counts, player_at, row)
    for s in range(N_SEATS):
        pol_seat[s] = policies[player_at[s]]
        pp_seat[s] = pp[player_at[s]]
    gs[:] = 0
    gs[GS_TURN] = leader
    gs[GS_TOP_SEAT] = -1
    gs[GS_BANKER] = 0  # teams: seats {0, 2} and {1, 3}: the shared end rule (SK-5) and 接风 (§5)
    gs[GS_PARTNER] = 2
    gs[GS_REVEALED] = 1 if rules[S_JIEFENG] == 0 else 0  # 0: 接风 to the next seat
    gs[GS_DIRECTION] = rules[S_DIRECTION]
    gs[GS_END_RULE] = END_FIRST_OUT_OR_TEAM
    hand_left[:] = rules[CL_HAND_SIZE]
    seat_flags[:, :] = 0
    captured[:] = 0
    order[:] = -1
    top[:] = 0
    level_now[:] = 0
    n_bombs[:] = 0
    max_x[:] = 0
    while True:
        seat = gs[GS_TURN]
        forced = np.int64(-2)
        if search_on is not None:
            if pol_seat[seat] == SEARCH:  # a search seat decides before its turn
                forced = search_move(seat, gs, hand_left, seat_flags, captured, order, rules, pp_seat, player_at, state,
                                     owner, counts, top, level_now, n_bombs, max_x, row)
        if take_turn(gs, hand_left, seat_flags, captured, order, rules, pol_seat, pp_seat, player_at, state, owner,
                     counts, moves, played, cards, top, level_now, n_bombs, max_x, row, log, forced):
            break
    mode = rules[S_WILD_MODE]
    for s in range(N_SEATS):
        row[ROW_FINISH + player_at[s]] = seat_flags[SF_FINISH, s]
        best = 0
        for r in range(13):
            best = max(best, counts[s, r])
        big = best + wild_jokers(counts[s, 13], counts[s, 14], mode)
        row[ROW_LEFT_MAX_BOMB + player_at[s]] = big if big >= 4 else 0
    row[ROW_N_TRICKS] = gs[GS_N_TRICKS]
    row[ROW_N_TURNS] = gs[GS_N_TURNS]
    row[ROW_N_JIEFENG] = gs[GS_N_JIEFENG]
    return gs[GS_N_LOG]


@njit(cache=True, nogil=True)
def play_block(seed, lo, hi, rotate, duplicate, fix_card, fix_slots, rules, policies, pp, out_rows, logs, n_logs,
               search_on):
    """Hands ``lo .. hi-1`` into ``out_rows[i]`` (i from 0), with buffers of their own. ``logs``:
    the action log of each hand (``play_logged``), or a one-row scratch and an empty ``n_logs``.
    ``search_on``: None unless a seat searches (``play_hand``)."""
    state = np.zeros(4, np.uint64)
    deck = np.zeros(N_CARDS, np.int64)
    owner = np.zeros(N_CARDS, np.int64)
    counts = np.zeros((N_SEATS, 16), np.int64)
    moves = np.zeros((MAX_MOVES, MOVE_FIELDS), np.int64)
    played = np.zeros(HAND_SIZE, np.int64)
    cards = np.zeros(15, np.int64)
    top = np.zeros(MOVE_FIELDS, np.int64)
    gs = np.zeros(GS_LEN, np.int64)
    hand_left = np.zeros(N_SEATS, np.int64)
    seat_flags = np.zeros((SF_ROWS, N_SEATS), np.int64)
    captured = np.zeros(N_SEATS, np.int64)
    order = np.zeros(N_SEATS, np.int64)
    player_at = np.zeros(N_SEATS, np.int64)
    pol_seat = np.zeros(N_SEATS, np.int64)
    pp_seat = np.zeros_like(pp)
    level_now = np.zeros(N_SEATS, np.int64)
    n_bombs = np.zeros(N_SEATS, np.int64)
    max_x = np.zeros(N_SEATS, np.int64)
    pol = policies.copy()
    pp_g = pp.copy()
    for g in range(lo, hi):
        if rotate:
            for k in range(N_SEATS):
                pol[k] = policies[(k + g) % N_SEATS]
                pp_g[k] = pp[(k + g) % N_SEATS]
        i = g - lo
        n = play_hand(seed, g // N_SEATS if duplicate else g, g % N_SEATS if duplicate else 0, (fix_card, fix_slots),
                      rules, pol, pp_g, state,
                      deck, owner, counts, moves, played, cards, top, gs, hand_left, seat_flags, captured, order,
                      player_at, pol_seat, pp_seat, level_now, n_bombs, max_x, out_rows[i],
                      logs[min(i, logs.shape[0] - 1)], search_on)
        if i < n_logs.shape[0]:
            n_logs[i] = n


@njit(cache=True, nogil=True, parallel=True)
def play_range(seed, start, count, rotate, duplicate, fix_card, fix_slots, rules, policies, pp, out_rows, n_blocks,
               search_on):
    """Play hands ``start .. start+count-1`` into ``out_rows[g - start]``, in ``n_blocks`` blocks
    run in parallel. With ``rotate`` the players turn round the table from hand to hand (player k
    of hand g plays ``policies[(k + g) % 4]``); with ``duplicate`` hand g plays deal ``g // 4``
    turned by ``g % 4``. ``search_on``: None unless a seat searches (``play_hand``)."""
    n_blocks = max(1, min(count, n_blocks))
    for b in prange(n_blocks):
        lo = count * b // n_blocks
        hi = count * (b + 1) // n_blocks
        play_block(seed, start + lo, start + hi, rotate, duplicate, fix_card, fix_slots, rules, policies, pp,
                   out_rows[lo:hi],
                   np.zeros((1, 1, LOG_WIDTH), np.int64), np.zeros(0, np.int64), search_on)


def play_logged(seed, game_index, rules, policies, pp, rotate=False, duplicate=False, fix=None):
    """One hand with its action log (for replay and conformance): (row, log[:n]); ``fix``:
    ``--fix``'s ``(fix_card, fix_slots)`` tables or None. Not compiled on its own: it calls
    ``play_block``."""
    fix_card, fix_slots = fix if fix is not None else (np.zeros((0, 0), np.int64), np.zeros((0, 0), np.int64))
    rows = np.zeros((1, ROW_LEN), np.int64)
    logs = np.zeros((1, MAX_LOG, LOG_WIDTH), np.int64)
    n_logs = np.zeros(1, np.int64)
    play_block(np.uint64(seed), game_index, game_index + 1, int(rotate), int(duplicate), fix_card, fix_slots, rules,
               policies, pp, rows,
               logs, n_logs, True)
    return rows[0], logs[0, :n_logs[0]]


@njit(cache=True, nogil=True)
def dealt_owner(seed, deal_index, rotation, rules, fix_card, fix_slots):
    """``owner[card]``: the seat holding each card when play starts (after the draw's swap), and
    ``player_at[seat]`` — the deal ``play_hand`` plays (for replay)."""
    state = np.zeros(4, np.uint64)
    deck = np.zeros(N_CARDS, np.int64)
    owner = np.zeros(N_CARDS, np.int64)
    counts = np.zeros((N_SEATS, 16), np.int64)
    player_at = np.zeros(N_SEATS, np.int64)
    row = np.zeros(ROW_LEN, np.int64)
    seed_stream(seed, deal_index, state)
    deal_and_draw(state, deck, rotation, fix_card, fix_slots, rules, owner, counts, player_at, row)
    return owner, player_at
