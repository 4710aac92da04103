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

Candidates (at most ``candidates``; ``kernels.climb.candidates.move_candidates``): smart's choice,
pass when following, greedy's choice, the cheapest bomb when following, then the cheapest other
moves (fewest plays left, lowest rank).

After 上海 报到 打 the landlord has shown his sets (four jokers, a rank held 7+ times): every world
gives him what he has not played of them (``kitty_need``). Not modelled: what the auction said
about hands. Decisions before the tricks
are searched in ``kernels.landlord.search_bids``.

The method is the one search driver's (``kernels.climb.search_driver.search_decide``); this module
gives it the family's candidates and its hooks for ``LandlordState``: what the seat knows
(``knowledge``), a world (``sample_world``: the hidden hands, or before the tricks the whole deal
the seat cannot see) and a play-out (``play_out``: the family's own turn,
``kernels.landlord.turn.play_on``, with the world's players). A
decision before the tricks searches ``BID_WORLDS`` times the worlds; rollout players above smart
are capped to smart (the state's ``search_at``).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.climb import search_driver as sd
from kernels.climb.candidates import follow_candidates, move_candidates, order_cost
from kernels.climb.loop import CL_HAND_SIZE, GS_LONE_SEAT, GS_N_LOG, GS_N_TRICKS, GS_N_TURNS
from kernels.climb.plan import cheapest
from kernels.climb.search import deal_counts
from kernels.climb.search_pick import add_candidate, nothing_to_search
from kernels.hooks import implements
from kernels.landlord.money import seat_money
from kernels.landlord.movegen import FLOW_MARKER_DANG, LL_FLOW, LL_KITTY, LL_N_SEATS, is_bomb_class, main_order
from kernels.landlord.phases import (
    DEC_N, KIND_BAODAO, KIND_MINGPAI, KIND_TANDA, PRE_NO_LANDLORD, PRE_OVER, in_baodao_set, pre_tricks,
    start_tricks,
)
from kernels.landlord.policies import _after_plan, _bomb_cost, greedy_move, smart_move
from kernels.landlord.rows import BAODAO_DA, ROW_BAODAO, ROW_DEALT, ROW_KITTY, ROW_MINGPAI, deal_at, end_facts
from kernels.landlord.search_bids import BID_WORLDS, MAX_OPTIONS, PRE_SALT, pre_options
from kernels.landlord.state import LAYOUT
from kernels.landlord.turn import play_on, turn_moves

# Money decides; between candidates whose money is equal in every world, how close the losing
# side came to going out breaks the tie: at most 64 cards × this, far below one unit of money.
TIE_BREAK = 1e-5
KNOW_SHOWN, KNOW_KITTY = 15, 16  # knowledge: need[0:15], the landlord's hand shown, the seat took the kitty


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
def sample_deal(seat, took_kitty, row, rules, w_row, state):
    """``w_row``'s deal (``ROW_DEALT``, ``ROW_KITTY``) = ``row``'s with what ``seat`` cannot see
    dealt again: the other hands and, unless it took it, the kitty (``sample_world`` over the
    deal, the kitty as one more hand)."""
    n_seats = rules[LL_N_SEATS]
    counts = np.zeros((n_seats + 1, 16), np.int64)
    sizes = np.full(n_seats + 1, rules[CL_HAND_SIZE], np.int64)
    sizes[n_seats] = rules[LL_KITTY]
    shown = np.zeros(n_seats + 1, np.bool_)
    shown[n_seats] = took_kitty
    for s in range(n_seats + 1):
        for r in range(15):
            counts[s, r] = row[deal_at(s, n_seats) + r]
    w_counts = np.empty_like(counts)
    sample_world(seat, counts, sizes, -1, shown, np.zeros(15, np.int64), w_counts, state)
    for s in range(n_seats + 1):
        for r in range(15):
            w_row[deal_at(s, n_seats) + r] = w_counts[s, r]


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


@implements(order_cost, LAYOUT)
def _order_cost(st, seat, i, hand):
    """Cheap first: fewest plays left after the move, then the lowest rank, longer first; bombs last."""
    moves = st.moves
    kind, rank = moves[i, 0], moves[i, 1]
    if is_bomb_class(kind):
        return (1 << 40) + main_order(kind, rank) * 100 + moves[i, 2]
    return _after_plan(st.counts[seat], moves, i, st.scratch) * 100000 + main_order(kind, rank) * 100 - moves[i, 2]


@implements(follow_candidates, LAYOUT)
def _follow_candidates(st, seat, n, cand, nc):
    """The cheapest bomb (``kernels.landlord.policies._bomb_cost``; none: -1, the pass already there)."""
    return add_candidate(cand, nc, cheapest(st.moves, n, _bomb_cost, (False, st.counts[seat], False)))


@njit(cache=True, nogil=True)
def candidates(st, seat, n, cand):
    """Fill ``cand`` with the moves of ``st.moves[:n]`` worth searching (-1 = pass;
    ``kernels.climb.candidates.move_candidates`` with this module's ``_order_cost`` and
    ``_follow_candidates``); returns (how many, smart's choice)."""
    smart = smart_move(seat, st.moves, n, st.counts, st.hand_left, st.gs, st.pp, st.scratch, st.rules[CL_HAND_SIZE])
    greedy = greedy_move(seat, st.moves, n, st.hand_left, st.gs, st.pp)
    return move_candidates(st, seat, n, smart, greedy, cand, True, None), smart


@njit(cache=True, nogil=True, inline="always")
def move_options(st, seat, cand):
    """At ``seat``'s turn: its candidates into ``cand`` (``candidates``); (how many, smart's choice),
    none when there is nothing to search (one sensible move, or going out)."""
    n = turn_moves(st, seat)
    if nothing_to_search(st.moves, n, st.hand_left[seat]):
        return np.int64(0), np.int64(-2)
    return candidates(st, seat, n, cand)


@njit(cache=True, nogil=True)
def search(st, seat, kind):
    """The search seat's answer to decision ``kind``: its move at its turn (``search_driver.KIND_PLAY``: an index
    in ``turn_moves``' order, -1 to pass, or -2 when there is nothing to search and smart's rule
    decides) or its answer before the tricks (``st.dec``: ``kernels.landlord.search_bids``). The
    one entry the play kernels call, through a pointer (``search_driver.search_on_for``). Both
    reach the driver through one call, and the options and the rollout (``_play_out``) are inlined:
    each function of its own is one more level at which numba links, optimizes and emits the code
    under it again."""
    if kind == sd.KIND_PLAY:
        cand = np.empty(st.moves.shape[0] + 3, np.int64)
        nc, smart = move_options(st, seat, cand)
        if nc < 2:
            return np.int64(-2)
        stream, scale = st.gs[GS_N_TURNS], np.int64(1)
    else:
        cand = np.empty(MAX_OPTIONS, np.int64)
        nc, smart = pre_options(st, cand)
        stream, scale = PRE_SALT + st.dec[DEC_N], np.int64(BID_WORLDS)
    return sd.search_decide(st, seat, kind, cand, nc, smart, stream, seat, scale)


# ---- the search driver's hooks for LandlordState (kernels.climb.search_driver) ---------------------

@implements(sd.knowledge, LAYOUT)
def _knowledge(st, seat, kind):
    """need[0:15] (what the landlord is known to hold: ``kitty_need``), then whether his hand is
    shown (明牌 / 摊打) and, before the tricks, whether ``seat`` took the kitty."""
    know = np.zeros(17, np.int64)
    if kind == sd.KIND_PLAY:
        landlord = st.gs[GS_LONE_SEAT]
        know[KNOW_SHOWN] = 1 if st.row[ROW_MINGPAI] == 1 and landlord >= 0 else 0
        kitty_need(seat, landlord, st.counts, st.row, st.rules, know[:15])
    else:
        know[KNOW_KITTY] = 1 if kind == KIND_MINGPAI or kind == KIND_TANDA or kind == KIND_BAODAO else 0
    return know


@implements(sd.sample_world, LAYOUT)
def _sample_world(world, st, seat, kind, know, rng):
    if kind == sd.KIND_PLAY:
        landlord = st.gs[GS_LONE_SEAT]
        shown = np.zeros(st.hand_left.shape[0], np.bool_)
        shown[landlord] = know[KNOW_SHOWN] != 0
        sample_world(seat, st.counts, st.hand_left, landlord, shown, know[:15], world.counts, rng)
    else:
        sample_deal(seat, know[KNOW_KITTY] != 0, st.row, st.rules, world.row, rng)


@implements(sd.play_out, LAYOUT)
def _play_out(world, seat, kind, option):
    """``option`` played, then the hand to its end: ``seat``'s money (plus the tie-break), and
    whether the hand reached the tricks (a rollout; a redeal or 报到 不打 plays none). The rollout
    plays ``option`` (a move index, -1 pass, -2 the player's own) then finishes the hand with the
    world's players (``kernels.landlord.turn.play_on``).
    (The rollout is written once: each inlined copy is compiled and optimized again in every
    function above it.)"""
    if kind != sd.KIND_PLAY:
        # a decision before the tricks: the table's earlier answers forced, this one, then everything
        k = world.dec[DEC_N]
        world.forced[:] = -1
        for i in range(k):  # (a loop: numba's array-to-array copy compiles string-formatting code)
            world.forced[i] = world.hist[i]
        world.forced[k] = option
        code = pre_tricks(world, np.bool_(False))
        if code == PRE_NO_LANDLORD:
            return 0.0, False  # a redeal (or no game): worth the same whatever the seat answered
        if code == PRE_OVER:
            return seat_money(world.row, seat, world.rules[LL_N_SEATS], world.mv), False
        start_tricks(world)
        world.gs[GS_N_LOG] = world.log.shape[0]  # a world writes no log
        option = np.int64(-2)
    play_on(world, option, np.int64(0))
    gs, hand_left = world.gs, world.hand_left
    landlord = gs[GS_LONE_SEAT]
    end_facts(landlord, hand_left, gs[GS_N_TRICKS], gs[GS_N_TURNS], world.row)
    money = seat_money(world.row, seat, hand_left.shape[0], world.mv) + TIE_BREAK * _margin(seat, landlord, hand_left)
    return money, True
