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

Candidates (at most ``candidates``; ``kernels.climb.candidates.move_candidates``): smart's choice,
pass when following, greedy's choice, every 7张/8张 played whole, the cheapest bomb when following,
then the cheapest other moves.

The method is the climbing family's one driver (``kernels.climb.search_driver.search_decide``);
this module is what 仙桃千分 adds to it, as the driver's hooks for ``XiantaoState``: the candidates,
what a seat knows (the call card's other copy), how a world is dealt (``sample_owners``; for
硬牌 the whole hidden deal, hands included, since 庄家 then draws the call card from them), how an
option is played out and scored. A world is a ``clone`` of the hand's state; rollouts run the
family's own turn (``kernels.xiantao.turn.play_on``) with plain policies, so the search never
recurses. ``_rollout`` is inlined into its caller: numba
links every callee into each caller and optimizes the whole again, so each function of its own
above the rollouts costs the search's compile once more (the compile budget).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.climb import search_driver as sd
from kernels.climb.candidates import move_candidates, order_cost, own_candidates
from kernels.climb.loop import (
    CL_HAND_SIZE, GS_BANKER, GS_LONE_SEAT, GS_LONE_SIDE, GS_N_LOG, GS_N_TURNS, GS_PARTNER, GS_REVEALED,
    GS_TOP_SEAT, SF_FINISH, SF_REL,
)
from kernels.climb.moves import BOMB, F_KIND, F_RANK, F_SIZE, F_SUIT, F_WILDS
from kernels.climb.search import collect_hidden, deal_hidden
from kernels.climb.search_pick import add_candidate, nothing_to_search
from kernels.hooks import implements
from kernels.xiantao.callcard import call_partner
from kernels.xiantao.ladder import bomb_level
from kernels.xiantao.money import _side, seat_money
from kernels.xiantao.movegen import LEVEL_TABLE, generate_moves
from kernels.xiantao.policies import (
    GREEDY, PP_SEARCH_BIDS, SEARCH, SMART, _breaks, _weakest_bomb, choose_play, wants_hard,
)
from kernels.xiantao.rows import ROW_XI_EIGHT, ROW_XI_SEVEN, ROW_XI_WANGZHA, other_copy
from kernels.xiantao import turn
from kernels.xiantao.state import GS_CALL, LAYOUT

KIND_HARD = 1  # the 硬牌 answer, searched beside the move at a seat's turn (search_driver.KIND_PLAY)
HARD_SALT = 1 << 40  # the 硬牌 decision's stream index (play decisions use the turn number)
# Money decides; between candidates whose money is equal in every world (most decisions do not
# change who wins), the points captured break the tie: a weight far below one unit of money.
TIE_BREAK = 1e-3


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
def sample_owners(seat, owner, hand_left, forbid_card, forbid_seat, w_owner, unseen, state):
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
def _point_margin(seat, gs, captured):
    """Points captured by the seat's side minus the other side's, over 200 (call mode; 0 in 硬牌)."""
    if gs[GS_LONE_SIDE] == 1:
        return 0.0
    banker, partner = gs[GS_BANKER], gs[GS_PARTNER]
    mine = _side(seat, banker, partner)
    margin = 0
    for s in range(captured.shape[0]):
        margin += captured[s] if _side(s, banker, partner) == mine else -captured[s]
    return margin / 200.0


@njit(cache=True, nogil=True, inline="always")
def _rollout(world, seat, forced):
    """Play ``forced`` (a move index, -1 pass, -2 the policy's own choice) then finish the hand with
    the world's players; ``seat``'s money."""
    turn.play_on(world, forced, None)
    gs, row, owner, card_tab = world.gs, world.row, world.owner, world.card_tab
    n_seats = world.hand_left.shape[0]
    unplayed = np.zeros(n_seats, np.int64)
    for c in range(owner.shape[0]):
        if owner[c] >= 0:
            unplayed[owner[c]] += card_tab[3, c]
    money = seat_money(seat, gs[GS_LONE_SIDE:GS_LONE_SEAT + 1], world.seat_flags[SF_FINISH], world.captured, unplayed,
                       row[ROW_XI_WANGZHA:ROW_XI_WANGZHA + n_seats], row[ROW_XI_SEVEN:ROW_XI_SEVEN + n_seats],
                       row[ROW_XI_EIGHT:ROW_XI_EIGHT + n_seats], world.mv)
    return money + TIE_BREAK * _point_margin(seat, gs, world.captured)


