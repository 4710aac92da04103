"""Shared helpers for the landlord-family play tests: run the kernel on one hand, turn its row and
log into the reference's deal and action tokens (tests/reference/landlord_game.py)."""

from __future__ import annotations

import numpy as np

from kernels import landlord_rows as W
from kernels.climb import LOG_MOVE
from kernels.landlord_play import play_logged
from sim.games import landlord as L
from sim.games.landlord_play import kernel_inputs
from sim.ruleset import apply_overrides
from sim.runner import RunSpec
from tests.reference.landlord_rules import PASS_KEY, counts_of

RULE_CLASSES = {"doudizhu": L.LandlordRules, "doudizhu4": L.Doudizhu4Rules, "shanghai": L.ShanghaiRules}
TOKEN_NAMES = {W.TOK_QIANG: "qiang", W.TOK_BUQIANG: "buqiang", W.TOK_MINGPAI: "mingpai", W.TOK_TANDA: "tanda",
               W.TOK_BAODAO_DA: "baodao_da", W.TOK_BAODAO_BUDA: "baodao_buda"}


def make_spec(game="doudizhu", policies=None, overrides=None, n=1000, seed=7, rotate=False, hands_per_session=1):
    rules = apply_overrides(RULE_CLASSES[game](), overrides or {})
    policies = list(policies or ["random"] * rules.n_players)
    options = {"policies": policies, "policy_params": [{}] * rules.n_players, "hands_per_session": hands_per_session,
               "rotate": rotate}
    return RunSpec(game, "play", "default", rules, seed, n, n, options)


def logged_hand(spec, game_index, inputs=None, carry_hf=0, last_in_session=True):
    """(row, log, deck) of one hand; ``carry_hf`` / ``last_in_session``: its place in a 上海 session."""
    t = inputs or kernel_inputs(spec)
    return play_logged(np.uint64(spec.seed), game_index, t["deck"], t["card_rank"], t["rules"], t["policies"], t["pp"],
                       carry_hf, last_in_session)


def deal_of(deck, rules, card_rank):
    """Per-seat rank counts and the kitty of a shuffled deck (kernels.deal convention)."""
    n, hs = rules.n_players, rules.hand_size
    hands = [counts_of(int(card_rank[deck[p]]) for p in range(n * hs) if p % n == s) for s in range(n)]
    kitty = counts_of(int(card_rank[deck[p]]) for p in range(n * hs, len(deck)))
    return hands, kitty


def actions_of(row, log):
    """The reference's action tokens: bids, 抢, declarations, then every play (7-tuples)."""
    toks = []
    for i in range(int(row[W.ROW_N_TOKENS])):
        t = int(row[W.ROW_TOKENS + i])
        toks.append(TOKEN_NAMES.get(t, t))
    for a in log:
        key = tuple(int(x) for x in a[LOG_MOVE:LOG_MOVE + 7])
        toks.append(PASS_KEY if key[0] == 0 else key)  # the engine logs a pass with chain 1
    return toks
