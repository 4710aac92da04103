"""干瞪眼 players: ``random``, ``greedy`` and ``smart``, as functions of the generated move list.

The seat's view: its own counts ``counts[seat, 16]`` (jokers at ``JOKER``), every seat's card
count ``hand_left`` (0 = out), the top play and who made it, and the public record
``played[16]`` of every card played so far this hand (what the turn loop keeps). From these a
player knows what is still unseen — the other hands and the stock together: ``pack - played -
own`` — and so the stock's size (the unseen cards less the other hands). All of it is read from
the hand's declared state (``kernels.gandengyan.state``). ``gd_choose`` gets the moves
``kernels.gandengyan.movegen.gd_generate`` listed in ``st.moves`` (PASS not among them) and
returns a row, or -1 to pass (never -1 when leading). Parameters per seat come in
``st.pp[seat, PP_*]`` (float64).

* random — uniform over the legal moves, PASS included when following.
* greedy — goes out when one play empties the hand; leads its lowest play (most cards first, fewest
  jokers); follows with the cheapest non-bomb answer; bombs only when the player on top is near out.
* smart — plans the hand into the fewest plays and keeps that plan short; keeps its 2s and jokers
  (``keep``, ``keep_joker``) for when they stop an opponent near going out (or finish its own
  hand), except heads-up, where a 2 is worth more taking the lead. It counts what the stock may
  still give (the unseen cards less the other hands): while it lasts hands keep growing, so it
  answers whatever it can without a 2 or a joker (a pass costs a card where everyone draws; even
  where only the trick winner draws this measured better); once it is empty it answers only when
  its plan does not grow (``slack``) — except as the last to answer (everyone else passed): a pass
  then hands the trick's winner the lead with nothing left to draw, so it answers as if he were near
  out when he holds at most ``last_guard`` cards (99: always; 0 restores the old pass, which let him
  lead out in 0.5% of 火拼 hands and cost 0.14 B a hand at qq 4p, benchmarks/match_param.py).
  When an opponent is near out (``near_out``) it leads what the unseen cards can
  hardly answer (the +1 ranks, 2s and jokers not yet seen: a lead nobody can answer is certain
  once they are all accounted for), never what he can match, and beats whatever he plays, bombs
  included.
* search — determinized Monte Carlo over the other hands and the stock's order
  (``kernels.gandengyan.search``); where it does not search (one sensible move, or going out) it
  plays as smart, with smart's parameters. Drawing is not a decision.
"""

from __future__ import annotations

from numba import njit

from kernels.climb.loop import GS_TOP_SEAT, next_active
from kernels.climb.plan import NEVER, cheapest, going_out, greedy_pick, params_for, random_pick, with_search
from kernels.climb.rankmask import pack_counts
from kernels.climb.search_params import SEARCH_PARAMS
from kernels.gandengyan.movegen import bomb_strength, is_bomb
from kernels.gandengyan.moves import JOKER, PAIR, PAIR_CHAIN, R_TWO, SINGLE, STRAIGHT, TRIPLE
from kernels.gandengyan.rulevec import (
    GD_BOMB_MIN, GD_N_DECKS, GD_PAIR_CHAIN_MAX, GD_PAIR_CHAIN_MIN, GD_STRAIGHT_MAX, GD_STRAIGHT_MIN, GD_TRIO,
    GD_TRIO_FOLLOW, TRIO_FOLLOW_HIGHER,
)
from kernels.state import borrow_array

RANDOM, GREEDY, SMART, SEARCH = 0, 1, 2, 3
POLICY_NAMES = ("random", "greedy", "smart", "search")

# policy parameters, pp[seat, PP_*] in PARAM_ORDER:
# near_out    an opponent with at most this many cards is about to go out
# slack       smart follows when its plan grows by at most this many plays
# keep        smart: cost of spending a 2 while nobody is near out (plays × 1000); > 0 also keeps it
# keep_joker  smart: the same for a joker
# risk        smart: cost of a lead the unseen cards could answer (per expected answer, × 1000)
# confidence  search: leave smart's choice only for a move ahead by this many standard errors
# last_guard  smart: last to answer, stock empty: beat a winner-to-be holding <= this many cards (0 = off)
# then the search's (kernels.climb.search_params; no bids here)
HEURISTIC_PARAMS = ("near_out", "slack", "keep", "keep_joker", "risk", "confidence", "last_guard")
PARAM_ORDER = HEURISTIC_PARAMS + SEARCH_PARAMS
N_PP = len(PARAM_ORDER)
(PP_NEAR_OUT, PP_SLACK, PP_KEEP, PP_KEEP_JOKER, PP_RISK, PP_CONFIDENCE, PP_LAST_GUARD, PP_WORLDS, PP_CANDIDATES,
 PP_ROLLOUT, PP_SEARCH_BIDS) = range(N_PP)
