"""Bridge rulesets: options, variants, validation, compiled arrays and what they change."""

from __future__ import annotations

import numpy as np
import pytest

from kernels.bridge.state import R_FIXED_VUL, R_INSULT_XX, R_STEP
from kernels.bridge.layout import BOARD_LAYOUT
from sim.errors import UserError
from sim.games.bridge import rules as bridge_rules
from sim.games.bridge.kernel_rows import board_columns, play
from sim.games.bridge.players import policy_arrays
from sim.ruleset import apply_overrides, field_info

AT = BOARD_LAYOUT.at


def test_every_variant_applies_and_validates():
    for name, variant in bridge_rules.VARIANTS.items():
        r = apply_overrides(bridge_rules.BridgeRules(), variant.overrides)
        bridge_rules.validate(r)
        assert variant.doc and bridge_rules.compile_rules(r)["rules"].dtype == np.int64


def test_scoring_options_are_marked_scoring():
    info = field_info(bridge_rules.BridgeRules)
    assert info["insult_redoubled"][1] and info["matchpoint_top"][1] and info["money"][1]
    assert not info["direction"][1] and not info["vulnerability"][1] and not info["dd"][1]


@pytest.mark.parametrize("overrides, message", [
    ({"fixed_vulnerability": "both"}, "fixed_vulnerability"),
    ({"money": "imps"}, "dd = true"),
])
def test_validate_is_one_line(overrides, message):
    with pytest.raises(UserError) as err:
        bridge_rules.validate(apply_overrides(bridge_rules.BridgeRules(), overrides))
    assert message in str(err.value) and "\n" not in str(err.value)


def test_bad_option_values_are_user_errors():
    with pytest.raises(UserError):
        apply_overrides(bridge_rules.BridgeRules(), {"insult_redoubled": 75})
    with pytest.raises(UserError):
        apply_overrides(bridge_rules.BridgeRules(), {"direction": "widdershins"})
    with pytest.raises(UserError):
        policy_arrays("natural", ["greedy", "dd", "greedy", "greedy"])
    with pytest.raises(UserError):
        policy_arrays("precision")
    with pytest.raises(UserError):
        policy_arrays("natural", "greedy", {"notrump": 16})


def test_compiled_arrays():
    t = bridge_rules.compile_rules(bridge_rules.BridgeRules())
    assert t["rules"][R_STEP] == 1 and t["rules"][R_FIXED_VUL] == -1 and t["rules"][R_INSULT_XX] == 100
    assert t["vul_cycle"].tolist() == [0, 1, 2, 3, 1, 2, 3, 0, 2, 3, 0, 1, 3, 0, 1, 2]
    variant = bridge_rules.VARIANTS["counterclockwise"].overrides
    ccw = bridge_rules.compile_rules(apply_overrides(bridge_rules.BridgeRules(), variant))
    assert ccw["rules"][R_STEP] == 3
    allv = bridge_rules.compile_rules(apply_overrides(bridge_rules.BridgeRules(), bridge_rules.VARIANTS["all-vul"].overrides))
    assert allv["rules"][R_FIXED_VUL] == 3


def test_vulnerability_and_dealer_follow_the_board_number():
    policies, params = policy_arrays("pass-out", "greedy")
    cols = board_columns(play(1, 0, 32, bridge_rules.BridgeRules(), policies, params))
    assert cols["board"].tolist() == list(range(1, 33))
    assert cols["dealer"].tolist() == [b % 4 for b in range(32)]
    names = ["none", "N-S", "E-W", "both"]
    spec = ["none", "N-S", "E-W", "both", "N-S", "E-W", "both", "none", "E-W", "both", "none", "N-S", "both", "none",
            "N-S", "E-W"]
    assert [names[v] for v in cols["vul"]] == spec * 2
    fixed = apply_overrides(bridge_rules.BridgeRules(), {"vulnerability": "fixed", "fixed_vulnerability": "ew"})
    assert (board_columns(play(1, 0, 16, fixed, policies, params))["vul"] == 2).all()


def test_direction_changes_the_auction_order_not_the_deal():
    policies, params = policy_arrays("natural", "greedy")
    cw = play(3, 0, 300, bridge_rules.BridgeRules(), policies, params)
    ccw_rules = apply_overrides(bridge_rules.BridgeRules(), {"direction": "counterclockwise"})
    ccw = play(3, 0, 300, ccw_rules, policies, params)
    hand = slice(AT("hand"), AT("hand") + 4)
    assert (cw[:, hand] == ccw[:, hand]).all()
    assert (cw[:, AT("auction0")] != ccw[:, AT("auction0")]).any()
