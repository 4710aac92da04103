"""Tests of the landlord-family reference patterns (tests/reference/landlord_rules.py): the
spec's worked examples (doudizhu.md A9, shanghai-sandayi.md §11), each interpretation option,
and legal_moves against brute force over every sub-multiset of small hands."""

from __future__ import annotations

import random
import time
import zlib
from itertools import product

import pytest

from kernels.landlord.moves import (
    AIRPLANE_PAIRS,
    AIRPLANE_SINGLES,
    BOMB,
    FOUR_TWO_PAIRS,
    FOUR_TWO_SINGLES,
    PAIR,
    PAIR_CHAIN,
    ROCKET,
    SINGLE,
    STRAIGHT,
    TRIO_CHAIN,
    TRIO_PAIR,
    TRIO_SINGLE,
    TRIPLE,
    pack_counts,
    unpack_counts,
)
from tests.reference.landlord_rules import (
    DOUDIZHU4_RULES,
    DOUDIZHU_R1_RULES,
    PASS_KEY,
    ROCKET_KEY,
    TIANWANG_KEY,
    as_counts,
    beats,
    classify,
    from_text,
    is_legal,
    key_counts,
    legal_moves,
    to_text,
)

DDZ, DDZ4, SH = "doudizhu", "doudizhu4", "shanghai"


def cls(text, game=DDZ, rules=None):
    return classify(from_text(text), game, rules)


def one(text, game=DDZ, rules=None):
    """The single reading of a card string (fails if none or several)."""
    keys = cls(text, game, rules)
    assert len(keys) == 1, (text, keys)
    return next(iter(keys))


def kinds(text, game=DDZ, rules=None):
    return {k[0] for k in cls(text, game, rules)}


def legal(text, game=DDZ, rules=None):
    return bool(cls(text, game, rules))


# ---------------------------------------------------------------------------------------------
# doudizhu.md A9 worked examples (R3 patterns)
# ---------------------------------------------------------------------------------------------


def test_a9_1_airplanes_compare_by_trio_and_length():
    a = one("444555 + 3 + 7")
    b = one("333444 + K + A")
    c = one("333444555 + 6 + 7 + 8")
    assert a[0] == b[0] == c[0] == AIRPLANE_SINGLES
    assert beats(a, b, DDZ) and not beats(b, a, DDZ)
    assert not beats(a, c, DDZ) and not beats(c, a, DDZ)


def test_a9_2_straights():
    assert not beats(one("34567"), one("345678"), DDZ)
    assert not beats(one("345678"), one("34567"), DDZ)
    top5 = one("10JQKA")
    for lo in range(0, 7):
        other = one("".join("3456789TJQKA"[lo:lo + 5]))
        assert other == top5 or beats(top5, other, DDZ)
    assert not legal("JQKA2")
    assert not legal("KA2 34")  # no wrap-around


def test_a9_3_bombs_rocket_and_four_with_two():
    assert beats(one("3333"), one("222 + AA"), DDZ)
    assert one("B S") == ROCKET_KEY and beats(ROCKET_KEY, one("2222"), DDZ)
    fw = one("5555 + 3 + 8")
    assert fw[0] == FOUR_TWO_SINGLES
    assert beats(one("6666 + 3 + 4"), fw, DDZ)
    assert beats(one("3333"), fw, DDZ) and not beats(fw, one("3333"), DDZ)
    assert not beats(one("2222"), ROCKET_KEY, DDZ)


def test_basic_patterns_3p():
    assert one("7") == (SINGLE, 4, 1, 0, -1, 1, 0)
    assert one("B")[0] == SINGLE
    assert beats(one("B"), one("S"), DDZ) and beats(one("S"), one("2"), DDZ)
    assert one("99")[0] == PAIR and one("222")[0] == TRIPLE
    assert one("3334") == (TRIO_SINGLE, 0, 4, 0, -1, 1, pack_counts(from_text("4")))
    assert one("33344")[0] == TRIO_PAIR and one("333 + B")[0] == TRIO_SINGLE
    assert one("334455")[0] == PAIR_CHAIN and not legal("3344")
    assert one("333444")[0] == TRIO_CHAIN
    assert one("333444 + 5566")[0] == AIRPLANE_PAIRS
    assert one("3333 + 44 + 66")[0] == FOUR_TWO_PAIRS
    assert not legal("S S") and not legal("34") and not legal("3344 5")
    assert not legal("KKAA22")  # pair chains stop at A
    assert beats(one("TTJJQQ"), one("334455"), DDZ)
    assert not beats(one("33445566"), one("TTJJQQ"), DDZ)
    assert not beats(one("33344"), one("2223"), DDZ)  # 三带二 vs 三带一: different pattern
    assert beats(one("2223"), one("AAAK"), DDZ)
    assert one("3456789TJQKA")[5] == 12


