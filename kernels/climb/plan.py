"""What the climbing games' players share: the parameters (with the search player's), the random player's draw, going
out in one play, the cheapest play by a game's own cost, the greedy player, the nearest opponent to going out in a
partnership, and the hand planners' straights.

Each game's ``policies`` keeps what is its own (its costs, its planner's patterns, its bidding);
these are the pieces that were written the same way in every one of them. The random draw and the
scans keep the games' order exactly (golden playthroughs depend on it). The pure-Python twin is
``tests/reference/climb_gen.py``.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.climb.moves import PAIR, SINGLE
from kernels.climb.rankmask import popcount
from kernels.climb.search_params import SEARCH_DEFAULTS
from kernels.rng import bounded
from kernels.state import borrow_array

NEVER = np.int64(1) << 60  # a cost this high is never chosen (a search candidate's order cost too)


def params_matrix(policies: list[str], overrides: list[dict], defaults: dict, order: tuple) -> np.ndarray:
    """``pp[seat, PP_*]`` (float64) from policy names and per-seat overrides (``sim.players``): a
    seat's values are its policy's ``defaults`` updated by its overrides, in the game's ``order``."""
    pp = np.zeros((len(policies), len(order)), np.float64)
    for seat, (name, extra) in enumerate(zip(policies, overrides)):
        values = dict(defaults[name])
        values.update(extra)
        pp[seat] = [float(values[k]) for k in order]
    return pp


def params_for(defaults: dict, order: tuple):
    """A game's ``params_matrix(policies, overrides)``: ``params_matrix`` over its players'
    ``defaults`` and its ``order`` of the ``PP_*`` columns."""

    def game_params(policies: list[str], overrides: list[dict]) -> np.ndarray:
        """``pp[seat, PP_*]`` (float64) from policy names and per-seat overrides (``sim.players``)."""
        return params_matrix(policies, overrides, defaults, order)

    return game_params


def with_search(defaults: dict) -> dict:
    """The players' ``defaults`` (name → values) and a ``search`` player on smart's values (its
    unsearched steps and its rollouts play as smart), each with the search's parameters
    (``kernels.climb.search_params``)."""
    players = dict(defaults, search=defaults["smart"])
    return {name: {**values, **SEARCH_DEFAULTS} for name, values in players.items()}


@njit(cache=True, nogil=True, inline="always")
def random_pick(rng, n, lead):
    """The random player: uniform over the ``n`` legal plays, PASS (-1) one more choice when
    following; one ``bounded`` draw from ``rng``."""
    k = bounded(rng, n if lead else n + 1)
    return k if k < n else -1


@njit(cache=True, nogil=True, inline="always")
def going_out(moves, n, left):
    """First of ``moves[:n]`` that plays all ``left`` cards of the hand (going out now is always
    right), or -1."""
    for i in range(n):
        if moves[i, 2] == left:
            return i
    return -1


@njit(nogil=True, inline="always")
def cheapest(moves, n, cost, args):
    """Row of ``moves[:n]`` of least ``cost(moves, i, args)`` (a game's own measure, ``args`` its
    tuple of what it reads, its arrays borrowed: ``kernels.state.borrow_array``; the first of equal
    ones), -1 when each costs ``NEVER`` or more. Not cached: it is compiled into each caller with
    the game's ``cost`` inlined, where an array not borrowed would be counted at every move."""
    moves, best, best_cost = borrow_array(moves), -1, NEVER
    for i in range(n):
        c = cost(moves, i, args)
        if c < best_cost:
            best, best_cost = i, c
    return best


@njit(nogil=True, inline="always")
def greedy_pick(moves, n, lead, left, partner_on_top, near, cost, bomb_cost, args):
    """The greedy player of the climbing games, a row of ``moves[:n]`` or -1 to pass: go out when
    one play empties the ``left`` cards; following a partner's play (``partner_on_top``), pass;
    else the ``cheapest`` by the game's ``cost`` (its lowest play when leading; its lowest answer,
    bombs ``NEVER``, when following), and with no plain answer its cheapest bomb by ``bomb_cost``
    when an opponent is ``near`` going out. A game keeps only its costs and who is near."""
    out = going_out(moves, n, left)
    if out >= 0:
        return out
    if partner_on_top and not lead:
        return -1
    best = cheapest(moves, n, cost, args)
    if best >= 0 or lead or not near:
        return best
    return cheapest(moves, n, bomb_cost, args)


@njit(cache=True, nogil=True, inline="always")
def lead_cost(cost, kind, rank, feed, enemy, single, pair):
    """``cost`` of leading a play of ``kind`` and ``rank`` (lower leads first), with the table in
    mind: a single first when it feeds the partner's last card (``feed``); against an opponent on
    one card no low single (``single`` - 100 * rank more), on two cards no low pair (``pair`` - 100
    * rank more; ``enemy``: the fewest cards an opponent holds)."""
    if kind == SINGLE:
        if feed:
            return -100000 + rank
        if enemy == 1:
            return cost + (single - 100 * rank)
    elif kind == PAIR and enemy == 2:
        return cost + (pair - 100 * rank)
    return cost


@njit(cache=True, nogil=True, inline="always")
def enemy_min(seat, hand_left, lone=None):
    """Fewest cards an opponent still in the hand holds (partners sit opposite: opponents are the
    seats an odd distance away; with a ``lone`` seat, the sides are that seat and the rest),
    1 << 30 if none."""
    m = 1 << 30
    for s in range(hand_left.shape[0]):
        if lone is None:  # (pruned by numba: the partnership games compile only this side)
            enemy = (s - seat) % 2 == 1
        else:
            enemy = (s == lone) != (seat == lone)
        if enemy and hand_left[s] > 0 and hand_left[s] < m:
            m = hand_left[s]
    return m


@njit(cache=True, nogil=True, inline="always")
def take_straights(m1, m2, m3, times):
    """A hand planner's straights (rank masks of ranks held once, twice, three times:
    ``kernels.climb.rankmask``): up to ``times`` times, the earliest maximal run of >= 5 held ranks
    within 3..A that swallows the most singles (at least two) is one play, and each of its ranks
    gives up one card. Returns (straights taken, m1, m2, m3). The best run is always a whole
    maximal run (a later start in the same run never swallows more singles)."""
    plays = 0
    held = (m1 | m2 | m3) & 0xFFF
    if held & (held >> 1) & (held >> 2) & (held >> 3) & (held >> 4):  # five ranks in a row somewhere
        for _ in range(times):
            best, best_gain = 0, 1
            starts = held & ~(held << 1) & 0xFF  # a run of five starts at 3..10
            while starts:
                low = starts & -starts
                run = ((held + low) & ~held) - low
                gain = popcount(m1 & run)
                if gain > best_gain and popcount(run) >= 5:
                    best, best_gain = run, gain
                starts &= starts - 1
            if best == 0:
                break
            plays += 1
            m1, m2, m3 = (m1 & ~best) | (m2 & best), (m2 & ~best) | (m3 & best), m3 & ~best
            held = (m1 | m2 | m3) & 0xFFF
    return plays, m1, m2, m3
