"""仙桃千分's ``search`` player: its sampling against the pure-Python twin, its money against the
late scorer, legal and deterministic play, and that it finds the one move that saves a hand."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kernels.climb.search import deal_counts, search_stream
from kernels.xiantao import play as K
from kernels.xiantao.layout import PLAY
from kernels.xiantao.money import money_vector, seat_money
from kernels.xiantao.search import sample_owners
from sim.games.xiantao.play import rows_to_table, run_kernel
from tests.games.test_xiantao_conformance import check_hands
from tests.games.xiantao_helpers import make_spec
from tests.reference import search as ref
from tests.reference.rng import Stream

SEARCH_FAST = {"worlds": 2, "candidates": 4}


def _state(seed):
    s = Stream(seed, 7)
    return np.array(s.s, np.uint64)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), seat=st.integers(0, 3), played=st.integers(0, 100), forbid=st.booleans())
def test_sample_world_matches_the_reference_and_keeps_what_the_seat_knows(seed, seat, played, forbid):
    rng = np.random.default_rng(seed)
    owner = np.repeat(np.arange(4), 27)
    rng.shuffle(owner)
    owner[rng.choice(108, played, replace=False)] = -1
    hand_left = np.array([(owner == s).sum() for s in range(4)], np.int64)
    banker = int(rng.integers(4))
    hidden = [c for c in range(108) if owner[c] >= 0 and owner[c] != seat]
    forbid_card = int(rng.choice(hidden)) if forbid and hidden and banker != seat else -1
    state = _state(seed)
    sstate = np.empty(4, np.uint64)
    search_stream(state, 17, sstate)
    twin = ref.search_stream([int(x) for x in state], 17)
    assert [int(x) for x in sstate] == twin.s
    w_owner = np.empty(108, np.int64)
    unseen = np.empty(108, np.int64)
    sample_owners(seat, owner.astype(np.int64), hand_left, forbid_card, banker, w_owner, unseen, sstate)
    expect = ref.sample_world(seat, owner.tolist(), hand_left.tolist(), forbid_card, banker, twin)
    assert w_owner.tolist() == expect
    assert [int(x) for x in sstate] == twin.s  # both streams advanced alike
    # what the seat knows is kept: its own cards, the played cards, every seat's count
    assert np.array_equal(w_owner[owner == seat], owner[owner == seat])
    assert (w_owner[owner == -1] == -1).all()
    assert [(w_owner == s).sum() for s in range(4)] == hand_left.tolist()
    if forbid_card >= 0 and len(set(owner[hidden].tolist()) - {banker}) > 0:
        assert w_owner[forbid_card] != banker


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), sizes=st.lists(st.integers(0, 6), min_size=3, max_size=3),
       fixed=st.lists(st.booleans(), min_size=3, max_size=3))
def test_deal_counts_matches_the_reference(seed, sizes, fixed):
    rng = np.random.default_rng(seed)
    want = sum(sz for sz, f in zip(sizes, fixed) if not f)
    pool = np.zeros(15, np.int64)
    for r in rng.integers(0, 15, want):
        pool[r] += 1
    state = _state(seed)
    twin = Stream(0, 0)
    twin.s = [int(x) for x in state]
    expect = ref.deal_counts(pool.tolist(), sizes, fixed, twin)
    out = np.full((3, 15), -7, np.int64)
    deal_counts(pool, np.array(sizes, np.int64), np.array(fixed), out, state)
    for s in range(3):
        if fixed[s]:
            assert (out[s] == -7).all()
        else:
            assert out[s].tolist() == expect[s] and out[s].sum() == sizes[s]
    assert pool.sum() == 0


@pytest.mark.parametrize("overrides", [{}, {"settlement": "per_team", "hard_multiplier": 3, "base": 2,
                                            "contribution": {"a": 40, "b": 20}, "bonus_requires_play": True,
                                            "grade": {"xiao_qing": 3, "da_qing": 8}, "xi": {"seven": 4}}])
def test_numba_money_equals_the_late_scorer(overrides):
    """The search's yardstick (kernels.xiantao.money) is the scorer's money, hand by hand."""
    spec = make_spec(("smart", "greedy", "smart", "random"), overrides=overrides, n=600, seed=11)
    rows = run_kernel(spec, 0, 600)
    table = rows_to_table(spec, 0, rows).to_pydict()
    mv = money_vector(spec.rules)
    f = PLAY.unpack(rows, 4)
    hard_hands = 0
    for i in range(rows.shape[0]):
        seat_cols = {c: np.array([f[f"s{k}_{c}"][i] for k in range(4)], np.int64)
                     for c in ("finish", "captured", "unplayed", "xi_wangzha", "xi_seven", "xi_eight")}
        hard_hands += int(f["mode"][i] == 1)
        for k in range(4):
            sides = np.array([f["mode"][i], f["banker"][i], f["partner"][i], f["hard_seat"][i]], np.int64)
            got = seat_money(k, sides, seat_cols["finish"], seat_cols["captured"], seat_cols["unplayed"],
                             seat_cols["xi_wangzha"], seat_cols["xi_seven"], seat_cols["xi_eight"], mv)
            assert got == pytest.approx(table[f"s{k}_money"][i]), f"hand {i} seat {k}"
    assert hard_hands > 0  # both modes were checked


def test_search_plays_legal_hands_under_the_reference():
    """Every move of search seats (play and 硬牌) replays in the reference engine; money agrees."""
    spec = make_spec(("search", "smart", "search", "greedy"), n=12, seed=5, params=[SEARCH_FAST] * 4)
    check_hands(spec, 12)


def test_search_is_deterministic_and_leaves_the_deal_alone():
    search = make_spec(("search", "smart", "smart", "smart"), n=16, seed=9, params=[SEARCH_FAST] * 4)
    smart = make_spec(("smart",) * 4, n=16, seed=9)
    a, b, c = run_kernel(search, 0, 16), run_kernel(search, 0, 16), run_kernel(smart, 0, 16)
    assert np.array_equal(a, b)
    feats = slice(K.ROW_FEATURES, K.ROW_LEN)
    assert np.array_equal(a[:, feats], c[:, feats])  # the same deals
    assert a[:, K.ROW_BANKER].tolist() == c[:, K.ROW_BANKER].tolist()
    decisions = a[:, PLAY.at("search_decisions"):PLAY.at("search_decisions") + 4]
    agree = a[:, PLAY.at("search_agree"):PLAY.at("search_agree") + 4]
    assert decisions[:, 0].sum() > 0 and decisions[:, 1:].sum() == 0
    assert (agree <= decisions).all()
    assert agree[:, 0].sum() < decisions[:, 0].sum()  # search does not merely copy smart
    assert (c[:, PLAY.at("search_decisions"):PLAY.at("search_decisions") + 4] == 0).all()


def test_search_bids_can_be_switched_off():
    """With ``candidates=1`` nothing is searched in play, so the searched decisions are the 硬牌
    answers: one per seat asked with ``search_bids=1``, none with 0 (smart's threshold answers,
    the same as an all-smart table's on the same deals)."""
    def spec(policy, bids):
        return make_spec((policy,) * 4, n=40, seed=4,
                         params=[{"worlds": 3, "candidates": 1, "search_bids": bids}] * 4)
    col = PLAY.at("search_decisions")
    on, off, smart = run_kernel(spec("search", 1), 0, 40), run_kernel(spec("search", 0), 0, 40), \
        run_kernel(spec("smart", 0), 0, 40)
    assert on[:, col:col + 4].sum(axis=1).tolist() == on[:, K.ROW_HARD_ASKED].tolist()
    assert off[:, col:col + 4].sum() == 0
    assert off[:, K.ROW_HARD_SEAT].tolist() == smart[:, K.ROW_HARD_SEAT].tolist()
