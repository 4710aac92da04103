"""The 关牌 reference (tests/reference/guanpai_rules.py): the spec's worked examples (§10), the
options, legal moves against brute force over every sub-multiset, and whole hands replayed."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

from kernels.guanpai.movegen import gp_beats
from kernels.guanpai.moves import BOMB, FOUR_THREE, PAIR_CHAIN, STRAIGHT, THREE_BOMB, TRIO_PAIR
from sim.games.guanpai.rules import VARIANTS, GuanpaiRules, compile_rules
from sim.games.guanpai.scoring import score
from sim.ruleset import apply_overrides
from tests.reference import guanpai_rules as ref
from tests.reference.guanpai_rules import RuleViolation, beats, classify, from_text

R = GuanpaiRules()
V = compile_rules(R).rules


def one(text, kind=None, rules=R):
    keys = classify(from_text(text), rules)
    if kind is not None:
        keys = {k for k in keys if k[0] == kind}
    assert len(keys) == 1, (text, keys)
    return next(iter(keys))


def both_beat(a, b, rules=R, v=V):
    """The reference and the kernel agree; returns the verdict."""
    verdict = beats(a, b, rules)
    assert gp_beats(np.array(a), np.array(b), v) == verdict
    return verdict


def test_example_1_bombs():
    assert both_beat(one("7777"), one("33344"))
    assert one("33344")[0] == TRIO_PAIR
    assert one("7777 + 5")[0] == BOMB and one("345678")[0] == STRAIGHT
    assert both_beat(one("7777 + 5"), one("345678"))
    assert both_beat(one("8888"), one("7777 + 5"))
    assert not both_beat(one("7777 + 5"), one("8888"))


def test_example_2_three_queens():
    qqq = one("QQQ", THREE_BOMB)
    assert classify(from_text("QQQ"), R) == {qqq, one("QQQ", 3)}  # a bomb, or a plain trio
    for other in ("AA", "22", "34567", "3456789TJQKA"):
        assert both_beat(qqq, one(other))
    assert both_beat(one("3333"), qqq) and not both_beat(qqq, one("3333"))


def test_example_3_four_with_three():
    f = one("8888 + 99 + 3")
    assert f[0] == FOUR_THREE
    assert both_beat(one("9999 + 44 + 5"), f)
    assert both_beat(one("3333"), f) and both_beat(one("QQQ", THREE_BOMB), f)
    assert not both_beat(f, one("3333"))


def test_example_4_sister_pairs():
    assert one("445566")[0] == PAIR_CHAIN
    assert not both_beat(one("5566"), one("445566"))
    assert both_beat(one("556677"), one("445566"))


def test_example_5_straights():
    assert one("10JQKA")[0] == STRAIGHT
    assert classify(from_text("JQKA2"), R) == set()
    alt = GuanpaiRules(straights="as_straights")
    assert one("A2345", rules=alt)[0] == STRAIGHT
    assert one("10JQKA", rules=alt)[0] == STRAIGHT
    assert classify(from_text("JQKA2"), alt) == set()
    v_alt = compile_rules(alt).rules
    assert both_beat(one("23456", rules=alt), one("A2345", rules=alt), alt, v_alt)
    assert both_beat(one("34567", rules=alt), one("23456", rules=alt), alt, v_alt)


def test_example_6_scoring():
    facts = {"winner": np.array([0, 1]), "s0_cards_left": np.array([0, 17]), "s1_cards_left": np.array([6, 0]),
             "s0_plays": np.array([5, 0]), "s1_plays": np.array([3, 6])}
    out = score(facts, R, 2)
    assert out["s0_money"].tolist() == [6, -34] and out["s1_money"].tolist() == [-6, 34]
    assert out["payment"].tolist() == [6, 34]  # the second hand: 全关 (seat 0 never played), 17 × 2
    rescored = score(facts, apply_overrides(R, {"base": 5, "quanguan_factor": 3}, scoring_only=True), 2)
    assert rescored["s1_money"].tolist() == [-30, 255]


def test_three_aces_are_the_largest_bomb():
    x = apply_overrides(GuanpaiRules(), VARIANTS["as-48"].overrides)
    v = compile_rules(x).rules
    aaa = one("AAA", THREE_BOMB, x)
    assert both_beat(aaa, one("KKKK", rules=x), x, v)
    assert both_beat(aaa, one("AAA + 3", THREE_BOMB, x), x, v) is False
    assert classify(from_text("QQQ"), x) == {one("QQQ", 3, x)}


def test_options_remove_patterns():
    strict = GuanpaiRules(bomb_may_carry_single=False, three_card_bomb_may_carry_single=False, four_with_three=False)
    assert classify(from_text("7777 + 5"), strict) == set()
    assert classify(from_text("QQQ + 5"), strict) == set()
    assert classify(from_text("8888 + 99 + 3"), strict) == set()
    assert classify(from_text("8888 + 999"), R) == set()
    assert one("8888 + 999", rules=GuanpaiRules(four_three_trio_kicker=True))[0] == FOUR_THREE
    assert classify(from_text("QQQQ"), R) == {one("QQQQ", BOMB)}  # a fourth Q is no single of 3Q


def brute_force(hand, top, rules):
    """Every sub-multiset of the hand classified: the definition of legal_moves."""
    keys = set()
    for combo in itertools.product(*[range(c + 1) for c in hand]):
        if sum(combo):
            keys |= {k for k in classify(tuple(combo), rules) if beats(k, top, rules)}
    return keys | ({ref.PASS_KEY} if top is not None else set())


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_legal_moves_equal_brute_force(variant):
    rules = apply_overrides(GuanpaiRules(), VARIANTS[variant].overrides)
    rng = random.Random(5)
    deck = [c // 4 for c in ref.deck_cards(rules)]
    for _ in range(25):
        rng.shuffle(deck)
        hand = ref.counts_of(deck[:rng.randint(1, 9)])
        other = sorted(ref.all_plays(ref.counts_of(deck[10:22]), rules))
        for top in (None, rng.choice(other)):
            assert ref.legal_moves(hand, top, rules) == brute_force(hand, top, rules)


def random_hand(rules, rng):
    """A dealt hand played by uniformly random legal choices through the reference."""
    deck = ref.deck_cards(rules)
    rng.shuffle(deck)
    hands, unused = ref.deal(deck, rules)
    leader, _card, _i = ref.first_lead_card(hands, rules)
    counts = [ref.counts_of(c // 4 for c in h) for h in hands]
    cur, top, seat, actions = list(counts), None, leader, []
    while True:
        options = sorted(ref.legal_moves(cur[seat], top, rules))
        key = rng.choice(options)
        actions.append(key)
        if key == ref.PASS_KEY:
            top, seat = None, 1 - seat
            continue
        cur[seat] = ref.sub(cur[seat], ref.key_counts(key))
        if sum(cur[seat]) == 0:
            return counts, leader, actions, hands, unused
        top, seat = key, 1 - seat


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_random_hands_replay(variant):
    rules = apply_overrides(GuanpaiRules(), VARIANTS[variant].overrides)
    rng = random.Random(11)
    for _ in range(5):
        counts, leader, actions, hands, unused = random_hand(rules, rng)
        assert sorted(hands[0] + hands[1] + unused) == ref.deck_cards(rules)
        res = ref.replay(counts, leader, actions, rules)
        played = [0, 0]
        seat = leader
        for key in actions:  # cards conserved: dealt = played + left
            played[seat] += sum(ref.key_counts(key))
            seat = 1 - seat
        assert [played[s] + res.cards_left[s] for s in (0, 1)] == [sum(c) for c in counts]
        assert res.cards_left[res.winner] == 0 and sum(res.money) == 0
        assert res.money[res.winner] == res.cards_left[1 - res.winner] * (2 if res.quanguan else 1)


def test_replay_refuses_illegal_actions():
    hands = [from_text("3 4"), from_text("5 6")]
    with pytest.raises(RuleViolation):
        ref.replay(hands, 0, [one("3"), one("4")], R)  # seat 1 must answer or pass
    with pytest.raises(RuleViolation):
        ref.replay(hands, 0, [one("3"), one("5"), one("4")], R)  # 4 does not beat 5
    with pytest.raises(RuleViolation):
        ref.replay(hands, 0, [ref.PASS_KEY], R)  # the leader may not pass
    res = ref.replay(hands, 0, [one("3"), one("5"), ref.PASS_KEY, one("6")], R)
    assert res.winner == 1 and res.cards_left == [1, 0] and res.money == [-1, 1]
    must = GuanpaiRules(first_play_includes_lead_card=True)
    with pytest.raises(RuleViolation):
        ref.replay(hands, 0, [one("4")], must, lead_rank=0)


def test_first_lead_order():
    hands = [[4 * 1 + 0], [4 * 0 + 1]]  # ♠4 vs ♥3
    assert ref.first_lead_card(hands, R)[0] == 0
    assert ref.first_lead_card(hands, GuanpaiRules(first_lead_order="rank_then_suit"))[0] == 1
