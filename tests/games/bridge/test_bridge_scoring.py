"""Duplicate scoring: the spec's worked examples, and kernel = numpy = reference on every case."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from kernels.bridge.score import declarer_score, imp_steps, imps as kernel_imps
from sim.games.bridge import scoring
from sim.games.bridge.rules import BridgeRules
from sim.ruleset import apply_overrides
from tests.reference import bridge as ref

H, S, NT, D = 2, 3, 4, 1
GRID = list(itertools.product(range(1, 8), range(5), range(3), (False, True), range(14)))


@pytest.mark.parametrize("level, strain, doubled, vul, tricks, want", [
    (4, H, 0, True, 10, 620),     # 1. N-S vulnerable, 4♥ made exactly
    (3, NT, 0, False, 10, 430),   # 2. 3NT + 1 not vulnerable
    (3, NT, 0, False, 8, -50),    # 3. the same down 1: E-W +50
    (4, H, 0, False, 10, 420),    # 4. 4♥ not vulnerable made exactly
    (4, S, 1, True, 10, 790),     # 5. 4♠ doubled vulnerable made
    (3, NT, 1, False, 6, -500),   # 6. 3NT doubled not vulnerable down 3
    (1, NT, 2, False, 7, 560),    # 7. 1NT redoubled not vulnerable made
    (6, H, 0, False, 12, 980),    # 8. 6♥ not vulnerable made
    (7, NT, 0, True, 13, 2220),   # 8. 7NT vulnerable made
    (2, D, 0, False, 10, 130),    # 9. 2♦ not vulnerable + 2
])
def test_spec_worked_examples(level, strain, doubled, vul, tricks, want):
    assert declarer_score(level, strain, doubled, vul, tricks, 50, 100) == want
    assert int(scoring.declarer_scores(level, strain, doubled, vul, tricks)) == want
    assert ref.duplicate_score(level, strain, doubled, vul, tricks) == want


def test_br2_insult_option():
    """BR-2: 1NT redoubled made is 560 under the Laws, 510 when the insult is 50 as the seed reads."""
    assert int(scoring.declarer_scores(1, NT, 2, False, 7, insult_redoubled=50)) == 510
    assert declarer_score(1, NT, 2, False, 7, 50, 50) == 510


@pytest.mark.parametrize("insult", [100, 50])
def test_kernel_numpy_and_reference_agree_on_every_case(insult):
    level, strain, doubled, vul, tricks = (np.array(c) for c in zip(*GRID))
    vectorised = scoring.declarer_scores(level, strain, doubled, vul, tricks, insult)
    for k, (lv, st, dbl, v, tr) in enumerate(GRID):
        want = ref.duplicate_score(lv, st, dbl, v, tr, insult)
        assert declarer_score(lv, st, dbl, v, tr, 50, insult) == want
        assert vectorised[k] == want


def test_imps_on_the_wbf_scale():
    diffs = np.arange(-4500, 4501, 10)
    want = [ref.imps(int(d)) for d in diffs]
    assert scoring.imps(diffs).tolist() == want
    steps = imp_steps()
    assert [kernel_imps(int(d), steps) for d in diffs] == want
    assert ref.imps(10) == 0 and ref.imps(20) == 1 and ref.imps(-430) == -10 and ref.imps(5000) == 24


def _facts(**cols):
    base = dict(level=[4], strain=[H], doubled=[0], declarer=[0], vul=[1], tricks=[10], play_dd=[0], result_is_par=[0])
    base.update(cols)
    return {k: np.array(v) for k, v in base.items()}


def test_score_from_facts_views_and_options():
    rules = BridgeRules()
    assert scoring.score(_facts(), rules)["ns_score"].tolist() == [620]
    assert scoring.score(_facts(declarer=[1], vul=[1]), rules)["ns_score"].tolist() == [-420]  # E-W not vulnerable
    assert scoring.score(_facts(level=[-1], strain=[-1], doubled=[-1], declarer=[-1], tricks=[-1]), rules)[
        "ns_score"].tolist() == [0]
    xx = _facts(level=[1], strain=[NT], doubled=[2], vul=[0], tricks=[7])
    assert scoring.score(xx, rules)["ns_score"].tolist() == [560]
    assert scoring.score(xx, apply_overrides(rules, {"insult_redoubled": 50}))["ns_score"].tolist() == [510]


def test_par_columns_imps_matchpoints_and_money():
    dd = {f"s{k}_dd_{s}": np.array([9]) for k in range(4) for s in ("c", "d", "h", "s", "nt")}
    facts = _facts(par_score=[650], par_count=[0], par_contracts=[0], **{k: v.tolist() for k, v in dd.items()})
    dd_rules = apply_overrides(BridgeRules(), {"dd": True})
    out = scoring.score(facts, dd_rules)
    assert out["ns_score"].tolist() == [620] and out["imps_vs_par"].tolist() == [-1]
    assert out["mp_vs_par"].tolist() == [0]
    assert scoring.dd_contract_tricks(facts).tolist() == [9]
    par = scoring.score(dict(facts, result_is_par=np.array([1]), level=np.array([-1])), dd_rules)
    assert par["ns_score"].tolist() == [650] and par["mp_vs_par"].tolist() == [1.0]
    acbl_rules = apply_overrides(dd_rules, {"matchpoint_top": 1})
    acbl = scoring.score(dict(facts, result_is_par=np.array([1])), acbl_rules)
    assert acbl["mp_vs_par"].tolist() == [0.5]
    money = {unit: scoring.score(facts, apply_overrides(dd_rules, {"money": unit})) for unit in
             ("points", "imps", "matchpoints")}
    assert [money[u]["s0_money"][0] for u in money] == [620, -1, -1.0]  # matchpoints: 0 of 2, minus the average 1
    for m in money.values():
        assert m["s0_money"][0] == m["s2_money"][0] == -m["s1_money"][0] == -m["s3_money"][0]


def test_components_add_up_to_the_money_and_roles_follow_the_declarer():
    rng = np.random.default_rng(3)
    n = 4000
    level = rng.integers(1, 8, n)
    facts = {"level": np.where(rng.random(n) < 0.1, -1, level), "strain": rng.integers(0, 5, n),
             "doubled": rng.integers(0, 3, n), "declarer": rng.integers(0, 4, n), "vul": rng.integers(0, 4, n),
             "tricks": rng.integers(0, 14, n), "result_is_par": np.zeros(n, bool)}
    for key in ("strain", "doubled", "declarer", "tricks"):
        facts[key] = np.where(facts["level"] < 0, -1, facts[key])
    rules = BridgeRules()
    scored = scoring.score(facts, rules)
    parts = scoring.components(facts, scored, rules)
    money = np.stack([scored[f"s{k}_money"] for k in range(4)], axis=1)
    assert np.array_equal(sum(parts.values()), money) and (money.sum(axis=1) == 0).all()
    assert (parts["undertricks"] != 0).any() and set(parts) == set(scoring.COMPONENT_LABELS)
    roles = scoring.seat_roles(facts)
    d = facts["declarer"]
    played = facts["level"] > 0
    assert (roles[played, d[played]] == 0).all() and (roles[played, d[played] ^ 2] == 1).all()
    assert (roles[played, d[played] ^ 1] == 2).all() and (roles[~played] == -1).all()


def test_rescoring_stored_boards_reproduces_the_kernel_score():
    from sim.games.bridge.kernel_rows import board_columns, play
    from sim.games.bridge.players import policy_arrays

    policies, params = policy_arrays("natural", "greedy")
    cols = board_columns(play(9, 0, 3000, BridgeRules(), policies, params))
    assert (scoring.score(cols, BridgeRules())["ns_score"] == cols["ns_score"]).all()
    assert (cols["doubled"] == 1).any()  # the comparison covers doubled contracts
