"""双扣 players: ``random``, ``greedy`` and ``smart``, from a generated move list and the seat's view.

The view of seat ``seat``: its own hand ``counts[seat]`` (naturals 0..12, 小王 13, 大王 14), the
cards left to every seat (``hand_left``), the trick's top play and who made it (``top_seat``, -1
when leading), the partnership (partners sit opposite: ``(seat + 2) % 4``) and every seat's 相
level so far (``level_now[seat]``: SK-7, from the bombs it has played; the turn loop keeps it).
``moves[:n]`` are the legal plays (``kernels.shuangkou.movegen``); a chooser returns an index or
-1 to pass (never -1 when leading). Parameters per seat come in ``pp[seat, PP_*]``.

* random — uniform over the legal plays, PASS included when following.
* greedy — leads its cheapest whole group without jokers or bombs, follows with the lowest plain
  play that beats (jokers last), never beats its partner, bombs only when an opponent is about
  to go out.
* smart — plans the hand (fewest plays to go out) and keeps its wild jokers for what naturals
  cannot do (``wild_cost`` plays each, ``wild_bomb`` more while it holds a natural bomb the joker
  would raise one 相: it spent one in a plain play so in 24 of the 51 hands of 100 that did, seed
  40; one player at 2 among players at 0 gains +0.18 ± 0.02 B a hand on duplicate deals,
  benchmarks/match_param.py);
  lets its partner's plays stand; beats opponents cheaply; spends bombs by what they
  are worth: the lead when an opponent is close to going out or when it is itself close, and the
  相 a bomb adds — a bomb of >= ``tribute_xiang`` earns tribute from all three others whoever
  wins (SK-8), a bomb raising its level to >= 5相 multiplies the hand (翻倍) if its side wins — so
  it plays its biggest bombs, jokers added, rather than lose them in hand.
* search — determinized Monte Carlo over the hidden cards (``kernels.shuangkou.search``); where it
  does not search (a single sensible move, or going out) it plays as smart, with smart's parameters.
"""

from __future__ import annotations

from numba import njit

from kernels.climb.loop import GS_TOP_SEAT
from kernels.climb.plan import NEVER, enemy_min, going_out, greedy_pick, lead_cost, params_for, random_pick
from kernels.climb.plan import take_straights, with_search
from kernels.climb.search_params import SEARCH_PARAMS
from kernels.shuangkou.movegen import bomb_power, xiang
from kernels.shuangkou.moves import PAIR
from kernels.climb.rankmask import chain_runs, pack_counts, popcount, rank_masks, set_class
from kernels.state import borrow_array

RANDOM, GREEDY, SMART, SEARCH = 0, 1, 2, 3
POLICY_NAMES = ("random", "greedy", "smart", "search")

PP_NEAR_OUT = 0  # an opponent with at most this many cards is about to go out
PP_WILD_COST = 1  # smart: plan plays one wild joker is worth
PP_TRIBUTE_XIANG = 2  # smart plays a bomb reaching this 相 whenever it may (tribute)
PP_CASH_PLAN = 3  # smart leads its big bombs when at most this many plays remain
PP_SLACK = 4  # smart follows when its plan grows by at most this many plays
PP_CONFIDENCE = 5  # search: leave smart's choice only for a move ahead by this many standard errors
PP_WILD_BOMB = 6  # smart: plan plays a wild joker is worth more outside a bomb while a natural bomb is held
PP_WORLDS, PP_CANDIDATES, PP_ROLLOUT, PP_SEARCH_BIDS = 7, 8, 9, 10  # search (kernels.climb.search_params)
N_PP = 11
HEURISTIC_PARAMS = ("near_out", "wild_cost", "tribute_xiang", "cash_plan", "slack", "confidence", "wild_bomb")
PARAM_ORDER = HEURISTIC_PARAMS + SEARCH_PARAMS  # search_bids: 双扣 has no bidding, the value is unused
# confidence 2.0: 1.0 (仙桃千分's) gained nothing significant at 4 worlds here; 2.0 did (match_search)
_UNUSED = dict.fromkeys(HEURISTIC_PARAMS, 0) | {"tribute_xiang": 99, "confidence": 2.0}  # greedy reads near_out
DEFAULT_PARAMS = with_search({
    "random": _UNUSED, "greedy": _UNUSED | {"near_out": 3},
    "smart": {"near_out": 5, "wild_cost": 3.0, "tribute_xiang": 6, "cash_plan": 3, "slack": 1, "wild_bomb": 2.0,
              "confidence": 2.0},
})
assert PARAM_ORDER.index("worlds") == PP_WORLDS and PARAM_ORDER.index("confidence") == PP_CONFIDENCE
assert len(PARAM_ORDER) == N_PP
params_matrix = params_for(DEFAULT_PARAMS, PARAM_ORDER)  # pp[seat, PP_*] from policy names and overrides


