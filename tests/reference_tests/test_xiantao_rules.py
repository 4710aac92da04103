"""Tests of the 仙桃千分 reference engine (tests/reference/xiantao_*.py) against the spec's rules
and its §14 worked examples."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kernels.climb.moves import BOMB, FIFTY_K, JOKER_BOMB, PAIR, SINGLE, TRIPLE
from tests.reference.xiantao_replay import RuleViolation, XiantaoHand, replay
from tests.reference.xiantao_rules import (
    DEFAULT_RULES,
    PASS_KEY,
    WANGZHA_KEY,
    beats,
    call_card,
    call_pool,
    classify,
    eligible_call_card,
    is_bomb_class,
    is_wild,
    ladder_level,
    legal_moves,
    legal_plays,
    n_call_picks,
    partner_of,
    partnership_public_at_start,
    points,
    record_to_key,
    score_call_mode,
    score_hard_mode,
    xi_bonus,
    xi_money,
)

# ---------------------------------------------------------------------------------------------
# card helpers
# ---------------------------------------------------------------------------------------------

SUITS = {"♠": 0, "♥": 1, "♣": 2, "♦": 3}
RANKS = {r: i for i, r in enumerate(["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"])}
SJ, BJ = 52, 53  # natural jokers
W = [1, 3, 55, 57, 106, 107]  # the six wilds: ♥3 ♦3 of both decks, 配牌 SJ and BJ


def C(text: str, deck: int = 0) -> int:
    """Card id from '♠10', '♦J' ... (deck 0 by default)."""
    return deck * 54 + RANKS[text[1:]] * 4 + SUITS[text[0]]


def nat(rank: str, n: int) -> list:
    """n natural copies of a rank (3s: only the four black ones)."""
    suits = "♠♣" if rank == "3" else "♠♥♣♦"
    cards = [C(s + rank, d) for d in (0, 1) for s in suits]
    assert n <= len(cards)
    return cards[:n]


def K(cards, rules=None):
    """The unique key of an unambiguous card list."""
    keys = classify(cards, rules)
    assert len(keys) == 1, (cards, keys)
    return next(iter(keys))


# ---------------------------------------------------------------------------------------------
# cards (§2)
# ---------------------------------------------------------------------------------------------


def test_wild_ids_are_red_threes_and_second_deck_jokers():
    assert {c for c in range(108) if is_wild(c)} == set(W) == {1, 3, 55, 57, 106, 107}
    assert [C("♥3"), C("♦3"), C("♥3", 1), C("♦3", 1)] == [1, 3, 55, 57]
    for black3 in (C("♠3"), C("♣3"), C("♠3", 1), C("♣3", 1)):  # ids 0, 2, 54, 56
        assert not is_wild(black3)
    assert not is_wild(SJ) and not is_wild(BJ)


def test_reference_defaults_are_the_games_defaults():
    """The reference's defaults are 仙桃千分's shipped ruleset, option for option (a default changed
    in the engine and not in the reference, or the other way, fails here); and the reference reads
    them: by default a 510K takes at most one wild, so ♠5 + two wilds makes one only with
    ``max_wilds_in_510k = 2``."""
    from sim.games.xiantao.rules import XiantaoRules
    from sim.ruleset import flatten

    assert DEFAULT_RULES == flatten(XiantaoRules())
    cards = [C("♠5"), W[0], W[1]]
    assert not any(k[0] == FIFTY_K for k in classify(cards, {}))
    assert (FIFTY_K, -1, 3, 2, 0) in classify(cards, {"max_wilds_in_510k": 2})


def test_record_to_key():
    assert record_to_key((4, 6, 8, 1, -1, 1, 0)) == (BOMB, 6, 8, 1, -1)
    assert record_to_key(PASS_KEY) == PASS_KEY
    with pytest.raises(ValueError):
        record_to_key((1, 6, 5, 0, -1, 5, 0))


def test_points_total_200_and_wilds_worth_nothing():
    assert sum(points(c) for c in range(108)) == 200
    assert all(points(c) == 0 for c in W)
    assert (points(C("♦5")), points(C("♣10", 1)), points(C("♥K")), points(C("♠A"))) == (5, 10, 10, 0)


# ---------------------------------------------------------------------------------------------
# patterns (§6)
# ---------------------------------------------------------------------------------------------


def test_singles():
    assert K([C("♠4")]) == (SINGLE, 1, 1, 0, -1)
    assert K([BJ]) == (SINGLE, 14, 1, 0, -1) and K([SJ]) == (SINGLE, 13, 1, 0, -1)
    for w in W:
        assert K([w]) == (SINGLE, 0, 1, 1, -1)
        assert K([w], {"wild_single_value": 2}) == (SINGLE, 12, 1, 1, -1)


def test_groups_and_all_wild_groups():
    assert K([C("♠9"), C("♥9")]) == (PAIR, 6, 2, 0, -1)
    assert K([C("♠9"), W[0]]) == (PAIR, 6, 2, 1, -1)
    assert K(W[:2]) == (PAIR, 0, 2, 2, -1)
    assert K(W[:2], {"wild_single_value": 2}) == (PAIR, 0, 2, 2, -1)  # only singles change
    assert K(W[:3]) == (TRIPLE, 0, 3, 3, -1)
    assert K(W[:4]) == (BOMB, 0, 4, 4, -1)
    assert K(nat("3", 3) + W[:1]) == (BOMB, 0, 4, 1, -1)
    assert K(nat("K", 8) + W) == (BOMB, 10, 14, 6, -1)
    assert classify([C("♠9"), C("♥8")]) == set()
    assert classify([C("♠9"), C("♠9")]) == set()  # repeated id
    assert classify([]) == set()


def test_jokers():
    assert classify([SJ, BJ]) == {WANGZHA_KEY}  # not a pair
    assert classify([SJ, BJ], {"two_jokers_is_bomb": False}) == set()
    assert classify([SJ, W[0]]) == set() and classify([BJ, W[5]]) == set()
    assert classify([BJ, W[5]], {"wild_can_be_joker": True}) == {(JOKER_BOMB, -1, 2, 1, -1)}
    assert classify([SJ, BJ, W[0]], {"wild_can_be_joker": True}) == set()
    assert classify([SJ, BJ, W[0]]) == set()


def test_fifty_k():
    assert K([C("♠5"), C("♠10"), C("♠K")]) == (FIFTY_K, -1, 3, 0, 0)
    assert K([C("♦5"), C("♦10", 1), C("♦K")]) == (FIFTY_K, -1, 3, 0, 3)
    assert K([C("♥5"), C("♠10"), C("♣K")]) == (FIFTY_K, -1, 3, 0, 4)
    assert K([W[0], C("♥10"), C("♥K")]) == (FIFTY_K, -1, 3, 1, 1)
    assert K([W[4], C("♣5"), C("♥K")]) == (FIFTY_K, -1, 3, 1, 4)
    assert classify([W[0], W[1], C("♥K")]) == {(TRIPLE, 10, 3, 2, -1)}  # default: max 1 wild
    two = {"max_wilds_in_510k": 2}
    assert classify([C("♠5"), W[0], W[1]], two) == {(TRIPLE, 2, 3, 2, -1), (FIFTY_K, -1, 3, 2, 0)}
    assert classify(W[:3], two) == {(TRIPLE, 0, 3, 3, -1)}
    assert classify([W[0], C("♥10"), C("♥K")], {"wild_in_510k": False}) == set()
    assert classify([C("♠5"), C("♥5"), C("♠K")]) == set()
    assert classify([C("♠5"), C("♠10"), C("♠K"), W[0]]) == set()


def test_ladder_levels_of_the_table():
    assert ladder_level(K(nat("K", 8) + W)) == 1
    assert ladder_level(K(nat("Q", 8) + W[:5])) == 2
    assert ladder_level(K(nat("2", 8))) == 3
    assert ladder_level(K(nat("4", 7))) == 4
    for size, level in zip(range(12, 6, -1), range(5, 11)):
        assert ladder_level(K(nat("2", 6) + W[: size - 6])) == level
    assert ladder_level(K(nat("9", 6))) == ladder_level(K(nat("9", 5) + W[:1])) == 11
    assert ladder_level(K(nat("9", 5))) == ladder_level(K(nat("9", 2) + W[:3])) == 12
    assert ladder_level(WANGZHA_KEY) == 13
    assert ladder_level(K(nat("9", 4))) == ladder_level(K(nat("9", 1) + W[:3])) == 14
    for suit in range(4):
        assert ladder_level((FIFTY_K, -1, 3, 0, suit)) == 15 + suit
    assert ladder_level((FIFTY_K, -1, 3, 0, 4)) == 19
    assert ladder_level(K([C("♠9")])) == 0


def test_hard_seven_beats_soft_eight_of_the_same_cards():
    """§7.2 consequence: 7 natural 9s + 1 wild give both keys; the hard 7 is the stronger."""
    hand = nat("9", 7) + W[:1]
    soft8, hard7 = K(hand), K(nat("9", 7))
    assert soft8 == (BOMB, 6, 8, 1, -1) and ladder_level(soft8) == 9
    assert hard7 == (BOMB, 6, 7, 0, -1) and ladder_level(hard7) == 4
    assert beats(hard7, soft8) and not beats(soft8, hard7)
    assert {soft8, hard7} <= legal_moves(hand, None)


# ---------------------------------------------------------------------------------------------
# §14 comparisons 1-10
# ---------------------------------------------------------------------------------------------


def test_example_1_soft_and_hard_four_threes_are_equal():
    soft, hard = K(nat("3", 3) + W[:1]), K(nat("3", 4))
    assert not beats(soft, hard) and not beats(hard, soft)
    assert K(W[:3] + nat("3", 1)) == soft[:3] + (3, -1)  # "3條3加癩子，算作3333"
    assert not beats(K(W[:3] + nat("3", 1)), hard)


def test_example_2_five_threes_beat_four_twos():
    assert beats(K(nat("3", 4) + W[:1]), K(nat("2", 4)))


def test_example_3_wangzha():
    assert beats(WANGZHA_KEY, K(nat("2", 4))) and beats(WANGZHA_KEY, K(nat("A", 4)))
    assert beats(K(nat("4", 5)), WANGZHA_KEY) and not beats(WANGZHA_KEY, K(nat("4", 5)))
    assert not beats(WANGZHA_KEY, WANGZHA_KEY)


def test_example_4_hard_seven_beats_soft_twelve():
    assert beats(K(nat("4", 7)), K(nat("2", 8) + W[:4]))


def test_example_5_soft_eight_loses_to_hard_seven():
    assert not beats(K(nat("9", 7) + W[:1]), K(nat("4", 7)))
    assert beats(K(nat("4", 7)), K(nat("9", 7) + W[:1]))


def test_example_6_fourteen_and_thirteen_vs_hard_eight():
    hard8, b14, b13 = K(nat("2", 8)), K(nat("K", 8) + W), K(nat("Q", 8) + W[:5])
    assert beats(b14, hard8) and not beats(hard8, b14)
    assert beats(b14, b13) and not beats(b13, b14)  # "13-card ... loses to it" (the 14)
    assert beats(b13, hard8)  # L2 > L3 in the table


def test_example_7_fifty_k_suits():
    spade, heart = K([C("♠5"), C("♠10"), C("♠K")]), K([C("♥5"), C("♥10"), C("♥K")])
    assert beats(spade, heart) and not beats(heart, spade)
    assert beats(K(nat("3", 4)), spade)
    za1, za2 = K([C("♥5"), C("♠10"), C("♣K")]), K([C("♦5"), C("♣10"), C("♥K")])
    assert za1 == za2 and not beats(za1, za2) and not beats(za2, za1)


def test_example_8_wild_fifty_k_takes_the_natural_suit():
    key = K([W[0], C("♥10"), C("♥K")])
    assert key == (FIFTY_K, -1, 3, 1, 1)
    assert beats(key, K([C("♣5"), C("♣10"), C("♣K")]))


def test_example_9_singles_and_wild_pair():
    assert beats(K([BJ]), K([C("♠2")]))
    assert beats(K([C("♠4")]), K([W[3]])) and not beats(K([W[3]]), K([C("♠4")]))
    assert K([W[0], W[5]]) == (PAIR, 0, 2, 2, -1)


def test_example_10_triples():
    kkk = K(nat("K", 3))
    assert not beats(K([C("♠K", 1), C("♥K", 1), C("♣K", 1)]), kkk)
    assert not beats(K(nat("A", 2)), kkk)
    for stronger in (nat("A", 3), nat("2", 3), nat("4", 4), [C("♥5"), C("♠10"), C("♣K")], [SJ, BJ]):
        assert beats(K(stronger), kkk)
    assert not beats(kkk, K([C("♥5"), C("♠10"), C("♣K")]))


def test_zheng_fifty_k_over_four_bomb_option():
    opt = {"zheng510k_beats_4bomb": True}
    zheng, za = K([C("♦5"), C("♦10"), C("♦K")]), K([C("♥5"), C("♠10"), C("♣K")])
    four, five = K(nat("2", 4)), K(nat("4", 5))
    assert not beats(zheng, four) and beats(four, zheng)
    assert beats(zheng, four, opt) and not beats(four, zheng, opt)
    assert beats(WANGZHA_KEY, zheng, opt) and beats(five, zheng, opt)
    assert beats(four, za, opt) and not beats(za, four, opt)
    assert beats((FIFTY_K, -1, 3, 0, 0), zheng, opt)  # suit order unchanged


def test_non_bombs_need_same_kind():
    assert not beats(K(nat("2", 2)), K([C("♠3")]))
    assert not beats(K([BJ]), K(nat("4", 2)))
    assert not beats(PASS_KEY, K([C("♠3")]))
    assert beats(K([C("♠3")]), None)


# ---------------------------------------------------------------------------------------------
# legal moves
# ---------------------------------------------------------------------------------------------


def test_legal_moves_lead_and_follow():
    hand = [C("♠5"), C("♥5"), W[0], C("♠10"), C("♠K"), BJ, SJ, C("♦A")]
    lead = legal_moves(hand, None)
    assert PASS_KEY not in lead
    assert {(SINGLE, 2, 1, 0, -1), (PAIR, 2, 2, 1, -1), (TRIPLE, 2, 3, 1, -1), (PAIR, 2, 2, 0, -1), (FIFTY_K, -1, 3, 0, 0), (FIFTY_K, -1, 3, 1, 0), (FIFTY_K, -1, 3, 1, 4),
            WANGZHA_KEY, (SINGLE, 0, 1, 1, -1), (SINGLE, 14, 1, 0, -1)} <= lead
    follow = legal_moves(hand, (PAIR, 11, 2, 0, -1))  # on a pair of As
    assert follow == {PASS_KEY, WANGZHA_KEY, (FIFTY_K, -1, 3, 0, 0), (FIFTY_K, -1, 3, 1, 0),
                      (FIFTY_K, -1, 3, 0, 4), (FIFTY_K, -1, 3, 1, 4)}  # 杂: ♥5 ♠10 ♠K, W ♥5 ♠K
    plays = legal_plays(hand, (PAIR, 11, 2, 0, -1))
    assert plays[PASS_KEY] == ()
    for key, cards in plays.items():
        assert key == PASS_KEY or key in classify(cards)


def test_legal_moves_fast_enough_on_27_cards():
    import time

    rng = random.Random(7)
    deck = list(range(108))
    t0 = time.perf_counter()
    for _ in range(10):
        rng.shuffle(deck)
        legal_moves(deck[:27], None)
        legal_moves(deck[:27], (SINGLE, 5, 1, 0, -1))
    assert time.perf_counter() - t0 < 10 * 0.5


SMALL_POOL = sorted(set(nat("3", 4) + nat("5", 8) + nat("10", 4) + nat("K", 5) + nat("2", 5) + W + [SJ, BJ]))
RULE_SETS = [
    {},
    {"max_wilds_in_510k": 2, "wild_single_value": 2},
    {"wild_can_be_joker": True, "zheng510k_beats_4bomb": True},
    {"wild_in_510k": False, "two_jokers_is_bomb": False},
]


@settings(max_examples=60, deadline=None)
@given(
    hand=st.lists(st.sampled_from(SMALL_POOL), min_size=1, max_size=10, unique=True),
    rules=st.sampled_from(RULE_SETS),
    data=st.data(),
)
def test_legal_moves_equal_brute_force_over_all_subsets(hand, rules, data):
    every = set()
    for n in range(1, len(hand) + 1):
        for sub in combinations(hand, n):
            every |= classify(sub, rules)
    assert legal_moves(hand, None, rules) == every
    other = data.draw(st.lists(st.sampled_from(SMALL_POOL), min_size=1, max_size=6, unique=True))
    tops = sorted(classify(other, rules))
    if tops:
        top = data.draw(st.sampled_from(tops))
        assert legal_moves(hand, top, rules) == {PASS_KEY} | {k for k in every if beats(k, top, rules)}


# ---------------------------------------------------------------------------------------------
# call card (§5.2)
# ---------------------------------------------------------------------------------------------


def test_call_card_spec_example():
    """Pick ♦J → not eligible → next card after ♦J (skipping BJ) is ♣7, one copy → call ♣7."""
    banker = [C("♠A"), C("♦J"), BJ, C("♣7"), C("♥9"), W[4]]
    pool = call_pool(banker)
    assert pool == [C("♠A"), C("♦J"), C("♣7"), C("♥9")]
    assert call_card(banker, pool.index(C("♦J"))) == (C("♣7"), 1)
    assert call_card(banker, pool.index(C("♣7"))) == (C("♣7"), 0)
    deal = [banker, [C("♣7", 1)], [], []]
    assert partner_of(C("♣7"), deal, 0) == 1


def test_call_card_both_copies_jump_after_second_copy_and_wrap():
    banker = [C("♠9"), C("♦J"), C("♠9", 1), C("♥8"), C("♠2"), W[0], SJ]
    assert call_card(banker, 0) == (C("♥8"), 1)  # not ♦J: the walk restarts after the 2nd ♠9
    assert call_card(banker, 4) == (C("♥8"), 3)  # ♠2 → ♥3 (wild) → skip SJ, wrap: ♠9 → jump → ♥8
    assert not eligible_call_card(C("♠9"), banker) and eligible_call_card(C("♥8"), banker)
    assert eligible_call_card(C("♠3"), [C("♠3")]) and not eligible_call_card(W[0], [W[0]])
    assert not eligible_call_card(C("♠J"), [C("♠J")]) and eligible_call_card(C("♠10"), [C("♠10")])


def test_call_card_none_when_no_eligible_card_is_reached():
    banker = [C("♠J"), C("♥A"), SJ, C("♠5"), C("♠5", 1)]
    assert call_card(banker, 0) is None
    assert call_card(banker, 0, {"call_card_rule": "uniform_eligible"}) is None


def test_call_card_other_rules():
    banker = [C("♠J"), C("♥4"), C("♠5"), C("♠5", 1), C("♦6"), BJ]
    uni = {"call_card_rule": "uniform_eligible"}
    assert call_card(banker, 0, uni) == (C("♥4"), 0) and call_card(banker, 1, uni) == (C("♦6"), 0)
    dg = {"call_card_rule": "daguong_opposite"}
    assert call_card(banker, 0, dg) == (C("♠J"), 0)
    assert call_card(banker, 2, dg) == (C("♠5"), 0)
    deal = [banker, [], [C("♠J", 1)], []]
    assert partner_of(C("♠5"), deal, 0, dg) == 2 and partnership_public_at_start(C("♠5"), deal, 0, dg)
    assert partner_of(C("♠J"), deal, 0, dg) == 2 and not partnership_public_at_start(C("♠J"), deal, 0, dg)
    deal3 = [[], [], [], banker]
    assert partner_of(C("♠5"), deal3, 3, dg) == 1
    with pytest.raises(ValueError):
        partner_of(C("♠5"), deal, 0)


# ---------------------------------------------------------------------------------------------
# scoring (§10)
# ---------------------------------------------------------------------------------------------

TEAMS = [0, 1, 0, 1]  # seats 0 and 2 vs 1 and 3


def test_scoring_s1_case_a_exactly_200_is_normal():
    r = score_call_mode([0, 2], TEAMS, [60, 30, 50, 30], [0, 10, 0, 20])
    assert (r["case"], r["team_w_total"], r["team_l_total"], r["grade"]) == ("A", 200, 0, "normal")
    assert r["winner_team"] == {0, 2} and r["money"] == [1.0, -1.0, 1.0, -1.0]


def test_scoring_s2_case_a_xiao_qing():
    r = score_call_mode([2, 0], TEAMS, [100, 20, 50, 0], [0, 15, 0, 15])
    assert (r["case"], r["team_w_total"], r["team_l_total"], r["grade"]) == ("A", 240, -40, "xiao_qing")
    assert r["money"] == [2.0, -2.0, 2.0, -2.0]


def test_scoring_s3_case_a_da_qing():
    r = score_call_mode([1, 3], TEAMS, [0, 170, 0, 0], [20, 0, 10, 0])
    assert (r["case"], r["team_w_total"], r["team_l_total"], r["grade"]) == ("A", 260, -60, "da_qing")
    assert r["money"] == [-4.0, 4.0, -4.0, 4.0]


def test_scoring_s4_case_b():
    r = score_call_mode([0, 1, 2], TEAMS, [40, 95, 50, 0], [0, 0, 0, 15])
    assert (r["case"], r["team_w_total"], r["team_l_total"], r["grade"]) == ("B", 135, 65, "normal")
    assert r["winner_team"] == {0, 2} and r["money"] == [1.0, -1.0, 1.0, -1.0]


def test_scoring_s5_case_c_tie_goes_to_first_out():
    r = score_call_mode([3, 0, 2, 1], TEAMS, [50, 0, 30, 100], [0, 20, 0, 0])
    assert (r["case"], r["team_w_total"], r["team_l_total"], r["tie_100"]) == ("C", 100, 100, True)
    assert r["winner_team"] == {1, 3} and r["grade"] == "normal" and r["money"] == [-1.0, 1.0, -1.0, 1.0]


def test_scoring_s6_case_b_xiao_qing():
    r = score_call_mode([0, 1, 2], TEAMS, [100, 5, 70, 0], [0, 0, 0, 25])
    assert (r["case"], r["team_w_total"], r["team_l_total"], r["grade"]) == ("B", 225, -25, "xiao_qing")
    assert r["money"] == [2.0, -2.0, 2.0, -2.0]


def test_scoring_case_c_loser_of_first_out():
    r = score_call_mode([0, 1, 3], TEAMS, [10, 60, 0, 100], [0, 0, 30, 0])
    assert (r["case"], r["team_w_total"], r["team_l_total"]) == ("C", 10, 190)
    assert r["winner_team"] == {1, 3} and r["grade"] == "normal" and not r["tie_100"]


def test_scoring_options():
    rules = {"settlement": "per_team", "base": 10, "grade.xiao_qing": 3}
    r = score_call_mode([2, 0], TEAMS, [100, 20, 50, 0], [0, 15, 0, 15], rules)
    assert r["money"] == [15.0, -15.0, 15.0, -15.0]
    r = score_call_mode([0, 1, 2], TEAMS, [40, 95, 50, 0], [0, 0, 0, 15], {"contribution.b": 50})
    assert (r["team_w_total"], r["team_l_total"]) == (155, 45)


def test_bonus_example_wangzha_and_eight_sevens():
    hand = [BJ, SJ] + nat("7", 8) + W[:1]
    xi = xi_bonus([hand, [], [], []])
    assert xi == [9.0, -3.0, -3.0, -3.0]
    r = score_call_mode([1, 3], TEAMS, [0, 170, 0, 0], [20, 0, 10, 0], xi=xi)  # 大清 for 1 & 3
    assert r["money"] == [-4.0 + 9, 4.0 - 3, -4.0 - 3, 4.0 - 3]


def test_bonus_seven_and_stacking():
    assert xi_bonus([[], nat("9", 7) + W[:1], [], []]) == [-1.0, 3.0, -1.0, -1.0]
    assert xi_bonus([[], nat("9", 6) + W[:2], [], []]) == [0.0] * 4
    xi = xi_bonus([nat("9", 7), nat("4", 7) + nat("A", 8), [SJ, BJ], []])
    assert xi == pytest.approx([3 - 3 - 1, 9 - 1 - 1, 3 - 1 - 3, -1 - 3 - 1])
    assert xi_bonus([[], nat("9", 7), [], []], {"xi.seven": 6, "base": 2}) == [-4.0, 12.0, -4.0, -4.0]


def test_bonus_requires_play():
    rules = {"bonus_requires_play": True}
    deal = [[BJ, SJ] + nat("7", 8), nat("9", 7), [], []]
    assert xi_bonus(deal, rules, played=[]) == [0.0] * 4
    played = [(0, WANGZHA_KEY, (SJ, BJ)), (0, K(nat("7", 4)), tuple(nat("7", 4))),
              (1, K(nat("9", 7) + W[:1]), tuple(nat("9", 7) + W[:1]))]
    assert xi_bonus(deal, rules, played=played) == [2.0, 2.0, -2.0, -2.0]
    played = [(0, K(nat("7", 8) + W[:2]), tuple(nat("7", 8) + W[:2]))]
    assert xi_bonus(deal, rules, played=played) == [6.0, -2.0, -2.0, -2.0]


def test_hard_mode_example():
    r = score_hard_mode(2, [0])
    assert r["grade"] == "hard" and r["winner_team"] == {0, 1, 3}
    assert r["money"] == [1.0, 1.0, -3.0, 1.0]
    r = score_hard_mode(2, [2], {"hard_multiplier": 2})
    assert r["money"] == [-2.0, -2.0, 6.0, -2.0] and r["winner_team"] == {2}


@st.composite
def call_mode_outcomes(draw):
    order = draw(st.permutations(range(4)))
    mate0 = draw(st.sampled_from([1, 2, 3]))
    team_of = [0 if s in (0, mate0) else 1 for s in range(4)]
    n_out = 2 if team_of[order[0]] == team_of[order[1]] else 3
    holders = order[n_out:]
    # split 40 five-point units over 4 captured piles and the holders' hands
    piles = draw(st.lists(st.integers(0, 40), min_size=3 + len(holders), max_size=3 + len(holders)))
    cuts = sorted(p for p in piles)
    parts = [b - a for a, b in zip([0] + cuts, cuts + [40])]
    captured = [5 * x for x in parts[:4]]
    unplayed = [0] * 4
    for s, x in zip(holders, parts[4:]):
        unplayed[s] = 5 * x
    units = draw(st.lists(st.integers(0, 12), min_size=4, max_size=4))
    return list(order[:n_out]), team_of, captured, unplayed, units


@settings(max_examples=300, deadline=None)
@given(call_mode_outcomes(), st.sampled_from([{}, {"settlement": "per_team", "contribution.a": 40}]))
def test_call_mode_invariants(outcome, rules):
    finish, team_of, captured, unplayed, units = outcome
    assert sum(captured) + sum(unplayed) == 200
    r = score_call_mode(finish, team_of, captured, unplayed, rules, xi=xi_money(units))
    assert r["team_w_total"] + r["team_l_total"] == 200
    assert abs(sum(r["money"])) < 1e-9 and abs(sum(r["grade_money"])) < 1e-9
    assert finish[0] in r["team_w"]
    win_total = r["team_w_total"] if r["winner_team"] == r["team_w"] else r["team_l_total"]
    assert win_total == max(r["team_w_total"], r["team_l_total"])
    assert r["tie_100"] == (r["team_w_total"] == 100)
    if r["tie_100"]:
        assert r["winner_team"] == r["team_w"]
    if r["grade"] == "da_qing":
        assert r["case"] == "A" and r["team_w_total"] == 200 + rules.get("contribution.a", 60)
    if r["grade"] == "xiao_qing":
        assert r["case"] in "AB" and win_total > 200
    if r["case"] == "C":
        assert r["grade"] == "normal"
    mult = r["multiplier"] * (0.5 if rules.get("settlement") == "per_team" else 1)
    assert all(r["grade_money"][s] == (mult if s in r["winner_team"] else -mult) for s in range(4))


# ---------------------------------------------------------------------------------------------
# replay: hand-built games (hand_size 3, so every step can be checked by hand)
# ---------------------------------------------------------------------------------------------

TINY = {"hand_size": 3}


def P(seat, *cards, rules=TINY):
    """Play action with the cards' unique key."""
    return (seat, *K(cards, rules), tuple(cards))


