"""港式五张 worked examples (rules/hk-five-card-stud.md §9), the ruleset's checks and variants,
players' parameters, late scoring.

Each example is judged by the pure-Python reference and by the kernel's keys.
"""

import numpy as np
import pytest

from kernels.hkstud.cards import FLUSH, FULL_HOUSE, HIGH_CARD, STRAIGHT, STRAIGHT_FLUSH
from sim.errors import UserError
from sim.games.hkstud import rules as R
from sim.games.hkstud import scoring
from sim.games.hkstud.players import policy_arrays
from sim.ruleset import apply_overrides
from tests.games.hkstud_helpers import hand, kernel_keys
from tests.reference import hkstud as ref

DEFAULT = R.Rules()
KICKERS = apply_overrides(R.Rules(), {"high_card_kickers": True})

# (winner, loser, rules) — the first hand must beat the second
EXAMPLES = [
    ("8♥ 9♥ 10♣ J♦ Q♠", "A♠ 8♦ 9♣ 10♥ J♠", DEFAULT),  # 1: A89TJ is the lowest straight
    ("10♠ J♠ Q♠ K♠ A♠", "10♥ J♥ Q♥ K♥ A♥", DEFAULT),  # 2: straight flushes by suit
    ("8♠ 9♠ 10♠ J♠ Q♠", "A♥ 8♥ 9♥ 10♥ J♥", DEFAULT),  # 2: A89TJ is the lowest straight flush
    ("10♠ J♥ Q♥ K♦ A♠", "10♥ J♠ Q♣ K♣ A♥", DEFAULT),  # 3: A♠ > A♥
    ("A♣ 8♠ 9♠ 10♠ J♠", "A♦ 8♥ 9♥ 10♥ J♥", DEFAULT),  # 4: the A's suit decides, not the J's
    ("K♠ K♥ K♣ 8♠ 8♥", "A♦ Q♦ J♦ 9♦ 8♦", DEFAULT),  # 5: full house over flush (default)
    ("J♠ J♥ 9♠ 9♥ A♣", "J♣ J♦ 9♣ 9♦ K♠", DEFAULT),  # 6: the kicker
    ("A♠ Q♦ J♣ 9♥ 8♦", "A♥ K♠ Q♣ J♦ 9♣", DEFAULT),  # 7: literal high card: A♠ > A♥
    ("A♥ K♠ Q♣ J♦ 9♣", "A♠ Q♦ J♣ 9♥ 8♦", KICKERS),  # 7: with kickers the K decides
    ("Q♠ Q♥ A♦ 9♠ 8♠", "Q♣ Q♦ K♠ 9♥ 8♥", DEFAULT),  # 8: the kicker A > K
    ("Q♠ Q♣ A♦ 9♠ 8♠", "Q♥ Q♦ A♣ 9♥ 8♥", DEFAULT),  # 8: the pair holding ♠
]


@pytest.mark.parametrize("better,worse,rules", EXAMPLES, ids=[f"ex{i}" for i in range(len(EXAMPLES))])
def test_worked_examples(better, worse, rules):
    a, b = hand(better), hand(worse)
    assert not set(a) & set(b)
    assert ref.key(a, rules) > ref.key(b, rules)
    keys, _ = kernel_keys([a, b], R.compile_rules(rules))
    assert keys[0] > keys[1]


def test_example_categories_and_flush_option():
    c = R.compile_rules(DEFAULT)
    hands = [hand("A♠ 8♦ 9♣ 10♥ J♠"), hand("A♥ 8♥ 9♥ 10♥ J♥"), hand("K♠ K♥ K♣ 8♠ 8♥"), hand("A♦ Q♦ J♦ 9♦ 8♦"),
             hand("A♠ Q♦ J♣ 9♥ 8♦")]
    _, cats = kernel_keys(hands, c)
    assert cats.tolist() == [STRAIGHT, STRAIGHT_FLUSH, FULL_HOUSE, FLUSH, HIGH_CARD]
    flush_first = apply_overrides(DEFAULT, {"flush_beats_full_house": True})
    keys, _ = kernel_keys(hands[2:4], R.compile_rules(flush_first))
    assert keys[1] > keys[0]
    assert ref.key(hands[3], flush_first) > ref.key(hands[2], flush_first)


