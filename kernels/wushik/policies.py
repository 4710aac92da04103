"""五十K players: ``random``, ``greedy`` and ``smart``, as functions of the hand's state
(``kernels.wushik.state``) read from the seat to act's view.

The view of seat ``seat``: its own hand (``st.counts[seat]``), the cards left to every seat
(``st.hand_left``), who made the trick's top play (``gs[GS_TOP_SEAT]``, -1 when leading), the points
on the table (``gs[GS_TRICK_POINTS]``) and the partnership (partners sit opposite). ``st.moves[:n]``
are the legal plays (``kernels.wushik.movegen``); a chooser returns an index into them or -1 to
pass (never -1 when leading). Parameters per seat come in ``st.pp[seat, PP_*]`` (float64) so that
users can study strategy.

* random — uniform over the legal plays, PASS included when following.
* greedy — leads its cheapest whole group (lowest rank, no bomb or 510K), follows with the lowest
  plain play that beats, never beats its partner, spends 510K and bombs only when an opponent is
  about to go out.
* smart — plans the hand (fewest plays to go out), keeps 5/10/K off the table when leading, lets
  its partner's plays stand, fights for tricks holding points, spends a 510K on any trick it cannot
  beat otherwise (``fk_points`` 0; no 510K that takes its 5, 10 or K out of a bomb unless an
  opponent is about to go out: ``fk_keep_bombs``) and bombs by what the trick is worth plus the
  bomb bonus (W-6) a >= 5-card bomb earns, cashes its bonus bombs
  when close to going out, and feeds a partner on one card.
* search — determinized Monte Carlo over the hidden cards (``kernels.wushik.search``); where it
  does not search (a single sensible move, or going out) it plays as smart, with smart's parameters.
"""

from __future__ import annotations

from numba import njit

from kernels.cards import R5, R10, RK
from kernels.climb.loop import GS_TOP_SEAT, GS_TRICK_POINTS
from kernels.climb.plan import NEVER, enemy_min, going_out, greedy_pick, lead_cost, params_for, random_pick, with_search
from kernels.climb.search_params import SEARCH_PARAMS
from kernels.state import borrow_array
from kernels.wushik.movegen import W_BONUS, rank_points, strength
from kernels.wushik.moves import BOMB, FIFTY_K, PAIR, SUIT_FU
from kernels.climb.rankmask import chain_runs, pack_counts, popcount, rank_masks, set_class

RANDOM, GREEDY, SMART, SEARCH = 0, 1, 2, 3
POLICY_NAMES = ("random", "greedy", "smart", "search")

PP_NEAR_OUT = 0  # an opponent with at most this many cards is about to go out
PP_FIGHT_POINTS = 1  # smart breaks its plan to win a trick holding this many points
PP_FK_POINTS = 2  # smart spends a 510K on a trick holding this many points (when no plain play beats it)
# smart: 0 (any trick). Duplicate single hands (seed 13, 5,000 deals, 95% CI): one seat at 0 among
# seats at the old 20 gains +4.0 ± 1.3 points per hand; one seat at 5 among seats at 0 loses
# -2.5 ± 0.9 (seed 11), so it is a better rule, not a best response; with straights +0.8 ± 0.7
# over 5. At 20 the leader's partner's 正510K plays were a significant loss (straights: -18.7).
PP_BOMB_POINTS = 3  # smart bombs a trick worth this many points (table + the bomb's bonus)
PP_CASH_PLAN = 4  # smart leads its >= 5-card bombs when at most this many plays remain
PP_SLACK = 5  # smart follows when its plan grows by at most this many plays
PP_CONFIDENCE = 6  # search: leave smart's choice only for a move ahead by this many standard errors
# smart: 1 = no 510K (unless urgent) that takes a 5, 10 or K from a bomb. Duplicate single hands
# (seed 3, 10,000 deals, 95% CI): one seat without it among smart seats -2.01 ± 0.51 points per
# hand; one seat with it among seats without it +1.88 ± 0.49. (Holding 正510K back for tricks of
# 50+ points, or for urgent ones only, lost 0.5-0.8 per hand over matches, 5,000 deals, instead.)
PP_FK_KEEP_BOMBS = 7
PP_WORLDS, PP_CANDIDATES, PP_ROLLOUT, PP_SEARCH_BIDS = 8, 9, 10, 11  # search (kernels.climb.search_params)
N_PP = 12
HEURISTIC_PARAMS = ("near_out", "fight_points", "fk_points", "bomb_points", "cash_plan", "slack", "confidence",
                    "fk_keep_bombs")
