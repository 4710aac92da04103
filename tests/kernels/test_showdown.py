"""The comparison family's shared blocks (kernels.showdown) against plain Python."""

from itertools import combinations, permutations
from math import comb

import numpy as np
from hypothesis import given, settings, strategies as st
from numba import njit

from kernels.rng import seed_stream
from kernels.showdown.combos import binomials, colex_rank, first_combination, next_combination, next_permutation
from kernels.showdown.deal import deal_seats, deal_top, pack_cards, unpack_cards
from kernels.showdown.pairs import count_increasing_pairs, disjoint_dominance
from kernels.showdown.settle import best_seat, settle_pot
from tests.reference.rng import Stream, shuffle


@njit(cache=True)
def _dealt(seed, game_index, n_cards, n_seats, hand_size):
    state = np.empty(4, np.uint64)
    seed_stream(seed, game_index, state)
    deck = np.arange(n_cards).astype(np.int16)
    deal_top(state, deck, n_seats * hand_size)
    hands = np.empty((n_seats, hand_size), np.int16)
    deal_seats(deck, n_seats, hand_size, 0, hands)
    return hands


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**63 - 1), game_index=st.integers(0, 2**40), n_cards=st.sampled_from([28, 52, 54]),
       n_seats=st.integers(2, 4))
def test_top_deal_is_the_top_of_the_shared_shuffle(seed, game_index, n_cards, n_seats):
    deck = list(range(n_cards))
    shuffle(Stream(seed, game_index), deck)
    hands = _dealt(np.uint64(seed), game_index, n_cards, n_seats, 5)
    for s in range(n_seats):
        assert hands[s].tolist() == [deck[n_cards - 1 - s - n_seats * j] for j in range(5)]


def test_pack_round_trip():
    cards = np.array([53, 0, 17, 63, 20], np.int64)
    packed = pack_cards(cards, 5)
    assert unpack_cards(np.array([packed]), 5)[0].tolist() == cards.tolist()


@njit(cache=True)
def _all_combinations(n, k):
    binom = binomials(n, k)
    out = np.empty((binom[n, k], k), np.int64)
    ranks = np.empty(binom[n, k], np.int64)
    idx = np.empty(k, np.int64)
    first_combination(idx, k)
    i = 0
    while True:
        out[i] = idx
        ranks[i] = colex_rank(idx, k, binom)
        i += 1
        if not next_combination(idx, k, n):
            break
    return out[:i], ranks[:i]


@njit(cache=True)
def _all_arrangements(labels):
    a = labels.copy()
    out = []
    while True:
        out.append(a.copy())
        if not next_permutation(a, a.shape[0]):
            break
    return out


def test_combinations_ranks_and_arrangements():
    for n, k in ((7, 3), (10, 5), (6, 0), (5, 5)):
        combos, ranks = _all_combinations(n, k)
        assert [tuple(c) for c in combos] == list(combinations(range(n), k))
        assert sorted(ranks.tolist()) == list(range(comb(n, k)))
    labels = np.array([0, 0, 1, 2, 2, 2], np.int64)
    got = [tuple(a) for a in _all_arrangements(labels)]
    assert got == sorted(set(permutations(labels.tolist())))
    assert binomials(28, 5)[28, 5] == 98_280


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 6), min_size=0, max_size=40))
def test_increasing_pairs(values):
    a = np.array(values, np.int64)
    expected = sum(1 for i in range(len(a)) for j in range(i + 1, len(a)) if a[i] < a[j])
    assert count_increasing_pairs(a.copy(), np.empty_like(a)) == expected


def test_disjoint_dominance_equals_brute_force():
    rng = np.random.default_rng(5)
    for n, h, m in ((9, 3, 1), (9, 3, 2), (8, 2, 1), (9, 4, 3)):
        f = rng.integers(0, 6, comb(n, h))  # few values: plenty of ties, which never count
        v = rng.integers(0, 4, comb(n, m))
        index = {c: i for i, c in enumerate(sorted(combinations(range(n), h), key=lambda c: c[::-1]))}
        vindex = {c: i for i, c in enumerate(sorted(combinations(range(n), m), key=lambda c: c[::-1]))}
        items = [(set(hand), f[index[hand]], v[vindex[vis]]) for hand in combinations(range(n), h)
                 for vis in combinations(hand, m)]
        expected = sum(1 for a in items for b in items
                       if not a[0] & b[0] and a[2] > b[2] and a[1] > b[1])
        assert disjoint_dominance(n, h, m, f.astype(np.int64), v.astype(np.int64)) == expected


def test_best_seat_and_pot():
    keys = np.array([5, 9, 7, 9], np.int64)
    live = np.array([True, False, True, True])
    assert best_seat(keys, live, 4) == 3
    money = np.zeros(4, np.int64)
    assert settle_pot(2, np.array([3, 5, 2, 1], np.int64), 4, money) == 11
    assert money.tolist() == [-3, -5, 9, -1]
