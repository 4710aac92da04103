"""五十K's ``search`` player: its sampling and its confidence rule against the pure-Python twins,
its money (``kernels.wushik.money``) against the scorer, legal play under the reference engine,
and determinism from (seed, game index) with the deals left alone."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from numba import njit

from kernels.climb import search_driver as sd
from kernels.climb.search import search_stream
from kernels.climb.search_pick import confident_best
from kernels.wushik.layout import HAND_LAYOUT
from kernels.wushik.money import seat_money
from kernels.climb.search_driver import KIND_PLAY as MOVE
from kernels.wushik.state import new_state
from sim.games.wushik.play import kernel_inputs, rows_to_table, run_kernel
from sim.games.wushik.rules import WushikRules
from sim.ruleset import apply_overrides
from sim.runner import RunSpec
from tests.games.wushik_conformance import check_match
from tests.reference import search as ref
from tests.reference.rng import Stream

SEARCH_FAST = {"worlds": 2, "candidates": 4}
DEC, AGREE = HAND_LAYOUT.at("search_decisions"), HAND_LAYOUT.at("search_agree")


def _spec(policies, n, seed, rules=None, params=None, duplicate=False):
    return RunSpec(game="wushik", kind="play", n=n, seed=seed, variant="default", rules=rules or WushikRules(),
                   shard_size=n, options={"policies": list(policies), "policy_params": params or [{}] * 4, "duplicate": duplicate})


@njit
def _sample_world(world, st, seat, sstate):
    """五十K's ``sample_world`` hook (``kernels.wushik.search``), as the search driver calls it."""
    sd.sample_world(world, st, seat, MOVE, sd.knowledge(st, seat, MOVE), sstate)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), seat=st.integers(0, 3), played=st.integers(0, 100))
def test_sample_world_matches_the_reference_and_keeps_what_the_seat_knows(seed, seat, played):
    rng = np.random.default_rng(seed)
    owner = np.full(108, -1, np.int64)
    ids = np.array([d * 54 + k for d in range(2) for k in range(52)])
    owner[ids] = rng.permutation(np.repeat(np.arange(4), 26))
    owner[rng.choice(ids, played, replace=False)] = -1
    hand_left = np.array([(owner == s).sum() for s in range(4)], np.int64)
    state = np.array(Stream(seed, 7).s, np.uint64)
    sstate = np.empty(4, np.uint64)
    search_stream(state, 17, sstate)
    twin = ref.search_stream([int(x) for x in state], 17)
    hand, world = new_state(np.zeros(1, np.int64)), new_state(np.zeros(1, np.int64))
    hand.owner[:], hand.hand_left[:] = owner, hand_left
    _sample_world(world, hand, seat, sstate)
    w_owner = world.owner
    assert w_owner.tolist() == ref.sample_world(seat, owner.tolist(), hand_left.tolist(), -1, -1, twin)
    assert [int(x) for x in sstate] == twin.s  # both streams advanced alike
    assert np.array_equal(w_owner[owner == seat], owner[owner == seat])
    assert (w_owner[owner == -1] == -1).all()
    assert [(w_owner == s).sum() for s in range(4)] == hand_left.tolist()


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), nc=st.integers(2, 6), worlds=st.integers(2, 12),
       z=st.sampled_from([0.0, 1.0, 2.0]))
def test_confident_best_matches_the_reference(seed, nc, worlds, z):
    rng = np.random.default_rng(seed)
    gains = np.round(rng.normal(rng.normal(0, 30, nc)[:, None], 60, (nc, worlds)))
    gains[0] = 0.0
    got = confident_best(gains.sum(axis=1), (gains ** 2).sum(axis=1), nc, worlds, z)
    assert got == ref.confident_best([list(g) for g in gains], z)


@pytest.mark.parametrize("over", [{}, {"terminal_trick_points": "void", "bomb_bonus_zero_sum": True,
                                       "bomb_bonus": {"five": 20, "six": 50}, "matches": False}])
def test_numba_money_equals_the_scorer(over):
    """The search's yardstick is the scorer's money, hand by hand (eight-of-a-kind hands included)."""
    rules = apply_overrides(WushikRules(), over)
    spec = _spec(("smart", "greedy", "smart", "random"), 60, 11, rules)
    rows = run_kernel(spec, 0, 60)
    table = rows_to_table(spec, 0, rows).to_pydict()
    v = kernel_inputs(spec)["rules"]
    assert rows.shape[0] >= 60
    for i in range(rows.shape[0]):
        for k in range(4):
            assert seat_money(k, rows[i], v) == pytest.approx(table[f"s{k}_money"][i]), f"hand {i} seat {k}"


def test_search_plays_legal_hands_under_the_reference():
    """Every move of the search seats replays in the reference engine; facts and points agree (single
    hands, and a whole match: later hands are led by the previous 一游)."""
    rules = apply_overrides(WushikRules(), {"matches": False})
    for g in range(6):
        rows = check_match(5, g, ("search", "smart", "search", "greedy"), rules, duplicate=g % 2 == 1,
                           params=[SEARCH_FAST] * 4)
        assert rows[0]["s0_search_decisions"] + rows[0]["s2_search_decisions"] > 0
    rows = check_match(5, 1, ("smart", "search", "greedy", "search"), WushikRules(), params=[SEARCH_FAST] * 4)
    assert len(rows) > 1 and all(r["s1_search_decisions"] + r["s3_search_decisions"] > 0 for r in rows)  # a match


def test_search_is_deterministic_and_leaves_the_deal_alone():
    rules = apply_overrides(WushikRules(), {"matches": False})
    search = _spec(("search", "smart", "smart", "smart"), 12, 9, rules, [SEARCH_FAST] * 4, duplicate=True)
    smart = _spec(("smart",) * 4, 12, 9, rules, duplicate=True)
    a, b, c = run_kernel(search, 0, 12), run_kernel(search, 0, 12), run_kernel(smart, 0, 12)
    assert np.array_equal(a, b)
    dealt = HAND_LAYOUT.at("dealt_points")
    assert np.array_equal(a[:, dealt:dealt + 4], c[:, dealt:dealt + 4])  # the same deals
    assert np.array_equal(a[:, HAND_LAYOUT.at("leader")], c[:, HAND_LAYOUT.at("leader")])
    assert a[:, DEC].sum() > 0 and a[:, DEC + 1:DEC + 4].sum() == 0
    assert (a[:, AGREE:AGREE + 4] <= a[:, DEC:DEC + 4]).all()
    assert a[:, AGREE].sum() < a[:, DEC].sum()  # search does not merely copy smart
    assert (c[:, DEC:DEC + 4] == 0).all()
