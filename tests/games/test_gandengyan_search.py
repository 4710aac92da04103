"""干瞪眼's ``search`` player: its sampling against the pure-Python twin, its money against the late
scorer in every variant, legal and deterministic play, and that it leaves the deal and the stock
alone."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kernels.climb.search import search_stream
from kernels.gandengyan.layout import LAYOUT
from kernels.gandengyan.money import money_vector, seat_money
from kernels.gandengyan.policies import unseen_cards
from kernels.gandengyan.search import deal_world
from sim.games.gandengyan.play import compute_play, rows_to_table, run_kernel
from sim.games.gandengyan.rules import VARIANTS, GandengyanRules, compile_rules
from sim.ruleset import apply_overrides
from sim.runner import RunSpec
from tests.games.test_gandengyan_conformance import check_hand
from tests.reference import gandengyan_search as ref
from tests.reference import search as ref_search
from tests.reference.rng import Stream

SEARCH_FAST = {"worlds": 2, "candidates": 4}


def make_spec(variant, policies, n, seed, params=None, overrides=None, **options):
    rules = apply_overrides(GandengyanRules(), {**VARIANTS[variant].overrides, "players": len(policies),
                                                **(overrides or {})})
    return RunSpec("gandengyan", "play", variant, rules, seed, n, n,
                   {"policies": list(policies), "policy_params": params or [{}] * len(policies),
                    "hands_per_session": 1, **options})


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), n_seats=st.integers(2, 6), decks=st.integers(1, 2), turn=st.integers(0, 300),
       frac=st.floats(0, 1))
def test_sample_world_matches_the_reference_and_keeps_what_the_seat_knows(seed, n_seats, decks, turn, frac):
    rng = np.random.default_rng(seed)
    pack = [4 * decks if r < 13 else (2 * decks if r == 15 else 0) for r in range(16)]
    cards = np.repeat(np.arange(16), pack)
    rng.shuffle(cards)
    n_played = int(frac * (len(cards) - 6 * n_seats))
    played = np.bincount(cards[:n_played], minlength=16).astype(np.int64)
    counts = np.zeros((n_seats, 16), np.int64)
    p = n_played
    for s in range(n_seats):
        k = int(rng.integers(0, 7))
        for c in cards[p:p + k]:
            counts[s, c] += 1
        p += k
    stock = len(cards) - p
    hand_left = counts.sum(axis=1)
    seat = int(rng.integers(n_seats))
    v = compile_rules(apply_overrides(GandengyanRules(), {**VARIANTS["two-deck" if decks == 2 else "qq"].overrides,
                                                          "players": n_seats, "max_players": 10, "min_players": 2}))
    pool = np.empty(16, np.int64)
    total = unseen_cards(counts[seat], played, v.rules, pool, 0)
    assert pool.tolist() == ref.unseen_pool(seat, counts.tolist(), played.tolist(), decks)
    assert total == stock + hand_left.sum() - hand_left[seat]
    state = np.array(Stream(seed, 5).s, np.uint64)
    sstate = np.empty(4, np.uint64)
    search_stream(state, turn, sstate)
    twin = ref_search.search_stream([int(x) for x in state], turn)
    w = np.full((n_seats, 16), -5, np.int64)
    w[seat] = counts[seat]
    deck = np.full(len(cards), -1, np.int16)
    m = deal_world(seat, pool, hand_left, w, deck, p, sstate)
    hands, ids = ref.sample_world(seat, pool.tolist(), hand_left.tolist(), twin)
    assert m == stock and deck[p:].tolist() == ids and (deck[:p] == -1).all()
    assert [int(x) for x in sstate] == twin.s  # both streams advanced alike
    for s in range(n_seats):
        if s == seat:
            assert w[s].tolist() == counts[s].tolist()  # its own hand is kept
        else:
            assert w[s].tolist() == hands[s] and w[s].sum() == hand_left[s]
    # the sampled world holds exactly the unseen cards
    world = w.sum(axis=0) - w[seat] + np.bincount(np.where(deck[p:] == 52, 15, deck[p:] // 4), minlength=16)
    assert world.tolist() == pool.tolist()


@pytest.mark.parametrize("variant,players,overrides", [
    ("qq", 4, {}), ("qq", 3, {"loser": "most_cards", "quanguan": "all_no_play", "base": 2}),
    ("one-deck", 5, {}), ("two-deck", 6, {}), ("sichuan", 4, {}), ("sichuan-huopin", 2, {"multiplier_cap": 8}),
])
def test_numba_money_equals_the_late_scorer(variant, players, overrides):
    """The search's yardstick (kernels.gandengyan.money) is the scorer's money, hand by hand."""
    spec = make_spec(variant, (["smart", "random", "greedy"] * 4)[:players], 300, 11, overrides=overrides)
    rows = run_kernel(spec, 0, spec.n)
    table = rows_to_table(spec, 0, rows).to_pydict()
    mv = money_vector(spec.rules)
    nonzero = 0
    for i in range(rows.shape[0]):
        for k in range(players):
            got = seat_money(k, rows[i], players, mv)
            assert got == pytest.approx(table[f"s{k}_money"][i]), (i, k)
            nonzero += got != 0
    assert nonzero > 0


@pytest.mark.parametrize("variant,players,options", [("qq", 4, {"duplicate": True}), ("sichuan", 3, {"rotate": True}),
                                                     ("one-deck", 3, {})])
def test_search_plays_legal_hands_under_the_reference(variant, players, options):
    """Every move of search seats replays in the reference engine, draws included; every fact and
    the money agree."""
    names = ["search", "smart", "search", "greedy"][:players]
    spec = make_spec(variant, names, 3 * players, 5, params=[SEARCH_FAST] * players, **options)
    rows = compute_play(spec, 0, spec.n).to_pylist()
    assert sum(r[f"s{k}_search_decisions"] for r in rows for k in range(players)) > 0
    for g, stored in enumerate(rows):
        check_hand(spec, g, stored)


def test_search_is_deterministic_and_leaves_the_deal_alone():
    names = ["search", "smart", "smart", "smart"]
    search = make_spec("qq", names, 24, 9, params=[SEARCH_FAST, {}, {}, {}])
    smart = make_spec("qq", ["smart"] * 4, 24, 9)
    a, b, c = run_kernel(search, 0, 24), run_kernel(search, 0, 24), run_kernel(smart, 0, 24)
    assert np.array_equal(a, b)
    for name in ("banker", "first_leader", "dealt", "jokers_dealt", "twos_dealt"):
        lo = LAYOUT.at(name)
        width = 1 if name in ("banker", "first_leader") else 4
        assert np.array_equal(a[:, lo:lo + width], c[:, lo:lo + width]), name  # the same deals
    dec = a[:, LAYOUT.at("search_decisions"):LAYOUT.at("search_decisions") + 4]
    agree = a[:, LAYOUT.at("search_agree"):LAYOUT.at("search_agree") + 4]
    assert dec[:, 0].sum() > 0 and dec[:, 1:].sum() == 0
    assert (agree <= dec).all()
    assert agree[:, 0].sum() < dec[:, 0].sum()  # search does not merely copy smart
    assert (c[:, LAYOUT.at("search_decisions"):LAYOUT.at("search_decisions") + 4] == 0).all()


def test_one_candidate_plays_as_smart():
    """With ``candidates=1`` nothing is searched: the hands are smart's, draw for draw."""
    search = make_spec("qq", ["search", "smart", "smart"], 30, 4, params=[{"worlds": 3, "candidates": 1}, {}, {}])
    smart = make_spec("qq", ["smart"] * 3, 30, 4)
    assert np.array_equal(run_kernel(search, 0, 30), run_kernel(smart, 0, 30))