def test_ambiguous_multiset_has_all_readings():
    keys = cls("333444555666")
    assert {(k[0], k[1], k[5]) for k in keys} == {
        (TRIO_CHAIN, 3, 4), (AIRPLANE_SINGLES, 2, 3), (AIRPLANE_SINGLES, 3, 3)}
    assert {unpack_counts(k[6]) for k in keys if k[0] == AIRPLANE_SINGLES} == {
        from_text("666"), from_text("333")}


# ---------------------------------------------------------------------------------------------
# Kicker options D-4, D-5, D-6 and the variant switches
# ---------------------------------------------------------------------------------------------


def test_d4_kickers_never_share_the_main_rank():
    assert kinds("3333") == {BOMB}
    assert kinds("3333", rules={"kicker_rank_distinct": False}) == {BOMB, TRIO_SINGLE}
    assert not legal("333444 + 4 + 5")  # would hide a four of 4s
    assert kinds("444455 + 5 5", rules={"kicker_rank_distinct": False}) >= {FOUR_TWO_PAIRS}


@pytest.mark.parametrize("rule, ok888, ok889, ok678", [
    ("any", True, True, True),
    ("distinct_ranks", False, False, True),
    ("s001_literal", True, False, True),
])
def test_d5_wing_singles_rule(rule, ok888, ok889, ok678):
    r = {"wing_singles_rule": rule}
    assert (AIRPLANE_SINGLES in kinds("333444555 + 888", rules=r)) == ok888
    assert (AIRPLANE_SINGLES in kinds("333444555 + 889", rules=r)) == ok889
    assert (AIRPLANE_SINGLES in kinds("333444555 + 678", rules=r)) == ok678


def test_wings_and_four_two_never_hold_the_rocket():
    assert not legal("333444 + S B")
    assert not legal("5555 + S B")
    assert legal("333444 + S 7") and legal("5555 + B 7")
    assert legal("333444 + S B", rules={"kickers_no_joker_bomb": False})


def test_d6_four_two_singles_may_pair():
    assert kinds("5555 + 33") == {FOUR_TWO_SINGLES}
    assert not legal("5555 + 33", rules={"four_two_singles_may_pair": False})


def test_pair_kickers_distinct_option():
    assert AIRPLANE_PAIRS in kinds("333444 + 5555")
    assert AIRPLANE_PAIRS not in kinds("333444 + 5555", rules={"pair_kickers_distinct": True})
    assert FOUR_TWO_PAIRS in kinds("33334444")  # both readings: 3333+4444 and 4444+3333
    assert len(cls("33334444")) == 2
    assert not legal("33334444", rules={"pair_kickers_distinct": True})


def test_wing_cap_and_disabled_patterns():
    assert AIRPLANE_SINGLES in kinds("333444555666 + 7777")
    assert not legal("333444555666 + 7777", rules={"wing_single_max_per_rank": 3})
    assert not legal("5555 + 3 + 8", rules={"four_two_singles": False})
    assert not legal("3334", rules={"trio_single": False})


def test_r1_patterns_equal_r3():
    for text in ("333444 + 5 + 6", "5555 + 3 + 8", "34567", "B S", "2222"):
        assert cls(text, rules=DOUDIZHU_R1_RULES) == cls(text)


# ---------------------------------------------------------------------------------------------
# 斗地主 4p (Part B, D-8)
# ---------------------------------------------------------------------------------------------


def test_part_b_bombs_jokers():
    for n in range(4, 9):
        assert one("7" * n, DDZ4) == (BOMB, 4, n, 0, -1, 1, 0)
    assert beats(one("33333", DDZ4), one("2222", DDZ4), DDZ4)
    assert beats(one("22222", DDZ4), one("33333", DDZ4), DDZ4)
    assert one("SSBB", DDZ4) == TIANWANG_KEY
    assert beats(TIANWANG_KEY, one("22222222", DDZ4), DDZ4)
    assert one("BB", DDZ4) == (PAIR, 14, 2, 0, -1, 1, 0)
    assert beats(one("BB", DDZ4), one("SS", DDZ4), DDZ4)
    assert beats(one("SS", DDZ4), one("22", DDZ4), DDZ4)
    assert not legal("SB", DDZ4)  # two_deck_rocket off by default
    assert one("SB", DDZ4, {"rocket": True}) == ROCKET_KEY
    assert beats(ROCKET_KEY, one("22222222", DDZ4), DDZ4, {"rocket": True})
    assert beats(TIANWANG_KEY, ROCKET_KEY, DDZ4, {"rocket": True})
    assert not legal("SSS", DDZ4) and not legal("SSB", DDZ4)