def X(seat):
    return (seat, *PASS_KEY, ())


# Game 1 — banker 0 calls ♣7, seat 2 holds the other ♣7; 明鸡 never happens.
DEAL1 = [
    [C("♣7"), C("♠K"), C("♠4")],
    [C("♥5"), C("♦9"), C("♠J")],
    [C("♣7", 1), C("♠10"), C("♥Q")],
    [C("♦K"), C("♦A"), C("♠6")],
]
GAME1 = [
    P(0, C("♠4")), P(1, C("♦9")), P(2, C("♥Q")), P(3, C("♦A")), X(0), X(1), X(2),  # trick 0: 3
    P(3, C("♠6")), P(0, C("♣7")), P(1, C("♠J")), X(2), P(3, C("♦K")),  # 3 out (一游)
    X(0), X(1), X(2),  # trick 1 to 3 (10 pts); 3 is out, not public → 接风 to 下家 0
    P(0, C("♠K")), X(1), X(2),  # 0 out (二游); trick 2 to 0 (10 pts); 接风 to 1
    P(1, C("♥5")),  # 1 out (三游): hand ends, the 5 on the table goes to 1
]


def test_replay_game1_unrevealed_jiefeng_case_b():
    r = replay(DEAL1, 0, "call", None, C("♣7"), 2, GAME1, TINY)
    assert r["finish"] == [2, 3, 0, 1] and r["finish_order"] == [3, 0, 1]
    assert r["captured"] == [10, 5, 0, 10] and r["unplayed"] == [0, 0, 10, 0]
    assert r["case"] == "B" and r["team_w"] == {1, 3}
    assert (r["team_w_total"], r["team_l_total"]) == (10 + 5 + 30 + 10, 10 - 30)
    assert r["winner_team"] == {1, 3} and r["grade"] == "normal"
    assert r["money"] == [-1.0, 1.0, -1.0, 1.0] and r["xi"] == [0.0] * 4
    assert (r["n_tricks"], r["n_jiefeng"], r["mingji_trick"]) == (4, 2, -1)
    assert r["bombs_by_level"] == {}