PARAM_ORDER = HEURISTIC_PARAMS + SEARCH_PARAMS  # search_bids: 五十K has no bidding, the value is unused
# confidence 2.0: 1.0 (仙桃千分's) gained nothing significant at 4 worlds here; 2.0 did (match_search)
_UNUSED = dict.fromkeys(HEURISTIC_PARAMS, 0) | {"confidence": 2.0}  # random's; greedy reads near_out only
DEFAULT_PARAMS = with_search({
    "random": _UNUSED, "greedy": _UNUSED | {"near_out": 3},
    "smart": {"near_out": 4, "fight_points": 10, "fk_points": 0, "bomb_points": 30, "cash_plan": 3, "slack": 0,
              "confidence": 2.0, "fk_keep_bombs": 1},
})
assert PARAM_ORDER.index("worlds") == PP_WORLDS and PARAM_ORDER.index("confidence") == PP_CONFIDENCE
assert len(PARAM_ORDER) == N_PP
params_matrix = params_for(DEFAULT_PARAMS, PARAM_ORDER)  # pp[seat, PP_*] from policy names and overrides


@njit(cache=True, nogil=True, inline="always")
def move_points(kind, rank, size, chain):
    """Points on the cards of a play."""
    if kind == FIFTY_K:
        return 25
    per = size // chain
    p = 0
    for r in range(rank - chain + 1, rank + 1):
        p += per * rank_points(r)
    return p


@njit(cache=True, nogil=True)
def plan_masks(m1, m2, m3, m4):
    """Fewest plays to empty a hand given as rank masks (``kernels.climb.rankmask``), a greedy
    split: a bomb per rank held >= 4 times, each run of equal triples / pairs (>= 2 ranks) one
    chain, one play per other rank, and a 510K absorbing lone 5, 10 and K."""
    runs3, cov3 = chain_runs(m3, 2)
    runs2, cov2 = chain_runs(m2, 2)
    plays = popcount(m4) + runs3 + runs2 + popcount(m1 | (m2 & ~cov2) | (m3 & ~cov3))
    fk = (1 << R5) | (1 << R10) | (1 << RK)
    if m1 & fk == fk:
        plays -= 2
    return plays


@njit(cache=True, nogil=True)
def plan_after(packed, m1, m2, m3, m4, kind, rank, size, chain):
    """``plan_masks`` of the hand (``pack_counts`` form and masks m1..m4) after a play: only the
    ranks the play takes are moved. Scalars only."""
    if kind == FIFTY_K:
        for r in (R5, R10, RK):
            m1, m2, m3, m4 = set_class(m1, m2, m3, m4, r, ((packed >> (4 * r)) & 15) - 1)
    else:
        per = size // chain
        for r in range(rank - chain + 1, rank + 1):
            m1, m2, m3, m4 = set_class(m1, m2, m3, m4, r, ((packed >> (4 * r)) & 15) - per)
    return plan_masks(m1, m2, m3, m4)


@njit(cache=True, nogil=True, inline="always")
def _breaks_bomb(c, kind, rank, size, chain):
    """The play takes cards from a rank held >= 4 times without playing them as that bomb."""
    if kind == BOMB:
        return False
    if kind == FIFTY_K:
        return c[R5] >= 4 or c[R10] >= 4 or c[RK] >= 4
    for r in range(rank - chain + 1, rank + 1):
        if c[r] >= 4:
            return True
    return False


@njit(cache=True, nogil=True, inline="always")
def _bonus(size, rules):
    return rules[W_BONUS + size - 5] if size >= 5 else 0


@njit(cache=True, nogil=True, inline="always")
def _greedy_cost(moves, i, args):
    """Greedy's measure (``kernels.climb.plan.greedy_pick``, ``args`` = (lead, counts, rules)): a
    whole group first, then the lowest rank (longer first when leading); bombs and 510K last when
    leading, never when following."""
    kind, rank, size = moves[i, 0], moves[i, 1], moves[i, 2]
    bomb = strength(kind, size, moves[i, 4], args[2]) > 0
    if bomb and not args[0]:
        return NEVER
    broken = kind != FIFTY_K and args[1][rank] != size // moves[i, 5]
    return (100000 if bomb else 0) + (1000 if broken else 0) + rank * 10 - (size if args[0] else 0)


@njit(cache=True, nogil=True, inline="always")
def _bomb_cost(moves, i, args):
    """What spending ``moves[i]`` (a bomb or 510K) costs (``args`` = (lead, counts, rules)): the
    lowest strength, then rank."""
    return strength(moves[i, 0], moves[i, 2], moves[i, 4], args[2]) * 100 + max(moves[i, 1], 0)


@njit(cache=True, nogil=True)
def choose_greedy(moves, n, c, hand_left, gs, pp, rules, seat):
    """Greedy's row of ``moves[:n]``, or -1 to pass: never beats its partner, bombs when an opponent
    is near out."""
    top_seat = gs[GS_TOP_SEAT]
    lead = top_seat < 0
    return greedy_pick(moves, n, lead, hand_left[seat], (top_seat - seat) % 2 == 0,
                       enemy_min(seat, hand_left) <= pp[seat, PP_NEAR_OUT], _greedy_cost, _bomb_cost,
                       (lead, borrow_array(c), borrow_array(rules)))


