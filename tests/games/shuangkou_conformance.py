"""Replay 双扣 kernel hands in the reference engine (``tests.reference.shuangkou_game``).

``kernel_hand`` plays one game index with its action log (``kernels.shuangkou.play.play_logged``);
``check_hand`` deals the same cards in the reference (the draw and its swap included), replays
every logged action — every card held, every play a legal pattern that beats the trick with every
wild joker's value legal (``classify_cards``), turns in order, the end with the last action — and
compares every raw fact. The kernel writes facts by player, the reference by seat:
``players[seat]`` maps them.
"""

from __future__ import annotations

import numpy as np

from kernels.climb.loop import LOG_CARDS, LOG_MOVE, LOG_NCARDS, LOG_SEAT
from kernels.shuangkou.layout import HAND_LAYOUT
from kernels.shuangkou.play import play_logged
from kernels.shuangkou.policies import POLICY_NAMES, params_matrix
from sim.games.shuangkou.rules import ShuangkouRules, engine_rules
from sim.ruleset import flatten
from tests.reference.shuangkou_game import play_game

SCALARS = ("n_tricks", "n_turns", "n_jiefeng")
PER_SEAT = ("finish", "bombs", "bombs_ge5", "max_xiang", "tianwang", "sanwang", "lianzha", "plays", "wild_used",
            "wild_in_bombs", "jokers_self", "dealt_jokers", "dealt_max_bomb", "left_max_bomb")


def kernel_hand(seed, game_index, policies, rules=None, duplicate=False, rotate=False, params=None):
    """(row dict, action log as (seat, key, cards) tuples) of one kernel hand."""
    rules = rules or ShuangkouRules()
    pol = np.array([POLICY_NAMES.index(p) for p in policies], np.int64)
    pp = params_matrix(list(policies), params or [{}] * 4)
    row, log = play_logged(seed, game_index, engine_rules(rules), pol, pp, rotate=rotate, duplicate=duplicate)
    values = HAND_LAYOUT.unpack(row[None, :], 4)
    actions = [(int(a[LOG_SEAT]), tuple(int(x) for x in a[LOG_MOVE:LOG_MOVE + 7]),
                [int(c) for c in a[LOG_CARDS:LOG_CARDS + a[LOG_NCARDS]]]) for a in log]
    return {k: int(v[0]) for k, v in values.items()}, actions


def check_hand(seed, game_index, policies, rules=None, duplicate=False, params=None) -> dict:
    """Replay one kernel hand in the reference and compare every fact; returns the row."""
    rules = rules or ShuangkouRules()
    row, actions = kernel_hand(seed, game_index, policies, rules, duplicate, params=params)
    deal_index, rotation = (game_index // 4, game_index % 4) if duplicate else (game_index, 0)
    d, h = play_game(seed, deal_index, rules=flatten(rules), rotation=rotation, actions=actions)
    f = h.facts()
    players = d["players"]
    assert row["draw_card"] == d["draw_card"] and row["leader"] == d["leader"] and row["mate"] == d["mate"]
    assert row["swapped"] == int(d["swapped"]) and players[d["leader"]] == d["leader"]
    for name in SCALARS:
        assert row[name] == f[name], (game_index, name, row[name], f[name])
    assert row["ended_by"] == players[h.ended_by]
    for s in range(4):
        p = players[s]
        assert row[f"s{p}_seat"] == s
        for name in PER_SEAT:
            assert row[f"s{p}_{name}"] == f[f"s{s}_{name}"], (game_index, name, p, row[f"s{p}_{name}"], f[f"s{s}_{name}"])
    held = sum(len(x) for x in h.hands)
    assert held + sum(len(c) for _, _, c in actions) == 108  # cards conserved
    return row
