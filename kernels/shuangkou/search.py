"""百变双扣's ``search`` player: determinized Monte Carlo over the cards a seat cannot see.

At a play decision with two or more sensible candidates the seat samples ``worlds`` deals of the
hidden cards consistent with what it knows — its own hand, the cards played, every seat's card
count, and the announced card of the partner draw (SK-2: the leader and his mate each showed a
copy, so while unplayed those copies stay where they are) — and in each world plays every
candidate and finishes the hand with the rollout policy (every seat playing as the searcher
would, with its parameters). Money is the searcher's under the ruleset: ±V·F for his team's result
plus tribute (``kernels.shuangkou.money.player_money``, the scorer's ``s{k}_money``). Every
candidate meets the same worlds and the same rollout draws, so each is compared with smart's
choice world by world; search leaves smart's choice only for a candidate whose mean gain is at
least ``confidence`` standard errors (``kernels.wushik.search.confident_best``'s rule).

Candidates (at most ``candidates``): smart's choice, pass when following, greedy's choice, the
cheapest bomb-class play when following, then the cheapest other plays (no wilds first).

Shared pieces (the search's own stream, shuffles) are in ``kernels.climb.search``; rollouts run
the game's own turn (``kernels.shuangkou.turn.take_turn``) with plain policies, so the search
never recurses. Rows are by player (``player_at[seat]``), as every fact of this game.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.climb.loop import GS_LEN, GS_N_TURNS, GS_TOP_SEAT, LOG_CARDS, SF_FINISH, SF_ROWS
from kernels.climb.moves import MOVE_FIELDS
from kernels.climb.search import collect_hidden, deal_hidden, rollout_players, search_stream
from kernels.climb.search_pick import add_candidate, add_gains, confident_best, fill_cheapest
from kernels.rng import next_u64
from kernels.shuangkou.layout import HAND_LAYOUT, MAX_SEATS
from kernels.shuangkou.money import player_money
from kernels.shuangkou.movegen import MAX_MOVES, bomb_power, generate_moves
from kernels.shuangkou.policies import (
    PP_CANDIDATES, PP_CONFIDENCE, PP_ROLLOUT, PP_WORLDS, choose_greedy, choose_smart,
)
from kernels.shuangkou.turn import take_turn

N_IDS = 108  # card ids: deck * 54 + rank * 4 + suit, 52 小王, 53 大王 in each deck
HAND_SIZE = 27
LOG_WIDTH = LOG_CARDS + HAND_SIZE  # kernels.shuangkou.play.LOG_WIDTH (a play may take a whole hand)
ROW_LEN = HAND_LAYOUT.length
ROW_DRAW_CARD, ROW_FINISH = HAND_LAYOUT.at("draw_card"), HAND_LAYOUT.at("finish")
ROW_SEARCH_DECISIONS, ROW_SEARCH_AGREE = HAND_LAYOUT.at("search_decisions"), HAND_LAYOUT.at("search_agree")
ROW_SEARCH_ROLLOUTS = HAND_LAYOUT.at("search_rollouts")
MAX_ROLLOUT_TURNS = 4096


@njit(cache=True, nogil=True)
def _world():
    """Scratch state of one sampled world: (gs, hand_left, seat_flags, captured, order, owner,
    counts, top, level_now, n_bombs, max_x, row, moves, played, cards, log, rollout stream)."""
    return (np.zeros(GS_LEN, np.int64), np.zeros(MAX_SEATS, np.int64), np.zeros((SF_ROWS, MAX_SEATS), np.int64),
            np.zeros(MAX_SEATS, np.int64), np.zeros(MAX_SEATS, np.int64), np.zeros(N_IDS, np.int64),
            np.zeros((MAX_SEATS, 16), np.int64), np.zeros(MOVE_FIELDS, np.int64), np.zeros(MAX_SEATS, np.int64),
            np.zeros(MAX_SEATS, np.int64), np.zeros(MAX_SEATS, np.int64), np.zeros(ROW_LEN, np.int64),
            np.zeros((MAX_MOVES, MOVE_FIELDS), np.int64), np.zeros(HAND_SIZE, np.int64), np.zeros(15, np.int64),
            np.zeros((1, LOG_WIDTH), np.int64), np.zeros(4, np.uint64))


@njit(cache=True, nogil=True)
def _copy_world(a, b):
    """``b`` = ``a`` (the state a rollout starts from; moves, played, cards, log are scratch)."""
    b[0][:] = a[0]
    b[1][:] = a[1]
    b[2][:, :] = a[2]
    b[3][:] = a[3]
    b[4][:] = a[4]
    b[5][:] = a[5]
    b[6][:, :] = a[6]
    b[7][:] = a[7]
    b[8][:] = a[8]
    b[9][:] = a[9]
    b[10][:] = a[10]
    b[11][:] = a[11]
    b[16][:] = a[16]


@njit(cache=True, nogil=True)
def sample_world(seat, owner, hand_left, known_a, known_b, w_owner, unseen, state):
    """``w_owner`` = ``owner`` with the cards ``seat`` cannot see dealt at random to the other
    seats in seat order, each its ``hand_left`` less the known cards it holds; cards ``known_a``
    and ``known_b`` (-1: none) are public and stay with their holders
    (``tests.reference.search.sample_world_known``). Returns the number of hidden cards."""
    fill = hand_left.copy()  # what each seat holds hidden: its count less the public cards it holds
    for c in (known_a, known_b):
        if c >= 0 and owner[c] >= 0 and owner[c] != seat and not (c == known_b and known_a == known_b):
            fill[owner[c]] -= 1
    n = collect_hidden(seat, owner, known_a, known_b, w_owner, unseen)
    deal_hidden(seat, fill, unseen, n, w_owner, state)
    return n


@njit(cache=True, nogil=True)
def rebuild_counts(owner, counts):
    """Every seat's rank counts from the card owners (naturals 0..12, 小王 13, 大王 14)."""
    counts[:, :] = 0
    for c in range(owner.shape[0]):
        s = owner[c]
        if s < 0:
            continue
        k = c % 54
        counts[s, 13 + k - 52 if k >= 52 else k // 4] += 1


@njit(cache=True, nogil=True)
def _rollout(forced, player, w, rules, rpol, rpp, player_at):
    """Play ``forced`` (a move index, -1 pass) then finish the hand with the rollout players;
    ``player``'s money."""
    gs, hand_left, seat_flags, captured, order, owner, counts, top, level_now, n_bombs, max_x, row, moves, played, \
        cards, log, rstate = w
    f = forced
    for _ in range(MAX_ROLLOUT_TURNS):
        if take_turn(gs, hand_left, seat_flags, captured, order, rules, rpol, rpp, player_at, rstate, owner, counts,
                     moves, played, cards, top, level_now, n_bombs, max_x, row, log, f):
            break
        f = -2
    for s in range(MAX_SEATS):
        row[ROW_FINISH + player_at[s]] = seat_flags[SF_FINISH, s]
    return player_money(player, row, rules)


@njit(cache=True, nogil=True)
def _order_cost(moves, i, c, rules):
    """Cheap first: plain plays without wilds that keep their rank whole, by rank; wilds and broken
    ranks later; bomb-class plays last, by power."""
    kind, rank, size, wilds, chain = moves[i, 0], moves[i, 1], moves[i, 2], moves[i, 3], moves[i, 5]
    power = bomb_power(kind, rank, size, chain, rules)
    if power > 0:
        return (1 << 40) + power
    broken = 0 <= rank < 13 and c[rank] != size // chain - ((moves[i, 6] >> (4 * rank)) & 15)
    return wilds * 5000 + (1000 if broken else 0) + rank * 10 - size


@njit(cache=True, nogil=True)
def candidates(seat, moves, n, lead, counts, top_seat, hand_left, level_now, pp, rules, cand):
    """Fill ``cand`` with the moves worth searching (-1 = pass); returns (how many, smart's choice)."""
    smart = choose_smart(seat, moves, n, lead, counts, top_seat, hand_left, level_now, pp, rules)
    greedy = choose_greedy(seat, moves, n, lead, counts, top_seat, hand_left, pp, rules)
    limit = max(1, np.int64(pp[seat, PP_CANDIDATES]))
    nc = add_candidate(cand, 0, smart)
    if not lead:
        nc = add_candidate(cand, nc, -1)
    nc = add_candidate(cand, nc, greedy)
    if not lead:
        bomb, bomb_cost = -1, 1 << 60
        for i in range(n):
            power = bomb_power(moves[i, 0], moves[i, 1], moves[i, 2], moves[i, 5], rules)
            if power > 0 and power * 8 + moves[i, 3] < bomb_cost:
                bomb, bomb_cost = i, power * 8 + moves[i, 3]
        nc = add_candidate(cand, nc, bomb)
    c = counts[seat]
    if nc < limit:  # then the cheapest other moves, by the game's order (costed only when needed)
        cost = np.empty(n, np.int64)
        for i in range(n):
            cost[i] = _order_cost(moves, i, c, rules)
        nc = fill_cheapest(cand, nc, limit, cost, n, np.int64(1 << 62))
    return min(nc, limit), smart


@njit(cache=True, nogil=True)
def search_move(seat, gs, hand_left, seat_flags, captured, order, rules, pp, player_at, state, owner, counts, top,
                level_now, n_bombs, max_x, row):
    """The search player's move at its turn: an index in ``generate_moves``' order, -1 to pass, or
    -2 when there is nothing to search (one sensible move, or going out) and smart's rule decides.
    ``pp`` is by seat (the players' parameters where they sit)."""
    moves = np.empty((MAX_MOVES, MOVE_FIELDS), np.int64)
    n = generate_moves(counts[seat], top, rules, moves)
    if n == 0:
        return -2
    for i in range(n):
        if moves[i, 2] == hand_left[seat]:
            return -2
    lead = gs[GS_TOP_SEAT] < 0
    cand = np.empty(n + 4, np.int64)
    nc, smart = candidates(seat, moves, n, lead, counts, gs[GS_TOP_SEAT], hand_left, level_now, pp, rules, cand)
    if nc < 2:
        return -2
    player = player_at[seat]
    sstate = np.empty(4, np.uint64)
    search_stream(state, gs[GS_N_TURNS], sstate)
    rpol, rpp = rollout_players(seat, pp, pp[seat, PP_ROLLOUT])
    known_a, known_b = np.int64(-1), np.int64(-1)
    if row[ROW_DRAW_CARD] >= 0:  # the announced card's copies: shown by the leader and his mate
        known_a = row[ROW_DRAW_CARD]
        known_b = known_a + 54 if known_a < 54 else known_a - 54
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
        base[7][:] = top
        base[8][:] = level_now
        base[9][:] = n_bombs
        base[10][:] = max_x
        base[11][:] = row
        sample_world(seat, owner, hand_left, known_a, known_b, base[5], unseen, sstate)
        rebuild_counts(base[5], base[6])
        for k in range(4):
            base[16][k] = next_u64(sstate)
        for ci in range(nc):
            _copy_world(base, w)
            money[ci] = _rollout(cand[ci], player, w, rules, rpol, rpp, player_at)
        add_gains(money, nc, gain, gain2)
    best = confident_best(gain, gain2, nc, worlds, pp[seat, PP_CONFIDENCE])
    row[ROW_SEARCH_DECISIONS + player] += 1
    row[ROW_SEARCH_ROLLOUTS + player] += nc * worlds
    if cand[best] == smart:
        row[ROW_SEARCH_AGREE + player] += 1
    return cand[best]
