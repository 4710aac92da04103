"""仙桃千分's ``search`` player: determinized Monte Carlo over the cards a seat cannot see.

At a play decision with two or more sensible candidates, and when asked about 硬牌, the seat
samples ``worlds`` deals of the hidden cards consistent with what it knows — its own hand, the
cards played, every seat's card count, the call card (the partner holds its other copy, never
庄家, until 明鸡 shows him) — and in each world plays every candidate and finishes the hand with
the rollout policy (every seat playing as the searcher would, with its parameters). Money is the
seat's under the ruleset (``kernels.xiantao.money``; equal money is split by the points its side
captured, ``TIE_BREAK``). Every candidate meets the same worlds and the same rollout draws, so each
is compared with smart's choice world by world; search leaves smart's choice only for a candidate
whose mean gain is at least ``confidence`` standard errors (``confident_best``), and declares
硬牌 only when declaring is ahead by as much.

Candidates (at most ``candidates``): smart's choice, pass when following, greedy's choice, every
7张/8张 played whole, the cheapest bomb when following, then the cheapest other moves.

Shared pieces (the search's own stream, shuffles) are in ``kernels.climb.search``. A world is a
tuple of the hand's state arrays (``_world``); rollouts run the family's own turn
(``kernels.xiantao.turn.take_turn``) with plain policies, so the search never recurses.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.climb.loop import (
    GS_BANKER, GS_LONE_SEAT, GS_LEN, GS_LONE_SIDE, GS_N_TURNS, GS_PARTNER, GS_REVEALED, GS_TOP_SEAT,
    GS_TRICK_POINTS, LOG_WIDTH, SF_FINISH, SF_ROWS,
)
from kernels.climb.moves import BOMB, F_KIND, F_RANK, F_SIZE, F_SUIT, F_WILDS, MOVE_FIELDS
from kernels.climb.search import collect_hidden, deal_hidden, rollout_players, search_stream
from kernels.climb.search_pick import add_candidate, add_gains, confident_best, fill_cheapest
from kernels.rng import next_u64
from kernels.xiantao.bounds import MAX_MOVES
from kernels.xiantao.callcard import choose_call_card
from kernels.xiantao.ladder import bomb_level
from kernels.xiantao.money import seat_money
from kernels.xiantao.movegen import LEVEL_TABLE, R_JOKER_BOMB, generate_moves
from kernels.xiantao.policies import (
    GREEDY, PP_CANDIDATES, PP_CONFIDENCE, PP_ROLLOUT, PP_WORLDS, SMART, _breaks, _weakest_bomb, choose_play, relation,
    wants_hard,
)
from kernels.xiantao.rows import (
    ROW_LEN, ROW_SEARCH_AGREE, ROW_SEARCH_DECISIONS, ROW_SEARCH_ROLLOUTS, ROW_XI_EIGHT, ROW_XI_SEVEN, ROW_XI_WANGZHA,
    other_copy,
)
from kernels.xiantao.turn import GS_CALL, start_tricks, take_turn

HARD_SALT = 1 << 40  # the 硬牌 decision's stream index (play decisions use the turn number)
MAX_ROLLOUT_TURNS = 4096
# Money decides; between candidates whose money is equal in every world (most decisions do not
# change who wins), the points captured break the tie: a weight far below one unit of money.
TIE_BREAK = 1e-3


@njit(cache=True, nogil=True)
def _world(n_ids, n_seats):
    """Scratch state of one sampled world: (gs, hand_left, seat_flags, captured, order, dealt_wz,
    dealt_counts, owner, counts, suit_counts, top, played, moves, row, log, rollout stream)."""
    return (np.zeros(GS_LEN, np.int64), np.zeros(n_seats, np.int64), np.zeros((SF_ROWS, n_seats), np.int64),
            np.zeros(n_seats, np.int64), np.zeros(n_seats, np.int64), np.zeros(n_seats, np.int64),
            np.zeros((n_seats, 16), np.int64), np.zeros(n_ids, np.int64), np.zeros((n_seats, 16), np.int64),
            np.zeros((n_seats, 13, 4), np.int64), np.zeros(MOVE_FIELDS, np.int64), np.zeros(16, np.int64),
            np.zeros((MAX_MOVES, MOVE_FIELDS), np.int64), np.zeros(ROW_LEN, np.int64),
            np.zeros((1, LOG_WIDTH), np.int64), np.zeros(4, np.uint64))


@njit(cache=True, nogil=True)
def _copy_world(a, b):
    """``b`` = ``a`` (the state a rollout starts from; moves, played and log are scratch)."""
    b[0][:] = a[0]
    b[1][:] = a[1]
    b[2][:, :] = a[2]
    b[3][:] = a[3]
    b[4][:] = a[4]
    b[5][:] = a[5]
    b[6][:, :] = a[6]
    b[7][:] = a[7]
    b[8][:, :] = a[8]
    b[9][:, :, :] = a[9]
    b[10][:] = a[10]
    b[13][:] = 0
    b[15][:] = a[15]


@njit(cache=True, nogil=True)
def rebuild_counts(owner, card_tab, counts, suit_counts):
    """Every seat's rank and suit counts from the card owners (the deal's layout: wilds at 15)."""
    counts[:, :] = 0
    suit_counts[:, :, :] = 0
    for c in range(owner.shape[0]):
        s = owner[c]
        if s < 0:
            continue
        if card_tab[2, c]:
            counts[s, 15] += 1
        else:
            r = card_tab[0, c]
            counts[s, r] += 1
            if r < 13:
                suit_counts[s, r, card_tab[1, c]] += 1


@njit(cache=True, nogil=True)
def sample_world(seat, owner, hand_left, forbid_card, forbid_seat, w_owner, unseen, state):
    """``w_owner`` = ``owner`` with the cards ``seat`` cannot see dealt at random to the other
    seats, ``hand_left[s]`` each; ``forbid_card`` (>= 0) never goes to ``forbid_seat``
    (rejection: the call card's other copy is not with 庄家). Returns the number of hidden cards,
    dealt in ``unseen[:n]`` order seat by seat."""
    n = collect_hidden(seat, owner, -1, -1, w_owner, unseen)
    for _ in range(256):
        deal_hidden(seat, hand_left, unseen, n, w_owner, state)
        if forbid_card < 0 or w_owner[forbid_card] != forbid_seat:
            break
    return n


@njit(cache=True, nogil=True)
def _finish_world(seat, w, card_tab):
    """Counts of the sampled world, and the other seats' dealt holdings taken as what they hold now
    (their earlier plays are not tracked: 喜 earned by playing a 7张 they no longer hold whole is missed)."""
    dealt_wz, dealt_counts, owner, counts, suit_counts = w[5], w[6], w[7], w[8], w[9]
    rebuild_counts(owner, card_tab, counts, suit_counts)
    for s in range(counts.shape[0]):
        if s == seat:
            continue
        for r in range(16):
            dealt_counts[s, r] = counts[s, r]
        dealt_wz[s] = 1 if (counts[s, 13] > 0 and counts[s, 14] > 0) else 0


@njit(cache=True, nogil=True)
def _rollout(forced, seat, w, card_tab, nat_ids, wild_ids, rules, rpol, rpp, rank_points, mv):
    """Play ``forced`` (a move index, -1 pass, -2 the policy's own choice) then finish the hand with
    the rollout players; ``seat``'s money."""
    gs, hand_left, seat_flags, captured, order, dealt_wz, dealt_counts, owner, counts, suit_counts, top, played, \
        moves, row, log, rstate = w
    f = forced
    for _ in range(MAX_ROLLOUT_TURNS):
        if take_turn(gs, hand_left, seat_flags, captured, order, dealt_wz, dealt_counts, card_tab, nat_ids, wild_ids,
                     rules, rpol, rpp, rank_points, rstate, owner, counts, suit_counts, moves, played, top, row, log, f):
            break
        f = -2
    n_seats = hand_left.shape[0]
    unplayed = np.zeros(n_seats, np.int64)
    for c in range(owner.shape[0]):
        if owner[c] >= 0:
            unplayed[owner[c]] += card_tab[3, c]
    money = seat_money(seat, gs[GS_LONE_SIDE] == 1, gs[GS_BANKER], gs[GS_PARTNER], gs[GS_LONE_SEAT],
                       seat_flags[SF_FINISH], captured, unplayed, row[ROW_XI_WANGZHA:ROW_XI_WANGZHA + n_seats],
                       row[ROW_XI_SEVEN:ROW_XI_SEVEN + n_seats], row[ROW_XI_EIGHT:ROW_XI_EIGHT + n_seats], mv)
    return money + TIE_BREAK * _point_margin(seat, gs, captured)


@njit(cache=True, nogil=True)
def _point_margin(seat, gs, captured):
    """Points captured by the seat's side minus the other side's, over 200 (call mode; 0 in 硬牌)."""
    if gs[GS_LONE_SIDE] == 1:
        return 0.0
    banker, partner = gs[GS_BANKER], gs[GS_PARTNER]
    mine = seat == banker or seat == partner
    margin = 0
    for s in range(captured.shape[0]):
        same = (s == banker or s == partner) == mine
        margin += captured[s] if same else -captured[s]
    return margin / 200.0


@njit(cache=True, nogil=True)
def _order_cost(moves, i, counts, seat, rules):
    """Cheap first: plain groups by wilds used, split groups, rank; bombs by ladder strength."""
    kind, rank, size, wilds = moves[i, F_KIND], moves[i, F_RANK], moves[i, F_SIZE], moves[i, F_WILDS]
    level = bomb_level(kind, size, wilds, moves[i, F_SUIT])
    if level > 0:
        return 100000 + rules[LEVEL_TABLE + level] * 10 + wilds * 150
    breaks = _breaks(kind, rank, size, wilds, counts[seat, max(rank, 0)]) > 0
    return wilds * 1000 + (300 if breaks else 0) + rank * 10 - size


@njit(cache=True, nogil=True)
def candidates(seat, moves, n, lead, counts, hand_left, top_seat, rel, trick_points, pp, rules, rank_points,
               joker_bomb, state, cand):
    """Fill ``cand`` with the moves worth searching (-1 = pass); returns (how many, smart's choice)."""
    smart = choose_play(SMART, seat, moves, n, lead, counts, top_seat, hand_left, rel, trick_points, pp, rules,
                        rank_points, joker_bomb, state)
    greedy = choose_play(GREEDY, seat, moves, n, lead, counts, top_seat, hand_left, rel, trick_points, pp, rules,
                         rank_points, joker_bomb, state)
    limit = max(1, np.int64(pp[seat, PP_CANDIDATES]))
    nc = add_candidate(cand, 0, smart)
    if not lead:
        nc = add_candidate(cand, nc, -1)
    nc = add_candidate(cand, nc, greedy)
    for i in range(n):  # a 7张/8张 played whole
        if (moves[i, F_KIND] == BOMB and moves[i, F_WILDS] == 0 and moves[i, F_SIZE] >= 7
                and moves[i, F_SIZE] == counts[seat, moves[i, F_RANK]]):
            nc = add_candidate(cand, nc, i)
    if not lead:
        weakest = _weakest_bomb(moves, n, rules, counts, seat, False)  # a split is a candidate too
        if weakest >= 0:
            nc = add_candidate(cand, nc, weakest)
    if nc < limit:  # then the cheapest other moves, by the game's order (costed only when needed)
        cost = np.empty(n, np.int64)
        for i in range(n):
            cost[i] = _order_cost(moves, i, counts, seat, rules)
        nc = fill_cheapest(cand, nc, limit, cost, n, np.int64(1 << 60))
    return min(nc, limit), smart


@njit(cache=True, nogil=True)
def search_move(seat, gs, hand_left, seat_flags, captured, order, dealt_wz, dealt_counts, card_tab, nat_ids, wild_ids,
                rules, pp, rank_points, mv, state, owner, counts, suit_counts, top, row):
    """The search player's move at its turn: an index in ``generate_moves``' order, -1 to pass, or
    -2 when there is nothing to search (one sensible move, or going out) and smart's rule decides."""
    n_seats = hand_left.shape[0]
    n_ids = owner.shape[0]
    moves = np.empty((MAX_MOVES, MOVE_FIELDS), np.int64)
    n = generate_moves(counts[seat], suit_counts[seat], top, rules, moves)
    if n == 0:
        return -2
    for i in range(n):
        if moves[i, F_SIZE] == hand_left[seat]:
            return -2
    lead = gs[GS_TOP_SEAT] < 0
    mode_hard, banker, call_card = gs[GS_LONE_SIDE] == 1, gs[GS_BANKER], gs[GS_CALL]
    revealed = gs[GS_REVEALED] == 1
    rel = np.empty(n_seats, np.int64)
    for s in range(n_seats):
        rel[s] = relation(seat, s, mode_hard, banker, gs[GS_PARTNER], gs[GS_LONE_SEAT], revealed)
    cand = np.empty(n + 1, np.int64)
    nc, smart = candidates(seat, moves, n, lead, counts, hand_left, gs[GS_TOP_SEAT], rel, gs[GS_TRICK_POINTS], pp,
                           rules, rank_points, rules[R_JOKER_BOMB] != 0, state, cand)
    if nc < 2:
        return -2
    sstate = np.empty(4, np.uint64)
    search_stream(state, gs[GS_N_TURNS], sstate)
    rpol, rpp = rollout_players(seat, pp, pp[seat, PP_ROLLOUT])
    hidden_copy = -1  # the call card's other copy: the unknown partner holds it, 庄家 never does
    if not mode_hard and not revealed and call_card >= 0:
        hidden_copy = other_copy(call_card, n_ids)
    base, w = _world(n_ids, n_seats), _world(n_ids, n_seats)
    unseen = np.empty(n_ids, np.int64)
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
        base[5][:] = dealt_wz
        base[6][:, :] = dealt_counts
        base[10][:] = top
        sample_world(seat, owner, hand_left, hidden_copy, banker, base[7], unseen, sstate)
        _finish_world(seat, base, card_tab)
        if hidden_copy >= 0 and base[7][hidden_copy] >= 0:
            base[0][GS_PARTNER] = base[7][hidden_copy]
        for k in range(4):
            base[15][k] = next_u64(sstate)
        for ci in range(nc):
            _copy_world(base, w)
            money[ci] = _rollout(cand[ci], seat, w, card_tab, nat_ids, wild_ids, rules, rpol, rpp, rank_points, mv)
        add_gains(money, nc, gain, gain2)
    best = confident_best(gain, gain2, nc, worlds, pp[seat, PP_CONFIDENCE])
    row[ROW_SEARCH_DECISIONS + seat] += 1
    row[ROW_SEARCH_ROLLOUTS + seat] += nc * worlds
    if cand[best] == smart:
        row[ROW_SEARCH_AGREE + seat] += 1
    return cand[best]


@njit(cache=True, nogil=True)
def search_hard(seat, k, banker, hands, owner, counts, card_tab, nat_ids, wild_ids, call_excluded, rules, pp,
                rank_points, mv, state, row):
    """Should ``seat`` (asked ``k``-th from 庄家) declare 硬牌? Both answers are played out in sampled
    deals: declining lets the later seats answer and 庄家 call a card, as the rollout players would."""
    n_seats, hand_size = hands.shape[0], hands.shape[1]
    n_ids = owner.shape[0]
    joker_bomb = rules[R_JOKER_BOMB] != 0
    sstate = np.empty(4, np.uint64)
    search_stream(state, HARD_SALT + seat, sstate)
    rpol, rpp = rollout_players(seat, pp, pp[seat, PP_ROLLOUT])
    base, w = _world(n_ids, n_seats), _world(n_ids, n_seats)
    unseen = np.empty(n_ids, np.int64)
    w_hands = np.empty_like(hands)
    fill = np.zeros(n_seats, np.int64)
    seen = np.zeros(n_ids, np.bool_)
    hand_left = np.full(n_seats, np.int64(hand_size))
    gain = np.zeros(2)  # [1]: over worlds, declaring's money minus declining's, and its square
    gain2 = np.zeros(2)
    worlds = max(1, np.int64(pp[seat, PP_WORLDS]))
    yes = 0.0
    rollouts = 0  # answers played out (declining plays none in a world that is redealt)
    for _ in range(worlds):
        n = sample_world(seat, owner, hand_left, -1, -1, base[7], unseen, sstate)
        w_hands[seat, :] = hands[seat]
        fill[:] = 0
        for i in range(n):  # the hidden hands in their (random) dealt order
            s = base[7][unseen[i]]
            w_hands[s, fill[s]] = unseen[i]
            fill[s] += 1
        rebuild_counts(base[7], card_tab, base[8], base[9])
        for s in range(n_seats):
            base[6][s, :] = base[8][s, :]
            base[5][s] = 1 if (base[8][s, 13] > 0 and base[8][s, 14] > 0) else 0
        for j in range(4):
            base[15][j] = next_u64(sstate)
        for declare in (True, False):
            _copy_world(base, w)
            hard_seat = seat if declare else -1
            if not declare:
                for kk in range(k + 1, n_seats):
                    s = (banker + kk) % n_seats
                    if wants_hard(rpol[s], s, w[8], rpp, joker_bomb, w[15]):
                        hard_seat = s
                        break
            call_card, partner, revealed = np.int64(-1), np.int64(-1), False
            if hard_seat < 0:
                call_card = choose_call_card(banker, w_hands, w[7], card_tab[0], card_tab[2], call_excluded, rules,
                                             w[15], w[13], seen)
                if call_card < 0:
                    continue  # a redeal: worth the same whatever the seat answered
                o = other_copy(call_card, n_ids)
                partner = w[7][o] if o >= 0 else -1
                if partner == banker or partner < 0:
                    partner, revealed = (banker + 2) % n_seats, True
            start_tricks(w[0], w[1], w[2], w[3], w[4], w[10], hand_size, hard_seat >= 0, banker, partner, hard_seat,
                         call_card, revealed)
            w[13][:] = 0
            money = _rollout(-2, seat, w, card_tab, nat_ids, wild_ids, rules, rpol, rpp, rank_points, mv)
            rollouts += 1
            if declare:
                yes = money
            else:
                gain[1] += yes - money
                gain2[1] += (yes - money) ** 2
    choice = confident_best(gain, gain2, 2, worlds, pp[seat, PP_CONFIDENCE]) == 1
    row[ROW_SEARCH_DECISIONS + seat] += 1
    row[ROW_SEARCH_ROLLOUTS + seat] += rollouts
    if choice == wants_hard(SMART, seat, counts, pp, joker_bomb, state):
        row[ROW_SEARCH_AGREE + seat] += 1
    return choice
