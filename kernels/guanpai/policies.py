"""关牌 players: ``random``, ``greedy`` and ``smart``, as functions of the generated move list.

A player sees its own rank counts, both players' card counts and the trick's top play; the turn
calls ``gp_choose`` on the hand's state (``kernels.guanpai.state``) with the moves
``kernels.guanpai.movegen.gp_generate`` listed in ``st.moves`` (PASS not among them) and gets a
row index back, or -1 to pass (never -1 when leading). Parameters per seat
come in ``pp[seat, PP_*]`` (float64).

* random — uniform over the legal moves, PASS included when following.
* greedy — goes out when one play empties the hand; leads its lowest play (longest first);
  follows with the lowest non-bomb that beats; bombs only when the opponent is near out.
* smart — plans the hand into the fewest plays (``plan_after``: bombs, straights that swallow
  singles, 姐妹对 and 三连, trios taking pairs, fours taking a pair and a single) and plays what
  keeps that plan shortest; keeps 2s and bombs for control; against an opponent on one or two
  cards it leads what he cannot match and beats whatever he plays. It answers with any non-bomb
  while the opponent holds at most ``guard`` cards (99: always): a pass gives him the lead, and
  kept to its plan it let him lead out 4–6 cards in 53 of 600 hands; on duplicate deals the
  answering smart beats the planning one by 1.42 ± 0.04 B a hand (benchmarks/match_param.py).
* search — determinized Monte Carlo over the opponent's hidden hand (``kernels.guanpai.search``);
  where it does not search (one sensible move, or going out) it plays as smart, with smart's
  parameters.
"""

from __future__ import annotations

from numba import njit

from kernels.climb.plan import NEVER, cheapest, going_out, greedy_pick, lead_cost, params_for, random_pick
from kernels.climb.plan import take_straights, with_search
from kernels.climb.rankmask import chain_runs, pack_counts, popcount
from kernels.climb.search_params import SEARCH_PARAMS
from kernels.guanpai.movegen import is_bomb, order_of
from kernels.guanpai.moves import THREE_BOMB
from kernels.guanpai.rulevec import GP_TCB_HIGH
from kernels.state import borrow_array

RANDOM, GREEDY, SMART, SEARCH = 0, 1, 2, 3
POLICY_NAMES = ("random", "greedy", "smart", "search")

PP_NEAR_OUT = 0  # the opponent with at most this many cards is about to go out
PP_SLACK = 1  # smart follows when its plan grows by at most this many plays
PP_CONFIDENCE = 2  # search: leave smart's choice only for a move ahead by this many standard errors
PP_GUARD = 3  # smart answers with any non-bomb while the opponent holds <= this many (a pass gives him the lead)
PP_WORLDS, PP_CANDIDATES, PP_ROLLOUT, PP_SEARCH_BIDS = 4, 5, 6, 7  # kernels.climb.search_params (no bids here)
N_PP = 8
HEURISTIC_PARAMS = ("near_out", "slack", "confidence", "guard")
PARAM_ORDER = HEURISTIC_PARAMS + SEARCH_PARAMS
DEFAULT_PARAMS = with_search({
    "random": {"near_out": 0, "slack": 0, "confidence": 1.0, "guard": 0},
    "greedy": {"near_out": 2, "slack": 0, "confidence": 1.0, "guard": 0},
    "smart": {"near_out": 3, "slack": 0, "confidence": 1.0, "guard": 99},
})
assert PARAM_ORDER.index("worlds") == PP_WORLDS and len(PARAM_ORDER) == N_PP
SCRATCH_LEN = 48
params_matrix = params_for(DEFAULT_PARAMS, PARAM_ORDER)  # pp[seat, PP_*] from policy names and overrides


_NIBBLE_LOW = 0x1111111111111  # the low bit of each of 13 packed rank counts


@njit(cache=True, nogil=True, inline="always")
def _nibble_bits(x):
    """Bit r of the result = bit 4r of ``x`` (13 ranks): packed-count bits to a rank mask."""
    x &= _NIBBLE_LOW
    x = (x | (x >> 3)) & 0x0303030303030303
    x = (x | (x >> 6)) & 0x000F000F000F000F
    x = (x | (x >> 12)) & 0x000000FF000000FF
    return (x | (x >> 24)) & 0xFFFF


@njit(cache=True, nogil=True)
def plan_after(hand, cards):
    """Fewest plays to empty the packed rank counts ``hand`` (``kernels.climb.rankmask.pack_counts``
    of 13 ranks) less the packed counts ``cards`` (a move's cards field; 0 for the hand itself),
    by a greedy decomposition over rank bitmasks (``kernels.climb.rankmask``).

    Fours first (a bomb each), then up to three straights on 3..A that swallow at least two
    singles (skipped at once when no five ranks in a row are held), then 姐妹对 / 三连 (runs of
    two or more ranks held exactly twice / three times), then trios taking pairs (三带二), bombs
    taking a single, and what is left one play per rank. This runs for every candidate play of
    every smart decision: the rank-by-rank twin is ``tests/reference/guanpai_plan.py``."""
    left = hand - cards  # no borrow: a move takes at most what each rank holds
    b0, b1, m4 = _nibble_bits(left), _nibble_bits(left >> 1), _nibble_bits(left >> 2)  # counts are <= 4
    m1, m2, m3 = b0 & ~b1, b1 & ~b0, b0 & b1
    fours = popcount(m4)
    plays = fours
    straights, m1, m2, m3 = take_straights(m1, m2, m3, 3)  # that swallow at least two singles each
    plays += straights
    runs2, cov2 = chain_runs(m2, 2)  # 姐妹对 / 三连: runs of >= 2 equal counts 2 or 3, one play each
    runs3, cov3 = chain_runs(m3, 2)
    m2 &= ~cov2
    m3 &= ~cov3
    n1, n2, n3 = popcount(m1), popcount(m2), popcount(m3)
    a = min(n3, n2)  # 三带二
    b = min(fours, n1)  # a bomb takes a single
    return plays + runs2 + runs3 + n3 + (n2 - a) + (n1 - b)


