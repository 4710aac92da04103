"""Heuristic players for the 仙桃千分 family: ``random``, ``greedy`` and ``smart``.

A policy sees only what its seat may know: its own hand encoding, every seat's card count,
the trick so far, and who it knows to be friend or foe (``relation``). Parameters per seat come
in ``pp[seat, PP_*]`` (float64) so that users can study strategy (``--policy-param``).

* random — uniform over every legal move, PASS included when following; 硬牌 with ``hard_prob``.
* greedy — leads its lowest whole group, follows with the smallest move that beats, keeps bombs
  unless an opponent is about to go out, never beats a known partner; 硬牌 from hand strength
  with a high default threshold.
* search — determinized Monte Carlo over the hidden cards (``kernels.xiantao.search``); where it
  does not search (a single sensible move) it plays as smart, with smart's parameters.
* smart — also plans the hand (fewest plays to go out), fights for tricks holding points, bombs
  by the trick's value, protects a known partner, reveals the call card when its team needs the
  接风, declares 硬牌 from hand strength, and against a 硬牌家 beats every trick he tops.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.climb.loop import GS_TOP_SEAT, GS_TRICK_POINTS
from kernels.climb.plan import NEVER, cheapest, going_out, params_for, random_pick, with_search
from kernels.climb.search_params import SEARCH_PARAMS
from kernels.xiantao.ladder import bomb_level
from kernels.climb.moves import F_KIND, F_RANK, F_SIZE, F_SUIT, F_WILDS, FIFTY_K, JOKER_BOMB
from kernels.xiantao.movegen import LEVEL_TABLE, R_JOKER_BOMB
from kernels.rng import bounded
from kernels.state import borrow_array

RANDOM, GREEDY, SMART, SEARCH = 0, 1, 2, 3
POLICY_NAMES = ("random", "greedy", "smart", "search")

# policy parameters, pp[seat, PP_*] in PARAM_ORDER:
# hard_threshold  declare 硬牌 when hand strength >= this
#   smart: 26. Once the three defend as ``hard_defence`` does, the 硬牌家 goes out first in 48% of the
#   hands smart used to declare at 20 (73% against the old defence); on duplicate deals (seed 5,
#   10,000 deals) one seat at 23, 26, 30 or never among seats at 20 gains +0.004-0.005 ± 0.002 a hand,
#   and among seats at 26 neither 23 (-0.001 ± 0.001) nor never (+0.000 ± 0.001) does better.
# bomb_points     smart bombs a trick worth at least this many points
# near_out        a player with at most this many cards is "about to go out"
# fight_points    smart breaks groups / spends wilds for tricks worth this much
# reveal_cards    smart partner reveals when he or 庄家 holds at most this many cards
# hard_prob       random: probability of declaring 硬牌
# keep_big        smart: 1 = a 7张/8张 group is never split; it goes out whole, as a hard 7/8
# spare_bombs     smart bombs any play it cannot otherwise beat while it holds this many bombs (99: never)
# confidence      search: leave smart's choice only for a move ahead by this many standard errors
# hard_defence    smart: 1 = against a 硬牌家, beat every trick he tops (breaking groups, wilds, bombs)
#   — points do not matter in 硬牌, only stopping him going out first. Same declarer (seat 0 smart at
#   hard_threshold 14, seed 21, 73 hands): he went out first in 73% against the old smart defence, 48%
#   against this one, 42% against three search players.
# then the search's (kernels.climb.search_params SEARCH_PARAMS)
HEURISTIC_PARAMS = ("hard_threshold", "bomb_points", "near_out", "fight_points", "reveal_cards", "hard_prob", "keep_big",
                    "spare_bombs", "confidence", "hard_defence")
PARAM_ORDER = HEURISTIC_PARAMS + SEARCH_PARAMS
N_PP = len(PARAM_ORDER)
(PP_HARD_THRESHOLD, PP_BOMB_POINTS, PP_NEAR_OUT, PP_FIGHT_POINTS, PP_REVEAL_CARDS, PP_HARD_PROB, PP_KEEP_BIG,
 PP_SPARE_BOMBS, PP_CONFIDENCE, PP_HARD_DEFENCE, PP_WORLDS, PP_CANDIDATES, PP_ROLLOUT, PP_SEARCH_BIDS) = range(N_PP)
DEFAULT_PARAMS = with_search({
    "random": {"hard_threshold": 1e9, "bomb_points": 0, "near_out": 0, "fight_points": 0, "reveal_cards": 0, "hard_prob": 0.5,
               "keep_big": 0, "spare_bombs": 99, "confidence": 1.0, "hard_defence": 0},
    "greedy": {"hard_threshold": 30.0, "bomb_points": 0, "near_out": 4, "fight_points": 0, "reveal_cards": 0, "hard_prob": 0,
               "keep_big": 0, "spare_bombs": 99, "confidence": 1.0, "hard_defence": 0},
    "smart": {"hard_threshold": 26.0, "bomb_points": 35, "near_out": 5, "fight_points": 15, "reveal_cards": 8, "hard_prob": 0,
              "keep_big": 1, "spare_bombs": 99, "confidence": 1.0, "hard_defence": 1},
})  # search: its own heuristic steps and rollouts play as smart
assert PARAM_ORDER[PP_WORLDS] == "worlds" and PARAM_ORDER[PP_HARD_DEFENCE] == "hard_defence"
params_matrix = params_for(DEFAULT_PARAMS, PARAM_ORDER)  # pp[seat, PP_*] from policy names and overrides

FRIEND, FOE, UNKNOWN = 1, 0, -1


@njit(cache=True, nogil=True)
def plan_count(counts, seat, joker_bomb):
    """Fewest plays to go out: one per rank held (wilds join a group), 王炸 as one play."""
    n = 0
    for r in range(13):
        if counts[seat, r] > 0:
            n += 1
    jokers = (1 if counts[seat, 13] > 0 else 0) + (1 if counts[seat, 14] > 0 else 0)
    n += 1 if jokers == 2 and joker_bomb else jokers  # 王炸 is one play
    if n == 0 and counts[seat, 15] > 0:
        n = 1
    return n


@njit(cache=True, nogil=True)
def bomb_groups(counts, seat, joker_bomb):
    """Bombs the seat holds without wilds: ranks held 4+ times, and 王炸."""
    n = 0
    for r in range(13):
        if counts[seat, r] >= 4:
            n += 1
    if joker_bomb and counts[seat, 13] > 0 and counts[seat, 14] > 0:
        n += 1
    return n


@njit(cache=True, nogil=True)
def hand_strength(counts, seat, joker_bomb):
    """A rough score of a 27-card hand's power to go out first (for 硬牌)."""
    c = counts
    wangzha = 1 if (joker_bomb and c[seat, 13] > 0 and c[seat, 14] > 0) else 0
    bombs = bomb_groups(counts, seat, joker_bomb) - wangzha
    return (4.0 * c[seat, 15] + 4.0 * bombs + 5.0 * wangzha + 1.5 * c[seat, 12] + 2.0 * c[seat, 14]
            + 1.0 * c[seat, 13] + 0.5 * c[seat, 11] - 1.0 * plan_count(counts, seat, joker_bomb))


