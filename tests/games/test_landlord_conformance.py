"""Every simulated landlord-family hand, replayed by the pure-Python reference.

The reference (tests/reference/landlord_game.py) re-validates the deal (sizes, the full pack),
the auction, 抢地主 and 明牌 tokens, and every play (cards held, a legal pattern, beating the top,
turn order, trick ends, the hand ending at the first player out) and scores the hand; the
kernel's raw facts and the late scorer's money must agree with it hand by hand.
"""

import numpy as np
import pytest

from kernels.landlord import rows as W
from sim.games.landlord.rules import DOUDIZHU_VARIANTS
from tests.games.landlord_helpers import (actions_of, deal_of, kernel_inputs, logged_hand, make_spec,
                                         reference_rules, run_kernel, score_rows)
from tests.reference.landlord_game import replay

R1 = DOUDIZHU_VARIANTS["r1"].overrides
QIANG = DOUDIZHU_VARIANTS["r3-qiang"].overrides
OPENSPIEL = DOUDIZHU_VARIANTS["openspiel"].overrides

CASES = [
    ("doudizhu", {}, ["random"] * 3, 400),
    ("doudizhu", QIANG, ["random"] * 3, 300),
    ("doudizhu", R1, ["random"] * 3, 300),
    ("doudizhu", OPENSPIEL, ["random"] * 3, 400),
    ("doudizhu", {}, ["smart", "greedy", "random"], 200),
    ("doudizhu", QIANG, ["smart", "smart", "greedy"], 200),
    ("doudizhu", {"wing_singles_rule": "s001_literal", "four_two_singles_may_pair": False}, ["random"] * 3, 200),
    ("doudizhu4", {}, ["random"] * 4, 120),
    ("doudizhu4", {"rocket": True}, ["smart", "greedy", "random", "smart"], 80),
]


@pytest.mark.parametrize("case", range(len(CASES)))
def test_hands_replay_in_reference(case):
    game, over, policies, n_games = CASES[case]
    spec = make_spec(game, policies, over, n=n_games, seed=11 + case)
    inputs = kernel_inputs(spec)
    R = reference_rules(game, over)
    rows = []
    seen = {"landlord_won": 0, "bombs": 0, "spring": 0, "qiang": 0, "mingpai": 0, "no_game": 0}
    for g in range(n_games):
        row, log, deck = logged_hand(spec, g, inputs)
        hands, kitty = deal_of(deck, spec.rules, inputs["card_rank"])
        res = replay(hands, kitty, actions_of(row, log), R, first_bidder=int(row[W.ROW_FIRST_BIDDER]))
        if res.redeal:
            assert row[W.ROW_LANDLORD] == -1 and spec.rules.all_pass == "no_game"
            seen["no_game"] += 1
        else:
            assert row[W.ROW_LANDLORD] == res.landlord and row[W.ROW_BID] == res.bid
            assert row[W.ROW_QIANG] == res.qiang and bool(row[W.ROW_MINGPAI]) == res.mingpai
            assert row[W.ROW_WINNER] == res.winner and bool(row[W.ROW_LANDLORD_WON]) == res.landlord_won
            assert bool(row[W.ROW_SPRING]) == res.spring and bool(row[W.ROW_FANCHUN]) == res.fanchun
            assert row[W.ROW_BOMBS_PLAYED] == res.played_kinds.get("bomb", 0)
            assert row[W.ROW_ROCKETS_PLAYED] == res.played_kinds.get("rocket", 0)
            assert row[W.ROW_TIANWANG_PLAYED] == res.played_kinds.get("tianwang", 0)
            assert list(row[W.ROW_PLAYS:W.ROW_PLAYS + len(hands)]) == res.plays
            seen["landlord_won"] += res.landlord_won
            seen["bombs"] += sum(res.bombs)
            seen["spring"] += res.spring
            seen["qiang"] += res.qiang
            seen["mingpai"] += res.mingpai
        rows.append((row, res))
    raw = np.stack([r for r, _ in rows])
    s = score_rows(game, raw, spec.rules)
    for i, (_, res) in enumerate(rows):
        assert np.allclose(s.money[i], res.money), f"hand {i}: money {s.money[i]} vs {res.money}"
        assert s.money[i].sum() == 0
        if not res.redeal:
            assert s.multiplier[i] == res.multiplier
    # the run exercised what it claims to test
    assert 0 < seen["landlord_won"] < n_games and seen["bombs"] > 0
    if over.get("qiang"):
        assert seen["qiang"] > 0 and seen["mingpai"] > 0
    if over.get("all_pass") == "no_game" and policies[0] == "random":
        assert seen["no_game"] > 0
    # the batch kernel writes the same rows as the logged one
    assert (run_kernel(spec, 0, n_games, inputs) == raw).all()


