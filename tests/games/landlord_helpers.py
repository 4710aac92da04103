"""Shared helpers for the landlord-family play tests: run the kernel on one hand, turn its row and
log into the reference's deal and action tokens (tests/reference/landlord_game.py)."""

from __future__ import annotations

import numpy as np

from kernels.landlord import rows as W
from kernels.climb.loop import LOG_MOVE
from sim.games.landlord.play import kernel_inputs as family_inputs, play_logged
from sim.registry import load_game
from sim.ruleset import apply_overrides
from sim.runner import RunSpec
from tests.reference.landlord_rules import PASS_KEY, counts_of

TOKEN_NAMES = {W.TOK_QIANG: "qiang", W.TOK_BUQIANG: "buqiang", W.TOK_MINGPAI: "mingpai", W.TOK_TANDA: "tanda",
               W.TOK_BAODAO_DA: "baodao_da", W.TOK_BAODAO_BUDA: "baodao_buda"}


def make_spec(game="doudizhu", policies=None, overrides=None, n=1000, seed=7, rotate=False, hands_per_session=1):
    rules = apply_overrides(load_game(game).rules(), overrides or {})
    policies = list(policies or ["random"] * rules.n_players)
    options = {"policies": policies, "policy_params": [{}] * rules.n_players, "hands_per_session": hands_per_session,
               "rotate": rotate}
    return RunSpec(game, "play", "default", rules, seed, n, n, options)


def reference_rules(game: str, overrides=None) -> dict:
    """The reference's rules: its own preset for ``game`` (tests/reference/landlord_presets.py)
    with the same ``overrides`` the kernel's ruleset got — never read from production code, so a
    production default that drifts from the spec shows up as a disagreement."""
    from tests.reference.landlord_presets import rules_for

    return rules_for(game, dict(overrides or {}))


def family(game: str):
    """The landlord-family settings of a game (its package's ``FAMILY``)."""
    import importlib

    return importlib.import_module(f"sim.games.{game}").FAMILY


def kernel_inputs(spec):
    return family_inputs(spec, family(spec.game))


def run_kernel(spec, start, stop, inputs=None):
    from sim.games.landlord.play import run_kernel as run

    return run(spec, family(spec.game), start, stop, inputs)


def score_rows(game, rows, rules):
    """The game's production scorer on kernel rows: a namespace of the scored columns, with
    ``money`` as an (n, seats) array."""
    from types import SimpleNamespace

    from kernels.landlord.layout import PLAY

    n = rules.n_players
    s = load_game(game).scoring.score(PLAY.unpack(np.asarray(rows), n), rules, n)
    return SimpleNamespace(money=np.stack([s[f"s{k}_money"] for k in range(n)], axis=1),
                           **{k: v for k, v in s.items() if not k.startswith("s")})


def logged_hand(spec, game_index, inputs=None, carry_hf=0, last_in_session=True, rotation=0):
    """(row, log, deck) of one hand; ``carry_hf`` / ``last_in_session``: its place in a 上海 session."""
    t = inputs or kernel_inputs(spec)
    return play_logged(spec, t, game_index, rotation, carry_hf, last_in_session)


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
