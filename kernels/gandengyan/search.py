"""干瞪眼's ``search`` player: determinized Monte Carlo over the other hands and the stock.

What a seat cannot see is one pool of rank counts (suits never matter, jokers at ``JOKER``): the
pack less the public record of cards played and its own hand — every other hand and the stock
together. At a play decision with two or more sensible candidates the seat samples ``worlds``
deals of that pool: each other seat gets ``hand_left`` cards (``kernels.climb.search.deal_counts``:
the exact hypergeometric split) and the rest, shuffled, is the stock the draws take from. In each
world it plays every candidate and finishes the hand with the rollout policy (every seat playing
as the searcher would, with its parameters), draws and all. Money is the seat's under the
ruleset (``kernels.gandengyan.money``, every variant's multipliers). Every candidate meets the
same worlds and the same rollout draws, so each is compared with smart's choice world by world;
search leaves smart's choice only for a candidate whose mean gain is at least ``confidence``
standard errors (``kernels.climb.search_pick.confident_best``). Drawing is not a decision.

Candidates (at most ``candidates``): smart's choice, pass when following, greedy's choice, then
the others by smart's own measure (plays left in the plan, jokers spent, rank; bombs last).

Randomness: the search's own stream (``kernels.climb.search.search_stream``) from the hand's
stream and the turn number, the hand's stream not advanced: a hand stays deterministic from
``(seed, game index)``, and the deal and the stock are the same whether a seat searches or not.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.climb.loop import GS_LEN, GS_N_LOG, GS_N_TURNS, GS_TOP_SEAT, LOG_WIDTH, SF_ROWS
from kernels.climb.search import deal_counts, search_stream, shuffle_prefix
from kernels.climb.search_pick import add_candidate, add_gains, confident_best, fill_cheapest
from kernels.gandengyan.layout import LAYOUT
from kernels.gandengyan.money import seat_money
from kernels.gandengyan.movegen import WORK_LEN, bomb_strength, gd_generate, is_bomb
from kernels.gandengyan.moves import JOKER
from kernels.gandengyan.policies import (
    PP_CANDIDATES, PP_CONFIDENCE, PP_ROLLOUT, PP_WORLDS, SCRATCH_LEN, choose_greedy, choose_smart, plan_after,
)
from kernels.gandengyan.rulevec import GD_MAX_MOVES, GD_N_DECKS
from kernels.gandengyan.turn import GS_STOCK, end_facts, take_turn
from kernels.rng import next_u64

ROW_SEARCH_DECISIONS = LAYOUT.at("search_decisions")
ROW_SEARCH_AGREE = LAYOUT.at("search_agree")
ROW_SEARCH_ROLLOUTS = LAYOUT.at("search_rollouts")
MAX_ROLLOUT_TURNS = 4096
JOKER_ID = 52  # a physical id whose count index is JOKER (kernels.gandengyan.deal.card_index)


@njit(cache=True, nogil=True)
def unseen_pool(seat, counts, played, rules, pool):
    """``pool[16]`` = what ``seat`` cannot see: the pack less the public ``played`` and its own
    hand (the other hands and the stock together). Returns how many cards."""
    d = rules[GD_N_DECKS]
    total = 0
    for r in range(16):
        pack = 4 * d if r < 13 else (2 * d if r == JOKER else 0)
        pool[r] = pack - played[r] - counts[seat, r]
        total += pool[r]
    return total


@njit(cache=True, nogil=True)
def sample_world(seat, pool, hand_left, w_counts, w_deck, stock_pos, state):
    """One sampled world: the other seats' counts in ``w_counts`` (``hand_left[s]`` cards each from
    ``pool``; the seat's own row untouched) and the rest of the pool, shuffled, as the stock
    ``w_deck[stock_pos:]`` (rank ``r`` as id ``4 r``, a joker as ``JOKER_ID``). ``pool`` is not
    changed. Returns the cards put in the stock."""
    work = pool.copy()
    fixed = np.zeros(hand_left.shape[0], np.bool_)
    fixed[seat] = True
    deal_counts(work, hand_left, fixed, w_counts, state)
    ids = np.empty(w_deck.shape[0], np.int64)
    m = 0
    for r in range(16):
        for _ in range(work[r]):
            ids[m] = JOKER_ID if r == JOKER else 4 * r
            m += 1
    shuffle_prefix(ids, m, state)
    for i in range(min(m, w_deck.shape[0] - stock_pos)):
        w_deck[stock_pos + i] = ids[i]
    return m


@njit(cache=True, nogil=True)
def _order_cost(moves, i, c, scratch, rules):
    """Smart's own measure, cheap first: plays left in the plan, jokers spent, rank; bombs last."""
    if is_bomb(moves[i, 0]):
        return (1 << 40) + bomb_strength(moves[i], rules) * 16 + moves[i, 3]
    return plan_after(c, moves[i, 6], scratch, rules) * 1000 + moves[i, 3] * 300 + moves[i, 1]


