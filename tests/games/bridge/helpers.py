"""Shared set-up of the bridge tests: compiled default rules and policy arrays."""

from __future__ import annotations

import numpy as np

from kernels.bridge.board import play_logged
from kernels.bridge.state import new_state
from sim.games.bridge.players import policy_arrays
from sim.games.bridge.rules import BridgeRules, compile_rules
from sim.ruleset import apply_overrides


def tables(overrides: dict | None = None) -> dict:
    return compile_rules(apply_overrides(BridgeRules(), overrides or {}))


def logged(seed: int, g: int, bidding="natural", play="greedy", overrides: dict | None = None):
    """(row, play sequence) of one board."""
    policies, params = policy_arrays(bidding, play)
    return play_logged(new_state(tables(overrides), policies, params, seed=seed), g, np.empty(0, np.uint64))


def given(masks, g: int = 0, bidding="natural", play="greedy", seed: int = 0, overrides: dict | None = None,
          params: dict | None = None):
    """(row, play sequence) of board ``g`` played from the hands ``masks`` (N, E, S, W)."""
    policies, params = policy_arrays(bidding, play, params)
    return play_logged(new_state(tables(overrides), policies, params, seed=seed), g, np.asarray(masks, np.uint64))