def test_replay_banker_no_jiefeng_skips_banker():
    rules = dict(TINY, banker_no_jiefeng=True)
    hand = XiantaoHand(DEAL1, 0, "call", None, C("♣7"), 2, rules)
    for seat, *key, cards in GAME1[:15]:
        hand.act(seat, key, cards)
    assert hand.to_act == 1  # 3 won while out; 下家 is 庄家 0, skipped
    with pytest.raises(RuleViolation):
        replay(DEAL1, 0, "call", None, C("♣7"), 2, GAME1, rules)


def test_replay_pass_locks_trick():
    rules = dict(TINY, pass_locks_trick=True)
    hand = XiantaoHand(DEAL1, 0, "call", None, C("♣7"), 2, rules)
    for seat, *key, cards in GAME1[:13]:  # ... 2 passes, 3 plays ♦K and goes out, 0 passes
        hand.act(seat, key, cards)
    assert hand.to_act == 1
    hand.act(1, PASS_KEY)
    assert hand.to_act == 0 and hand.n_tricks == 2  # 2 passed earlier: locked, trick over
    # without the option 2 must pass again
    free = XiantaoHand(DEAL1, 0, "call", None, C("♣7"), 2, TINY)
    for seat, *key, cards in GAME1[:13]:
        free.act(seat, key, cards)
    free.act(1, PASS_KEY)
    assert free.to_act == 2 and free.n_tricks == 1


