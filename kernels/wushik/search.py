"""五十K's ``search`` player: the climbing family's one driver (``kernels.climb.search_driver``:
determinized worlds, every candidate rolled out in each, smart's choice kept unless another is
``confidence`` standard errors ahead) with 五十K's candidates and its hooks for ``WushikState``.

A world deals the cards the seat cannot see consistently with what it knows — its own hand, the
cards played, every seat's card count (五十K has no suit to follow and nothing declared, so no
voids). A candidate is played out by the game's own turns (``kernels.wushik.turn.play_on``) with
the rollout players (every seat as the searcher would play, with its parameters; no search, so it
never recurses). Money is the seat's under the ruleset: its team's hand score minus the other
team's (``kernels.wushik.money.seat_money``, the scorer's ``s{k}_money``); in a match, that hand's.

Candidates (at most ``candidates``; ``kernels.climb.candidates.search_move``): smart's choice, pass
when following, greedy's choice, the cheapest 510K and the cheapest bomb when following (what a
trick is worth fighting for), then the cheapest other plays.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.climb import search_driver as sd
from kernels.climb.loop import SF_FINISH
from kernels.climb.search import deal_unseen
from kernels.climb.candidates import follow_candidates, order_cost, search_move
from kernels.climb.search_pick import add_candidate, nothing_to_search
from kernels.hooks import implements
from kernels.wushik import turn
from kernels.wushik.layout import HAND_LAYOUT, MAX_SEATS
from kernels.wushik.money import seat_money
from kernels.wushik.movegen import generate_moves, strength
from kernels.wushik.moves import BOMB, FIFTY_K, SUIT_FU
from kernels.wushik.policies import choose_greedy, choose_smart
from kernels.wushik.state import LAYOUT, N_IDS

ROW_HAND_NO = HAND_LAYOUT.at("hand_no")
ROW_FINISH, ROW_CAPTURED = HAND_LAYOUT.at("finish"), HAND_LAYOUT.at("captured")
HAND_SALT = 1 << 20  # the search stream's index: turn number + hand number * HAND_SALT


@implements(sd.knowledge, LAYOUT)
def _knowledge(st, seat, kind):
    return np.empty(N_IDS, np.int64)  # what a seat knows is in the state: a buffer for the cards it cannot see


@implements(sd.sample_world, LAYOUT)
def _sample_world(world, st, seat, kind, know, rng):
    """The cards ``seat`` cannot see dealt at random to the other seats, ``hand_left[s]`` each, in
    seat order (``tests.reference.search.sample_world`` with no forbidden card); every seat's
    rank and suit counts rebuilt from the owners."""
    deal_unseen(seat, st.owner, -1, -1, st.hand_left, world.owner, know, rng)
    turn.count_cards(world.owner, world.counts, world.suit_counts)


@implements(sd.play_out, LAYOUT)
def _play_out(world, seat, kind, option):
    """Play ``option`` (a move index, -1 pass), finish the hand with the world's players; ``seat``'s
    money."""
    turn.play_on(world, option, None)
    for s in range(MAX_SEATS):
        world.row[ROW_FINISH + s] = world.seat_flags[SF_FINISH, s]
        world.row[ROW_CAPTURED + s] = world.captured[s]
    return seat_money(seat, world.row, world.rules), True


@implements(order_cost, LAYOUT)
def _order_cost(st, seat, i, hand):
    """Cheap first: plain plays that keep their rank whole, by rank; then broken ranks; 510K and
    bombs last, by strength."""
    moves = st.moves
    kind, rank, size, chain = moves[i, 0], moves[i, 1], moves[i, 2], moves[i, 5]
    s = strength(kind, size, moves[i, 4], st.rules)
    if s > 0:
        return 100000 + s * 100 + max(rank, 0)
    broken = ((hand >> (4 * rank)) & 15) != size // chain
    return (1000 if broken else 0) + rank * 10 - size


@implements(follow_candidates, LAYOUT)
def _follow_candidates(st, seat, n, cand, nc):
    """The cheapest 510K (副 first) and the cheapest bomb (by size, then rank, a split bigger bomb
    later): what a trick is worth fighting for."""
    moves, c = st.moves, st.counts[seat]
    fk, fk_cost, bomb, bomb_cost = -1, 1 << 60, -1, 1 << 60
    for i in range(n):
        if moves[i, 0] == FIFTY_K:
            cost = 0 if moves[i, 4] == SUIT_FU else 1
            if cost < fk_cost:
                fk, fk_cost = i, cost
        elif moves[i, 0] == BOMB:
            cost = moves[i, 2] * 100 + moves[i, 1] + (50 if c[moves[i, 1]] > moves[i, 2] else 0)
            if cost < bomb_cost:
                bomb, bomb_cost = i, cost
    return add_candidate(cand, add_candidate(cand, nc, fk), bomb)


@njit(cache=True, nogil=True)
def search(st, seat, kind):
    """The search seat's move at its turn (``kind`` is ``search_driver.KIND_PLAY``, the one decision 五十K searches): an
    index in ``generate_moves``' order, -1 to pass, or -2 when there is nothing to search (one
    sensible move, or going out) and smart's rule decides. The one entry the play kernels call,
    through a pointer (``search_driver.search_on_for``), so it is compiled and optimized once."""
    n = generate_moves(st.counts[seat], st.suit_counts[seat], st.top, st.rules, st.moves)
    if nothing_to_search(st.moves, n, st.hand_left[seat]):
        return np.int64(-2)
    c = st.counts[seat]
    smart = choose_smart(st.moves, n, c, st.hand_left, st.gs, st.pp, st.rules, seat)
    greedy = choose_greedy(st.moves, n, c, st.hand_left, st.gs, st.pp, st.rules, seat)
    return search_move(st, seat, kind, n, smart, greedy,
                       st.row[ROW_HAND_NO] * HAND_SALT, seat, True)
