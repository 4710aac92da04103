"""The landlord family's ``search`` player: determinized Monte Carlo over the cards a seat cannot see.

At a play decision with two or more sensible candidates the seat samples ``worlds`` deals of the
hidden cards consistent with what it knows — its own hand, every seat's card count, the cards
played (all public), the landlord's whole hand after 明牌 / 摊打, and the kitty where it was shown
(斗地主: the landlord still holds the kitty cards he has not played) — and in each world plays
every candidate and finishes the hand with the rollout policy (every seat playing as the searcher
would, with its parameters), scoring it by the seat's money under the ruleset
(``kernels.landlord.money``; equal money is split by how close the losing side came,
``TIE_BREAK``). Every candidate meets the same worlds and rollout draws, so each is compared with
smart's choice world by world; search leaves smart's choice only for a candidate whose mean gain
is at least ``confidence`` standard errors (``kernels.climb.search_pick``).

Candidates (at most ``candidates``): smart's choice, pass when following, greedy's choice, the
cheapest bomb when following, then the cheapest other moves (fewest plays left, lowest rank).

After 上海 报到 打 the landlord has shown his sets (four jokers, a rank held 7+ times): every world
gives him what he has not played of them (``kitty_need``). Not modelled: what the auction said
about hands. Decisions before the tricks
are searched in ``kernels.landlord.search_bids``.

Shared pieces (the search's own stream, rank-count deals) are in ``kernels.climb.search``; the
rollouts run the family's own turn (``kernels.landlord.turn.take_turn``) with plain policies.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.climb.loop import CL_HAND_SIZE, GS_LONE_SEAT, GS_LEN, GS_N_TRICKS, GS_N_TURNS, GS_TOP_SEAT, LOG_WIDTH, SF_ROWS
from kernels.climb.search import deal_counts, rollout_players, search_stream
from kernels.climb.search_pick import add_candidate, add_gains, confident_best, fill_cheapest
from kernels.landlord.money import seat_money
from kernels.landlord.movegen import FLOW_MARKER_DANG, LL_FLOW, LL_MAX_MOVES, WORK_LEN, is_bomb_class, main_order
from kernels.landlord.phases import in_baodao_set
from kernels.landlord.policies import (
    PP_CANDIDATES, PP_CONFIDENCE, PP_ROLLOUT, PP_WORLDS, SMART, _after_plan, _weakest_bomb, choose_greedy, choose_smart,
)
from kernels.landlord.rows import (
    BAODAO_DA, ROW_BAODAO, ROW_DEALT, ROW_KITTY, ROW_LEN, ROW_MINGPAI, ROW_SEARCH_AGREE, ROW_SEARCH_DECISIONS,
    ROW_SEARCH_ROLLOUTS, end_facts,
)
from kernels.landlord.turn import take_turn, turn_moves
from kernels.rng import next_u64

MAX_ROLLOUT_TURNS = 4096
# Money decides; between candidates whose money is equal in every world, how close the losing
# side came to going out breaks the tie: at most 64 cards × this, far below one unit of money.
TIE_BREAK = 1e-5


@njit(cache=True, nogil=True)
def _world(n_seats, rules):
    """Scratch state of one sampled world: (gs, hand_left, seat_flags, captured, order, counts,
    top, row, moves, work, log, rollout stream)."""
    return (np.zeros(GS_LEN, np.int64), np.zeros(n_seats, np.int64), np.zeros((SF_ROWS, n_seats), np.int64),
            np.zeros(n_seats, np.int64), np.zeros(n_seats, np.int64), np.zeros((n_seats, 16), np.int64),
            np.zeros(7, np.int64), np.zeros(ROW_LEN, np.int64), np.zeros((rules[LL_MAX_MOVES], 7), np.int64),
            np.zeros(32 + WORK_LEN, np.int64), np.zeros((1, LOG_WIDTH), np.int64), np.zeros(4, np.uint64))


@njit(cache=True, nogil=True)
def _copy_world(a, b):
    """``b`` = ``a`` (the state a rollout starts from; moves, work and log are scratch)."""
    b[0][:] = a[0]
    b[1][:] = a[1]
    b[2][:, :] = a[2]
    b[3][:] = a[3]
    b[4][:] = a[4]
    b[5][:, :] = a[5]
    b[6][:] = a[6]
    b[7][:] = a[7]
    b[11][:] = a[11]


@njit(cache=True, nogil=True)
def sample_world(seat, counts, hand_left, landlord, shown, need, w_counts, state):
    """``w_counts`` = ``counts`` with the cards of the seats ``seat`` cannot see (``shown[s]`` false,
    ``s != seat``) dealt again at random among them, ``hand_left[s]`` each; the landlord first gets
    ``need`` (rank counts he is known to hold: the shown kitty's unplayed cards)."""
    n_seats = hand_left.shape[0]
    pool = np.zeros(15, np.int64)
    sizes = np.zeros(n_seats, np.int64)
    fixed = np.zeros(n_seats, np.bool_)
    for s in range(n_seats):
        for r in range(w_counts.shape[1]):
            w_counts[s, r] = counts[s, r]
        if s == seat or shown[s]:
            fixed[s] = True
            continue
        for r in range(15):
            pool[r] += counts[s, r]
        sizes[s] = hand_left[s]
    give = landlord >= 0 and not fixed[landlord]
    if give:
        for r in range(15):
            pool[r] -= need[r]
            sizes[landlord] -= need[r]
    deal_counts(pool, sizes, fixed, w_counts, state)
    if give:
        for r in range(15):
            w_counts[landlord, r] += need[r]


@njit(cache=True, nogil=True)
def kitty_need(seat, landlord, counts, row, rules, need):
    """Rank counts the landlord is known to still hold: the shown kitty's cards he has not played,
    ``max(0, held now - dealt)`` (斗地主 shows the kitty; 上海 does not, and a seat knows its own);
    in 上海 after 报到 打, the sets he showed (four jokers, each rank held 7+ times with the kitty):
    all of those ranks that he has not played."""
    need[:] = 0
    if landlord < 0 or landlord == seat:
        return
    if rules[LL_FLOW] == FLOW_MARKER_DANG:
        if row[ROW_BAODAO] == BAODAO_DA:
            held = np.zeros(15, np.int64)  # his hand when he declared: dealt + the kitty
            for r in range(15):
                held[r] = row[ROW_DEALT + landlord * 15 + r] + row[ROW_KITTY + r]
            for r in range(15):
                if in_baodao_set(held, r):
                    need[r] = counts[landlord, r]
        return
    for r in range(15):
        need[r] = max(0, counts[landlord, r] - row[ROW_DEALT + landlord * 15 + r])


@njit(cache=True, nogil=True)
def _margin(seat, landlord, hand_left):
    """Fewest cards left on the other side minus fewest on the seat's side (the tie-break)."""
    mine, theirs = 1 << 20, 1 << 20
    for s in range(hand_left.shape[0]):
        if (s == landlord) == (seat == landlord):
            mine = min(mine, hand_left[s])
        else:
            theirs = min(theirs, hand_left[s])
    return float(theirs - mine)


@njit(cache=True, nogil=True)
def _rollout(forced, seat, w, rules, rpol, rpp, mv):
    """Play ``forced`` (a move index, -1 pass) then finish the hand with the rollout players;
    ``seat``'s money (plus the tie-break)."""
    gs, hand_left, seat_flags, captured, order, counts, top, row, moves, work, log, rstate = w
    f = forced
    for _ in range(MAX_ROLLOUT_TURNS):
        if take_turn(gs, hand_left, seat_flags, captured, order, rules, rpol, rpp, rstate, counts, moves, work, top,
                     row, log, f):
            break
        f = -2
    landlord = gs[GS_LONE_SEAT]
    end_facts(landlord, hand_left, gs[GS_N_TRICKS], gs[GS_N_TURNS], row)
    return seat_money(row, seat, hand_left.shape[0], mv) + TIE_BREAK * _margin(seat, landlord, hand_left)


@njit(cache=True, nogil=True)
def _rollout_players(seat, pp):
    """Every seat of a rollout plays as ``seat`` would: its rollout policy (search plays as smart)
    and its parameters."""
    return rollout_players(seat, pp, min(np.int64(pp[seat, PP_ROLLOUT]), np.int64(SMART)))


@njit(cache=True, nogil=True)
def _order_cost(c, moves, i, work):
    """Cheap first: fewest plays left after the move, then the lowest rank, longer first; bombs last."""
    kind, rank = moves[i, 0], moves[i, 1]
    if is_bomb_class(kind):
        return (1 << 40) + main_order(kind, rank) * 100 + moves[i, 2]
    return _after_plan(c, moves, i, work) * 100000 + main_order(kind, rank) * 100 - moves[i, 2]


@njit(cache=True, nogil=True)
def candidates(seat, moves, n, lead, counts, top_seat, hand_left, landlord, pp, work, cand, hand_size):
    """Fill ``cand`` with the moves worth searching (-1 = pass); returns (how many, smart's choice)."""
    smart = choose_smart(seat, moves, n, lead, counts, top_seat, hand_left, landlord, pp, work, hand_size)
    greedy = choose_greedy(seat, moves, n, lead, counts, top_seat, hand_left, landlord, pp)
    limit = max(1, np.int64(pp[seat, PP_CANDIDATES]))
    nc = add_candidate(cand, 0, smart)
    if not lead:
        nc = add_candidate(cand, nc, -1)
    nc = add_candidate(cand, nc, greedy)
    if not lead:
        weakest = _weakest_bomb(moves, n)
        if weakest >= 0:
            nc = add_candidate(cand, nc, weakest)
    if nc < limit:  # then the cheapest other moves, by the game's order (costed only when needed)
        cost = np.empty(n, np.int64)
        for i in range(n):
            cost[i] = _order_cost(counts[seat], moves, i, work)
        nc = fill_cheapest(cand, nc, limit, cost, n, np.int64(1) << 60)
    return min(nc, limit), smart


@njit(cache=True, nogil=True)
def search_move(seat, gs, hand_left, seat_flags, captured, order, rules, pp, mv, state, counts, top, row):
    """The search player's move at its turn: an index in ``turn_moves``' order, -1 to pass, or -2
    when there is nothing to search (one sensible move, or going out) and smart's rule decides."""
    n_seats = hand_left.shape[0]
    moves = np.empty((rules[LL_MAX_MOVES], 7), np.int64)
    work = np.zeros(32 + WORK_LEN, np.int64)
    n, _ = turn_moves(seat, counts, top, rules, seat_flags, moves, work[32:])
    if n == 0:
        return -2
    for i in range(n):
        if moves[i, 2] == hand_left[seat]:
            return -2
    lead = gs[GS_TOP_SEAT] < 0
    landlord = gs[GS_LONE_SEAT]
    cand = np.empty(n + 3, np.int64)
    nc, smart = candidates(seat, moves, n, lead, counts, gs[GS_TOP_SEAT], hand_left, landlord, pp, work, cand,
                           rules[CL_HAND_SIZE])
    if nc < 2:
        return -2
    sstate = np.empty(4, np.uint64)
    search_stream(state, gs[GS_N_TURNS], sstate)
    rpol, rpp = _rollout_players(seat, pp)
    shown = np.zeros(n_seats, np.bool_)
    if row[ROW_MINGPAI] == 1 and landlord >= 0:
        shown[landlord] = True
    need = np.zeros(15, np.int64)
    kitty_need(seat, landlord, counts, row, rules, need)
    base, w = _world(n_seats, rules), _world(n_seats, rules)
    gain = np.zeros(nc)  # per candidate: sums over worlds of its money minus smart's (cand[0]), and of squares
    gain2 = np.zeros(nc)
    money = np.empty(nc)
    worlds = max(1, np.int64(pp[seat, PP_WORLDS]))
    for _ in range(worlds):
        base[0][:] = gs
        base[1][:] = hand_left
        base[2][:, :] = seat_flags
        base[3][:] = captured
        base[4][:] = order
        base[6][:] = top
        base[7][:] = row
        sample_world(seat, counts, hand_left, landlord, shown, need, base[5], sstate)
        for k in range(4):
            base[11][k] = next_u64(sstate)
        for ci in range(nc):
            _copy_world(base, w)
            money[ci] = _rollout(cand[ci], seat, w, rules, rpol, rpp, mv)
        add_gains(money, nc, gain, gain2)
    best = confident_best(gain, gain2, nc, worlds, pp[seat, PP_CONFIDENCE])
    row[ROW_SEARCH_DECISIONS + seat] += 1
    row[ROW_SEARCH_ROLLOUTS + seat] += nc * worlds
    if cand[best] == smart:
        row[ROW_SEARCH_AGREE + seat] += 1
    return cand[best]