def test_pass_locks_trick_skips_locked_player():
    rules = dict(TINY, pass_locks_trick=True)
    hand = XiantaoHand(DEAL1, 0, "call", None, C("♣7"), 2, rules)
    for action in [P(0, C("♠4")), X(1), P(2, C("♥Q")), X(3)]:
        hand.act(action[0], action[1:6], action[6])
    assert hand.to_act == 0
    hand.act(0, K([C("♠K")]), [C("♠K")])
    assert hand.to_act == 2  # 1 and 3 locked
    with pytest.raises(RuleViolation):
        hand.act(1, K([C("♦9")]), [C("♦9")])


# Game 2 — 明鸡 in trick 1, then 接风 goes to the revealed partner, skipping 下家.
DEAL2 = [
    [C("♣7"), C("♠A"), C("♥A")],
    [C("♥10"), C("♠9"), C("♥9")],
    [C("♣7", 1), C("♠6"), C("♦K")],
    [C("♥J"), C("♠Q"), C("♦Q")],
]
GAME2 = [
    P(0, C("♣7")), P(1, C("♥10")), P(2, C("♦K")), X(3), X(0), X(1),  # trick 0 → 2 (20 pts)
    P(2, C("♣7", 1)), P(3, C("♥J")), X(0), X(1), X(2),  # 明鸡; trick 1 → 3
    P(3, C("♠Q"), C("♦Q")), P(0, C("♠A"), C("♥A")), X(1), X(2),  # 3 out, 0 out; → 0, 接风 to 2
    P(2, C("♠6")),  # 2 out (三游): end
]