@njit(cache=True, nogil=True)
def candidates(seat, moves, n, lead, counts, hand_left, top_seat, played, pp, rules, scratch, cand):
    """Fill ``cand`` with the moves worth searching (-1 = pass); returns (how many, smart's choice)."""
    smart = choose_smart(seat, moves, n, lead, counts[seat], hand_left, top_seat, played, pp, rules, scratch)
    greedy = choose_greedy(seat, moves, n, lead, hand_left, top_seat, pp, rules)
    limit = max(1, np.int64(pp[seat, PP_CANDIDATES]))
    nc = add_candidate(cand, 0, smart)
    if not lead:
        nc = add_candidate(cand, nc, -1)
    nc = add_candidate(cand, nc, greedy)
    if nc < limit:  # then the cheapest other moves, by the game's order (costed only when needed)
        cost = np.empty(n, np.int64)
        for i in range(n):
            cost[i] = _order_cost(moves, i, counts[seat], scratch, rules)
        nc = fill_cheapest(cand, nc, limit, cost, n, np.int64(1) << 60)
    return min(nc, limit), smart


@njit(cache=True, nogil=True)
def _rollout(forced, seat, gs, hand_left, seat_flags, captured, order, counts, top, played, deck, row, rules, rpol,
             rpp, mv, rstate, moves, work, scratch, log):
    """Play ``forced`` (a move row, -1 pass) and finish the hand with the rollout players; the
    seat's money. The state arrays are the world's copies (changed)."""
    f = forced
    for _ in range(MAX_ROLLOUT_TURNS):
        if take_turn(gs, hand_left, seat_flags, captured, order, rules, rpol, rpp, rstate, counts, moves, work,
                     scratch, top, played, deck, row, log, f):
            break
        f = -2
    end_facts(gs, hand_left, counts, seat_flags, order, deck, row)
    return seat_money(seat, row, hand_left.shape[0], mv)


@njit(cache=True, nogil=True)
def search_move(seat, gs, hand_left, seat_flags, captured, order, counts, top, played, deck, row, rules, pp, mv,
                state):
    """The search player's move at its turn: a row of the turn's ``gd_generate`` list, -1 to pass,
    or -2 when there is nothing to search (no play, one sensible move, or going out) and the
    turn decides as smart would."""
    n_seats = hand_left.shape[0]
    moves = np.empty((rules[GD_MAX_MOVES], 7), np.int64)
    work = np.zeros(WORK_LEN, np.int64)
    scratch = np.zeros(SCRATCH_LEN, np.int64)
    n = gd_generate(counts[seat], top, rules, moves, work)
    if n == 0:
        return -2
    for i in range(n):
        if moves[i, 2] == hand_left[seat]:
            return -2
    lead = gs[GS_TOP_SEAT] < 0
    cand = np.empty(n + 1, np.int64)
    nc, smart = candidates(seat, moves, n, lead, counts, hand_left, gs[GS_TOP_SEAT], played, pp, rules, scratch, cand)
    if nc < 2:
        return -2
    sstate = np.empty(4, np.uint64)
    search_stream(state, gs[GS_N_TURNS], sstate)
    rpol = np.full(n_seats, np.int64(pp[seat, PP_ROLLOUT]))
    rpp = np.empty_like(pp)
    for s in range(n_seats):
        rpp[s, :] = pp[seat, :]
    pool = np.empty(16, np.int64)
    unseen_pool(seat, counts, played, rules, pool)
    base_counts = counts.copy()
    w_deck = deck.copy()
    w_gs, w_left, w_flags = np.empty(GS_LEN, np.int64), np.empty(n_seats, np.int64), np.empty((SF_ROWS, n_seats),
                                                                                             np.int64)
    w_cap, w_order, w_counts = np.empty(n_seats, np.int64), np.empty(n_seats, np.int64), np.empty((n_seats, 16),
                                                                                                 np.int64)
    w_top, w_played, w_row = np.empty(7, np.int64), np.empty(16, np.int64), np.empty(row.shape[0], np.int64)
    log = np.zeros((1, LOG_WIDTH), np.int64)
    base_state, rstate = np.empty(4, np.uint64), np.empty(4, np.uint64)
    gain, gain2, money = np.zeros(nc), np.zeros(nc), np.empty(nc)
    worlds = max(1, np.int64(pp[seat, PP_WORLDS]))
    for _ in range(worlds):
        sample_world(seat, pool, hand_left, base_counts, w_deck, gs[GS_STOCK], sstate)
        for k in range(4):
            base_state[k] = next_u64(sstate)
        for ci in range(nc):
            w_gs[:] = gs
            w_gs[GS_N_LOG] = 1  # the world writes no log
            w_left[:] = hand_left
            w_flags[:, :] = seat_flags
            w_cap[:] = captured
            w_order[:] = order
            w_counts[:, :] = base_counts
            w_top[:] = top
            w_played[:] = played
            w_row[:] = row
            rstate[:] = base_state
            money[ci] = _rollout(cand[ci], seat, w_gs, w_left, w_flags, w_cap, w_order, w_counts, w_top, w_played,
                                 w_deck, w_row, rules, rpol, rpp, mv, rstate, moves, work, scratch, log)
        add_gains(money, nc, gain, gain2)
    best = confident_best(gain, gain2, nc, worlds, pp[seat, PP_CONFIDENCE])
    row[ROW_SEARCH_DECISIONS + seat] += 1
    row[ROW_SEARCH_ROLLOUTS + seat] += nc * worlds
    if cand[best] == smart:
        row[ROW_SEARCH_AGREE + seat] += 1
    return cand[best]
