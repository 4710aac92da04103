"""关牌's ``search`` player: its sampling against the pure-Python twin, its money against the late
scorer, legal and deterministic play, and that it leaves the deal alone."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kernels.climb.search import deal_others, search_stream
from kernels.guanpai.layout import LAYOUT
from kernels.guanpai.money import money_vector, seat_money
from kernels.guanpai.search import unseen_pool
from sim.games.guanpai.play import compute_play, rows_to_table, run_kernel
from sim.games.guanpai.rules import VARIANTS, GuanpaiRules, deck_ids
from sim.ruleset import apply_overrides
from sim.runner import RunSpec
from tests.games.test_guanpai_conformance import _check
from tests.reference import guanpai_search as ref
from tests.reference import search as ref_search
from tests.reference.rng import Stream

SEARCH_FAST = {"worlds": 3, "candidates": 4}


def make_spec(policies, n, seed, params=None, variant="default", overrides=None, **options):
    rules = apply_overrides(GuanpaiRules(), {**VARIANTS[variant].overrides, **(overrides or {})})
    return RunSpec("guanpai", "play", variant, rules, seed, n, n,
                   {"policies": list(policies), "policy_params": params or [{}] * 2, "hands_per_session": 1,
                    **options})


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), seat=st.integers(0, 1), deck=st.sampled_from(["s001_49", "s001_51", "as_48"]),
       played=st.integers(0, 16), turn=st.integers(0, 200))
def test_deal_opponent_matches_the_reference_and_keeps_what_the_seat_knows(seed, seat, deck, played, turn):
    rng = np.random.default_rng(seed)
    ids = np.array(deck_ids(deck), np.int64)
    rng.shuffle(ids)
    pack = np.zeros(16, np.int64)
    for c in ids:
        pack[(c % 54) >> 2] += 1
    hand = 16 if deck == "as_48" else 17
    dealt = np.zeros((2, 16), np.int64)
    for p in range(2 * hand):
        dealt[p % 2, (ids[p] % 54) >> 2] += 1
    counts = dealt.copy()
    for s in range(2):  # each seat has played some of its cards
        for _ in range(min(played, hand - 1)):
            r = rng.choice(np.flatnonzero(counts[s]))
            counts[s, r] -= 1
    hand_left = counts.sum(axis=1)
    pool = np.empty(16, np.int64)
    unseen_pool(seat, pack, dealt, counts, pool)
    assert pool.tolist() == ref.unseen_pool(seat, pack.tolist(), dealt.tolist(), counts.tolist())
    state = np.array(Stream(seed, 3).s, np.uint64)
    sstate = np.empty(4, np.uint64)
    search_stream(state, turn, sstate)
    twin = ref_search.search_stream([int(x) for x in state], turn)
    w = np.full((2, 16), -5, np.int64)
    w[seat] = counts[seat]
    deal_others(seat, pool, hand_left, w, sstate)  # the search's sample_world
    assert w[1 - seat].tolist() == ref.sample_opponent(seat, pool.tolist(), hand_left.tolist(), twin)
    assert [int(x) for x in sstate] == twin.s  # both streams advanced alike
    # what the seat knows is kept: its own hand, the opponent's count; he holds only unseen cards
    assert w[seat].tolist() == counts[seat].tolist()
    assert w[1 - seat].sum() == hand_left[1 - seat]
    assert (w[1 - seat] <= pool).all() and (w[1 - seat] >= 0).all()


@pytest.mark.parametrize("variant,overrides", [("default", {}), ("as-48", {"base": 2, "quanguan_factor": 3})])
def test_numba_money_equals_the_late_scorer(variant, overrides):
    """The search's yardstick (kernels.guanpai.money) is the scorer's money, hand by hand, 全关 included."""
    spec = make_spec(("smart", "random"), 800, 11, variant=variant, overrides=overrides)
    rows = run_kernel(spec, 0, spec.n)
    table = rows_to_table(spec, 0, rows).to_pydict()
    f = LAYOUT.unpack(rows, 2)
    mv = money_vector(spec.rules)
    shut = 0
    for i in range(rows.shape[0]):
        loser = 1 - int(f["winner"][i])
        shut += int(f[f"s{loser}_plays"][i] == 0)
        for k in range(2):
            got = seat_money(k, int(f["winner"][i]), int(f[f"s{loser}_cards_left"][i]), int(f[f"s{loser}_plays"][i]),
                             mv)
            assert got == pytest.approx(table[f"s{k}_money"][i]), (i, k)
    assert shut > 0  # the 全关 factor was checked


@pytest.mark.parametrize("variant,options", [("default", {"duplicate": True}), ("as-48", {"rotate": True})])
def test_search_plays_legal_hands_under_the_reference(variant, options):
    """Every move of search seats replays in the reference engine; every fact and the money agree."""
    spec = make_spec(("search", "smart"), 16, 5, params=[SEARCH_FAST, {}], variant=variant, **options)
    rows = compute_play(spec, 0, spec.n).to_pylist()
    assert sum(r["s0_search_decisions"] + r["s1_search_decisions"] for r in rows) > 0
    for g, stored in enumerate(rows):
        _check(spec, g, stored, options)


def test_search_is_deterministic_and_leaves_the_deal_alone():
    search = make_spec(("search", "smart"), 24, 9, params=[SEARCH_FAST, {}])
    smart = make_spec(("smart", "smart"), 24, 9)
    a, b, c = run_kernel(search, 0, 24), run_kernel(search, 0, 24), run_kernel(smart, 0, 24)
    assert np.array_equal(a, b)
    for name in ("first_leader", "lead_card", "bombs_dealt", "three_bomb_dealt", "twos_dealt"):
        lo = LAYOUT.at(name)
        width = 2 if name not in ("first_leader", "lead_card") else 1
        assert np.array_equal(a[:, lo:lo + width], c[:, lo:lo + width]), name  # the same deals
    dec = a[:, LAYOUT.at("search_decisions"):LAYOUT.at("search_decisions") + 2]
    agree = a[:, LAYOUT.at("search_agree"):LAYOUT.at("search_agree") + 2]
    assert dec[:, 0].sum() > 0 and dec[:, 1].sum() == 0
    assert (agree <= dec).all()
    assert agree[:, 0].sum() < dec[:, 0].sum()  # search does not merely copy smart
    assert (c[:, LAYOUT.at("search_decisions"):LAYOUT.at("search_agree") + 2] == 0).all()


def test_one_candidate_plays_as_smart():
    """With ``candidates=1`` nothing is searched: the hands are smart's, move for move."""
    search = make_spec(("search", "smart"), 30, 4, params=[{"worlds": 3, "candidates": 1}, {}])
    smart = make_spec(("smart", "smart"), 30, 4)
    assert np.array_equal(run_kernel(search, 0, 30), run_kernel(smart, 0, 30))
