"""关牌's ``search`` player: the climbing family's one search driver
(``kernels.climb.search_driver.search_decide``) with 关牌's hooks.

关牌 is two-handed and only ranks matter, so what a seat cannot see is one pool of rank counts:
the opponent's hand and the cards never dealt (49-card deck: 15 unused), i.e. the pack less its
own dealt hand and the cards the opponent has played (``knowledge``). A world deals the opponent
``hand_left`` cards from that pool at random (``kernels.climb.search.deal_counts``: the exact
hypergeometric split); each candidate is played in it and the hand finished by the rollout
players (``play_out``); money is the seat's under the ruleset (``kernels.guanpai.money``). Not
used as knowledge: that the first leader held the first-lead card (♠3) at the deal.

Candidates (at most ``candidates``; ``kernels.climb.candidates``): smart's choice, pass when
following, greedy's choice, then the others by smart's own cost (plays left in the plan, then
rank; bombs last).

Randomness: the search's own stream from the hand's stream and the turn number
(``kernels.climb.search.search_stream``), the hand's stream not advanced: a hand stays
deterministic from ``(seed, game index)`` and the deal is the same whether a seat searches or not.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.climb import search_driver as sd
from kernels.climb.candidates import order_cost, search_move
from kernels.climb.loop import GS_TOP_SEAT, GS_TURN
from kernels.climb.search import deal_others
from kernels.climb.search_pick import nothing_to_search
from kernels.guanpai.money import seat_money
from kernels.guanpai.movegen import is_bomb, order_of
from kernels.guanpai.policies import choose_greedy, choose_smart, plan_after
from kernels.guanpai.state import LAYOUT as STATE
from kernels.guanpai.turn import ROW_PLAYS, take_turn, turn_moves
from kernels.hooks import implements

MAX_ROLLOUT_TURNS = 4096


@njit(cache=True, nogil=True)
def unseen_pool(seat, pack, dealt, counts, pool):
    """``pool[16]`` = what ``seat`` cannot see: the pack less both dealt hands (never dealt) plus
    the opponent's current hand (his dealt hand less what he played, all public)."""
    opp = 1 - seat
    for r in range(16):
        pool[r] = pack[r] - dealt[0, r] - dealt[1, r] + counts[opp, r]


@implements(sd.knowledge, STATE)
def _knowledge(st, seat, kind):
    pool = np.empty(16, np.int64)
    unseen_pool(seat, st.pack, st.dealt, st.counts, pool)
    return pool


@implements(sd.sample_world, STATE)
def _sample_world(world, st, seat, kind, know, rng):
    """The opponent's hand dealt at random from the pool (the seat's own counts kept)."""
    deal_others(seat, know, world.hand_left, world.counts, rng)


@implements(sd.play_out, STATE)
def _play_out(world, seat, kind, option):
    """Play ``option`` in ``world`` and finish the hand with its players; ``seat``'s money."""
    forced = option
    for _ in range(MAX_ROLLOUT_TURNS):
        if take_turn(world, turn_moves(world, world.gs[GS_TURN]), forced):
            break
        forced = -2
    loser = 1 - world.order[0]
    return seat_money(seat, world.order[0], world.hand_left[loser], world.row[ROW_PLAYS + loser], world.mv), True


@implements(order_cost, STATE)
def _order_cost(st, seat, i, hand):
    """Smart's own measure, cheap first: plays left in the plan, rank, longer first; bombs last."""
    kind = st.moves[i, 0]
    if is_bomb(kind):
        return 1 << 40
    return plan_after(hand, st.moves[i, 6]) * 1000 + order_of(kind, st.moves[i, 1]) * 10 - st.moves[i, 2]


@njit(cache=True, nogil=True)
def search(st, seat, kind):
    """The search player's move at its turn (``kind``: ``search_driver.KIND_PLAY``, the one decision searched): a row
    of ``turn_moves``' list, -1 to pass, or -2 when there is nothing to search (one sensible move,
    or going out) and smart's rule decides. The one entry the play kernels call, through a pointer
    (``search_driver.search_on_for``), so it is compiled and optimized once; it lists the moves again itself (the
    same list the turn made: no draw)."""
    n = turn_moves(st, seat)
    if nothing_to_search(st.moves, n, st.hand_left[seat]):
        return np.int64(-2)
    lead = st.gs[GS_TOP_SEAT] < 0
    smart = choose_smart(seat, st.moves, n, lead, st.counts[seat], st.hand_left, st.pp, st.rules)
    greedy = choose_greedy(seat, st.moves, n, lead, st.hand_left, st.pp, st.rules)
    return search_move(st, seat, kind, n, smart, greedy)