DEFAULT_PARAMS = with_search({
    "random": {"near_out": 0, "slack": 0, "keep": 0, "keep_joker": 0, "risk": 0, "confidence": 1.0, "last_guard": 0},
    "greedy": {"near_out": 2, "slack": 0, "keep": 0, "keep_joker": 0, "risk": 0, "confidence": 1.0, "last_guard": 0},
    "smart": {"near_out": 2, "slack": 0, "keep": 0.6, "keep_joker": 0.3, "risk": 0.8, "confidence": 1.0,
              "last_guard": 99},
})
assert PARAM_ORDER[PP_WORLDS] == "worlds" and PARAM_ORDER[PP_LAST_GUARD] == "last_guard"
SCRATCH_LEN = 64
params_matrix = params_for(DEFAULT_PARAMS, PARAM_ORDER)  # pp[seat, PP_*] from policy names and overrides


NIB1 = 0x1111111111111  # bit 0 of each of the 13 rank nibbles of a packed hand
NIB_LOW3 = 0x7777777777777  # bits 0..2 of each rank nibble


@njit(cache=True, nogil=True, inline="always")
def _ge_mask(p, per):
    """Bit 4r set where rank r's nibble of ``p`` holds at least ``per`` (1, 2 or 3) cards."""
    if per == 1:
        return (p | (p >> 1) | (p >> 2) | (p >> 3)) & NIB1
    if per == 2:
        return ((p >> 1) | (p >> 2) | (p >> 3)) & NIB1
    return (((p >> 2) | (p >> 3)) | ((p >> 1) & p)) & NIB1


@njit(cache=True, nogil=True, inline="always")
def plan_packed(p, rules):
    """Fewest plays to shed the natural cards packed in ``p`` (``_plan``, given the rules' numbers:
    a call taking no array costs no reference counts)."""
    return _plan(p, rules[GD_BOMB_MIN], rules[GD_TRIO], rules[GD_STRAIGHT_MIN], rules[GD_STRAIGHT_MAX],
                 rules[GD_PAIR_CHAIN_MIN], rules[GD_PAIR_CHAIN_MAX])


@njit(cache=True, nogil=True)
def _plan(p, bmin, trio, smin, smax, pmin, pmax):
    """Fewest plays to shed the natural cards packed in ``p`` (4 bits per rank, a move's ``cards`` form)
    by a greedy decomposition (jokers ride along with other plays): trios and bombs one play
    each, then runs of singles (顺子) and of pairs (连对), longest first, then pairs and singles.
    Register arithmetic on the packed counts, no array (it runs for every candidate play of every
    smart decision); equal to the rank-by-rank ``tests/reference/gandengyan_plan.py``."""
    plays = 0
    if _ge_mask(p, 3) != 0:  # trios and bombs: one play each
        for r in range(13):
            x = (p >> (4 * r)) & 15
            if x >= 3 and (x >= bmin or trio != 0):
                plays += 1
                p &= ~(15 << (4 * r))
    for per in range(1, 3):  # runs of singles, then of pairs (连对), longest first
        lo = smin if per == 1 else pmin
        mx = smax if per == 1 else pmax
        if lo == 0:
            continue
        if mx == 0:
            mx = 12
        run = _ge_mask(p, per) & 0x111111111111  # ranks 3..A (no 2 in a run)
        for _ in range(lo - 1):
            run &= run >> 4
        if run == 0:
            continue  # no run of lo ranks: the scan below would take nothing
        r = 0
        while r < 12:
            e = r
            while e < 12 and e - r < mx and ((p >> (4 * e)) & 15) >= per:
                e += 1
            if e - r >= lo:
                for x in range(r, e):
                    p -= per << (4 * x)
                plays += 1
            else:
                r += 1
    s = ((p >> 1) & NIB_LOW3) + (p & NIB1)  # per rank (x + 1) // 2: pairs, then singles (<= 8 a nibble)
    t = (s & 0x0F0F0F0F0F0F0F) + ((s >> 4) & 0x0F0F0F0F0F0F0F)  # per byte (<= 16)
    t += t >> 8
    t += t >> 16
    t += t >> 32  # byte 0: the sum of the 7 bytes (<= 112)
    return plays + (t & 255)


