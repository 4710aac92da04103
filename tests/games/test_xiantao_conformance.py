"""Every simulated 仙桃千分 hand, replayed by the reference engine, under every option set.

The reference (tests/reference/xiantao_*.py) re-deals from the same stream, checks the call card,
validates every action (turn order, cards held, pattern, beating the top, 接风, 明鸡, hand end)
and scores the hand; the kernel's raw facts and the scorer's money must agree with it.
"""

import numpy as np
import pytest

from kernels.xiantao import play as K
from sim.games.xiantao.columns import CASES, GRADES
from sim.games.xiantao.play import kernel_inputs
from tests.games.xiantao_helpers import log_actions, logged_hand, make_spec, rules_dict, score_rows
from tests.reference import xiantao_rules as ref
from tests.reference.census import deal_game
from tests.reference.xiantao_replay import replay

OPTION_SETS = [
    {"pass_locks_trick": True},
    {"banker_no_jiefeng": True},
    {"call_card_rule": "uniform_eligible"},
    {"call_card_rule": "daguong_opposite"},
    {"wild_single_value": 2, "max_wilds_in_510k": 2},
    {"zheng510k_beats_4bomb": True},
    {"two_jokers_is_bomb": False},
    {"wild_can_be_joker": True},
    {"wild_in_510k": False},
    {"bonus_requires_play": True},
    {"settlement": "per_team", "hard_multiplier": 3, "base": 2, "contribution": {"a": 40, "b": 20},
     "grade": {"xiao_qing": 3, "da_qing": 8}, "xi": {"seven": 4, "eight": 9, "wangzha": 2}},
]


def check_hands(spec, n_games, first=0):
    inputs = kernel_inputs(spec)
    rules = rules_dict(spec)
    rows = []
    stats = {"call": 0, "hard": 0, "A": 0, "B": 0, "C": 0, "bombs": 0, "jiefeng": 0}
    for g in range(first, first + n_games):
        row, log, hands = logged_hand(spec, g, inputs=inputs)
        deal, _ = deal_game(spec.seed, g)
        if row[K.ROW_REDEALS] == 0:
            assert hands.tolist() == deal, f"hand {g}: deal differs from the reference stream"
        hard = row[K.ROW_MODE] == 1
        banker = int(row[K.ROW_BANKER])
        if not hard:
            assert ref.call_card(hands[banker].tolist(), int(row[K.ROW_CALL_PICK]), rules) == (
                row[K.ROW_CALL_CARD], row[K.ROW_RECALLS]), f"hand {g}: call card"
        res = replay(hands.tolist(), banker, "hard" if hard else "call",
                     int(row[K.ROW_HARD_SEAT]) if hard else None,
                     None if hard else int(row[K.ROW_CALL_CARD]), None if hard else int(row[K.ROW_PARTNER]),
                     log_actions(log), rules)
        assert row[K.ROW_FINISH:K.ROW_FINISH + 4].tolist() == list(res["finish"]), f"hand {g}: finish"
        assert row[K.ROW_CAPTURED:K.ROW_CAPTURED + 4].tolist() == list(res["captured"]), f"hand {g}: captured"
        assert row[K.ROW_UNPLAYED:K.ROW_UNPLAYED + 4].tolist() == list(res["unplayed"]), f"hand {g}: unplayed"
        assert int(row[K.ROW_N_TRICKS]) == res["n_tricks"] and int(row[K.ROW_N_JIEFENG]) == res["n_jiefeng"]
        assert int(row[K.ROW_MINGJI]) == res["mingji_trick"], f"hand {g}: 明鸡"
        bombs = [res["bombs_by_level"].get(level, 0) for level in range(1, 20)]
        assert row[K.ROW_BOMBS:K.ROW_BOMBS + 19].tolist() == bombs, f"hand {g}: bombs by level"
        # conservation: every point is captured or still in a hand
        assert row[K.ROW_CAPTURED:K.ROW_CAPTURED + 4].sum() + row[K.ROW_UNPLAYED:K.ROW_UNPLAYED + 4].sum() == 200
        rows.append((row, res))
        stats["hard" if hard else "call"] += 1
        stats["bombs"] += sum(bombs)
        stats["jiefeng"] += res["n_jiefeng"]
        if not hard:
            stats[res["case"]] += 1
    # the late scorer agrees with the reference's settlement, hand by hand
    raw = np.stack([r for r, _ in rows])
    s = score_rows(raw, spec.rules)
    money = np.stack([s[f"s{k}_money"] for k in range(4)], axis=1)
    for i, (_, res) in enumerate(rows):
        assert CASES[s["case"][i]] == (res["case"] or ""), f"row {i}: case"
        assert GRADES[s["grade"][i]] == res["grade"], f"row {i}: grade"
        assert bool(s["tie_100"][i]) == bool(res["tie_100"])
        if res["case"]:
            assert (s["team_w_total"][i], s["team_l_total"][i]) == (res["team_w_total"], res["team_l_total"])
            assert s["team_w_total"][i] + s["team_l_total"][i] == 200
        assert np.allclose(money[i], res["money"]), f"row {i}: money {money[i]} vs {res['money']}"
        assert abs(money[i].sum()) < 1e-9
    return stats


@pytest.mark.parametrize("policy", ["random", "greedy", "smart"])
def test_default_rules_conform(policy):
    stats = check_hands(make_spec([policy] * 4, seed=11), 700)
    assert stats["call"] > 0 and stats["bombs"] > 0
    if policy != "random":
        assert min(stats["A"], stats["B"], stats["C"]) > 0


def test_mixed_policies_conform():
    stats = check_hands(make_spec(["smart", "greedy", "random", "smart"], seed=12), 500)
    assert stats["jiefeng"] > 0


@pytest.mark.parametrize("overrides", OPTION_SETS, ids=[",".join(o) for o in OPTION_SETS])
def test_option_sets_conform(overrides):
    check_hands(make_spec(["random", "smart", "greedy", "random"], overrides=overrides, seed=13), 300)


def test_hard_mode_hands_conform():
    """Low 硬牌 thresholds make declarations common, so 硬牌 hands are checked in number."""
    spec = make_spec(["smart"] * 4, params=[{"hard_threshold": 10}] * 4, seed=14)
    stats = check_hands(spec, 300)
    assert stats["hard"] > 100


def test_rotated_deals_conform():
    """--duplicate's rotations: the rotated hands replay legally and are the deal turned round."""
    spec = make_spec(["smart", "greedy", "random", "smart"], seed=16)
    inputs = kernel_inputs(spec)
    rules = rules_dict(spec)
    for deal_index in range(40):
        deal, _ = deal_game(spec.seed, deal_index)
        for rotation in range(4):
            row, log, hands = logged_hand(spec, deal_index, inputs=inputs, rotation=rotation)
            if row[K.ROW_REDEALS]:
                continue
            assert hands.tolist() == [deal[(k + rotation) % 4] for k in range(4)]
            hard = row[K.ROW_MODE] == 1
            replay(hands.tolist(), int(row[K.ROW_BANKER]), "hard" if hard else "call",
                   int(row[K.ROW_HARD_SEAT]) if hard else None, None if hard else int(row[K.ROW_CALL_CARD]),
                   None if hard else int(row[K.ROW_PARTNER]), log_actions(log), rules)