@njit(cache=True, nogil=True)
def plan_masks(m1, m2, m3, m4, jokers):
    """Fewest plays to empty a hand given as rank masks (``kernels.climb.rankmask``) and its
    joker count, a greedy split: a bomb per rank held >= 4 times, each run of equal triples /
    pairs of >= 3 ranks one play, up to two straights (a run of >= 5 held ranks swallowing >= 2
    lone cards), one play per other rank, the jokers one play (they join other cards)."""
    runs3, cov3 = chain_runs(m3, 3)
    runs2, cov2 = chain_runs(m2, 3)
    plays = popcount(m4) + runs3 + runs2
    m2 &= ~cov2
    m3 &= ~cov3
    straights, m1, m2, m3 = take_straights(m1, m2, m3, 2)
    plays += straights
    plays += popcount(m1 | m2 | m3)
    if jokers > 0:
        plays += 1
    return plays


@njit(cache=True, nogil=True)
def plan_after(packed, jokers, masks, rank, size, wilds, chain, wildas):
    """``plan_masks`` of the hand (``pack_counts`` form, jokers held, ``masks`` = (m1, m2, m3, m4))
    after a move: only the ranks the move takes are moved. Scalars only."""
    m1, m2, m3, m4 = masks
    if rank < 0 or rank >= 13:
        return plan_masks(m1, m2, m3, m4, jokers - size)
    per = size // chain
    for r in range(rank - chain + 1, rank + 1):
        m1, m2, m3, m4 = set_class(m1, m2, m3, m4, r, ((packed >> (4 * r)) & 15) - per + ((wildas >> (4 * r)) & 15))
    return plan_masks(m1, m2, m3, m4, jokers - wilds)


@njit(cache=True, nogil=True, inline="always")
def _plan_after_move(packed, jokers, masks, moves, i):
    return plan_after(packed, jokers, masks, moves[i, 1], moves[i, 2], moves[i, 3], moves[i, 5], moves[i, 6])


@njit(cache=True, nogil=True, inline="always")
def _greedy_cost(moves, i, args):
    """Greedy's measure (``kernels.climb.plan.greedy_pick``, ``args`` = (lead, counts, rules)):
    leading, no jokers, a whole group, the lowest rank, longer first, bombs last; following, the
    lowest plain play, jokers last."""
    kind, rank, size, wilds, chain = moves[i, 0], moves[i, 1], moves[i, 2], moves[i, 3], moves[i, 5]
    bomb = bomb_power(kind, rank, size, chain, args[2]) > 0
    if not args[0]:
        return NEVER if bomb else wilds * 1000 + rank
    broken = 0 <= rank < 13 and args[1][rank] != size // chain - ((moves[i, 6] >> (4 * rank)) & 15)
    return (100000 if bomb else 0) + wilds * 5000 + (1000 if broken else 0) + rank * 10 - size


@njit(cache=True, nogil=True, inline="always")
def _bomb_cost(moves, i, args):
    """What spending the bomb ``moves[i]`` costs (``args`` = (lead, counts, rules)): the lowest
    power, then fewest jokers."""
    return bomb_power(moves[i, 0], moves[i, 1], moves[i, 2], moves[i, 5], args[2]) * 8 + moves[i, 3]


@njit(cache=True, nogil=True)
def choose_greedy(seat, moves, n, lead, counts, top_seat, hand_left, pp, rules):
    """Greedy's row of ``moves[:n]``, or -1 to pass: never beats its partner, bombs when an opponent
    is near out."""
    return greedy_pick(moves, n, lead, hand_left[seat], (top_seat - seat) % 2 == 0,
                       enemy_min(seat, hand_left) <= pp[seat, PP_NEAR_OUT], _greedy_cost, _bomb_cost,
                       (lead, borrow_array(counts[seat]), borrow_array(rules)))


