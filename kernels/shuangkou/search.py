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
least ``confidence`` standard errors (``kernels.climb.search_pick.confident_best``'s rule).

Candidates (at most ``candidates``): smart's choice, pass when following, greedy's choice, the
cheapest bomb-class play when following, then the cheapest other plays (no wilds first).

The method is the family's one driver (``kernels.climb.search_driver.search_decide``, the
candidates by ``kernels.climb.candidates.search_move``); this module is what 双扣 adds to it: its
candidates' costs, and its hooks for the game's state (what the seat knows,
how a world is dealt, a rollout with the game's own turn ``kernels.shuangkou.turn.take_turn``
and plain policies, so the search never recurses). A decision is counted in the row of the
player at the seat (``st.player_at[seat]``), as every fact of this game.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.climb import search_driver as sd
from kernels.climb.loop import GS_TOP_SEAT, SF_FINISH
from kernels.climb.search import deal_unseen
from kernels.climb.candidates import follow_candidates, order_cost, search_move
from kernels.climb.search_pick import add_candidate, nothing_to_search
from kernels.hooks import implements
from kernels.shuangkou.layout import HAND_LAYOUT
from kernels.shuangkou.money import player_money
from kernels.shuangkou.movegen import bomb_power, generate_moves
from kernels.shuangkou.policies import choose_greedy, choose_smart
from kernels.shuangkou.state import LAYOUT, N_CARDS
from kernels.shuangkou.turn import count_cards, take_turn

ROW_DRAW_CARD, ROW_FINISH = HAND_LAYOUT.at("draw_card"), HAND_LAYOUT.at("finish")
MAX_ROLLOUT_TURNS = 4096


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
    return deal_unseen(seat, owner, known_a, known_b, fill, w_owner, unseen, state)


# ---- the driver's hooks for 双扣's state (kernels.climb.search_driver) ------------------------------

@implements(sd.knowledge, LAYOUT)
def _knowledge(st, seat, kind):
    """The announced card's copies (shown by the leader and his mate; -1 without the draw) and a
    buffer for the cards the seat cannot see."""
    known_a, known_b = np.int64(-1), np.int64(-1)
    if st.row[ROW_DRAW_CARD] >= 0:
        known_a = st.row[ROW_DRAW_CARD]
        known_b = known_a + 54 if known_a < 54 else known_a - 54
    return known_a, known_b, np.empty(N_CARDS, np.int64)


@implements(sd.sample_world, LAYOUT)
def _sample_world(world, st, seat, kind, know, rng):
    sample_world(seat, st.owner, st.hand_left, know[0], know[1], world.owner, know[2], rng)
    count_cards(world.owner, world.counts)


@implements(sd.play_out, LAYOUT)
def _play_out(world, seat, kind, option):
    """Play ``option`` (a move index, -1 pass), finish the hand with the world's players; the
    money of the player at ``seat``."""
    f = option
    for _ in range(MAX_ROLLOUT_TURNS):
        if take_turn(world, f):
            break
        f = -2
    for s in range(world.player_at.shape[0]):
        world.row[ROW_FINISH + world.player_at[s]] = world.seat_flags[SF_FINISH, s]
    return player_money(world.player_at[seat], world.row, world.rules), True


# ---- candidates and the decision ------------------------------------------------------------------------

@implements(order_cost, LAYOUT)
def _order_cost(st, seat, i, hand):
    """Cheap first: plain plays without wilds that keep their rank whole, by rank; wilds and broken
    ranks later; bomb-class plays last, by power."""
    moves = st.moves
    kind, rank, size, wilds, chain = moves[i, 0], moves[i, 1], moves[i, 2], moves[i, 3], moves[i, 5]
    power = bomb_power(kind, rank, size, chain, st.rules)
    if power > 0:
        return (1 << 40) + power
    broken = 0 <= rank < 13 and ((hand >> (4 * rank)) & 15) != size // chain - ((moves[i, 6] >> (4 * rank)) & 15)
    return wilds * 5000 + (1000 if broken else 0) + rank * 10 - size


@implements(follow_candidates, LAYOUT)
def _follow_candidates(st, seat, n, cand, nc):
    """The cheapest bomb-class play (by power, then wilds spent)."""
    moves = st.moves
    bomb, bomb_cost = -1, 1 << 60
    for i in range(n):
        power = bomb_power(moves[i, 0], moves[i, 1], moves[i, 2], moves[i, 5], st.rules)
        if power > 0 and power * 8 + moves[i, 3] < bomb_cost:
            bomb, bomb_cost = i, power * 8 + moves[i, 3]
    return add_candidate(cand, nc, bomb)


@njit(cache=True, nogil=True)
def search(st, seat, kind):
    """The search player's move at its turn (``kind``: ``search_driver.KIND_PLAY``, the one decision searched): an
    index in ``generate_moves``' order, -1 to pass, or -2 when there is nothing to search (one
    sensible move, or going out) and smart's rule decides. The seat's moves are generated into
    ``st.moves`` (the turn generates them again). The one entry the play kernels call, through a
    pointer (``search_driver.search_on_for``), so it is compiled and optimized once."""
    n = generate_moves(st.counts[seat], st.top, st.rules, st.moves)
    if nothing_to_search(st.moves, n, st.hand_left[seat]):
        return np.int64(-2)
    top_seat = st.gs[GS_TOP_SEAT]
    lead = top_seat < 0
    smart = choose_smart(seat, st.moves, n, lead, st.counts, top_seat, st.hand_left, st.level_now, st.pp, st.rules)
    greedy = choose_greedy(seat, st.moves, n, lead, st.counts, top_seat, st.hand_left, st.pp, st.rules)
    return search_move(st, seat, kind, n, smart, greedy, 0,
                       st.player_at[seat], True)
