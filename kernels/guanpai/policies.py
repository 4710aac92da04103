"""关牌 players: ``random``, ``greedy`` and ``smart``, as functions of the generated move list.

A player sees its own rank counts, both players' card counts and the trick's top play; the turn
loop calls ``gp_choose`` with the moves ``kernels.guanpai.movegen.gp_generate`` listed (PASS not
among them) and gets a row index back, or -1 to pass (never -1 when leading). Parameters per seat
come in ``pp[seat, PP_*]`` (float64).

* random — uniform over the legal moves, PASS included when following.
* greedy — goes out when one play empties the hand; leads its lowest play (longest first);
  follows with the lowest non-bomb that beats; bombs only when the opponent is near out.
* smart — plans the hand into the fewest plays (``plan_count``: bombs, straights that swallow
  singles, 姐妹对 and 三连, trios taking pairs, fours taking a pair and a single) and plays what
  keeps that plan shortest; keeps 2s and bombs for control; against an opponent on one or two
  cards it leads what he cannot match and beats whatever he plays.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.guanpai.movegen import is_bomb, main_order
from kernels.guanpai.moves import THREE_BOMB
from kernels.guanpai.rulevec import GP_TCB_HIGH
from kernels.rng import bounded

RANDOM, GREEDY, SMART = 0, 1, 2
POLICY_NAMES = ("random", "greedy", "smart")

PP_NEAR_OUT = 0  # the opponent with at most this many cards is about to go out
PP_SLACK = 1  # smart follows when its plan grows by at most this many plays
N_PP = 2
PARAM_ORDER = ("near_out", "slack")
DEFAULT_PARAMS = {
    "random": {"near_out": 0, "slack": 0},
    "greedy": {"near_out": 2, "slack": 0},
    "smart": {"near_out": 3, "slack": 0},
}
SCRATCH_LEN = 48


def params_matrix(policies: list[str], overrides: list[dict]) -> np.ndarray:
    """``pp[seat, PP_*]`` from policy names and per-seat overrides (``sim.players``)."""
    pp = np.zeros((len(policies), N_PP), np.float64)
    for seat, (name, extra) in enumerate(zip(policies, overrides)):
        values = dict(DEFAULT_PARAMS[name])
        values.update(extra)
        pp[seat] = [float(values[k]) for k in PARAM_ORDER]
    return pp


@njit(cache=True, nogil=True)
def plan_count(c, w):
    """Fewest plays to empty rank counts ``c`` by a greedy decomposition; ``w`` is scratch[16]."""
    for r in range(16):
        w[r] = c[r]
    plays = 0
    fours = 0
    for r in range(13):
        if w[r] == 4:
            plays += 1
            fours += 1
            w[r] = 0
    for _ in range(3):  # straights (3..A) that swallow at least two singles
        best_s, best_len, best_gain = -1, 0, 1
        for s in range(8):
            length = 0
            singles = 0
            while s + length < 12 and w[s + length] >= 1:
                if w[s + length] == 1:
                    singles += 1
                length += 1
            if length >= 5 and singles > best_gain:
                best_s, best_len, best_gain = s, length, singles
        if best_s < 0:
            break
        for r in range(best_s, best_s + best_len):
            w[r] -= 1
        plays += 1
    r = 0
    while r < 12:  # 姐妹对 / 三连: runs of >= 2 equal counts 2 or 3, one play each
        k = w[r]
        if k == 2 or k == 3:
            e = r
            while e < 12 and w[e] == k:
                e += 1
            if e - r >= 2:
                plays += 1
                for x in range(r, e):
                    w[x] = 0
            r = e
        else:
            r += 1
    n1 = 0
    n2 = 0
    n3 = 0
    for r in range(13):
        if w[r] == 1:
            n1 += 1
        elif w[r] == 2:
            n2 += 1
        elif w[r] == 3:
            n3 += 1
    a = min(n3, n2)  # 三带二
    n2 -= a
    b = min(fours, n1)  # a bomb takes a single
    n1 -= b
    return plays + n3 + n2 + n1


@njit(cache=True, nogil=True)
def _after_plan(c, move, scratch):
    """plan_count of the hand once ``move`` is played (scratch[0:16] cards, [16:32] work)."""
    left = scratch[0:16]
    k = move[6]
    for r in range(16):
        left[r] = c[r] - ((k >> (4 * r)) & 15)
    return plan_count(left, scratch[16:32])


@njit(cache=True, nogil=True)
def _weakest_bomb(moves, n, rules):
    best, best_cost = -1, 1 << 60
    for i in range(n):
        if is_bomb(moves[i, 0]):
            cost = moves[i, 1] * 10 + moves[i, 2]  # low rank, and keep the single when it can
            if moves[i, 0] == THREE_BOMB:  # the 3Q bomb is the cheapest; three As the dearest
                cost = -100 if rules[GP_TCB_HIGH] == 0 else 1000
            if cost < best_cost:
                best, best_cost = i, cost
    return best


@njit(cache=True, nogil=True)
def choose_greedy(seat, moves, n, lead, hand_left, pp, rules):
    for i in range(n):
        if moves[i, 2] == hand_left[seat]:
            return i
    best, best_cost = -1, 1 << 60
    for i in range(n):
        bomb = is_bomb(moves[i, 0])
        if not lead and bomb:
            continue
        cost = (1 << 40 if bomb else 0) + main_order(moves[i]) * 100 - (moves[i, 2] if lead else 0)
        if cost < best_cost:
            best, best_cost = i, cost
    if best >= 0 or lead:
        return best
    if hand_left[1 - seat] <= pp[seat, PP_NEAR_OUT]:
        return _weakest_bomb(moves, n, rules)
    return -1


@njit(cache=True, nogil=True)
def choose_smart(seat, moves, n, lead, c, hand_left, pp, rules, scratch):
    for i in range(n):
        if moves[i, 2] == hand_left[seat]:
            return i
    opp = hand_left[1 - seat]
    urgent = opp <= pp[seat, PP_NEAR_OUT]
    if lead:
        best, best_cost = -1, 1 << 60
        for i in range(n):
            m = moves[i]
            plan = _after_plan(c, m, scratch)
            cost = plan * 1000 + main_order(m) * 10 - m[2]
            if is_bomb(m[0]):
                cost += 100000 if plan > 1 else 0
            elif m[1] == 12 and m[0] <= 3:
                cost += 400  # keep the 2 to win the lead back
            if m[0] == 1 and opp == 1:
                cost += 5000 - 100 * m[1]  # he goes out on any higher single: lead high
            elif m[0] == 2 and opp == 2:
                cost += 3000 - 100 * m[1]
            if cost < best_cost:
                best, best_cost = i, cost
        return best
    plan0 = plan_count(c, scratch[16:32])
    best, best_cost = -1, 1 << 60
    for i in range(n):
        m = moves[i]
        if is_bomb(m[0]):
            continue
        plan = _after_plan(c, m, scratch)
        grow = plan - plan0
        if grow > pp[seat, PP_SLACK] and not urgent:
            continue
        if not urgent and m[1] == 12 and m[0] <= 3 and plan > 2:
            continue
        cost = grow * 1000 + main_order(m) * 10
        if cost < best_cost:
            best, best_cost = i, cost
    if best >= 0:
        return best
    b = _weakest_bomb(moves, n, rules)
    if b >= 0 and (urgent or _after_plan(c, moves[b], scratch) <= 1):
        return b
    return -1


@njit(cache=True, nogil=True)
def gp_choose(policy, seat, moves, n, lead, counts, hand_left, pp, rules, state, scratch):
    """Row of ``moves[:n]`` to play, or -1 to pass (never -1 when leading).

    ``counts[seat, 16]`` rank counts, ``hand_left[2]`` cards held, ``scratch`` int64[SCRATCH_LEN].
    Only ``random`` draws from ``state`` (one ``bounded`` per decision).
    """
    if policy == RANDOM:
        k = bounded(state, n if lead else n + 1)
        return k if k < n else -1
    if policy == GREEDY:
        return choose_greedy(seat, moves, n, lead, hand_left, pp, rules)
    return choose_smart(seat, moves, n, lead, counts[seat], hand_left, pp, rules, scratch)