def test_replay_game2_mingji_and_public_jiefeng_case_c():
    r = replay(DEAL2, 0, "call", None, C("♣7"), 2, GAME2, TINY)
    assert r["finish_order"] == [3, 0, 2] and r["finish"] == [2, 0, 3, 1]
    assert r["captured"] == [0, 0, 20, 0] and r["unplayed"] == [0, 0, 0, 0]
    assert r["case"] == "C" and (r["team_w_total"], r["team_l_total"]) == (0, 20)
    assert r["winner_team"] == {0, 2} and r["money"] == [1.0, -1.0, 1.0, -1.0]
    assert (r["n_tricks"], r["n_jiefeng"], r["mingji_trick"]) == (4, 1, 1)


def test_replay_game2_without_mingji_the_lead_goes_to_xiajia():
    """Same cards, but 2 keeps ♣7 until later: after 0 goes out the lead goes to 1."""
    game = [
        P(0, C("♣7")), P(1, C("♥10")), P(2, C("♦K")), X(3), X(0), X(1),
        P(2, C("♠6")), P(3, C("♥J")), X(0), X(1), X(2),
        P(3, C("♠Q"), C("♦Q")), P(0, C("♠A"), C("♥A")), X(1), X(2),
        P(2, C("♣7", 1)),  # wrong: 0 won while out and nothing is public → 下家 1 leads
    ]
    with pytest.raises(RuleViolation, match="seat 2 acted, seat 1 was to act"):
        replay(DEAL2, 0, "call", None, C("♣7"), 2, game, TINY)
    hand = XiantaoHand(DEAL2, 0, "call", None, C("♣7"), 2, TINY)
    for seat, *key, cards in game[:15]:
        hand.act(seat, key, cards)
    assert hand.to_act == 1 and hand.n_jiefeng == 1 and hand.mingji_trick == -1


