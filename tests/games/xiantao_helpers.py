"""Shared helpers for the 仙桃千分 play tests: run the kernel on one hand, convert its log."""

from __future__ import annotations

import numpy as np

from kernels.xiantao import play as K
from sim.games.xiantao import rules as xiantao
from sim.games.xiantao.columns import POLICIES
from sim.games.xiantao.play import kernel_inputs
from sim.ruleset import apply_overrides, flatten
from sim.runner import RunSpec


def make_spec(policies=("smart",) * 4, overrides=None, n=1000, seed=3, hps=1, rotate=False, params=None):
    rules = apply_overrides(xiantao.Rules(), overrides or {})
    options = {"policies": list(policies), "policy_params": params or [{}] * 4, "hands_per_session": hps,
               "rotate": rotate}
    return RunSpec("xiantao", "play", "default", rules, seed, n, n, options)


def logged_hand(spec, game_index, banker=-1, inputs=None, rotation=0):
    t = inputs or kernel_inputs(spec)
    return K.play_logged(K.new_state(t, K.MAX_LOG), np.uint64(spec.seed), game_index, banker, rotation)


def log_actions(log):
    """Kernel log rows → reference actions (seat, kind, rank, size, wilds, suit, cards)."""
    out = []
    for a in log:
        cards = tuple(int(c) for c in a[K.LOG_CARDS:K.LOG_CARDS + a[K.LOG_NCARDS]])
        out.append((int(a[K.LOG_SEAT]), *(int(x) for x in a[K.LOG_MOVE:K.LOG_MOVE + 5]), cards))
    return out


def rules_dict(spec):
    return flatten(spec.rules)


def score_rows(rows, rules):
    """The production scorer on kernel rows (the facts by their column names)."""
    from kernels.xiantao.layout import PLAY
    from sim.games.xiantao.scoring import score

    return score(PLAY.unpack(rows, 4), rules, 4)


__all__ = ["POLICIES", "make_spec", "logged_hand", "log_actions", "rules_dict", "score_rows"]
