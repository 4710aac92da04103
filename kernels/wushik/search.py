"""五十K's ``search`` player: determinized Monte Carlo over the cards a seat cannot see.

At a play decision with two or more sensible candidates the seat samples ``worlds`` deals of the
hidden cards consistent with what it knows — its own hand, the cards played, every seat's card
count (五十K has no suit to follow and nothing declared, so no voids) — and in each world plays
every candidate and finishes the hand with the rollout policy (every seat playing as the
searcher would, with its parameters). Money is the seat's under the ruleset: its team's hand
score minus the other team's (``kernels.wushik.money.seat_money``, the scorer's ``s{k}_money``).
In a match the search plays each hand for that hand's margin. Every candidate meets the same
worlds and the same rollout draws, so each is compared with smart's choice world by world;
search leaves smart's choice only for a candidate whose mean gain is at least ``confidence``
standard errors (``confident_best``).

Candidates (at most ``candidates``): smart's choice, pass when following, greedy's choice, the
cheapest 510K and the cheapest bomb when following (what a trick is worth fighting for), then the
cheapest other plays.

Shared pieces (the search's own stream, shuffles, the confidence rule's shape) are in
``kernels.climb.search``; rollouts run the game's own turn (``kernels.wushik.turn.take_turn``)
with plain policies, so the search never recurses.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.climb.loop import GS_LEN, GS_N_TURNS, GS_TOP_SEAT, GS_TRICK_POINTS, LOG_WIDTH, SF_FINISH, SF_ROWS
from kernels.climb.moves import MOVE_FIELDS
from kernels.climb.search import collect_hidden, deal_hidden, rollout_players, search_stream
from kernels.climb.search_pick import add_candidate, add_gains, confident_best, fill_cheapest
from kernels.rng import next_u64
from kernels.wushik.layout import HAND_LAYOUT, MAX_SEATS
from kernels.wushik.money import seat_money
from kernels.wushik.movegen import MAX_MOVES, generate_moves, strength
from kernels.wushik.moves import BOMB, FIFTY_K, SUIT_FU
from kernels.wushik.policies import (
    PP_CANDIDATES, PP_CONFIDENCE, PP_ROLLOUT, PP_WORLDS, choose_greedy, choose_smart,
)
from kernels.wushik.turn import take_turn

N_IDS = 108  # card ids: deck * 54 + rank * 4 + suit (54 per deck, jokers unused)
HAND_SIZE = 26
ROW_LEN = HAND_LAYOUT.length
ROW_HAND_NO = HAND_LAYOUT.at("hand_no")
ROW_FINISH, ROW_CAPTURED = HAND_LAYOUT.at("finish"), HAND_LAYOUT.at("captured")
ROW_SEARCH_DECISIONS, ROW_SEARCH_AGREE = HAND_LAYOUT.at("search_decisions"), HAND_LAYOUT.at("search_agree")
ROW_SEARCH_ROLLOUTS = HAND_LAYOUT.at("search_rollouts")
MAX_ROLLOUT_TURNS = 4096
HAND_SALT = 1 << 20  # the search stream's index: turn number + hand number * HAND_SALT


@njit(cache=True, nogil=True)
def _world():
    """Scratch state of one sampled world: (gs, hand_left, seat_flags, captured, order, owner,
    counts, suit_counts, top, pend, row, moves, played, take, scratch, log, rollout stream)."""
    return (np.zeros(GS_LEN, np.int64), np.zeros(MAX_SEATS, np.int64), np.zeros((SF_ROWS, MAX_SEATS), np.int64),
            np.zeros(MAX_SEATS, np.int64), np.zeros(MAX_SEATS, np.int64), np.zeros(N_IDS, np.int64),
            np.zeros((MAX_SEATS, 16), np.int64), np.zeros((MAX_SEATS, 13, 4), np.int64),
            np.zeros(MOVE_FIELDS, np.int64), np.zeros((MAX_SEATS, 9), np.int64), np.zeros(ROW_LEN, np.int64),
            np.zeros((MAX_MOVES, MOVE_FIELDS), np.int64), np.zeros(HAND_SIZE, np.int64), np.zeros((13, 4), np.int64),
            np.zeros(13, np.int64), np.zeros((1, LOG_WIDTH), np.int64), np.zeros(4, np.uint64))


@njit(cache=True, nogil=True)
def _copy_world(a, b):
    """``b`` = ``a`` (the state a rollout starts from; moves, played, take, scratch, log are scratch)."""
    b[0][:] = a[0]
    b[1][:] = a[1]
    b[2][:, :] = a[2]
    b[3][:] = a[3]
    b[4][:] = a[4]
    b[5][:] = a[5]
    b[6][:, :] = a[6]
    b[7][:, :, :] = a[7]
    b[8][:] = a[8]
    b[9][:, :] = a[9]
    b[10][:] = a[10]
    b[16][:] = a[16]


@njit(cache=True, nogil=True)
def sample_world(seat, owner, hand_left, w_owner, unseen, state):
    """``w_owner`` = ``owner`` with the cards ``seat`` cannot see dealt at random to the other
    seats, ``hand_left[s]`` each, in seat order (``tests.reference.search.sample_world`` with no
    forbidden card). Returns the number of hidden cards."""
    n = collect_hidden(seat, owner, -1, -1, w_owner, unseen)
    deal_hidden(seat, hand_left, unseen, n, w_owner, state)
    return n


@njit(cache=True, nogil=True)
def rebuild_counts(owner, counts, suit_counts):
    """Every seat's rank and suit counts from the card owners."""
    counts[:, :] = 0
    suit_counts[:, :, :] = 0
    for c in range(owner.shape[0]):
        s = owner[c]
        if s < 0:
            continue
        k = c % 54
        counts[s, k // 4] += 1
        suit_counts[s, k // 4, k % 4] += 1


@njit(cache=True, nogil=True)
def _rollout(forced, seat, w, rules, rpol, rpp):
    """Play ``forced`` (a move index, -1 pass) then finish the hand with the rollout players;
    ``seat``'s money."""
    gs, hand_left, seat_flags, captured, order, owner, counts, suit_counts, top, pend, row, moves, played, take, \
        scratch, log, rstate = w
    f = forced
    for _ in range(MAX_ROLLOUT_TURNS):
        if take_turn(gs, hand_left, seat_flags, captured, order, rules, rpol, rpp, rstate, owner, counts, suit_counts,
                     moves, played, take, scratch, top, pend, row, log, f):
            break
        f = -2
    for s in range(MAX_SEATS):
        row[ROW_FINISH + s] = seat_flags[SF_FINISH, s]
        row[ROW_CAPTURED + s] = captured[s]
    return seat_money(seat, row, rules)


@njit(cache=True, nogil=True)
def _order_cost(moves, i, c, rules):
    """Cheap first: plain plays that keep their rank whole, by rank; then broken ranks; 510K and
    bombs last, by strength."""
    kind, rank, size, chain = moves[i, 0], moves[i, 1], moves[i, 2], moves[i, 5]
    s = strength(kind, size, moves[i, 4], rules)
    if s > 0:
        return 100000 + s * 100 + max(rank, 0)
    broken = c[rank] != size // chain
    return (1000 if broken else 0) + rank * 10 - size


@njit(cache=True, nogil=True)
def candidates(seat, moves, n, lead, counts, top_seat, hand_left, trick_points, pp, rules, cand):
    """Fill ``cand`` with the moves worth searching (-1 = pass); returns (how many, smart's choice)."""
    smart = choose_smart(seat, moves, n, lead, counts, top_seat, hand_left, trick_points, pp, rules)
    greedy = choose_greedy(seat, moves, n, lead, counts, top_seat, hand_left, pp, rules)
    limit = max(1, np.int64(pp[seat, PP_CANDIDATES]))
    nc = add_candidate(cand, 0, smart)
    if not lead:
        nc = add_candidate(cand, nc, -1)
    nc = add_candidate(cand, nc, greedy)
    if not lead:
        fk, fk_cost, bomb, bomb_cost = -1, 1 << 60, -1, 1 << 60
        for i in range(n):
            if moves[i, 0] == FIFTY_K:
                cost = 0 if moves[i, 4] == SUIT_FU else 1
                if cost < fk_cost:
                    fk, fk_cost = i, cost
            elif moves[i, 0] == BOMB:
                cost = moves[i, 2] * 100 + moves[i, 1] + (50 if counts[seat, moves[i, 1]] > moves[i, 2] else 0)
                if cost < bomb_cost:
                    bomb, bomb_cost = i, cost
        nc = add_candidate(cand, nc, fk)
        nc = add_candidate(cand, nc, bomb)
    c = counts[seat]
    if nc < limit:  # then the cheapest other moves, by the game's order (costed only when needed)
        cost = np.empty(n, np.int64)
        for i in range(n):
            cost[i] = _order_cost(moves, i, c, rules)
        nc = fill_cheapest(cand, nc, limit, cost, n, np.int64(1 << 60))
    return min(nc, limit), smart


@njit(cache=True, nogil=True)
def search_move(seat, gs, hand_left, seat_flags, captured, order, rules, pp, state, owner, counts, suit_counts, top,
                pend, row):
    """The search player's move at its turn: an index in ``generate_moves``' order, -1 to pass, or
    -2 when there is nothing to search (one sensible move, or going out) and smart's rule decides."""
    moves = np.empty((MAX_MOVES, MOVE_FIELDS), np.int64)
    n = generate_moves(counts[seat], suit_counts[seat], top, rules, moves)
    if n == 0:
        return -2
    for i in range(n):
        if moves[i, 2] == hand_left[seat]:
            return -2
    lead = gs[GS_TOP_SEAT] < 0
    cand = np.empty(n + 4, np.int64)
    nc, smart = candidates(seat, moves, n, lead, counts, gs[GS_TOP_SEAT], hand_left, gs[GS_TRICK_POINTS], pp, rules,
                           cand)
    if nc < 2:
        return -2
    sstate = np.empty(4, np.uint64)
    search_stream(state, gs[GS_N_TURNS] + row[ROW_HAND_NO] * HAND_SALT, sstate)
    rpol, rpp = rollout_players(seat, pp, pp[seat, PP_ROLLOUT])
    base, w = _world(), _world()
    unseen = np.empty(N_IDS, np.int64)
    gain = np.zeros(nc)  # per candidate: sum over worlds of its money minus smart's (cand[0]), and of squares
    gain2 = np.zeros(nc)
    money = np.empty(nc)
    worlds = max(1, np.int64(pp[seat, PP_WORLDS]))
    for _ in range(worlds):
        base[0][:] = gs
        base[1][:] = hand_left
        base[2][:, :] = seat_flags
        base[3][:] = captured
        base[4][:] = order
        base[8][:] = top
        base[9][:, :] = pend
        base[10][:] = row
        sample_world(seat, owner, hand_left, base[5], unseen, sstate)
        rebuild_counts(base[5], base[6], base[7])
        for k in range(4):
            base[16][k] = next_u64(sstate)
        for ci in range(nc):
            _copy_world(base, w)
            money[ci] = _rollout(cand[ci], seat, w, rules, rpol, rpp)
        add_gains(money, nc, gain, gain2)
    best = confident_best(gain, gain2, nc, worlds, pp[seat, PP_CONFIDENCE])
    row[ROW_SEARCH_DECISIONS + seat] += 1
    row[ROW_SEARCH_ROLLOUTS + seat] += nc * worlds
    if cand[best] == smart:
        row[ROW_SEARCH_AGREE + seat] += 1
    return cand[best]
