"""Replay 五十K kernel matches in the reference engine (``tests.reference.wushik_game``).

``kernel_match`` plays one game index with its action logs (``kernels.wushik.play.play_logged``);
``check_match`` replays every logged action in the reference — every card held, every play a
legal pattern that beats the trick, turns in order, the 终止牌 the last action — and compares
every raw fact of every hand row, the running totals and the match facts.
"""

from __future__ import annotations

import numpy as np

from kernels.climb.loop import LOG_CARDS, LOG_MOVE, LOG_NCARDS, LOG_SEAT
from kernels.wushik.layout import HAND_LAYOUT, WINNERS
from kernels.wushik.play import play_logged
from kernels.wushik.policies import POLICY_NAMES, params_matrix
from sim.games.wushik.rules import WushikRules, engine_rules
from sim.ruleset import flatten
from tests.reference.wushik_game import play_match

MAX_TEST_HANDS = 64


def kernel_match(seed, game_index, policies, rules=None, duplicate=False, params=None):
    """(row dicts of the match's hands, the action log of each hand as (seat, key, cards) lists)."""
    rules = rules or WushikRules()
    pol = np.array([POLICY_NAMES.index(p) for p in policies], np.int64)
    pp = params_matrix(list(policies), params or [{}] * 4)
    rows, logs, n_logs, h = play_logged(seed, game_index, engine_rules(rules), pol, pp, MAX_TEST_HANDS,
                                        duplicate=duplicate)
    assert h > 0, "the match did not fit in the test's room"
    values = HAND_LAYOUT.unpack(rows[:h], 4)
    row_dicts = [{k: int(v[i]) for k, v in values.items()} for i in range(h)]
    actions = []
    for k in range(h):
        acts = []
        for a in logs[k, :n_logs[k]]:
            key = tuple(int(x) for x in a[LOG_MOVE:LOG_MOVE + 7])
            acts.append((int(a[LOG_SEAT]), key, [int(c) for c in a[LOG_CARDS:LOG_CARDS + a[LOG_NCARDS]]]))
        actions.append(acts)
    return row_dicts, actions


def check_match(seed, game_index, policies, rules=None, duplicate=False, params=None) -> list[dict]:
    """Replay one kernel game index in the reference and compare everything; returns its rows.
    With ``duplicate`` game g plays deal g // 4 turned by g % 4."""
    rules = rules or WushikRules()
    rows, actions = kernel_match(seed, game_index, policies, rules, duplicate, params)
    deal_index, rotation = (game_index // 4, game_index % 4) if duplicate else (game_index, 0)
    ref = play_match(seed, deal_index, rules=flatten(rules), rotation=rotation, logs=actions)
    assert len(ref["hands"]) == len(rows), (len(ref["hands"]), len(rows))
    for i, (row, facts) in enumerate(zip(rows, ref["hands"])):
        for name, value in facts.items():
            assert row[name] == int(value), (game_index, i, name, row[name], value)
        dealt = sum(row[f"s{s}_dealt_points"] for s in range(4))
        assert dealt == 200
        if not row["eight_applied"]:  # points conserved: captured + table of the 终止牌 + void = 200
            total = sum(row[f"s{s}_captured"] + row[f"s{s}_void"] for s in range(4)) + row["terminal_points"]
            assert total == 200, (game_index, i, total)
            assert sum(len(c) for _, k, c in actions[i]) + sum(len(h) for h in ref["played"][i].hands) == 104
        assert row["match_hands"] == len(rows)
        assert WINNERS[row["match_winner"]] == ("team0", "team1", "draw")[ref["winner"]]
        assert row["match_over"] == (i == len(rows) - 1)
        assert row["first_leader"] == rows[0]["leader"]
    return rows
