"""关牌 players and move generation through a Python hand loop over the kernels: every hand the
kernels play (random, greedy, smart; every variant) is replayed by the reference (every move
legal, cards conserved, a winner); smart beats greedy beats random over seat-swapped pairs."""

import math

import numpy as np
import pytest

from sim.games.guanpai.rules import VARIANTS, GuanpaiRules
from sim.ruleset import apply_overrides
from tests.games.guanpai_helpers import play_hand
from tests.reference import guanpai_rules as ref


@pytest.mark.parametrize("variant", list(VARIANTS))
@pytest.mark.parametrize("policies", [("random", "random"), ("greedy", "smart"), ("smart", "random")])
def test_kernel_hands_replay(variant, policies):
    rules = apply_overrides(GuanpaiRules(), VARIANTS[variant].overrides)
    for g in range(6):
        dealt, leader, actions, lead_rank = play_hand(rules, 5, g, policies)
        res = ref.replay(dealt, leader, actions, rules, lead_rank)
        assert res.cards_left[res.winner] == 0 and sum(res.money) == 0


def test_first_play_contains_the_lead_card():
    rules = GuanpaiRules(first_play_includes_lead_card=True)
    for g in range(10):
        dealt, leader, actions, lead_rank = play_hand(rules, 6, g, ("random", "random"))
        assert ref.key_counts(actions[0])[lead_rank] > 0
        ref.replay(dealt, leader, actions, rules, lead_rank)


def margin(a, b, n, seed):
    """Mean money of policy ``a`` against ``b`` over ``n`` deals played twice with seats swapped."""
    rules = GuanpaiRules()
    total = []
    for g in range(n):
        for seats in ((a, b), (b, a)):
            dealt, leader, actions, lead_rank = play_hand(rules, seed, g, seats)
            res = ref.replay(dealt, leader, actions, rules, lead_rank)
            total.append(res.money[seats.index(a)] if seats[0] != seats[1] else 0)
    x = np.array(total, float)
    return x.mean(), x.std() / math.sqrt(len(x))


def test_smart_beats_greedy_beats_random():
    for a, b in (("smart", "greedy"), ("greedy", "random")):
        m, se = margin(a, b, 150, 77)
        assert m - 3 * se > 0, (a, b, m, se)