def test_part_b_patterns_as_3p():
    assert one("333 + BB", DDZ4)[0] == TRIO_PAIR
    assert one("5555 + 3 + 8", DDZ4)[0] == FOUR_TWO_SINGLES
    assert kinds("55555", DDZ4) == {BOMB}
    assert not legal("A2345", DDZ4)
    assert one("333444 + BB + 77", DDZ4)[0] == AIRPLANE_PAIRS  # joker pair as a wing
    assert not legal("333444 + SSBB", DDZ4)  # wings hold 天王炸
    assert not legal("333444555666 + SSBB", DDZ4)
    assert legal("333444555666 + SSB7", DDZ4)  # no rocket in 4p: SJ+BJ wings are fine


# ---------------------------------------------------------------------------------------------
# 上海三打一 (§3, §4, §11)
# ---------------------------------------------------------------------------------------------


def test_sh_11_5_straights():
    assert beats(one("23456", SH), one("A2345", SH), SH)
    assert not beats(one("A2345", SH), one("23456", SH), SH)
    assert beats(one("10JQKA", SH), one("910JQK", SH), SH)
    assert not legal("JQKA2", SH)
    k14 = one("A23456789 10JQKA", SH)
    assert k14 == (STRAIGHT, 11, 14, 0, -1, 14, 0)
    assert key_counts(k14, SH) == from_text("A23456789TJQKA")


def test_sh_11_6_pairs():
    assert beats(one("SS", SH), one("22", SH), SH)
    assert beats(one("BB", SH), one("SS", SH), SH)
    assert not legal("BS", SH)  # SH-3


def test_sh_11_7_bombs():
    assert beats(one("22222", SH), one("66666", SH), SH)
    assert beats(one("666666", SH), one("22222", SH), SH)
    assert beats(one("BBSS", SH), one("88888888", SH), SH)
    assert not legal("2222 + 3", SH)


def test_sh_11_8_airplanes():
    assert one("333444 + 5566", SH)[0] == AIRPLANE_PAIRS
    assert not legal("333444 + 5577", SH)
    assert not legal("333444 + 55", SH)
    assert not legal("333444 + 5 + 6", SH)  # no single wings
    assert one("444555 + 2233", SH)[0] == AIRPLANE_PAIRS  # pairs on the A-low sequence
    assert one("444555 + AA22", SH)[0] == AIRPLANE_PAIRS
    assert one("333444 + KKAA", SH)[0] == AIRPLANE_PAIRS
    assert not legal("333444 + AA22 + 55", SH)  # 3 pairs for 2 trios


def test_sh_patterns_missing_and_added():
    assert not legal("3334", SH)  # no 三带一
    assert not legal("5555 + 3 + 8", SH)  # no 四带二
    assert one("555 + BB", SH)[0] == TRIO_PAIR  # SH-4
    assert not legal("555 + BB", SH, {"joker_pair_in_sandaier": False})
    assert not legal("555 + BS", SH)
    assert not legal("SSB", SH)  # three jokers: never a trio
    assert one("AA2233", SH)[0] == PAIR_CHAIN
    assert beats(one("223344", SH), one("AA2233", SH), SH)
    assert beats(one("222", SH), one("AAA", SH), SH)  # trios by rank


def test_sh5_trio_chain_a_low_option():
    assert one("AAA222", SH) == (TRIO_CHAIN, 12, 6, 0, -1, 2, 0)
    assert beats(one("222333", SH), one("AAA222", SH), SH)
    assert beats(one("KKKAAA", SH), one("222333", SH), SH)
    assert not legal("AAA222", SH, {"trio_chain_a_low": False})
    assert legal("AA2233", SH, {"trio_chain_a_low": False})


def test_sh6_airplane_wings_do_not_matter():
    low_wings = one("444555 + 6677", SH)
    high_wings = one("333444 + QQKK", SH)
    assert beats(low_wings, high_wings, SH) and not beats(high_wings, low_wings, SH)


# ---------------------------------------------------------------------------------------------
# Keys, counts, legal_moves
# ---------------------------------------------------------------------------------------------


def test_as_counts_forms():
    assert as_counts([0, 1, 4, 52, 53, 54]) == from_text("3 3 4 S B 3")
    assert as_counts({0: 2, 14: 1}) == from_text("33B")
    with pytest.raises(TypeError):
        as_counts("333")
    assert to_text(from_text("10 J S B")) == "TJSB"