@njit(cache=True, nogil=True)
def wants_hard(st, policy, seat):
    """Does ``seat``, playing ``policy``, declare 硬牌 (random: with ``hard_prob``, from the hand's stream)?"""
    if policy == RANDOM:
        return bounded(st.rng, np.int64(1_000_000)) < st.pp[seat, PP_HARD_PROB] * 1_000_000
    return hand_strength(st.counts, seat, st.rules[R_JOKER_BOMB] != 0) >= st.pp[seat, PP_HARD_THRESHOLD]


@njit(cache=True, nogil=True)
def relation(viewer, other, mode_hard, banker, partner, hard_seat, revealed):
    """What ``viewer`` knows of ``other``: FRIEND, FOE or UNKNOWN."""
    if viewer == other:
        return FRIEND
    if mode_hard:
        return FRIEND if (viewer == hard_seat) == (other == hard_seat) else FOE
    team_v = 0 if (viewer == banker or viewer == partner) else 1
    team_o = 0 if (other == banker or other == partner) else 1
    if revealed or viewer == partner:
        return FRIEND if team_v == team_o else FOE
    if viewer == banker:
        return UNKNOWN
    return FOE if other == banker else UNKNOWN


# The choosers read each move's fields into scalars and pass scalars to their helpers: slicing a
# row (``moves[i]``) makes an array view, and every array handed to a function — inlined or not —
# costs numba an atomic reference-count increment and decrement, which dominated the hand's time.


@njit(cache=True, nogil=True)
def _breaks(kind, size, wilds, held):
    """Natural cards of the move's rank left behind (a split group); 0 for 五十K and 王炸."""
    if kind == FIFTY_K or kind == JOKER_BOMB:
        return 0
    return held - (size - wilds)