@njit(cache=True, nogil=True)
def choose_smart(moves, n, c, hand_left, gs, pp, rules, seat):
    top_seat, trick_points = gs[GS_TOP_SEAT], gs[GS_TRICK_POINTS]
    lead = top_seat < 0
    out = going_out(moves, n, hand_left[seat])
    if out >= 0:
        return out
    m1, m2, m3, m4 = rank_masks(c)
    packed = pack_counts(c, 13)
    plan0 = plan_masks(m1, m2, m3, m4)
    enemy = enemy_min(seat, hand_left)
    near = pp[seat, PP_NEAR_OUT]
    if lead:
        feed = hand_left[(seat + 2) % 4] == 1 and enemy > 1  # the partner is on his last card
        best, best_cost = -1, 1 << 60
        for i in range(n):
            kind, rank, size, chain = moves[i, 0], moves[i, 1], moves[i, 2], moves[i, 5]
            s = strength(kind, size, moves[i, 4], rules)
            plan = plan_after(packed, m1, m2, m3, m4, kind, rank, size, chain)
            cost = plan * 1000 + max(rank, 0) * 10 - size + move_points(kind, rank, size, chain) * 8
            if s > 0:
                cashing = kind == BOMB and size >= 5 and plan0 <= pp[seat, PP_CASH_PLAN]
                cost += 0 if cashing else 50000
            elif rank >= 11 and kind <= PAIR:
                cost += 300  # keep aces and 2s to win the lead back
            cost = lead_cost(cost, kind, rank, feed, enemy, 20000, 10000)
            if cost < best_cost:
                best, best_cost = i, cost
        return best
    if (top_seat - seat) % 2 == 0:
        return -1  # let the partner's play stand
    urgent = enemy <= near or hand_left[top_seat] <= near
    fight = urgent or trick_points >= pp[seat, PP_FIGHT_POINTS]
    best, best_cost = -1, 1 << 60
    for i in range(n):
        kind, rank, size, chain = moves[i, 0], moves[i, 1], moves[i, 2], moves[i, 5]
        if strength(kind, size, moves[i, 4], rules) > 0:
            continue
        grow = plan_after(packed, m1, m2, m3, m4, kind, rank, size, chain) - plan0
        if (grow > pp[seat, PP_SLACK] or _breaks_bomb(c, kind, rank, size, chain)) and not fight:
            continue
        if not fight and rank >= 11 and plan0 > 2 and trick_points == 0:
            continue  # no ace or 2 spent on a pointless trick
        cost = grow * 1000 + rank * 10 + (5000 if _breaks_bomb(c, kind, rank, size, chain) else 0)
        if cost < best_cost:
            best, best_cost = i, cost
    if best >= 0:
        return best
    # 510K: 副 before 正; it brings its own 25 points to the table. With fk_keep_bombs, none that
    # takes its 5, 10 or K from a bomb unless urgent (the bombs below may answer instead)
    keep = not urgent and pp[seat, PP_FK_KEEP_BOMBS] > 0 and _breaks_bomb(c, FIFTY_K, -1, 3, 1)
    if (urgent or trick_points >= pp[seat, PP_FK_POINTS]) and not keep:
        for want in (SUIT_FU, 0, 1, 2, 3):
            for i in range(n):
                if moves[i, 0] == FIFTY_K and moves[i, 4] == want:
                    return i
    # bombs: the cheapest one whose trick points plus its own bonus are worth it
    best, best_cost = -1, 1 << 60
    for i in range(n):
        if moves[i, 0] != BOMB:
            continue
        size, rank = moves[i, 2], moves[i, 1]
        worth = trick_points + _bonus(size, rules)
        if not (urgent or worth >= pp[seat, PP_BOMB_POINTS]):
            continue
        cost = size * 100 + rank - _bonus(size, rules) * 3 + (500 if c[rank] > size else 0)  # a split bomb: no bonus
        if cost < best_cost:
            best, best_cost = i, cost
    return best


@njit(cache=True, nogil=True, inline="always")
def choose(policy, moves, n, c, hand_left, gs, pp, rules, rng, seat):
    """Index of the play ``policy`` chooses in ``moves[:n]`` for ``seat`` (own counts ``c``), or -1
    to pass (never -1 when leading). The turn loop calls it with the state's arrays: a call taking
    the whole state costs a reference count per slot, in a turn that does little else."""
    if policy == RANDOM:
        return random_pick(rng, n, gs[GS_TOP_SEAT] < 0)
    if policy == GREEDY:
        return choose_greedy(moves, n, c, hand_left, gs, pp, rules, seat)
    return choose_smart(moves, n, c, hand_left, gs, pp, rules, seat)


@njit(cache=True, nogil=True)
def choose_move(st, seat, n):
    """``choose`` for ``st.policies[seat]`` over ``st.moves[:n]`` (the seat's view in ``st``)."""
    return choose(st.policies[seat], st.moves, n, st.counts[seat], st.hand_left, st.gs, st.pp, st.rules, st.rng, seat)