def _random_hand(rng, game, n_cards, window):
    """A small hand concentrated on a few adjacent ranks (so trios and chains occur)."""
    cap = 4 if game == DDZ else 8
    lo = rng.randrange(0, 14 - window)
    ranks = [r % 13 for r in range(lo, lo + window)] + [13, 14]
    hand = [0] * 15
    while sum(hand) < n_cards:
        r = rng.choice(ranks)
        if hand[r] < (cap if r < 13 else cap // 4):
            hand[r] += 1
    return tuple(hand)


def _brute_force(hand, top, game, rules=None):
    keys = set()
    for part in product(*[range(c + 1) for c in hand]):
        if any(part):
            for k in classify(part, game, rules):
                if beats(k, top, game, rules):
                    keys.add(k)
    return keys


GAME_CASES = [
    (DDZ, None),
    (DDZ, {"wing_singles_rule": "s001_literal", "pair_kickers_distinct": True}),
    (DDZ4, None),
    (SH, None),
]


@pytest.mark.parametrize("game, rules", GAME_CASES)
def test_legal_moves_equal_brute_force(game, rules):
    rng = random.Random(zlib.crc32(f"{game}{rules}".encode()))
    seen = set()
    fixed = [from_text(t) for t in ("333444 5566 7", "AAA222 3344 5", "5555 33 88 S B")]
    for i in range(28):
        size, window = rng.randrange(6, 12), rng.randrange(3, 6)
        hand = fixed[i] if i < 3 else _random_hand(rng, game, size, window)
        lead = _brute_force(hand, None, game, rules)
        assert legal_moves(hand, None, game, rules) == lead, hand
        seen |= {k[0] for k in lead}
        other = _random_hand(rng, game, 8, 4)
        tops = sorted(_brute_force(other, None, game, rules))
        for top in rng.sample(tops, min(3, len(tops))):
            follow = _brute_force(hand, top, game, rules) | {PASS_KEY}
            assert legal_moves(hand, top, game, rules) == follow, (hand, top)
    expected = {SINGLE, PAIR, TRIPLE, BOMB, TRIO_PAIR, PAIR_CHAIN, TRIO_CHAIN, AIRPLANE_PAIRS}
    if game == DDZ:
        expected |= {ROCKET, STRAIGHT, TRIO_SINGLE, AIRPLANE_SINGLES, FOUR_TWO_SINGLES,
                     FOUR_TWO_PAIRS}
    assert expected <= seen, expected - seen


@pytest.mark.parametrize("game, rules", GAME_CASES)
def test_keys_round_trip_and_is_legal(game, rules):
    rng = random.Random(7)
    for _ in range(15):
        hand = _random_hand(rng, game, 12, 5)
        moves = legal_moves(hand, None, game, rules)
        for k in moves:
            assert k in classify(key_counts(k, game, rules), game, rules)
            assert is_legal(k, hand, None, game, rules)
        assert not is_legal(PASS_KEY, hand, None, game, rules)
        top = rng.choice(sorted(moves))
        follow = legal_moves(hand, top, game, rules)
        for k in moves | {PASS_KEY}:
            assert is_legal(k, hand, top, game, rules) == (k in follow)


def test_leader_may_not_pass_follower_may():
    hand = from_text("345")
    assert PASS_KEY not in legal_moves(hand, None, DDZ)
    assert legal_moves(hand, one("2"), DDZ) == {PASS_KEY}


@pytest.mark.parametrize("game, text", [
    (DDZ, "333444555666777888SB"),
    (DDZ, "3334445556667778889T"),
    (DDZ4, "333444555666777888999TTTJJJQQQSBB"),
    (DDZ4, "3333444455556666777788889999TTTTJ"),
    (SH, "AAA222333444555666777888999TTTJJJ"),
    (SH, "AAAA2222333344445555666677778888S"),
])
def test_worst_hands_finish_quickly(game, text):
    hand = from_text(text)
    start = time.perf_counter()
    moves = legal_moves(hand, None, game)
    assert time.perf_counter() - start < 10.0  # a few seconds on a busy 2-core box
    assert len(moves) > 100


def test_chain_head_not_bomb_quirk():
    hand = from_text("3333 4 5 6 7 8")
    r = {"chain_head_not_bomb": True}
    assert one("34567") in legal_moves(hand, None, DDZ)
    assert one("34567") not in legal_moves(hand, None, DDZ, r)
    assert one("45678") in legal_moves(hand, None, DDZ, r)
    assert not is_legal(one("34567"), hand, None, DDZ, r)


def test_presets_are_flat_and_distinct():
    assert DOUDIZHU4_RULES["n_players"] == 4 and DOUDIZHU4_RULES["kitty_size"] == 8
    with pytest.raises(ValueError):
        classify(from_text("3"), "bridge")