@njit(cache=True, nogil=True)
def choose_smart(seat, moves, n, lead, counts, top_seat, hand_left, level_now, pp, rules):
    out = going_out(moves, n, hand_left[seat])
    if out >= 0:
        return out
    c = counts[seat]
    masks = rank_masks(c)
    m4 = masks[3]
    packed = pack_counts(c, 13)
    jokers = c[13] + c[14]
    plan0 = plan_masks(masks[0], masks[1], masks[2], m4, jokers)
    enemy = enemy_min(seat, hand_left)
    near = pp[seat, PP_NEAR_OUT]
    wild_cost = pp[seat, PP_WILD_COST]
    # a wild joker added to a natural bomb raises it one 相: worth more there than in a plain play
    plain_wild_cost = wild_cost + (pp[seat, PP_WILD_BOMB] if m4 != 0 else 0.0)
    tribute = pp[seat, PP_TRIBUTE_XIANG]
    partner = (seat + 2) % 4
    if lead:
        feed = hand_left[partner] == 1 and enemy > 1
        best, best_cost = -1, 1e18
        for i in range(n):
            kind, rank, size, wilds, chain = moves[i, 0], moves[i, 1], moves[i, 2], moves[i, 3], moves[i, 5]
            x = xiang(kind, size, chain, rules)
            plan = _plan_after_move(packed, jokers, masks, moves, i)
            bomb = bomb_power(kind, rank, size, chain, rules) > 0
            cost = (plan + wilds * (wild_cost if bomb else plain_wild_cost)) * 1000.0 + max(rank, 0) * 10 - size
            if bomb:
                cashing = x >= tribute and x > level_now[seat] and plan0 <= pp[seat, PP_CASH_PLAN]
                cost += -50000.0 if cashing else 50000.0
            elif rank >= 12 and kind <= PAIR:
                cost += 400  # keep 2s and jokers to win the lead back
            cost = lead_cost(cost, kind, rank, feed, enemy, 20000, 10000)
            if cost < best_cost:
                best, best_cost = i, cost
        return best
    if (top_seat - seat) % 2 == 0:
        return -1  # let the partner's play stand
    urgent = enemy <= near or hand_left[top_seat] <= near
    best, best_cost = -1, 1e18
    for i in range(n):
        kind, rank, size, wilds, chain = moves[i, 0], moves[i, 1], moves[i, 2], moves[i, 3], moves[i, 5]
        if bomb_power(kind, rank, size, chain, rules) > 0:
            continue
        grow = _plan_after_move(packed, jokers, masks, moves, i) - plan0 + wilds * plain_wild_cost
        if grow > pp[seat, PP_SLACK] and not urgent:
            continue
        cost = grow * 1000 + rank * 10
        if cost < best_cost:
            best, best_cost = i, cost
    if best >= 0:
        return best
    # bombs: what the 相 adds (tribute, 翻倍) and what the lead is worth
    best, best_value = -1, -1e18
    for i in range(n):
        kind, rank, size, wilds, chain = moves[i, 0], moves[i, 1], moves[i, 2], moves[i, 3], moves[i, 5]
        power = bomb_power(kind, rank, size, chain, rules)
        if power == 0:
            continue
        x = xiang(kind, size, chain, rules)
        value = 0.0
        if x >= tribute and x > level_now[seat]:
            value += 10.0 * (x - max(level_now[seat], tribute - 1))
        if x >= 5 and x > level_now[seat] and x > level_now[partner]:
            value += 2.0
        if urgent or _plan_after_move(packed, jokers, masks, moves, i) <= 1:  # the lead, or going out next
            value += 5.0
        if value <= 0:
            continue
        value -= power * 1e-4 + wilds * 0.5
        if value > best_value:
            best, best_value = i, value
    return best


@njit(cache=True, nogil=True, inline="always")
def choose_move(st, seat, n):
    """Index of the play ``seat``'s player (``st.policies[seat]``) chooses in ``st.moves[:n]``, or -1 to
    pass (never -1 when leading); the view is the state's (``kernels.shuangkou.state``). Inlined:
    it runs every turn, and a call passing ``st`` pays a reference count per slot."""
    top_seat = st.gs[GS_TOP_SEAT]
    lead = top_seat < 0
    policy = st.policies[seat]
    if policy == RANDOM:
        return random_pick(st.rng, n, lead)
    if policy == GREEDY:
        return choose_greedy(seat, st.moves, n, lead, st.counts, top_seat, st.hand_left, st.pp, st.rules)
    return choose_smart(seat, st.moves, n, lead, st.counts, top_seat, st.hand_left, st.level_now, st.pp, st.rules)
