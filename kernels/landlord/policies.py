"""Players of the landlord family: ``random``, ``greedy``, ``smart`` and ``search``.

A player sees its own rank counts, every seat's card count, the trick's top play and who the
landlord is (farmers are partners). Parameters per seat come in ``pp[seat, PP_*]`` (float64).

* random — uniform over every legal action: bids (pass + each higher bid), 抢/不抢, 明牌 or not,
  and every legal move with PASS included when following (OpenSpiel's uniform random bot).
* greedy — bids from hand strength; leads its lowest play (longer first), follows with the
  lowest play that beats, never beats a farmer partner, bombs only when an opponent is about to
  go out.
* smart — plans the hand into the fewest plays (``plan_count``: bombs, rocket, straights, pair
  chains, airplanes, trios absorbing kickers) and plays what keeps that plan shortest; farmers
  cooperate (never beat the partner, lead low singles to a partner on one card); bombs when an
  opponent is close or when it is close to going out, and (``lord_bombs``, ``farmer_bombs``) for
  the lead while it holds enough bombs; never breaks a bomb for a lesser play (``keep_bombs``);
  bids, 抢 and 明牌 from hand strength.
* search — determinized Monte Carlo over the hidden cards at its play decisions
  (``kernels.landlord.search``) and, with ``search_bids``, at its bids and declarations
  (``kernels.landlord.search_bids``); where it does not search (one sensible move, or
  ``search_bids = 0``) it plays and bids as smart.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.climb.loop import GS_LONE_SEAT, GS_TOP_SEAT
from kernels.climb.plan import NEVER, cheapest, enemy_min, going_out, greedy_pick, lead_cost, params_for, take_straights
from kernels.climb.plan import with_search
from kernels.climb.rankmask import chain_runs, popcount, rank_masks
from kernels.climb.search_params import SEARCH_PARAMS
from kernels.landlord.movegen import LL_MAX_BID, bomb_order, is_bomb_class, ll_generate, ll_move_counts, main_order
from kernels.rng import bounded
from kernels.state import borrow_array

RANDOM, GREEDY, SMART, SEARCH = 0, 1, 2, 3
POLICY_NAMES = ("random", "greedy", "smart", "search")

# pp[seat, PP_*] columns (PARAM_ORDER):
#   PP_BID1..3       bid 1, 2, 3 when hand strength >= this
#   PP_QIANG         抢地主 when strength >= this
#   PP_MINGPAI       明牌 when the landlord's strength (with the kitty) >= this
#   PP_NEAR_OUT      an opponent with at most this many cards is about to go out
#   PP_SLACK         smart follows when its plan grows by at most this many plays
#   PP_SPRING_GUARD  smart farmer: no farmer has played yet (a 春天 looms) and the landlord holds at most this
#                    many cards: beat him at any cost, a bomb included (0: never)
#   PP_CONFIDENCE    search: leave smart's answer only for one ahead by this many standard errors
#   PP_LORD_BOMBS    smart landlord with no other answer to a farmer's play bombs while holding at least this
#                    many bombs (99: only when urgent, as a farmer)
#   PP_KEEP_BOMBS    smart: 1 = keep bombs whole: no non-bomb play breaks one (unless urgent), a bomb plays its
#                    whole rank (a 7张 as one 7-card bomb)
#   PP_FARMER_BOMBS  smart farmer with no other answer to the landlord's play bombs while holding at least this
#                    many bombs (99: only when urgent)
#   then the search's (kernels.climb.search.SEARCH_PARAMS)
(PP_BID1, PP_BID2, PP_BID3, PP_QIANG, PP_MINGPAI, PP_NEAR_OUT, PP_SLACK, PP_SPRING_GUARD, PP_CONFIDENCE, PP_LORD_BOMBS,
 PP_KEEP_BOMBS, PP_FARMER_BOMBS, PP_WORLDS, PP_CANDIDATES, PP_ROLLOUT, PP_SEARCH_BIDS) = range(16)
N_PP = 16
HEURISTIC_PARAMS = ("bid1", "bid2", "bid3", "qiang", "mingpai", "near_out", "slack", "spring_guard", "confidence",
                    "lord_bombs", "keep_bombs", "farmer_bombs")
PARAM_ORDER = HEURISTIC_PARAMS + SEARCH_PARAMS
DEFAULT_PARAMS = with_search({
    "random": {"bid1": 0, "bid2": 0, "bid3": 0, "qiang": 0, "mingpai": 0, "near_out": 0, "slack": 0,
               "spring_guard": 0, "confidence": 1.0, "lord_bombs": 99, "keep_bombs": 0, "farmer_bombs": 99},
    "greedy": {"bid1": 5.0, "bid2": 7.0, "bid3": 9.0, "qiang": 9.0, "mingpai": 13.0, "near_out": 2, "slack": 0,
               "spring_guard": 0, "confidence": 1.0, "lord_bombs": 99, "keep_bombs": 0, "farmer_bombs": 99},
    "smart": {"bid1": 5.0, "bid2": 7.0, "bid3": 8.5, "qiang": 9.0, "mingpai": 12.0, "near_out": 3, "slack": 0,
              "spring_guard": 99, "confidence": 1.0, "lord_bombs": 2, "keep_bombs": 1, "farmer_bombs": 99},
})
assert PARAM_ORDER.index("worlds") == PP_WORLDS and len(PARAM_ORDER) == N_PP
params_matrix = params_for(DEFAULT_PARAMS, PARAM_ORDER)  # pp[seat, PP_*] from policy names and overrides


@njit(cache=True, nogil=True)
def plan_count(c):
    """Fewest plays to empty rank counts ``c`` (a greedy decomposition): the jokers as one play
    when both are held, each bomb, up to three straights (``kernels.climb.plan.take_straights``),
    each pair chain (3+) and trio chain (2+) within 3..A, then what is left, trios (an airplane's
    extra trios too) absorbing singles and pairs as kickers."""
    sj, bj = c[13], c[14]
    plays = 0
    if sj >= 1 and bj >= 1:  # 火箭 / 天王炸 / joker pairs: one play for the jokers
        plays += 1
        sj, bj = 0, 0
    m1, m2, m3, m4 = rank_masks(c)
    straights, m1, m2, m3 = take_straights(m1, m2, m3, 3)
    pair_chains, pairs_taken = chain_runs(m2, 3)
    trio_chains, trios_taken = chain_runs(m3, 2)
    trios = popcount(trios_taken) - trio_chains  # an airplane's trios beyond the first of each
    plays += popcount(m4) + straights + pair_chains + trio_chains
    n1 = popcount(m1) + (sj == 1) + (bj == 1)
    n2 = popcount(m2 & ~pairs_taken) + (sj == 2) + (bj == 2)
    n3 = popcount(m3 & ~trios_taken)
    absorb = min(n3 + trios, n1 + n2)
    return plays + n3 + n1 + n2 - absorb


@njit(cache=True, nogil=True)
def bombs_held(c):
    """Bombs in rank counts ``c``: ranks held 4+ times, plus one for the jokers when both a 小王 and a
    大王 are held (a rocket, or part of 天王炸)."""
    k = 1 if (c[13] >= 1 and c[14] >= 1) else 0
    for r in range(13):
        if c[r] >= 4:
            k += 1
    return k


@njit(cache=True, nogil=True)
def hand_strength(c):
    """Bidding strength of rank counts: jokers, 2s, aces, bombs, and few plays to go out."""
    s = 3.0 * min(c[14], 1) + 2.0 * min(c[13], 1) + 1.5 * c[12] + 0.5 * c[11] + 3.0 * bombs_held(c)
    return s - 1.0 if c[13] >= 1 and c[14] >= 1 else s  # both jokers add 2, not a bomb's 3


@njit(cache=True, nogil=True)
def choose_bid(policy, seat, c, highest, pp, rules, state):
    """0 = pass, else a bid above ``highest``."""
    max_bid = rules[LL_MAX_BID]
    if policy == RANDOM:
        k = bounded(state, 1 + max_bid - highest)
        return 0 if k == 0 else highest + k
    s = hand_strength(c)
    want = 0
    for b in range(1, 4):  # the highest bid whose threshold (PP_BID1..3) the hand reaches
        if s >= pp[seat, PP_BID1 + b - 1]:
            want = b
    want = min(want, max_bid)
    return want if want > highest else 0


@njit(cache=True, nogil=True, inline="always")
def random_move(c, top, rules, moves, work, rng, may_pass):
    """The uniform random player's play: ``bounded(rng, n + may_pass)`` over the ``n`` moves of
    ``ll_generate``'s list (one more for PASS when following); the move drawn is written to
    ``moves[0]`` (0 returned), or -1 for PASS. Lazy (``ll_generate`` with ``want``: count, draw,
    build only the move drawn): the same draw as over the full list, without listing it. (This loop
    is inlined into the turn loop; ``ll_generate`` is a call of its own, compiled once: its
    arguments' reference counts cost the random player 0–2% side by side, and inlining it cost 6
    CPU-s of compile.)"""
    want = np.int64(-2)
    while True:  # count, then build the move drawn
        n = ll_generate(c, top, rules, moves, work, want)
        if want >= 0:
            return np.int64(0)
        want = bounded(rng, n + may_pass)
        if want >= n:
            return np.int64(-1)


@njit(cache=True, nogil=True)
def _friend(a, b, landlord):
    return a == b or (a != landlord and b != landlord)


@njit(cache=True, nogil=True, inline="always")
def _bomb_cost(moves, i, args):
    """What spending ``moves[i]`` costs as a bomb (``NEVER``: no bomb-class move; ``args`` = (lead,
    counts, whole)): the beat order ``bomb_order`` (smaller bombs first, then lower ranks; the rocket
    and 天王炸 last); with ``whole``, one that plays every card of its rank of the counts first (a
    7张 as a 7-card bomb, not 4 + 3)."""
    if not is_bomb_class(moves[i, 0]):
        return NEVER
    split = args[2] and moves[i, 0] == 4 and moves[i, 2] < args[1][moves[i, 1]]
    return bomb_order(moves[i, 0], moves[i, 1], moves[i, 2]) + (1 << 50 if split else 0)


@njit(cache=True, nogil=True, inline="always")
def _greedy_cost(moves, i, args):
    """Greedy's measure (``kernels.climb.plan.greedy_pick``, ``args`` = (lead, ...)): leading, the
    lowest play, longer first, bombs last; following, the lowest non-bomb that beats."""
    bomb = is_bomb_class(moves[i, 0])
    if args[0]:
        return (1 << 40 if bomb else 0) + main_order(moves[i, 0], moves[i, 1]) * 100 - moves[i, 2]
    return NEVER if bomb else main_order(moves[i, 0], moves[i, 1]) * 1000 + moves[i, 6] % 1000


@njit(cache=True, nogil=True)
def greedy_move(seat, moves, n, hand_left, gs, pp):
    """greedy's move of ``moves[:n]`` for ``seat`` (-1: pass), over the state's arrays (a call taking
    the state costs a reference count per slot): never beats a partner, bombs when an opponent is
    near out."""
    top_seat, landlord = gs[GS_TOP_SEAT], gs[GS_LONE_SEAT]
    lead = top_seat < 0
    near = enemy_min(seat, hand_left, landlord) <= pp[seat, PP_NEAR_OUT]
    return greedy_pick(moves, n, lead, hand_left[seat], _friend(seat, top_seat, landlord), near, _greedy_cost,
                       _bomb_cost, (lead, borrow_array(hand_left), False))  # (counts: read only for whole bombs)


@njit(cache=True, nogil=True)
def _after_plan(c, moves, i, scratch):
    """plan_count of the hand after playing ``moves[i]`` (left in scratch[0:15])."""
    left = scratch[0:15]
    ll_move_counts(moves[i], left)
    for r in range(15):
        left[r] = c[r] - left[r]
    return plan_count(left)


@njit(cache=True, nogil=True)
def _broke_bomb(c, scratch):
    """Whether the hand left by the last ``_after_plan`` (in ``scratch[0:15]``) lost cards of a bomb."""
    for r in range(13):
        if c[r] >= 4 and scratch[r] < c[r]:
            return True
    return False


@njit(cache=True, nogil=True)
def _spring_looms(hand_left, landlord, hand_size):
    """No farmer has played a card yet: if the landlord goes out now, it is a 春天."""
    for s in range(hand_left.shape[0]):
        if s != landlord and hand_left[s] != hand_size:
            return False
    return True


@njit(cache=True, nogil=True)
def smart_move(seat, moves, n, counts, hand_left, gs, pp, scratch, hand_size):
    """smart's move of ``moves[:n]`` for ``seat`` (-1: pass), over the state's arrays (as
    ``greedy_move``)."""
    top_seat, landlord = gs[GS_TOP_SEAT], gs[GS_LONE_SEAT]
    lead = top_seat < 0
    c = counts[seat]
    out = going_out(moves, n, hand_left[seat])
    if out >= 0:
        return out
    enemy = enemy_min(seat, hand_left, landlord)  # (no seat is out before the hand ends)
    near = pp[seat, PP_NEAR_OUT]
    keep = pp[seat, PP_KEEP_BOMBS] > 0
    if lead:
        nxt = (seat + 1) % hand_left.shape[0]  # a farmer partner (the next farmer) on one card: feed him a low single
        partner_low = seat != landlord and nxt != landlord and hand_left[nxt] == 1
        best, best_cost = -1, 1 << 60
        for i in range(n):
            kind, rank, size = moves[i, 0], moves[i, 1], moves[i, 2]
            plan = _after_plan(c, moves, i, scratch)
            cost = plan * 1000 + main_order(kind, rank) * 10 - size
            if is_bomb_class(kind):
                cost += 100000 if plan > 1 else 0
            elif keep and _broke_bomb(c, scratch):
                cost += 50000
            elif rank >= 12 and kind <= 3:
                cost += 400  # keep 2s and jokers to win the lead back
            cost = lead_cost(cost, kind, rank, partner_low, enemy, 5000, 3000)  # no low single to one card
            if cost < best_cost:
                best, best_cost = i, cost
        return best
    if _friend(seat, top_seat, landlord):
        return -1
    plan0 = plan_count(c)
    urgent = enemy <= near or hand_left[top_seat] <= near
    if (seat != landlord and top_seat == landlord and hand_left[landlord] <= pp[seat, PP_SPRING_GUARD]
            and _spring_looms(hand_left, landlord, hand_size)):
        urgent = True
    best, best_cost = -1, 1 << 60
    for i in range(n):
        kind, rank = moves[i, 0], moves[i, 1]
        if is_bomb_class(kind):
            continue
        plan = _after_plan(c, moves, i, scratch)
        grow = plan - plan0
        if grow > pp[seat, PP_SLACK] and not urgent:
            continue
        if keep and not urgent and _broke_bomb(c, scratch):
            continue
        if not urgent and rank >= 12 and kind <= 3 and plan > 2 and seat != landlord and top_seat != landlord:
            continue
        cost = grow * 1000 + main_order(kind, rank) * 10
        if cost < best_cost:
            best, best_cost = i, cost
    if best >= 0:
        return best
    b = cheapest(moves, n, _bomb_cost, (lead, c, keep))
    if b >= 0 and (urgent or _after_plan(c, moves, b, scratch) <= 1
                   or (seat == landlord and bombs_held(c) >= pp[seat, PP_LORD_BOMBS])
                   or (seat != landlord and top_seat == landlord and bombs_held(c) >= pp[seat, PP_FARMER_BOMBS])):
        return b
    return -1
