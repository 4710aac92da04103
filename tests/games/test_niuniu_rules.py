"""牛牛 worked examples (rules/niuniu.md §9), the ruleset's checks and variants, late scoring.

Each example goes through the pure-Python reference, the kernel evaluator and comparison, and the
numpy scorer that rescoring uses.
"""

import numpy as np
import pytest

from kernels.niuniu.evaluate import ADVANTAGE, PLAYER_WINS, TIE, compare
from sim.errors import UserError
from sim.games.niuniu import rules as R
from sim.games.niuniu import scoring
from sim.ruleset import apply_overrides
from tests.games.niuniu_helpers import cards, kernel_eval
from tests.reference import niuniu as ref

COMPILED = R.compile_rules(R.Rules())

CATEGORY_EXAMPLES = [
    ("♠10 ♥3 ♣7 ♦Q ♠5", 5),  # 10+3+7 = 20, Q+5 = 15 → 牛5
    ("♠10 ♥3 ♣7 ♦Q ♠K", 10),  # Q+K = 20 → 牛牛
    ("♠10 ♥3 ♣2 ♦Q ♠6", 0),  # no triple → 没牛
    ("大王 ♠5 ♥5 ♣9 ♦A", 10),  # 大王+9+1 = 20, 5+5 = 10 → 牛牛
]


@pytest.mark.parametrize("text,category", CATEGORY_EXAMPLES)
def test_category_examples(text, category):
    hand = cards(text)
    assert ref.evaluate(hand) == category
    cats, _ = kernel_eval([hand], COMPILED)
    assert cats[0] == category


# (banker, player, player wins, tie, won by 庄家 only through the Q rule, chips the player receives at bet 1)
COMPARE_EXAMPLES = [
    # 5: both 牛5, highest Q♠ vs J♥: both ≤ Q → banker wins, player pays b × 1 (Q♠ was higher anyway)
    ("♠Q ♥10 ♣5 ♦3 ♦7", "♥J ♠10 ♦5 ♣3 ♣7", False, True, False, -1),
    # 6: both 牛5, highest Q♠ vs K♦ → player wins (K > Q), banker pays b × 1
    ("♠Q ♥10 ♣5 ♦3 ♦7", "♦K ♠10 ♦5 ♣3 ♣7", True, True, False, 1),
    # 7: both 没牛, highest 9♣ vs Q♥ → banker wins (player's highest ≤ Q)
    ("♠3 ♥3 ♣3 ♦3 ♣9", "♠4 ♥4 ♣4 ♦4 ♥Q", False, True, True, -1),
    # 7: player 没牛 with 大王 vs banker 没牛 with K♠ → player wins
    ("♠4 ♥4 ♣4 ♦4 ♠K", "♠3 ♥3 ♣3 ♦3 大王", True, True, False, 1),
    # 8: banker 牛8 vs player 牛牛 → player wins, banker pays 5b
    ("♠3 ♥3 ♠4 ♠8 ♥K", "♣3 ♦3 ♥4 ♠10 ♣K", True, False, False, 5),
    # 8: banker 牛7 vs player 牛3 → player pays 2b
    ("♠3 ♥3 ♠4 ♠7 ♠Q", "♣3 ♦3 ♠5 ♠J ♠2", False, False, False, -2),
]


@pytest.mark.parametrize("banker,player,wins,tie,advantage,chips", COMPARE_EXAMPLES)
def test_comparison_examples(banker, player, wins, tie, advantage, chips):
    b, p = cards(banker), cards(player)
    assert ref.compare(b, p, True) == {"player_wins": wins, "tie": tie, "advantage": advantage}
    cats, tops = kernel_eval([b, p], COMPILED)
    info = COMPILED["card_info"].astype(np.int64) >> 4
    res = compare(cats[0], info[tops[0]], cats[1], info[tops[1]], True, R.ADVANTAGE_LIMIT)
    assert (bool(res & PLAYER_WINS), bool(res & TIE), bool(res & ADVANTAGE)) == (wins, tie, advantage)
    facts = {"banker": np.array([0]), "s0_category": cats[:1], "s0_top": tops[:1],
             "s1_category": cats[1:], "s1_top": tops[1:]}
    money = scoring.score(facts, R.Rules(), 2)
    assert money["s1_money"][0] == chips
    assert money["s0_money"][0] == -chips
    assert money["s1_advantage"][0] == advantage