@njit(cache=True, nogil=True, inline="always")
def unseen_cards(c, played, rules, out, at):
    """Cards this seat has not seen, into ``out[at:at + 16]``: the pack less the public ``played``
    and its own hand ``c`` (the other hands and the stock together; the search's pool). Returns
    how many."""
    d = rules[GD_N_DECKS]
    total = 0
    for r in range(16):
        pack = 4 * d if r < 13 else (2 * d if r == JOKER else 0)
        out[at + r] = pack - played[r] - c[r]
        total += out[at + r]
    return total


@njit(cache=True, nogil=True)
def _answer_risk(kind, r, size, chain, unseen, at, n_unseen, opp_cards, rules):
    """Expected number of answers the opponents hold to a lead (0 = nobody can answer but with a
    bomb): the unseen cards (``unseen[at:at + 16]``) that would make the +1 play, a 2 or a
    joker, each held by an opponent with probability opp_cards / n_unseen (the rest is in the
    stock)."""
    if n_unseen <= 0 or is_bomb(kind):
        return 0.0
    jokers = unseen[at + JOKER]
    if kind == SINGLE or kind == PAIR or kind == TRIPLE:
        per = size
        cnt = 0
        if kind == TRIPLE and rules[GD_TRIO_FOLLOW] == TRIO_FOLLOW_HIGHER:
            for x in range(r + 1, 13):
                cnt += unseen[at + x]
        elif r >= R_TWO:
            return 0.0
        else:
            cnt = unseen[at + r + 1] + (unseen[at + R_TWO] if r + 1 < R_TWO else 0)
        if per > 1:
            cnt += jokers
    else:
        per = 1 if kind == STRAIGHT else (2 if kind == PAIR_CHAIN else 3)
        hi = r + 1
        if hi > 11:
            return 0.0
        cnt = 1 << 30
        for x in range(hi - chain + 1, hi + 1):
            if unseen[at + x] < cnt:
                cnt = unseen[at + x]
        cnt += jokers
    useful = cnt / per
    return useful * opp_cards / n_unseen


@njit(cache=True, nogil=True, inline="always")
def _keep_cost(cards, wilds, seat, pp, n_opponents):
    """What spending a move's 2s (in its packed ``cards``) and jokers costs while nobody is near
    out. Heads-up (one opponent left) nothing: a 2 is then worth more taking the lead than
    waiting for him."""
    if n_opponents <= 1:
        return 0.0
    return 1000.0 * (pp[seat, PP_KEEP] * ((cards >> (4 * R_TWO)) & 15) + pp[seat, PP_KEEP_JOKER] * wilds)


@njit(cache=True, nogil=True, inline="always")
def _bomb_cost(moves, i, args):
    """What spending the bomb ``moves[i]`` costs (``NEVER``: no bomb; ``args`` = (lead, rules)): the
    weakest bomb, fewest jokers."""
    return bomb_strength(moves[i], args[1]) * 16 + moves[i, 3] if is_bomb(moves[i, 0]) else NEVER


@njit(cache=True, nogil=True, inline="always")
def _greedy_cost(moves, i, args):
    """Greedy's measure (``kernels.climb.plan.greedy_pick``, ``args`` = (lead, rules)): the lowest
    rank, fewest jokers, most cards first and bombs last when leading; no bomb when following."""
    lead, bomb = args[0], is_bomb(moves[i, 0])
    if bomb and not lead:
        return NEVER
    return (1 << 40 if bomb else 0) + moves[i, 1] * 1000 + moves[i, 3] * 100 - (moves[i, 2] if lead else 0)


@njit(cache=True, nogil=True)
def choose_greedy(seat, moves, n, hand_left, top_seat, pp, rules):
    """Greedy's row of ``moves[:n]``, or -1 to pass (``top_seat`` -1: leading); bombs when the player
    on top is near out. The players take the arrays they read, not the state: they run every turn,
    and a state argument costs a reference count of every slot at each call."""
    lead = top_seat < 0
    return greedy_pick(moves, n, lead, hand_left[seat], False, hand_left[top_seat] <= pp[seat, PP_NEAR_OUT],
                       _greedy_cost, _bomb_cost, (lead, borrow_array(rules)))