@implements(order_cost, LAYOUT)
def _order_cost(st, seat, i, hand):
    """Cheap first: plain groups by wilds used, split groups, rank; bombs by ladder strength."""
    moves = st.moves
    kind, rank, size, wilds = moves[i, F_KIND], moves[i, F_RANK], moves[i, F_SIZE], moves[i, F_WILDS]
    level = bomb_level(kind, size, wilds, moves[i, F_SUIT])
    if level > 0:
        return 100000 + st.rules[LEVEL_TABLE + level] * 10 + wilds * 150
    breaks = _breaks(kind, size, wilds, st.counts[seat, max(rank, 0)]) > 0
    return wilds * 1000 + (300 if breaks else 0) + rank * 10 - size


@implements(own_candidates, LAYOUT)
def _own_candidates(st, seat, n, cand, nc):
    """Every 7张/8张 played whole, then the cheapest bomb when following (a split one too; none: -1,
    the pass already there)."""
    moves, counts = st.moves, st.counts
    for i in range(n):
        if (moves[i, F_KIND] == BOMB and moves[i, F_WILDS] == 0 and moves[i, F_SIZE] >= 7
                and moves[i, F_SIZE] == counts[seat, moves[i, F_RANK]]):
            nc = add_candidate(cand, nc, i)
    if st.gs[GS_TOP_SEAT] >= 0:
        nc = add_candidate(cand, nc, _weakest_bomb(moves, n, st.rules, counts, seat, False))
    return nc


@njit(cache=True, nogil=True, inline="always")
def ask_hard(st, banker, first, search_on):
    """硬牌 asked round the table from 庄家's ``first``-th seat on (0: 庄家 himself): (the seat that
    declares, -1 none; how many were asked). A search seat with ``search_bids`` answers through
    ``search_on`` (None: every seat answers by ``wants_hard``, as in the search's own worlds)."""
    n = st.hand_left.shape[0]
    for k in range(first, n):
        s = (banker + k) % n
        answer = np.int64(-1)
        if search_on is not None:
            if st.policies[s] == SEARCH and st.pp[s, PP_SEARCH_BIDS] > 0:
                answer = search_on(st, s, np.int64(KIND_HARD))
        if answer == 1 or (answer < 0 and wants_hard(st, st.policies[s], s)):
            return s, k - first + 1
    return np.int64(-1), n - first


@njit(cache=True, nogil=True)
def search(st, seat, kind):
    """The search seat's answer to decision ``kind``: its move at its turn (``search_driver.KIND_PLAY``: an index
    in ``generate_moves``' order, -1 to pass, or -2 when there is nothing to search, one sensible
    move or going out, and smart's rule decides) or 1/0 for declaring 硬牌 (``KIND_HARD``; 庄家 is
    ``st.gs[GS_BANKER]``: declining lets the later seats answer and 庄家 call a card, as the rollout
    players would). The one entry the play kernels call, through a pointer (``search_driver.search_on_for``), so it
    is compiled and optimized once; both decisions reach the driver through one call (each call
    site of ``search_decide`` is a copy of it in the compiled code)."""
    if kind == sd.KIND_PLAY:
        moves = st.moves
        n = generate_moves(st.counts[seat], st.suit_counts[seat], st.top, st.rules, moves)
        if nothing_to_search(moves, n, st.hand_left[seat]):
            return np.int64(-2)
        rel, tabs = st.seat_flags[SF_REL], (st.rules, st.rank_points, st.rng)
        turn.fill_relations(rel, st.gs, seat)
        smart = choose_play(np.int64(SMART), seat, moves, n, st.gs, st.counts, st.hand_left, rel, st.pp, tabs)
        greedy = choose_play(np.int64(GREEDY), seat, moves, n, st.gs, st.counts, st.hand_left, rel, st.pp, tabs)
        cand = np.empty(n + 1, np.int64)
        nc = move_candidates(st, seat, n, smart, greedy, cand, None, True)
        if nc < 2:
            return np.int64(-2)
        stream = st.gs[GS_N_TURNS]
    else:  # 0 declines, 1 declares; the paired gains are declaring's over declining's
        cand = np.arange(2)
        nc = np.int64(2)
        smart = np.int64(1) if wants_hard(st, np.int64(SMART), seat) else np.int64(0)
        stream = np.int64(HARD_SALT) + seat
    return sd.search_decide(st, seat, kind, cand, nc, smart, stream, seat, np.int64(1))


