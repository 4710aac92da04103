"""One 港式五张 betting round (spec §4), starting with 庄家 and going counter-clockwise.

Stakes (``params``, see ``kernels.hkstud.play``): ``fixed_limit`` bets and raises by ``bet`` in
rounds 2–3 and ``big_bet`` in rounds 4–5; ``pot_limit`` raises by at most the pot after the call
and at least the larger of ``bet`` and the round's largest raise so far (the raiser picks
``floor(size * largest + 1/2)`` within those bounds). Both allow ``max_raises`` raises after the
opening bet in a round. The all-in cap (全押, [X-779]): nobody puts in more than the smallest
stack at the table; stacks are equal (``stack``), so the cap is ``stack`` for everyone and there
are no side pots — a bet or call that would pass it is cut to it and that seat is all-in.

The round ends when every seat still in and not all-in has acted since the last raise and has
matched the highest bet, or when one seat is left. A seat with nobody left to bet against only
checks. An EQUITY seat's equity is computed at its first decision of the round and kept while
the same seats are in.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.hkstud.equity import showdown_wins
from kernels.hkstud.policies import EQUITY, FOLD, PP_EXACT_MAX, PP_SAMPLES, PP_SIZE, RAISE, decide

P_N_SEATS, P_BETTING, P_ANTE, P_BET, P_BIG_BET, P_MAX_RAISES, P_STACK = range(7)
N_PARAMS = 7
BET_NONE, BET_FIXED, BET_POT = 0, 1, 2


@njit(cache=True, nogil=True)
def seat_equity(st, seat, street, n):
    """Showdown equity of ``seat`` from its own view: its hole card and every up-card shown."""
    for s in range(n):
        st.hole_view[s] = st.cards[s, 0] if s == seat else -1
        st.shown[s] = street - 1 if st.live[s] else st.folded[s] - 1
    total = showdown_wins(st.hole_view, st.cards[:, 1:], st.shown, st.live, n, st.pp[seat, PP_EXACT_MAX],
                          np.int64(st.pp[seat, PP_SAMPLES]), (st.plain, st.flush), st.rng, st.wins)
    return st.wins[seat] / total


LOG_STREET, LOG_SEAT, LOG_ACTION, LOG_PAID, LOG_EQUITY = range(5)  # columns of an action log row
LOG_WIDTH = 5
ACT_FOLD, ACT_CHECK, ACT_CALL, ACT_BET = 0, 1, 2, 3  # logged actions (ACT_BET: a bet or a raise)
EQUITY_SCALE = 1_000_000  # logged equity: millionths (-1 for players that do not compute one)


@njit(cache=True, nogil=True)
def log_bet(st, street, seat, action, paid, equity):
    """Append one action to ``st.log`` (rows of ``LOG_WIDTH``) if it has room; a zero-row log (the
    hot path) records nothing."""
    log, n_log = st.log, st.n_log
    i = n_log[0]
    if i < log.shape[0]:
        log[i, LOG_STREET] = street
        log[i, LOG_SEAT] = seat
        log[i, LOG_ACTION] = action
        log[i, LOG_PAID] = paid
        log[i, LOG_EQUITY] = np.int64(equity * EQUITY_SCALE + 0.5) if equity >= 0 else -1
        n_log[0] = i + 1


@njit(cache=True, nogil=True)
def betting_round(st, street, first):
    """Play the round; return the number of seats still in. Every action goes to ``st.log`` (replay)."""
    params, policy, pp, state = st.params, st.policy, st.pp, st.rng
    live, allin, invested, folded, raises = st.live, st.allin, st.invested, st.folded, st.raises
    street_bet, need, eq_key, eq_value = st.street_bet, st.need, st.eq_key, st.eq_value
    n = params[P_N_SEATS]
    cap = params[P_STACK]
    pot_limit = params[P_BETTING] == BET_POT
    size = params[P_BET] if street <= 3 else params[P_BIG_BET]
    max_bets = 1 + params[P_MAX_RAISES]
    n_in = 0
    pending = 0
    for s in range(n):
        street_bet[s] = 0
        need[s] = 1 if live[s] and not allin[s] else 0
        pending += need[s]
        n_in += 1 if live[s] else 0
    cur = 0
    n_bets = 0
    last_inc = size
    seat = first
    while pending > 0:
        if need[seat]:
            need[seat] = 0
            pending -= 1
            to_call = cur - street_bet[seat]
            left = cap - invested[seat]
            others = 0
            for s in range(n):
                if s != seat and live[s] and not allin[s]:
                    others += 1
            if to_call > 0 or others > 0:
                can_raise = left > to_call and n_bets < max_bets and others > 0
                pot = 0
                mask = 0
                for s in range(n):
                    pot += invested[s]
                    mask |= (1 << s) if live[s] else 0
                e = 0.0 if policy[seat] == EQUITY else -1.0
                if policy[seat] == EQUITY:
                    if eq_key[seat] != street * 16 + mask:
                        eq_key[seat] = street * 16 + mask
                        eq_value[seat] = seat_equity(st, seat, street, n)
                    e = eq_value[seat]
                action = decide(policy[seat], pp, seat, to_call, can_raise, pot, max(e, 0.0), n_in, state)
                if action == FOLD and to_call > 0:
                    live[seat] = False
                    folded[seat] = street
                    n_in -= 1
                    log_bet(st, street, seat, ACT_FOLD, 0, e)
                    if n_in == 1:
                        return 1
                elif action == RAISE and can_raise:
                    if pot_limit:
                        largest = pot + to_call
                        wanted = np.int64(np.floor(pp[seat, PP_SIZE] * largest + 0.5))
                        inc = max(max(size, last_inc), min(largest, wanted))
                    else:
                        inc = size
                    pay = min(cur + inc - street_bet[seat], left)
                    invested[seat] += pay
                    street_bet[seat] += pay
                    last_inc = max(last_inc, street_bet[seat] - cur)
                    cur = street_bet[seat]
                    n_bets += 1
                    raises[seat] += 1
                    if invested[seat] == cap:
                        allin[seat] = True
                    log_bet(st, street, seat, ACT_BET, pay, e)
                    for s in range(n):
                        if s != seat and live[s] and not allin[s] and need[s] == 0:
                            need[s] = 1
                            pending += 1
                else:  # call or check (a fold with nothing to call is a check)
                    pay = min(to_call, left)
                    invested[seat] += pay
                    street_bet[seat] += pay
                    if pay > 0 and invested[seat] == cap:
                        allin[seat] = True
                    log_bet(st, street, seat, ACT_CALL if to_call > 0 else ACT_CHECK, pay, e)
        seat = seat + 1 if seat + 1 < n else 0
    return n_in
