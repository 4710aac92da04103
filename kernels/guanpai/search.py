"""关牌's ``search`` player: determinized Monte Carlo over the opponent's hidden hand.

关牌 is two-handed and only ranks matter, so what a seat cannot see is one pool of rank counts:
the opponent's hand and the cards never dealt (49-card deck: 15 unused), i.e. the pack less its
own dealt hand and the cards the opponent has played. At a play decision with two or more
sensible candidates the seat deals the opponent ``hand_left`` cards from that pool at random
(``kernels.climb.search.deal_counts``: the exact hypergeometric split), ``worlds`` times, and in
each world plays every candidate and finishes the hand with the rollout policy (both seats
playing as the searcher would, with its parameters). Money is the seat's under the ruleset
(``kernels.guanpai.money``). Every candidate meets the same worlds and the same rollout draws, so
each is compared with smart's choice world by world; search leaves smart's choice only for a
candidate whose mean gain is at least ``confidence`` standard errors
(``kernels.climb.search_pick.confident_best``). Not used as knowledge: that the first leader held
the first-lead card (♠3) at the deal.

Candidates (at most ``candidates``): smart's choice, pass when following, greedy's choice, then
the others by smart's own cost (plays left in the plan, then rank; bombs last).

Randomness: the search's own stream (``kernels.climb.search.search_stream``) from the hand's
stream and the turn number, the hand's stream not advanced: a hand stays deterministic from
``(seed, game index)`` and the deal is the same whether a seat searches or not.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.climb.loop import GS_LEN, GS_N_LOG, GS_N_TURNS, GS_TOP_SEAT, LOG_WIDTH, SF_ROWS
from kernels.climb.search import deal_counts, search_stream
from kernels.climb.search_pick import add_candidate, add_gains, confident_best, fill_cheapest
from kernels.guanpai.layout import LAYOUT
from kernels.guanpai.money import seat_money
from kernels.guanpai.movegen import is_bomb, order_of
from kernels.guanpai.policies import (
    PP_CANDIDATES, PP_CONFIDENCE, PP_ROLLOUT, PP_WORLDS, SCRATCH_LEN, choose_greedy, choose_smart, plan_after,
)
from kernels.guanpai.rulevec import GP_MAX_MOVES
from kernels.guanpai.turn import take_turn, turn_moves
from kernels.rng import next_u64

ROW_PLAYS = LAYOUT.at("plays")
ROW_SEARCH_DECISIONS = LAYOUT.at("search_decisions")
ROW_SEARCH_AGREE = LAYOUT.at("search_agree")
ROW_SEARCH_ROLLOUTS = LAYOUT.at("search_rollouts")
MAX_ROLLOUT_TURNS = 4096


@njit(cache=True, nogil=True)
def unseen_pool(seat, pack, dealt, counts, pool):
    """``pool[16]`` = what ``seat`` cannot see: the pack less both dealt hands (never dealt) plus
    the opponent's current hand (his dealt hand less what he played, all public)."""
    opp = 1 - seat
    for r in range(16):
        pool[r] = pack[r] - dealt[0, r] - dealt[1, r] + counts[opp, r]


@njit(cache=True, nogil=True)
def sample_world(seat, pool, hand_left, w_counts, state):
    """``w_counts`` = the seat's own counts (left as they are) and the opponent's dealt at random
    from ``pool`` (``hand_left[opp]`` cards); ``pool`` is not changed."""
    work = pool.copy()
    fixed = np.zeros(2, np.bool_)
    fixed[seat] = True
    deal_counts(work, hand_left, fixed, w_counts, state)


@njit(cache=True, nogil=True)
def _order_cost(moves, i, c, scratch):
    """Smart's own measure, cheap first: plays left in the plan, rank, longer first; bombs last."""
    kind = moves[i, 0]
    if is_bomb(kind):
        return 1 << 40
    return plan_after(c, moves[i, 6], scratch) * 1000 + order_of(kind, moves[i, 1]) * 10 - moves[i, 2]


@njit(cache=True, nogil=True)
def candidates(seat, moves, n, lead, counts, hand_left, pp, rules, scratch, cand):
    """Fill ``cand`` with the moves worth searching (-1 = pass); returns (how many, smart's choice)."""
    smart = choose_smart(seat, moves, n, lead, counts[seat], hand_left, pp, rules, scratch)
    greedy = choose_greedy(seat, moves, n, lead, hand_left, pp, rules)
    limit = max(1, np.int64(pp[seat, PP_CANDIDATES]))
    nc = add_candidate(cand, 0, smart)
    if not lead:
        nc = add_candidate(cand, nc, -1)
    nc = add_candidate(cand, nc, greedy)
    if nc < limit:  # then the cheapest other moves, by the game's order (costed only when needed)
        cost = np.empty(n, np.int64)
        for i in range(n):
            cost[i] = _order_cost(moves, i, counts[seat], scratch)
        nc = fill_cheapest(cand, nc, limit, cost, n, np.int64(1) << 60)
    return min(nc, limit), smart


