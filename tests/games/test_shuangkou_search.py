"""百变双扣's ``search`` player: its sampling against the pure-Python twin (the announced card's
copies stay with their holders), its money (``kernels.shuangkou.money``) against the scorer, legal
play under the reference engine, and determinism from (seed, game index) with the deals left alone."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kernels.climb.search import search_stream
from kernels.shuangkou.layout import HAND_LAYOUT
from kernels.shuangkou.money import player_money
from kernels.climb.search_pick import confident_best
from kernels.shuangkou.search import sample_world
from sim.games.shuangkou.play import kernel_inputs, rows_to_table, run_kernel
from sim.games.shuangkou.rules import ShuangkouRules
from sim.ruleset import apply_overrides
from sim.runner import RunSpec
from tests.games.shuangkou_conformance import check_hand
from tests.reference import search as ref
from tests.reference.rng import Stream

SEARCH_FAST = {"worlds": 2, "candidates": 4}
DEC, AGREE = HAND_LAYOUT.at("search_decisions"), HAND_LAYOUT.at("search_agree")


def _spec(policies, n, seed, rules=None, params=None, duplicate=False):
    return RunSpec(game="shuangkou", kind="play", n=n, seed=seed, variant="default", rules=rules or ShuangkouRules(),
                   shard_size=n, options={"policies": list(policies), "policy_params": params or [{}] * 4,
                                          "duplicate": duplicate})


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), seat=st.integers(0, 3), played=st.integers(0, 100), known=st.integers(-1, 53))
def test_sample_world_matches_the_reference_and_keeps_what_the_seat_knows(seed, seat, played, known):
    rng = np.random.default_rng(seed)
    owner = rng.permutation(np.repeat(np.arange(4), 27)).astype(np.int64)
    owner[rng.choice(108, played, replace=False)] = -1
    hand_left = np.array([(owner == s).sum() for s in range(4)], np.int64)
    known_b = known + 54 if known >= 0 else -1
    state = np.array(Stream(seed, 7).s, np.uint64)
    sstate = np.empty(4, np.uint64)
    search_stream(state, 17, sstate)
    twin = ref.search_stream([int(x) for x in state], 17)
    w_owner = np.empty(108, np.int64)
    unseen = np.empty(108, np.int64)
    sample_world(seat, owner, hand_left, known, known_b, w_owner, unseen, sstate)
    assert w_owner.tolist() == ref.sample_world_known(seat, owner.tolist(), hand_left.tolist(), [known, known_b], twin)
    assert [int(x) for x in sstate] == twin.s
    assert np.array_equal(w_owner[owner == seat], owner[owner == seat])
    assert (w_owner[owner == -1] == -1).all()
    assert [(w_owner == s).sum() for s in range(4)] == hand_left.tolist()
    for c in (known, known_b):
        if c >= 0:
            assert w_owner[c] == owner[c]  # public cards stay put


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), nc=st.integers(2, 6), worlds=st.integers(2, 12),
       z=st.sampled_from([0.0, 1.0, 2.0]))
def test_confident_best_matches_the_reference(seed, nc, worlds, z):
    rng = np.random.default_rng(seed)
    gains = np.round(rng.normal(rng.normal(0, 3, nc)[:, None], 6, (nc, worlds)))
    gains[0] = 0.0
    got = confident_best(gains.sum(axis=1), (gains ** 2).sum(axis=1), nc, worlds, z)
    assert got == ref.confident_best([list(g) for g in gains], z)


@pytest.mark.parametrize("over", [{}, {"base": 2, "contribution_table": "qianbian", "bomb_count_rule": "qianbian",
                                       "xiang_level_scope": "side_total_bombs", "tianwang_xiang": 9},
                                  {"bomb_count_rule": "none", "partner_draw": False}])
def test_numba_money_equals_the_scorer(over):
    """The search's yardstick is the scorer's money, hand by hand (tribute and 翻倍 hands included)."""
    rules = apply_overrides(ShuangkouRules(), over)
    spec = _spec(("smart", "greedy", "smart", "random"), 400, 11, rules)
    rows = run_kernel(spec, 0, 400)
    table = rows_to_table(spec, 0, rows).to_pydict()
    v = kernel_inputs(spec)["rules"]
    assert max(table["multiplier"]) > 1 and any(table["s0_tribute"])  # both parts were exercised
    for i in range(rows.shape[0]):
        for k in range(4):
            assert player_money(k, rows[i], v) == pytest.approx(table[f"s{k}_money"][i]), f"hand {i} player {k}"


def test_search_plays_legal_hands_under_the_reference():
    """Every move of the search seats replays in the reference engine; every fact agrees."""
    for g in range(6):
        row = check_hand(5, g, ("search", "smart", "search", "greedy"), duplicate=g % 2 == 1,
                         params=[SEARCH_FAST] * 4)
        assert row["s0_search_decisions"] + row["s2_search_decisions"] > 0


def test_search_is_deterministic_and_leaves_the_deal_alone():
    search = _spec(("search", "smart", "smart", "smart"), 12, 9, params=[SEARCH_FAST] * 4, duplicate=True)
    smart = _spec(("smart",) * 4, 12, 9, duplicate=True)
    a, b, c = run_kernel(search, 0, 12), run_kernel(search, 0, 12), run_kernel(smart, 0, 12)
    assert np.array_equal(a, b)
    for name in ("draw_card", "leader", "mate", "dealt_jokers", "dealt_max_bomb"):
        at = HAND_LAYOUT.at(name)
        assert np.array_equal(a[:, at:at + 4], c[:, at:at + 4])  # the same deals and draws
    assert a[:, DEC].sum() > 0 and a[:, DEC + 1:DEC + 4].sum() == 0
    assert (a[:, AGREE:AGREE + 4] <= a[:, DEC:DEC + 4]).all()
    assert a[:, AGREE].sum() < a[:, DEC].sum()  # search does not merely copy smart
    assert (c[:, DEC:DEC + 4] == 0).all()