@njit(cache=True, nogil=True)
def choose_smart(seat, moves, n, c, hand_left, top_seat, played, pp, rules, scratch):
    """Smart's row of ``moves[:n]`` for the seat's counts ``c``, or -1 to pass (``top_seat`` -1:
    leading)."""
    lead = top_seat < 0
    out = going_out(moves, n, hand_left[seat])
    if out >= 0:
        return out
    near = pp[seat, PP_NEAR_OUT]
    opp_min = 1 << 30
    opp_cards = 0
    n_opp = 0
    for s in range(hand_left.shape[0]):
        if s != seat and hand_left[s] > 0:
            n_opp += 1
            opp_cards += hand_left[s]
            if hand_left[s] < opp_min:
                opp_min = hand_left[s]
    UNSEEN = 32  # scratch[32:48]: the unseen counts
    n_unseen = unseen_cards(c, played, rules, scratch, UNSEEN)
    hp = pack_counts(c, 13)
    if lead:
        best, best_cost = -1, 1e300
        for i in range(n):
            kind, rank, size, wilds = moves[i, 0], moves[i, 1], moves[i, 2], moves[i, 3]
            plan = plan_packed(hp - moves[i, 6], rules)
            cost = plan * 1000.0 - size * 30.0 + rank
            if is_bomb(kind):
                if plan > 1:
                    cost += 100000.0
            elif plan > 1:
                cost += _keep_cost(moves[i, 6], wilds, seat, pp, n_opp)
            if opp_min <= near:  # someone is close: lead what the unseen cards can hardly answer
                cost += pp[seat, PP_RISK] * 1000 * _answer_risk(kind, rank, size, moves[i, 5], scratch, UNSEEN,
                                                                n_unseen, opp_cards, rules)
            if opp_min <= near and size < opp_min + 1 and (kind == SINGLE or kind == PAIR):
                cost += 5000.0 - 100 * rank  # he goes out on a matching answer: lead what he cannot match
            if cost < best_cost:
                best, best_cost = i, cost
        return best
    urgent = hand_left[top_seat] <= near
    stock_left = n_unseen - opp_cards  # the unseen cards not in any hand
    if (not urgent and stock_left <= 0 and 0 < hand_left[top_seat] <= pp[seat, PP_LAST_GUARD]
            and next_active(seat, hand_left) == top_seat):
        urgent = True  # last to answer, nothing left to draw: a pass hands him the lead, and he may lead out
    answer_anyway = stock_left > 0  # measured: better than planning while cards keep coming
    plan0 = plan_packed(hp, rules)
    best, best_cost = -1, 1e300
    for i in range(n):
        kind = moves[i, 0]
        if is_bomb(kind):
            continue
        plan = plan_packed(hp - moves[i, 6], rules)
        grow = plan - plan0
        spend = _keep_cost(moves[i, 6], moves[i, 3], seat, pp, n_opp)
        if not urgent and plan > 1 and spend > 0:
            continue  # keep 2s and jokers for an opponent near out
        if not urgent and plan > 1 and not answer_anyway and grow > pp[seat, PP_SLACK]:
            continue  # while the stock lasts shed what it can; once it is empty keep the plan
        cost = grow * 1000.0 + moves[i, 3] * 300.0 + moves[i, 1]
        if cost < best_cost:
            best, best_cost = i, cost
    if best >= 0:
        return best
    b = cheapest(moves, n, _bomb_cost, (lead, rules))
    if b >= 0 and (urgent or plan_packed(hp - moves[b, 6], rules) <= 1):
        return b
    return -1


@njit(cache=True, nogil=True, inline="always")
def gd_choose(st, seat, n, lead):
    """Row of ``st.moves[:n]`` (the turn's ``gd_generate`` list) that ``seat``'s player
    (``st.policies[seat]``) plays, or -1 to pass (never -1 when leading). The seat's view is
    ``st``'s counts, hand sizes, top seat (``gs[GS_TOP_SEAT]``, -1 leading) and public ``played``;
    ``st.scratch`` is the work space. Only ``random`` draws from ``st.rng`` (one ``bounded`` per
    decision with a choice).
    """
    if n == 0 and not lead:
        return -1  # nothing answers the top: every player passes (random draws nothing)
    policy = st.policies[seat]
    if policy == RANDOM:
        return random_pick(st.rng, n, lead)
    top_seat = st.gs[GS_TOP_SEAT]
    if policy == GREEDY:
        return choose_greedy(seat, st.moves, n, st.hand_left, top_seat, st.pp, st.rules)
    return choose_smart(seat, st.moves, n, st.counts[seat], st.hand_left, top_seat, st.played, st.pp, st.rules,
                        st.scratch)