@njit(cache=True, nogil=True)
def _rollout(forced, seat, gs, hand_left, seat_flags, captured, order, counts, top, row, rules, rpol, rpp, mv,
             lead_rank, rstate, moves, scratch, log):
    """Play ``forced`` (a move row, -1 pass) and finish the hand with the rollout players; the
    seat's money. The state arrays are the world's copies (changed)."""
    f = forced
    for _ in range(MAX_ROLLOUT_TURNS):
        if take_turn(gs, hand_left, seat_flags, captured, order, rules, rpol, rpp, rstate, counts, moves, scratch,
                     top, row, log, lead_rank, f):
            break
        f = -2
    winner = order[0]
    loser = 1 - winner
    return seat_money(seat, winner, hand_left[loser], row[ROW_PLAYS + loser], mv)


@njit(cache=True, nogil=True)
def search_move(seat, gs, hand_left, seat_flags, captured, order, counts, top, row, rules, pp, mv, pack, dealt,
                lead_rank, state):
    """The search player's move at its turn: a row of the turn's move list (``turn_moves``), -1
    to pass, or -2 when there is nothing to search (one sensible move, or going out) and smart's
    rule decides. ``pack[16]`` the rank counts of the pack, ``dealt[2, 16]`` both hands as dealt."""
    moves = np.empty((rules[GP_MAX_MOVES], 7), np.int64)
    scratch = np.zeros(SCRATCH_LEN, np.int64)
    n = turn_moves(gs, seat, counts, top, rules, moves, lead_rank)
    if n == 0:
        return -2
    for i in range(n):
        if moves[i, 2] == hand_left[seat]:
            return -2
    lead = gs[GS_TOP_SEAT] < 0
    cand = np.empty(n + 1, np.int64)
    nc, smart = candidates(seat, moves, n, lead, counts, hand_left, pp, rules, scratch, cand)
    if nc < 2:
        return -2
    sstate = np.empty(4, np.uint64)
    search_stream(state, gs[GS_N_TURNS], sstate)
    rpol = np.full(2, np.int64(pp[seat, PP_ROLLOUT]))
    rpp = np.empty_like(pp)
    for s in range(2):
        rpp[s, :] = pp[seat, :]
    pool = np.empty(16, np.int64)
    unseen_pool(seat, pack, dealt, counts, pool)
    base_counts = counts.copy()
    w_gs, w_left, w_flags = np.empty(GS_LEN, np.int64), np.empty(2, np.int64), np.empty((SF_ROWS, 2), np.int64)
    w_cap, w_order, w_counts = np.empty(2, np.int64), np.empty(2, np.int64), np.empty((2, 16), np.int64)
    w_top, w_row = np.empty(7, np.int64), np.empty(row.shape[0], np.int64)
    w_moves = np.empty((rules[GP_MAX_MOVES], 7), np.int64)
    log = np.zeros((1, LOG_WIDTH), np.int64)
    base_state, rstate = np.empty(4, np.uint64), np.empty(4, np.uint64)
    gain, gain2, money = np.zeros(nc), np.zeros(nc), np.empty(nc)
    worlds = max(1, np.int64(pp[seat, PP_WORLDS]))
    for _ in range(worlds):
        sample_world(seat, pool, hand_left, base_counts, sstate)
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
            w_row[:] = row
            rstate[:] = base_state
            money[ci] = _rollout(cand[ci], seat, w_gs, w_left, w_flags, w_cap, w_order, w_counts, w_top, w_row, rules,
                                 rpol, rpp, mv, lead_rank, rstate, w_moves, scratch, log)
        add_gains(money, nc, gain, gain2)
    best = confident_best(gain, gain2, nc, worlds, pp[seat, PP_CONFIDENCE])
    row[ROW_SEARCH_DECISIONS + seat] += 1
    row[ROW_SEARCH_ROLLOUTS + seat] += nc * worlds
    if cand[best] == smart:
        row[ROW_SEARCH_AGREE + seat] += 1
    return cand[best]