# ---- the search driver's hooks for XiantaoState (kernels.climb.search_driver) ------------------------

@implements(sd.knowledge, LAYOUT)
def _knowledge(st, seat, kind):
    """(the card a world never gives to 庄家, 庄家): while the partner is hidden he holds the call
    card's other copy, and 庄家 never does."""
    gs = st.gs
    if kind == sd.KIND_PLAY and gs[GS_LONE_SIDE] != 1 and gs[GS_REVEALED] != 1 and gs[GS_CALL] >= 0:
        return other_copy(gs[GS_CALL]), gs[GS_BANKER]
    return np.int64(-1), gs[GS_BANKER]


@implements(sd.sample_world, LAYOUT)
def _sample_world(world, st, seat, kind, know, rng):
    """The hidden cards dealt at random; the other seats' dealt holdings taken as what they hold
    now (their earlier plays are not tracked: 喜 earned by playing a 7张 they no longer hold whole
    is missed). A world's row starts empty: its rollouts count only what they play."""
    forbid_card, forbid_seat = know
    n_seats = world.hand_left.shape[0]
    hard = kind == KIND_HARD
    world.row[:] = 0
    if hard:  # asked before the tricks: every seat holds its whole hand
        world.hand_left[:] = st.rules[CL_HAND_SIZE]
    n = sample_owners(seat, st.owner, world.hand_left, forbid_card, forbid_seat, world.owner, world.unseen, rng)
    counts = world.counts
    rebuild_counts(world.owner, world.card_tab, counts, world.suit_counts)
    if hard:  # the hidden hands in their (random) dealt order: 庄家 draws the call card from his
        fill = np.zeros(n_seats, np.int64)
        for i in range(n):
            s = world.owner[world.unseen[i]]
            world.hands[s, fill[s]] = world.unseen[i]
            fill[s] += 1
    for s in range(n_seats):
        if s != seat or hard:
            for r in range(counts.shape[1]):
                world.dealt_counts[s, r] = counts[s, r]
            world.dealt_wz[s] = 1 if (counts[s, 13] > 0 and counts[s, 14] > 0) else 0
    if forbid_card >= 0 and world.owner[forbid_card] >= 0:
        world.gs[GS_PARTNER] = world.owner[forbid_card]


@implements(sd.play_out, LAYOUT)
def _play_out(world, seat, kind, option):
    if kind == sd.KIND_PLAY:
        return _rollout(world, seat, option), True
    # 硬牌: declaring, or declining and letting the later seats answer and 庄家 call a card
    gs = world.gs
    banker = gs[GS_BANKER]
    n_seats = world.hand_left.shape[0]
    hard_seat = seat
    if option != 1:
        hard_seat, _ = ask_hard(world, banker, (seat - banker + n_seats) % n_seats + 1, None)
    call_card, partner, revealed = call_partner(world, banker, hard_seat)
    if hard_seat < 0 and call_card < 0:
        return np.nan, False  # a redeal: worth the same whatever the seat answered
    turn.start_tricks(world, banker, partner, hard_seat, call_card, revealed)
    world.row[:] = 0
    gs[GS_N_LOG] = world.log.shape[0]  # a world writes no log
    return _rollout(world, seat, np.int64(-2)), True