@njit(cache=True, nogil=True)
def _splits_big(kind, size, wilds, held, keep_big):
    """With ``keep_big``: the move plays part of a 7张/8张 group, or adds wilds to it (a soft 8 of
    seven naturals is weaker than their hard 7, rules §7.2); only the whole natural group may go."""
    if not keep_big or kind == FIFTY_K or kind == JOKER_BOMB or held < 7:
        return False
    return wilds > 0 or size != held


@njit(cache=True, nogil=True)
def _move_points(kind, size, wilds, rank_point):
    if kind == FIFTY_K:
        return 25 - 5 * wilds  # at most one card replaced; a rough value
    if kind == JOKER_BOMB:
        return 0
    return rank_point * (size - wilds)


@njit(cache=True, nogil=True, inline="always")
def _bomb_cost(moves, i, args):
    """What spending the bomb-class ``moves[i]`` costs (``args`` = (keep_big, counts, seat, rules)):
    low ladder strength, few wilds, no split group; ``NEVER`` for no bomb and, with
    ``keep_big``, for part of a 7张/8张.

    A wild costs more than one ladder step (10 strength points = 100 here): turning a triple
    into a bomb with wilds spends the hand's most flexible cards.
    """
    kind, rank, size, wilds = moves[i, F_KIND], moves[i, F_RANK], moves[i, F_SIZE], moves[i, F_WILDS]
    held = args[1][args[2], max(rank, 0)]
    level = bomb_level(kind, size, wilds, moves[i, F_SUIT])
    if level == 0 or _splits_big(kind, size, wilds, held, args[0]):
        return NEVER
    return (args[3][LEVEL_TABLE + level] * 10 + wilds * 150 + max(rank, 0)
            + (100 if _breaks(kind, size, wilds, held) > 0 else 0))


@njit(cache=True, nogil=True)
def _weakest_bomb(moves, n, rules, counts, seat, keep_big):
    """The cheapest bomb-class move by ``_bomb_cost`` (-1 none)."""
    return cheapest(moves, n, _bomb_cost, (keep_big, borrow_array(counts), seat, borrow_array(rules)))


@njit(cache=True, nogil=True)
def _enemy_near_out(seat, hand_left, rel, near_out):
    for s in range(hand_left.shape[0]):
        if s != seat and hand_left[s] > 0 and rel[s] != FRIEND and hand_left[s] <= near_out:
            return True
    return False


@njit(cache=True, nogil=True)
def _hard_defender(seat, rel):
    """Is ``seat`` one of the three against a 硬牌家? Only then does it see exactly one foe and two
    friends (in call mode sides are two against two, or unknown)."""
    foes, friends = 0, 0
    for s in range(rel.shape[0]):
        if s != seat:
            foes += rel[s] == FOE
            friends += rel[s] == FRIEND
    return foes == 1 and friends == 2


@njit(cache=True, nogil=True, inline="always")
def _greedy_cost(moves, i, args):
    """Greedy's measure (``args`` = (lead, counts, seat, its cards left)): going out first when
    leading, then few wilds, no split group, a low rank; bombs last when leading, never following."""
    kind, rank, size, wilds = moves[i, F_KIND], moves[i, F_RANK], moves[i, F_SIZE], moves[i, F_WILDS]
    if args[0] and size == args[3]:
        return -NEVER
    level = bomb_level(kind, size, wilds, moves[i, F_SUIT])
    if level > 0 and not args[0]:
        return NEVER
    return ((10000 if level > 0 else 0) + wilds * 1000
            + (100 if _breaks(kind, size, wilds, args[1][args[2], max(rank, 0)]) > 0 else 0) + rank)


@njit(cache=True, nogil=True, inline="always")
def choose_greedy(seat, moves, n, gs, counts, hand_left, rel, pp, rules):
    """Leading: go out if it can, else its cheapest move (bombs last). Following: pass on a friend,
    else the cheapest move that is no bomb, and a bomb only when an opponent is about to go out.
    (Not ``kernels.climb.plan.greedy_pick``: its ``near`` taken every turn and its going-out scan
    when following, which this greedy never does, cost this turn loop 5-7% of its speed.)"""
    top_seat = gs[GS_TOP_SEAT]
    lead = top_seat < 0
    if not lead and rel[top_seat] == FRIEND:
        return -1
    best = cheapest(moves, n, _greedy_cost, (lead, borrow_array(counts), seat, hand_left[seat]))
    if best >= 0 or lead or not _enemy_near_out(seat, hand_left, rel, pp[seat, PP_NEAR_OUT]):
        return best
    return _weakest_bomb(moves, n, rules, counts, seat, False)