@njit(cache=True, nogil=True, inline="always")
def _bomb_cost(moves, i, args):
    """What spending the bomb ``moves[i]`` costs (``NEVER``: no bomb; ``args`` = (lead, rules)): a low
    rank, and keep the single when it can; the 3Q bomb is the cheapest, three As the dearest."""
    if not is_bomb(moves[i, 0]):
        return NEVER
    if moves[i, 0] == THREE_BOMB:
        return -100 if args[1][GP_TCB_HIGH] == 0 else 1000
    return moves[i, 1] * 10 + moves[i, 2]


@njit(cache=True, nogil=True, inline="always")
def _greedy_cost(moves, i, args):
    """Greedy's measure (``kernels.climb.plan.greedy_pick``, ``args`` = (lead, rules)): the lowest
    play, longest first and bombs last when leading; the lowest non-bomb when following."""
    lead, bomb = args[0], is_bomb(moves[i, 0])
    if bomb and not lead:
        return NEVER
    return (1 << 40 if bomb else 0) + order_of(moves[i, 0], moves[i, 1]) * 100 - (moves[i, 2] if lead else 0)


@njit(cache=True, nogil=True)
def choose_greedy(seat, moves, n, lead, hand_left, pp, rules):
    """Greedy's row of ``moves[:n]``, or -1 to pass; bombs when the opponent is near out."""
    return greedy_pick(moves, n, lead, hand_left[seat], False, hand_left[1 - seat] <= pp[seat, PP_NEAR_OUT],
                       _greedy_cost, _bomb_cost, (lead, borrow_array(rules)))


@njit(cache=True, nogil=True)
def choose_smart(seat, moves, n, lead, c, hand_left, pp, rules):
    hand = pack_counts(c, 13)
    out = going_out(moves, n, hand_left[seat])
    if out >= 0:
        return out
    opp = hand_left[1 - seat]
    urgent = opp <= pp[seat, PP_NEAR_OUT]
    if lead:
        best, best_cost = -1, 1 << 60
        for i in range(n):
            kind, rank, size = moves[i, 0], moves[i, 1], moves[i, 2]
            plan = plan_after(hand, moves[i, 6])
            cost = plan * 1000 + order_of(kind, rank) * 10 - size
            if is_bomb(kind):
                cost += 100000 if plan > 1 else 0
            elif rank == 12 and kind <= 3:
                cost += 400  # keep the 2 to win the lead back
            cost = lead_cost(cost, kind, rank, False, opp, 5000, 3000)  # he goes out on any higher single: lead high
            if cost < best_cost:
                best, best_cost = i, cost
        return best
    plan0 = plan_after(hand, 0)
    guard = urgent or opp <= pp[seat, PP_GUARD]  # a pass hands him the lead: he may lead out in one play
    best, best_cost = -1, 1 << 60
    for i in range(n):
        kind, rank = moves[i, 0], moves[i, 1]
        if is_bomb(kind):
            continue
        plan = plan_after(hand, moves[i, 6])
        grow = plan - plan0
        if grow > pp[seat, PP_SLACK] and not guard:
            continue
        if not guard and rank == 12 and kind <= 3 and plan > 2:
            continue
        cost = grow * 1000 + order_of(kind, rank) * 10
        if cost < best_cost:
            best, best_cost = i, cost
    if best >= 0:
        return best
    b = cheapest(moves, n, _bomb_cost, (lead, rules))
    if b >= 0 and (urgent or plan_after(hand, moves[b, 6]) <= 1):
        return b
    return -1


@njit(cache=True, nogil=True)
def gp_choose(st, seat, n, lead):
    """Row of ``st.moves[:n]`` that ``seat`` plays (its player ``st.policies[seat]``), or -1 to
    pass (never -1 when leading). Reads the seat's ``counts``, both ``hand_left`` and its ``pp``
    row; only ``random`` draws from ``st.rng`` (one ``bounded`` per decision with a choice)."""
    if n == 0 and not lead:
        return -1  # nothing beats the top: every player passes (random draws nothing)
    policy = st.policies[seat]
    if policy == RANDOM:
        return random_pick(st.rng, n, lead)
    if policy == GREEDY:
        return choose_greedy(seat, st.moves, n, lead, st.hand_left, st.pp, st.rules)
    return choose_smart(seat, st.moves, n, lead, st.counts[seat], st.hand_left, st.pp, st.rules)