# Game 3 — 双杀 (case A) with a 五十K and a bomb; the hand ends at 二游 (hand_size 5).
FIVE = {"hand_size": 5}
DEAL3 = [
    [C("♣7"), C("♠5"), C("♠10"), C("♠K"), C("♠4")],
    [C("♣7", 1), C("♦5"), C("♥10"), C("♥9"), C("♠8")],
    [C("♦K"), C("♠J"), C("♦J"), W[0], C("♣A")],
    [C("♠Q"), C("♥Q"), C("♣Q"), C("♦Q"), C("♥2")],
]
GAME3 = [
    P(0, C("♠5"), C("♠10"), C("♠K"), rules=FIVE), X(1), X(2),  # 正五十K♠ (25 points)
    P(3, C("♠Q"), C("♥Q"), C("♣Q"), C("♦Q"), rules=FIVE), X(0), X(1), X(2),  # 4-bomb; trick 0 → 3
    P(3, C("♥2"), rules=FIVE), X(0), X(1), X(2),  # 3 out (一游); trick 1 → 3, 接风 to 下家 0
    P(0, C("♠4"), rules=FIVE), P(1, C("♠8"), rules=FIVE), P(2, C("♣A"), rules=FIVE), X(0), X(1),
    P(2, C("♠J"), C("♦J"), W[0], rules=FIVE), X(0), X(1),  # triple Js with a wild
    P(2, C("♦K"), rules=FIVE),  # 2 out (二游), partner of 一游: 双杀 ends the hand, 2 takes the K
]