def test_visible_cards_choose_banker_with_the_same_tiebreaks():
    # HK-2: after round 2 one card each, rank then suit; after round 5 four cards
    assert ref.key(hand("A♦"), DEFAULT) > ref.key(hand("K♠"), DEFAULT)
    assert ref.key(hand("K♠"), DEFAULT) > ref.key(hand("K♥"), DEFAULT)
    assert ref.key(hand("8♠ 8♥"), DEFAULT) > ref.key(hand("A♠ K♠"), DEFAULT)
    assert ref.key(hand("8♣ 9♣ 10♣ J♣"), DEFAULT) > ref.key(hand("A♠ A♥ A♣ K♠"), DEFAULT)  # 4-card flush > trips
    assert ref.key(hand("A♠ 8♥ 9♣ 10♦"), DEFAULT)[0] == ref.key(hand("J♠ Q♥ K♣ A♦"), DEFAULT)[0]  # straights
    no_draws = apply_overrides(DEFAULT, {"four_card_draws": False})
    assert ref.key(hand("8♣ 9♣ 10♣ J♣"), no_draws) < ref.key(hand("8♠ 8♥ 9♠ K♠"), no_draws)


@pytest.mark.parametrize("overrides,message", [
    ({"players": 5}, "players"),
    ({"players": 1}, "players"),
    ({"stakes": {"bet": 0}}, "stakes.bet"),
    ({"stakes": {"max_raises": -1}}, "stakes.max_raises"),
    ({"stakes": {"stack": 0}}, "stakes.stack"),
    ({"stakes": {"ante": -2}}, "stakes.ante"),
    ({"chip_value": -1.0}, "chip_value"),
])
def test_validate_refuses_with_one_line(overrides, message):
    with pytest.raises(UserError, match=message) as info:
        R.validate(apply_overrides(R.Rules(), overrides))
    assert "\n" not in str(info.value)


@pytest.mark.parametrize("name", sorted(R.VARIANTS))
def test_variants_are_valid_rulesets(name):
    doc, overrides = R.VARIANTS[name].doc, R.VARIANTS[name].overrides
    rules = apply_overrides(R.Rules(), overrides)
    a = R.compile_rules(rules)
    assert a["plain"].shape == (5 ** 7,) and doc


def test_policy_arrays():
    policy, pp = policy_arrays(["random", "equity", "calling-station"], [{"p_fold": 0.5}, {"raise_at": 2.0}, {}])
    assert policy.tolist() == [0, 2, 1]
    assert pp[0, 0] == 0.5 and pp[1, 2] == 2.0 and pp.shape == (3, 8)
    for names, params in ((["bluffer"], None), (["random"], [{"p_fold": 0.8, "p_raise": 0.5}]),
                          (["equity"], [{"nerve": 1.0}]), (["equity"], [{"samples": 0}])):
        with pytest.raises(UserError):
            policy_arrays(names, params)


def test_scoring_money_and_events():
    facts = {"winner": np.array([1, 0]), "alt_winner": np.array([1, 2]), "showdown": np.array([False, True]),
             "banker_2": np.array([0, 1]), "banker_3": np.array([1, 1]), "banker_4": np.array([-1, 0]),
             "banker_5": np.array([-1, 0]), "s0_chips": np.array([-3, 12]), "s1_chips": np.array([3, -4]),
             "s2_chips": np.array([0, -8])}
    out = scoring.score(facts, apply_overrides(R.Rules(), {"chip_value": 0.5}), 3)
    assert out["s0_money"].tolist() == [-1.5, 6.0] and out["s1_won"].tolist() == [True, False]
    assert out["fold_win"].tolist() == [True, False]
    assert out["banker_changes"].tolist() == [1, 1]
    assert out["banker_2_won"].tolist() == [False, False] and out["banker_5_won"].tolist() == [False, True]
    assert out["kickers_disagree"].tolist() == [False, True]