@njit(cache=True, nogil=True, inline="always")
def choose_smart(seat, moves, n, gs, counts, hand_left, rel, pp, rules, rank_points):
    """Goes out when it can; else the cheapest move by its costs (few wilds, no split group or
    7张/8张, low rank, few points given away), leading and following, then a bomb when the trick is
    worth it (the module doc)."""
    top_seat, trick_points = gs[GS_TOP_SEAT], gs[GS_TRICK_POINTS]
    lead = top_seat < 0
    joker_bomb = rules[R_JOKER_BOMB] != 0
    plan = plan_count(counts, seat, joker_bomb)
    out = going_out(moves, n, hand_left[seat])
    if out >= 0:
        return out
    enemy_close = _enemy_near_out(seat, hand_left, rel, pp[seat, PP_NEAR_OUT])
    keep_big = pp[seat, PP_KEEP_BIG] > 0
    top_rel = FRIEND if lead else rel[top_seat]
    if not lead and top_rel == FRIEND and not (hand_left[top_seat] > 0 and enemy_close and plan <= 1):
        return -1
    stop_hard = not lead and pp[seat, PP_HARD_DEFENCE] > 0 and top_rel == FOE and _hard_defender(seat, rel)
    fight = trick_points >= pp[seat, PP_FIGHT_POINTS] or enemy_close or stop_hard
    best, best_cost = -1, 1 << 60
    for i in range(n):
        kind, rank, size, wilds = moves[i, F_KIND], moves[i, F_RANK], moves[i, F_SIZE], moves[i, F_WILDS]
        held = counts[seat, max(rank, 0)]
        level = bomb_level(kind, size, wilds, moves[i, F_SUIT])
        if (level > 0 and not lead) or _splits_big(kind, size, wilds, held, keep_big):
            continue
        breaks = _breaks(kind, size, wilds, held) > 0
        if lead:
            cost = wilds * 1000 + (300 if breaks else 0) + rank * 10
            cost += _move_points(kind, size, wilds, rank_points[max(rank, 0)]) * 4
            if level > 0:
                cost += 10000 if plan > 2 else 0
            elif rank >= 12:
                cost += 500  # keep 2s and jokers to regain the lead
            if enemy_close and level == 0:
                cost -= size * 40  # lead long groups an opponent cannot follow singly
        elif (breaks or wilds > 0) and not fight:
            continue
        elif top_rel == UNKNOWN and trick_points == 0 and rank >= 12 and not enemy_close:
            continue  # do not spend a 2 or a joker against a possible partner for nothing
        else:
            cost = wilds * 1000 + (200 if breaks else 0) + rank * 10
            cost += _move_points(kind, size, wilds, rank_points[max(rank, 0)]) * 2
        if cost < best_cost:
            best, best_cost = i, cost
    if best >= 0 or lead:
        return best
    worth = trick_points >= pp[seat, PP_BOMB_POINTS] and top_rel != FRIEND
    spare = top_rel != FRIEND and bomb_groups(counts, seat, joker_bomb) >= pp[seat, PP_SPARE_BOMBS]
    if worth or enemy_close or spare or stop_hard or (plan <= 2 and top_rel != FRIEND):
        return _weakest_bomb(moves, n, rules, counts, seat, keep_big)
    return -1


@njit(cache=True, nogil=True)
def choose_play(policy, seat, moves, n, gs, counts, hand_left, rel, pp, tabs):
    """Index of the chosen move in ``moves[:n]``, or -1 to pass (never -1 when leading). ``gs``: the
    hand's scalars (the trick's top seat and points); ``rel``: what the seat knows of the others
    (``relation``); ``tabs``: (rules, rank points, the hand's stream).

    It takes the arrays it reads, not the hand's state: called once a turn and not inlined, a
    state argument would cost numba a reference-count increment and decrement per slot."""
    rules, rank_points, state = tabs
    if policy == RANDOM:
        return random_pick(state, n, gs[GS_TOP_SEAT] < 0)
    if policy == GREEDY:
        return choose_greedy(seat, moves, n, gs, counts, hand_left, rel, pp, rules)
    return choose_smart(seat, moves, n, gs, counts, hand_left, rel, pp, rules, rank_points)


@njit(cache=True, nogil=True)
def call_preference(policy, seat, partner, banker, revealed, hand_left, pp):
    """How the call card's holder picks copies: 0 no preference, 1 keep hidden, 2 reveal."""
    if seat != partner or revealed or policy == RANDOM:
        return 0
    if policy == SMART or policy == SEARCH:
        limit = pp[seat, PP_REVEAL_CARDS]
        return 2 if (hand_left[seat] <= limit or hand_left[banker] <= limit) else 1
    return 1