def test_replay_game3_double_kill_ends_at_second_out():
    r = replay(DEAL3, 0, "call", None, C("♣7"), 1, GAME3, FIVE)
    assert r["finish_order"] == [3, 2] and r["finish"] == [0, 0, 2, 1]
    assert r["captured"] == [0, 0, 10, 25] and r["unplayed"] == [0, 15, 0, 0]
    assert r["case"] == "A" and r["team_w"] == {2, 3}
    assert (r["team_w_total"], r["team_l_total"]) == (35 + 60 + 15, -60)
    assert r["grade"] == "normal" and r["money"] == [-1.0, -1.0, 1.0, 1.0]
    assert r["bombs_by_level"] == {15: 1, 14: 1}
    assert (r["n_tricks"], r["n_jiefeng"], r["mingji_trick"]) == (5, 1, -1)
    with pytest.raises(RuleViolation, match="already ended"):
        replay(DEAL3, 0, "call", None, C("♣7"), 1, GAME3 + [X(0)], FIVE)


def test_replay_hard_mode_ends_at_first_out():
    deal = [
        [C("♠4"), C("♠5"), C("♠6")],
        [C("♥4"), C("♥5"), C("♥6")],
        [C("♠A"), C("♥A"), C("♦2")],
        [C("♣4"), C("♣5"), C("♣6")],
    ]
    won = [P(2, C("♠A"), C("♥A")), X(3), X(0), X(1), P(2, C("♦2"))]
    r = replay(deal, 0, "hard", 2, None, None, won, TINY)
    assert r["finish_order"] == [2] and r["grade"] == "hard" and r["case"] is None
    assert r["winner_team"] == {2} and r["money"] == [-1.0, -1.0, 3.0, -1.0] and r["n_tricks"] == 2
    lost = [P(0, C("♠4")), P(1, C("♥5")), P(2, C("♦2")), X(3), X(0), X(1), P(2, C("♠A"), C("♥A"))]
    r = replay(deal, 0, "hard", 0, None, None, lost, TINY)
    assert r["finish_order"] == [2] and r["winner_team"] == {1, 2, 3}
    assert r["money"] == [-3.0, 1.0, 1.0, 1.0] and r["captured"][2] == 5
    with pytest.raises(RuleViolation, match="seat 0 acted, seat 2 was to act"):
        replay(deal, 0, "hard", 2, None, None, lost, TINY)


def _with(actions, i, new):
    return actions[:i] + [new] + actions[i + 1:]


@pytest.mark.parametrize(
    "actions, message",
    [
        (_with(GAME1, 0, P(1, C("♦9"))), "seat 1 acted, seat 0 was to act"),
        (_with(GAME1, 0, P(0, C("♦9"))), "does not hold"),
        (_with(GAME1, 0, (0, PAIR, 1, 2, 0, -1, (C("♠4"),))), "is not"),
        (_with(GAME1, 0, (0, SINGLE, 2, 1, 0, -1, (C("♠4"),))), "is not"),
        (_with(GAME1, 3, P(3, C("♠6"))), "does not beat"),
        (_with(GAME1, 9, P(1, C("♥5"))), "does not beat"),  # 5 on 7
        (_with(GAME1, 2, P(2, C("♦9"))), "does not hold"),
        (_with(GAME1, 0, X(0)), "cannot pass on a lead"),
        (_with(GAME1, 4, (0, *PASS_KEY, (C("♠K"),))), "malformed pass"),
        (_with(GAME1, 4, (0, SINGLE, 10, 1, 0, -1, ())), "does not hold"),
        (_with(GAME1, 4, (0, SINGLE, 10, 1, 0, -1)), "not \\(seat"),
        (GAME1 + [X(2)], "already ended"),
        (GAME1[:-1], "actions ran out"),
        (GAME1[:4] + [X(0), X(1), X(2), X(3)], "cannot pass on a lead"),  # 3 won trick 0
    ],
)
def test_replay_rejects_illegal_sequences(actions, message):
    with pytest.raises(RuleViolation, match=message):
        replay(DEAL1, 0, "call", None, C("♣7"), 2, actions, TINY)


