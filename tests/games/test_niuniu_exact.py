"""Exact 牛牛 values (sim.games.niuniu.exact) checked independently, and simulations against them.

* category counts of all C(54, 5) / C(52, 5) hands equal a count over rank multisets weighted
  by their suit choices, evaluated by the pure-Python reference;
* the pair enumeration (rank multisets with suit splits) equals brute force over every ordered
  pair of disjoint hands of a small deck, judged by the reference's comparison;
* its marginals are the single-hand counts; without the banker advantage the game is symmetric
  and 庄家's exact edge is 0;
* simulated tables agree with the exact values within 5 sigma (fixed seeds).
"""

from collections import Counter
from functools import lru_cache
from itertools import combinations, combinations_with_replacement
from math import comb, prod

import numpy as np
import pytest

from kernels.cards import card_id
from kernels.niuniu.enumerate import N_RANKS, pair_outcomes
from sim.games.niuniu import exact
from sim.games.niuniu import rules as R
from sim.games.niuniu.kernel_rows import kernel_values, play_rows
from sim.ruleset import apply_overrides
from tests.reference import niuniu as ref

SHARED_RANK = {order: shared for shared, order in ref.ORDER.items()}  # 牛牛 order → kernels.cards rank


def _physical(order: int, suit: int) -> int:
    return card_id(SHARED_RANK[order], suit)


@pytest.mark.parametrize("jokers", [True, False])
def test_category_counts_by_rank_multisets(jokers):
    caps = [4] * 13 + ([1, 1] if jokers else [0, 0])
    counts = Counter()
    for multiset in combinations_with_replacement(range(15), 5):
        c = Counter(multiset)
        if any(k > caps[r] for r, k in c.items()):
            continue
        ways = prod(comb(caps[r], k) for r, k in c.items())
        counts[ref.evaluate([_physical(r, i) for r, k in c.items() for i in range(k)])] += ways
    rules = R.Rules(jokers=jokers)
    got = exact.category_counts(rules)
    assert [counts[k] for k in range(11)] == got.tolist()
    assert got.sum() == comb(54 if jokers else 52, 5)


def test_pair_counts_equal_brute_force_on_a_small_deck():
    # A 2 3 4 5 9 10 once, Q and K twice (suit splits of a shared top rank, both sides of the Q
    # rule), 大王 once: 12 cards, 792 * 21 ordered pairs of disjoint hands
    cap = np.zeros(N_RANKS, np.int64)
    cap[[0, 1, 2, 3, 4, 8, 9]] = 1
    cap[[11, 12]] = 2
    cap[14] = 1
    deck = [53 if r == 14 else _physical(r, s) for r in range(N_RANKS) for s in range(cap[r])]
    counts = pair_outcomes(cap)
    # classes → (tie, player wins with banker advantage, player wins without)
    meaning = {0: (False, False, False), 1: (False, True, True), 2: (True, False, False), 3: (True, True, True),
               4: (True, False, True), 5: (True, False, False)}
    kernel = Counter()
    for cb in range(11):
        for cp in range(11):
            for cls in range(6):
                if counts[cb, cp, cls]:
                    kernel[(cb, cp) + meaning[cls]] += int(counts[cb, cp, cls])

    @lru_cache(maxsize=None)
    def compare(b, p, adv):
        return ref.compare(list(b), list(p), adv)

    brute = Counter()
    for b in combinations(deck, 5):
        rest = [c for c in deck if c not in b]
        for p in combinations(rest, 5):
            with_adv, without = compare(b, p, True), compare(b, p, False)
            brute[(ref.evaluate(list(b)), ref.evaluate(list(p)), with_adv["tie"], with_adv["player_wins"],
                   without["player_wins"])] += 1
    assert kernel == brute
    assert sum(brute.values()) == comb(12, 5) * comb(7, 5)


@pytest.mark.parametrize("jokers", [True, False])
def test_pair_counts_marginals_and_symmetry(jokers):
    rules = R.Rules(jokers=jokers)
    counts = exact.pair_counts(rules)
    single = exact.category_counts(rules)
    others = comb((54 if jokers else 52) - 5, 5)
    assert counts.sum() == exact.n_pairs(rules)
    assert (counts.sum(axis=(1, 2)) == single * others).all()
    assert (counts.sum(axis=(0, 2)) == single * others).all()
    fair = apply_overrides(rules, {"banker_advantage": False})
    assert exact.banker_edge(fair) == 0.0  # no advantage: the game is symmetric
    assert exact.banker_edge(rules) > 0
    dist = exact.banker_outcome_distribution(rules)
    assert abs(sum(dist.values()) - 1) < 1e-12
    assert abs(sum(g * p for g, p in dist.items()) - exact.banker_edge(rules)) < 1e-12
    t = exact.tie_probabilities(rules)
    assert 0 < t["advantage_decides"] < t["q_rule_applies"] < t["tie"] < 1


def test_balancing_multiplier_zeroes_the_edge():
    rules = apply_overrides(R.Rules(), {"payout_hand": "player"})
    m = exact.balancing_multiplier(rules, "niu9")
    edge = exact.banker_edge(apply_overrides(rules, {"multipliers": {"niu9": 0}}))
    slope = exact.banker_edge(apply_overrides(rules, {"multipliers": {"niu9": 1}})) - edge
    assert abs(edge + slope * m) < 1e-12


def _z(estimate: float, exact_value: float, sd: float, n: int) -> float:
    return (estimate - exact_value) / (sd / np.sqrt(n))


@pytest.mark.parametrize("overrides,n", [({"players": 2}, 400_000), ({"players": 4, "jokers": False}, 200_000)])
def test_simulation_agrees_with_exact_values(overrides, n):
    rules = apply_overrides(R.Rules(), overrides)
    facts = kernel_values(play_rows(rules, 424242, 0, n), rules.players)
    probs = np.array(list(exact.category_probabilities(rules).values()))
    ties = exact.tie_probabilities(rules)
    edge = exact.banker_edge(rules)
    for s in range(rules.players):
        freq = np.bincount(facts[f"s{s}_category"], minlength=11) / n
        z = (freq - probs) / np.sqrt(probs * (1 - probs) / n)
        assert np.abs(z).max() < 5, (s, z)
        if s == 0:
            continue  # 庄家
        for name, col in (("tie", "tie"), ("advantage_decides", "advantage")):
            p = ties[name]
            est = facts[f"s{s}_{col}"].mean()
            assert abs(_z(est, p, np.sqrt(p * (1 - p)), n)) < 5, (name, est, p)
        gain = -facts[f"s{s}_chips"].astype(float)  # 庄家's gain against this seat, bet 1
        assert abs(_z(gain.mean(), edge, gain.std(), n)) < 5, (gain.mean(), edge)