def test_same_seed_same_rows_any_threads():
    import numba

    spec = make_spec("doudizhu", ["smart", "greedy", "random"], n=600, seed=5, rotate=True)
    a = run_kernel(spec, 0, 600)
    before = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        b = run_kernel(spec, 0, 600)
    finally:
        numba.set_num_threads(before)
    c = np.concatenate([run_kernel(spec, 0, 250), run_kernel(spec, 250, 600)])
    assert (a == b).all() and (a == c).all()
    assert not (a == run_kernel(make_spec("doudizhu", ["smart", "greedy", "random"], n=600, seed=6, rotate=True),
                                0, 600)).all()


def test_spec_scoring_examples():
    """doudizhu.md A9 ex. 4-6 through the late scorer."""
    from sim.games.landlord.rules import DoudizhuRules as LandlordRules
    from sim.ruleset import apply_overrides

    def row(bid, landlord_won, qiang=0, mingpai=0, bombs=0, rockets=0, spring=0, fanchun=0):
        r = np.zeros(W.ROW_LEN, np.int64)
        r[W.ROW_LANDLORD], r[W.ROW_BID], r[W.ROW_QIANG], r[W.ROW_MINGPAI] = 0, bid, qiang, mingpai
        r[W.ROW_LANDLORD_WON], r[W.ROW_BOMBS_PLAYED], r[W.ROW_ROCKETS_PLAYED] = landlord_won, bombs, rockets
        r[W.ROW_SPRING], r[W.ROW_FANCHUN] = spring, fanchun
        return r

    r3 = LandlordRules()
    s = score_rows("doudizhu", np.stack([row(3, 1, qiang=1, mingpai=1, bombs=1, spring=1), row(2, 0, fanchun=1)]), r3)
    assert s.multiplier.tolist() == [16, 2]
    assert s.money[0].tolist() == [96, -48, -48] and s.money[1].tolist() == [-8, 4, 4]
    r1 = apply_overrides(LandlordRules(), DOUDIZHU_VARIANTS["r1"].overrides)
    s = score_rows("doudizhu", np.stack([row(3, 1, qiang=2, rockets=1)]), r1)
    assert s.money[0].tolist() == [96, -48, -48]


@pytest.mark.parametrize("game", ["doudizhu", "doudizhu4", "shanghai"])
def test_production_defaults_equal_the_reference_presets(game):
    """The kernel's rules and the reference's are built separately (production ruleset / reference
    preset); every option both know must have the same default, so that the conformance tests
    above compare two independent readings of the spec, not one read twice."""
    from sim.registry import load_game
    from sim.ruleset import flatten
    from tests.reference.landlord_presets import rules_for

    production = flatten(load_game(game).rules())
    reference = rules_for(game)
    shared = sorted(set(production) & set(reference))
    assert len(shared) >= 25
    differ = {k: (production[k], reference[k]) for k in shared
              if production[k] != reference[k] and not (k == "wing_single_max_per_rank" and production[k] == 0
                                                        and reference[k] is None)}
    assert not differ