def test_replay_rejects_bad_setups():
    with pytest.raises(RuleViolation, match="partner is seat 2"):
        replay(DEAL1, 0, "call", None, C("♣7"), 1, GAME1, TINY)
    with pytest.raises(RuleViolation, match="not eligible"):
        replay(DEAL1, 0, "call", None, C("♠K"), 2, GAME1, TINY)
    with pytest.raises(RuleViolation, match="banker's hand"):
        replay(DEAL1, 0, "call", None, C("♦K"), 2, GAME1, TINY)
    with pytest.raises(RuleViolation, match="hands of 27"):
        replay(DEAL1, 0, "call", None, C("♣7"), 2, GAME1)
    bad = [list(h) for h in DEAL1]
    bad[1][0] = bad[0][0]
    with pytest.raises(RuleViolation, match="repeated"):
        replay(bad, 0, "call", None, C("♣7"), 2, GAME1, TINY)
    with pytest.raises(RuleViolation, match="mode"):
        replay(DEAL1, 0, "solo", None, C("♣7"), 2, GAME1, TINY)


def test_daguong_both_copies_public_from_start():
    rules = dict(TINY, call_card_rule="daguong_opposite")
    deal = [
        [C("♣7"), C("♣7", 1), C("♠4")],
        [C("♥5"), C("♦9"), C("♠J")],
        [C("♠8"), C("♠10"), C("♥Q")],
        [C("♦K"), C("♦A"), C("♠6")],
    ]
    hand = XiantaoHand(deal, 0, "call", None, C("♣7"), 2, rules)
    assert hand.public and hand.public_from_start and hand.team_of == [0, 1, 0, 1]
    # 1 wins a trick with its last card → 接风 to its partner 3 at once, not to 下家 2
    for action in [P(0, C("♠4")), P(1, C("♦9")), X(2), X(3), X(0), P(1, C("♠J")), X(2), X(3), X(0),
                   P(1, C("♥5")), X(2), X(3), X(0)]:
        hand.act(action[0], action[1:6], action[6])
    assert hand.to_act == 3 and hand.n_jiefeng == 1 and hand.mingji_trick == -1


# ---------------------------------------------------------------------------------------------
# replay: whole 27-card hands played by simple drivers
# ---------------------------------------------------------------------------------------------


def smallest(plays, rng):
    """Lead the lowest non-bomb (largest group first), follow with the lowest non-bomb that
    beats, else pass; bombs only when nothing else is left."""
    def order(k):
        return (is_bomb_class(k), k[1], -k[2], k[0], k[3], k[4])
    keys = sorted((k for k in plays if k != PASS_KEY), key=order)
    if PASS_KEY in plays:
        keys = [k for k in keys if not is_bomb_class(k)] or [PASS_KEY]
    return keys[0]


def randomish(plays, rng):
    keys = sorted(k for k in plays if k != PASS_KEY)
    if PASS_KEY in plays and (not keys or rng.random() < 0.4):
        return PASS_KEY
    return rng.choice(keys)


def drive(seed, rules, policy, mode="call"):
    rng = random.Random(seed)
    while True:
        deck = list(range(108))
        rng.shuffle(deck)
        deal = [deck[s::4] for s in range(4)]
        banker = rng.randrange(4)
        if mode == "hard":
            setup = (deal, banker, "hard", rng.randrange(4), None, None)
            break
        picked = call_card(deal[banker], rng.randrange(n_call_picks(deal[banker], rules)), rules)
        if picked is not None:
            cc = picked[0]
            setup = (deal, banker, "call", None, cc, partner_of(cc, deal, banker, rules))
            break
    hand = XiantaoHand(*setup, rules)
    actions = []
    while not hand.ended:
        plays = hand.legal_plays()
        key = policy(plays, rng)
        seat = hand.to_act
        hand.act(seat, key, plays[key])
        actions.append((seat, *key, plays[key]))
    return setup, actions, hand.result()


@pytest.mark.parametrize(
    "seed, rules, policy",
    [
        (1, {}, smallest),
        (2, {}, randomish),
        (3, {"pass_locks_trick": True}, randomish),
        (4, {"call_card_rule": "daguong_opposite", "banker_no_jiefeng": True, "zheng510k_beats_4bomb": True},
         randomish),
        (5, {"max_wilds_in_510k": 2, "wild_single_value": 2, "wild_can_be_joker": True,
             "bonus_requires_play": True}, randomish),
        (6, {"call_card_rule": "uniform_eligible", "settlement": "per_team"}, smallest),
    ],
)
def test_driven_call_mode_hands_replay_and_keep_invariants(seed, rules, policy):
    setup, actions, result = drive(seed, rules, policy)
    again = replay(*setup, actions, rules)
    assert again == result
    r = result
    assert sum(r["captured"]) + sum(r["unplayed"]) == 200
    assert r["team_w_total"] + r["team_l_total"] == 200
    assert abs(sum(r["money"])) < 1e-9 and abs(sum(r["xi"])) < 1e-9
    assert len(r["finish_order"]) == (2 if r["case"] == "A" else 3)
    assert sorted(p for p in r["finish"] if p) == list(range(1, len(r["finish_order"]) + 1))
    deal, banker, _, _, cc, partner = setup
    if partner in r["finish_order"] and not r["public_from_start"]:
        assert 0 <= r["mingji_trick"] < r["n_tricks"]  # the partner had to play his copy
    assert 0 <= r["n_jiefeng"] < r["n_tricks"]
    assert sum(r["bombs_by_level"].values()) == sum(1 for a in actions if is_bomb_class(a[1:6]))
    assert actions[0][0] == banker


@pytest.mark.parametrize("seed", [7, 8])
def test_driven_hard_mode_hands(seed):
    setup, actions, r = drive(seed, {}, randomish, mode="hard")
    assert replay(*setup, actions) == r
    assert len(r["finish_order"]) == 1 and r["grade"] == "hard"
    assert actions[0][0] == setup[3]
    assert abs(sum(r["money"])) < 1e-9