def test_without_banker_advantage_the_higher_card_wins_ties():
    b, p = cards("♠Q ♥10 ♣5 ♦3 ♦7"), cards("♥J ♠10 ♦5 ♣3 ♣7")  # example 5 under
    assert ref.compare(b, p, False)["player_wins"] is False  # Q♠ > J♥ still
    b, p = cards("♠3 ♥3 ♣3 ♦3 ♣9"), cards("♠4 ♥4 ♣4 ♦4 ♥Q")  # example 7: Q♥ > 9♣ now wins
    assert ref.compare(b, p, False) == {"player_wins": True, "tie": True, "advantage": False}


def test_payout_hand_player_pays_by_the_players_own_hand():
    rules = apply_overrides(R.Rules(), {"payout_hand": "player"})
    b, p = cards("♠3 ♥3 ♠4 ♠7 ♠Q"), cards("♣3 ♦3 ♠5 ♠J ♠2")  # banker 牛7 beats player 牛3
    cats, tops = kernel_eval([b, p], COMPILED)
    facts = {"banker": np.array([0]), "s0_category": cats[:1], "s0_top": tops[:1],
             "s1_category": cats[1:], "s1_top": tops[1:]}
    assert scoring.score(facts, rules, 2)["s1_money"][0] == -1  # 牛3 pays ×1, not 牛7's ×2


@pytest.mark.parametrize("overrides,message", [
    ({"players": 5}, "players"),
    ({"players": 1}, "players"),
    ({"players": 2, "banker_seat": 2}, "banker_seat"),
    ({"multipliers": {"niuniu": -1}}, "multipliers.niuniu"),
    ({"bets": {"seat2": -3}}, "bets.seat2"),
])
def test_validate_refuses_with_one_line(overrides, message):
    with pytest.raises(UserError, match=message) as info:
        R.validate(apply_overrides(R.Rules(), overrides))
    assert "\n" not in str(info.value)


def test_banker_advantage_and_multipliers_are_scoring_options():
    apply_overrides(R.Rules(), {"banker_advantage": False, "multipliers": {"niuniu": 7}, "bets": {"seat1": 3},
                                "payout_hand": "player"}, scoring_only=True)
    with pytest.raises(UserError):
        apply_overrides(R.Rules(), {"jokers": False}, scoring_only=True)


@pytest.mark.parametrize("name", sorted(R.VARIANTS))
def test_variants_are_valid_rulesets(name):
    doc, overrides = R.VARIANTS[name].doc, R.VARIANTS[name].overrides
    rules = apply_overrides(R.Rules(), overrides)
    R.validate(rules)
    arrays = R.compile_rules(rules)
    assert arrays["deck"].shape[0] == (54 if rules.jokers else 52)
    assert doc


def test_card_tables():
    assert [R.card_value(c) for c in cards("♠A ♥2 ♣9 ♦10 ♠J ♠Q ♠K")] + [R.card_value(52), R.card_value(53)] == \
        [1, 2, 9, 10, 10, 10, 10, 10, 10]
    order = cards("♦A ♣A ♥A ♠A ♦2 ♠10 ♦J ♠Q ♦K ♠K") + [52, 53]
    strengths = [R.card_strength(c) for c in order]
    assert strengths == sorted(strengths) and len(set(strengths)) == len(strengths)
    assert R.card_strength(cards("♠Q")[0]) < R.ADVANTAGE_LIMIT <= R.card_strength(cards("♦K")[0])
