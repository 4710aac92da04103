"""港式五张 players: how a seat acts in a betting round.

Policies (code in ``policy[seat]``) and their parameters (``pp[seat, PP_*]``, float64):

* ``RANDOM`` — picks fold / call / raise with weights ``p_fold``, ``1 - p_fold - p_raise``,
  ``p_raise``, renormalised over the legal actions (no fold without a bet to face, no raise past
  the cap); the defaults 1/3, 1/3 make it uniform over the legal actions. One uniform draw
  ``(next_u64 >> 11) * 2**-53`` per decision.
* ``CALLING_STATION`` — always checks or calls.
* ``EQUITY`` — its showdown equity ``e`` against the seats still in, from what it sees (its hole
  card and every up-card shown; ``kernels.hkstud.equity``: exact when there are at most
  ``exact_max`` completions, else ``samples`` random ones), compared with the fair share
  ``1 / n_in``: raises when ``e * n_in >= raise_at``, checks when there is nothing to call,
  calls when ``e * n_in >= call_at`` or ``e >= pot_odds * to_call / (pot + to_call)``, else folds.

``size`` is the fraction of the largest pot-limit raise a raiser makes (``pot_limit`` only).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.rng import next_u64

RANDOM, CALLING_STATION, EQUITY = 0, 1, 2
POLICY_NAMES = ("random", "calling-station", "equity")
PP_P_FOLD, PP_P_RAISE, PP_RAISE_AT, PP_CALL_AT, PP_POT_ODDS, PP_SAMPLES, PP_EXACT_MAX, PP_SIZE = range(8)
PARAM_NAMES = ("p_fold", "p_raise", "raise_at", "call_at", "pot_odds", "samples", "exact_max", "size")
PARAM_DEFAULTS = (1 / 3, 1 / 3, 1.5, 0.9, 1.0, 200.0, 1000.0, 1.0)
N_PP = 8
FOLD, CALL, RAISE = 0, 1, 2

_UNIT = 1.0 / 9007199254740992.0  # 2**-53


@njit(cache=True, nogil=True)
def uniform(state):
    """A double in [0, 1) from the top 53 bits of one stream output."""
    return np.float64(next_u64(state) >> np.uint64(11)) * _UNIT


@njit(cache=True, nogil=True)
def decide(kind, pp, seat, to_call, can_raise, pot, equity, n_in, state):
    """FOLD, CALL (or check) or RAISE (or bet) for the seat's policy."""
    if kind == CALLING_STATION:
        return CALL
    if kind == RANDOM:
        w_fold = pp[seat, PP_P_FOLD] if to_call > 0 else 0.0
        w_raise = pp[seat, PP_P_RAISE] if can_raise else 0.0
        w_call = max(0.0, 1.0 - pp[seat, PP_P_FOLD] - pp[seat, PP_P_RAISE])
        total = w_fold + w_raise + w_call
        if total <= 0.0:
            return CALL
        x = uniform(state) * total
        if x < w_fold:
            return FOLD
        if x < w_fold + w_raise:
            return RAISE
        return CALL
    share = equity * n_in
    if can_raise and share >= pp[seat, PP_RAISE_AT]:
        return RAISE
    if to_call == 0:
        return CALL
    if share >= pp[seat, PP_CALL_AT] or equity >= pp[seat, PP_POT_ODDS] * to_call / (pot + to_call):
        return CALL
    return FOLD
