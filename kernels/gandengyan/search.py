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

Candidates (at most ``candidates``; ``kernels.climb.candidates``): smart's choice, pass when
following, greedy's choice, then the others by smart's own measure (plays left in the plan,
jokers spent, rank; bombs last).

The method is the climbing family's one driver (``kernels.climb.search_driver.search_decide``); this
module is what 干瞪眼 adds to it, as its hooks for ``GandengyanState``: the candidates, what the
seat knows (the unseen pool), how a world is dealt from it, and how a candidate is played out and
scored.

Randomness: the search's own stream (``kernels.climb.search.search_stream``) from the hand's
stream and the turn number, the hand's stream not advanced: a hand stays deterministic from
``(seed, game index)``, and the deal and the stock are the same whether a seat searches or not.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.climb import search_driver as sd
from kernels.climb.candidates import order_cost, search_move
from kernels.climb.loop import GS_TOP_SEAT
from kernels.climb.search import deal_others, shuffle_prefix
from kernels.climb.search_pick import nothing_to_search
from kernels.gandengyan.money import seat_money
from kernels.gandengyan.movegen import bomb_strength, gd_generate, is_bomb
from kernels.gandengyan.moves import JOKER
from kernels.gandengyan.policies import choose_greedy, choose_smart, plan_packed, unseen_cards
from kernels.gandengyan.state import GS_STOCK, LAYOUT
from kernels.gandengyan.turn import end_facts, play_turns
from kernels.hooks import implements

MAX_ROLLOUT_TURNS = 4096
JOKER_ID = 52  # a physical id whose count index is JOKER (kernels.gandengyan.deal.card_index)


@njit(cache=True, nogil=True)
def deal_world(seat, pool, hand_left, w_counts, w_deck, stock_pos, rng):
    """One sampled world: the other seats' counts in ``w_counts`` (``hand_left[s]`` cards each from
    ``pool``; the seat's own row untouched) and the rest of the pool, shuffled, as the stock
    ``w_deck[stock_pos:]`` (rank ``r`` as id ``4 r``, a joker as ``JOKER_ID``). ``pool`` is not
    changed. Returns the cards put in the stock."""
    work = deal_others(seat, pool, hand_left, w_counts, rng)
    ids = np.empty(w_deck.shape[0], np.int64)
    m = 0
    for r in range(16):
        for _ in range(work[r]):
            ids[m] = JOKER_ID if r == JOKER else 4 * r
            m += 1
    shuffle_prefix(ids, m, rng)
    for i in range(min(m, w_deck.shape[0] - stock_pos)):
        w_deck[stock_pos + i] = ids[i]
    return m


@njit(cache=True, nogil=True)
def search(st, seat, kind):
    """The search player's move at its turn (``kind``: ``search_driver.KIND_PLAY``, the one decision searched): a row
    of the turn's ``gd_generate`` list, -1 to pass, or -2 when there is nothing to search (no play,
    one sensible move, or going out) and the turn decides as smart would. The one entry the play
    kernels call, through a pointer (``search_driver.search_on_for``), so it is compiled and optimized once."""
    n = gd_generate(st.counts[seat], st.top, st.rules, st.moves, st.work)
    if nothing_to_search(st.moves, n, st.hand_left[seat]):
        return np.int64(-2)
    top_seat = st.gs[GS_TOP_SEAT]
    smart = choose_smart(seat, st.moves, n, st.counts[seat], st.hand_left, top_seat, st.played, st.pp, st.rules,
                         st.scratch)
    greedy = choose_greedy(seat, st.moves, n, st.hand_left, top_seat, st.pp, st.rules)
    return search_move(st, seat, kind, n, smart, greedy)


# ---- the search's hooks (kernels.climb.search_driver, kernels.climb.candidates) for GandengyanState ------

@implements(sd.knowledge, LAYOUT)
def _knowledge(st, seat, kind):
    """The unseen pool: the pack less the public record and the seat's own hand."""
    pool = np.empty(16, np.int64)
    unseen_cards(st.counts[seat], st.played, st.rules, pool, 0)
    return pool


@implements(sd.sample_world, LAYOUT)
def _sample_world(world, st, seat, kind, know, rng):
    deal_world(seat, know, st.hand_left, world.counts, world.deck, st.gs[GS_STOCK], rng)


@implements(order_cost, LAYOUT)
def _order_cost(st, seat, i, hand):
    """Smart's own measure, cheap first: plays left in the plan, jokers spent, rank; bombs last."""
    move = st.moves[i]
    if is_bomb(move[0]):
        return (1 << 40) + bomb_strength(move, st.rules) * 16 + move[3]
    return plan_packed(hand - move[6], st.rules) * 1000 + move[3] * 300 + move[1]


@implements(sd.play_out, LAYOUT)
def _play_out(world, seat, kind, option):
    """Play ``option`` in ``world`` and finish the hand with its players; ``seat``'s money."""
    play_turns(world, option, -1, MAX_ROLLOUT_TURNS)
    end_facts(world)
    return seat_money(seat, world.row, world.hand_left.shape[0], world.mv), True
