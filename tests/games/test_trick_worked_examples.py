"""The worked examples of the two specs (tractor-80fen.md §13, xianju-hongwu.md §11), as tests of
the kernels and of the scorers."""

from collections import Counter

import numpy as np

from kernels.cards import card_id
from kernels.tractor import codes as TC
from kernels.tractor.levels import level_change
from kernels.trick.order import CLS_TRUMP, OT_KCLS, OT_KSTR
from kernels.trick.shape import decompose
from kernels.trick.throw import throw_check
from kernels.trick.trick import beats, follow_rank, lead_rank
from sim.games.hongwu.rules import HongwuRules
from sim.games.hongwu.scoring import score as score_hongwu
from sim.games.tractor.rules import TractorRules, compile_rules
from sim.games.tractor.scoring import score as score_tractor
from tests.games.trick_helpers import hands_array, kernel_components, kernel_order, slot_counts, work_state

S, H, C, D = 0, 1, 2, 3
R = {"3": 0, "4": 1, "5": 2, "6": 3, "7": 4, "8": 5, "9": 6, "10": 7, "J": 8, "Q": 9, "K": 10, "A": 11, "2": 12}
SJ, BJ = 52, 53
LEVEL_7, LEVEL_2 = 5, 0  # level = natural value of the level rank (0 = "2")


def k(rank: str, suit: int) -> int:
    """Kind id of a card."""
    return card_id(R[rank], suit)


def strength(ot, kind):
    return (1 if ot[OT_KCLS, kind] == CLS_TRUMP else 0, int(ot[OT_KSTR, kind]))


def assert_order(ot, chain):
    """``chain``: groups of kinds from high to low; equal inside a group, strictly decreasing across."""
    for group in chain:
        assert len({strength(ot, x) for x in group}) == 1, group
    for hi, lo in zip(chain, chain[1:]):
        assert strength(ot, hi[0]) > strength(ot, lo[0]), (hi, lo)


def components(ot, kinds):
    cls = int(ot[OT_KCLS, kinds[0]])
    sc = work_state(ot)
    n = decompose(slot_counts(ot, cls, Counter(kinds)), ot, cls, sc.rem, sc.comps)
    return kernel_components(ot, cls, sc.comps, n)


def is_tractor(ot, kinds):
    if len({int(ot[OT_KCLS, x]) for x in kinds}) > 1:
        return False
    comps = components(ot, kinds)
    return len(comps) == 1 and comps[0][1] >= 2


def trick_winner(ot, plays):
    """Index of the winning play (kernel ranking)."""
    lead = plays[0]
    cls = int(ot[OT_KCLS, lead[0]])
    sc = work_state(ot)
    ncomp = decompose(slot_counts(ot, cls, Counter(lead)), ot, cls, sc.rem, sc.comps)
    best, (bt, bk) = 0, lead_rank(cls, sc.comps)
    for i, p in enumerate(plays[1:], 1):
        t, key = follow_rank(np.array(p, np.int64), len(p), cls, ncomp > 1, sc.comps, ncomp, ot,
                             (sc.pc, sc.rem, sc.dstart, sc.dslots, sc.ditem))
        if beats(t, key, bt, bk):
            best, bt, bk = i, t, key
    return best


# ---------------------------------------------------------------- 八十分 §13

def test_tractor_1_card_order_level_7_hearts():
    ot = kernel_order("tractor", LEVEL_7, H, False)
    trump_suit = [[k(r, H)] for r in ("A", "K", "Q", "J", "10", "9", "8", "6", "5", "4", "3", "2")]
    assert_order(ot, [[BJ], [SJ], [k("7", H)], [k("7", S), k("7", C), k("7", D)]] + trump_suit + [[k("A", S)]])
    assert all(ot[OT_KCLS, k(r, H)] == CLS_TRUMP for r in R)


def test_tractor_2_tractors_with_the_level_rank_removed():
    ot = kernel_order("tractor", LEVEL_7, H, False)
    assert is_tractor(ot, [k("8", H)] * 2 + [k("6", H)] * 2)
    assert not is_tractor(ot, [k("10", C)] * 2 + [k("8", C)] * 2)
    assert not is_tractor(ot, [k("7", S)] * 2 + [k("7", D)] * 2)


def test_tractor_3_first_hand_order():
    ot = kernel_order("tractor", LEVEL_2, S, False)
    assert trick_winner(ot, [[k("2", H)], [k("2", S)]]) == 1  # 2♠ beats 2♥
    assert trick_winner(ot, [[k("A", S)], [k("2", H)]]) == 1  # 2♥ beats A♠
    for side in (k("A", H), k("A", C), k("K", D)):
        assert trick_winner(ot, [[side], [k("A", S)]]) == 1  # A♠ (trump) beats any side card
        assert trick_winner(ot, [[k("A", S)], [side]]) == 0


def test_tractor_4_pair_lead_needs_a_pair_to_be_beaten():
    ot = kernel_order("tractor", LEVEL_2, H, False)
    lead = [k("9", C)] * 2
    assert trick_winner(ot, [lead, [k("3", H), k("4", H)]]) == 0  # trumps without a pair
    assert trick_winner(ot, [lead, [k("3", H)] * 2]) == 1  # a trump pair
    assert trick_winner(ot, [lead, [k("10", C), k("J", C)]]) == 0  # higher singles of the suit


def test_tractor_5_level_table():
    rules = compile_rules(TractorRules())["rules"]
    assert level_change(0, rules) == (True, 5)
    assert level_change(35, rules) == (True, 3)
    assert level_change(75, rules) == (True, 1)
    assert level_change(80, rules) == (False, 0)
    assert level_change(125, rules) == (False, 2)
    facts = _tractor_facts(captured=[0, 35, 75, 80, 125])
    s = score_tractor(facts, TractorRules())
    assert s["keeps"].tolist() == [True, True, True, False, False]
    assert s["banker_levels"].tolist() == [5, 3, 1, 0, 0] and s["opp_levels"].tolist() == [0, 0, 0, 0, 2]
    assert s["s0_money"].tolist() == [5, 3, 1, 0, -2]  # seat 0 is in the 庄 team (banker_team 0)


def _tractor_facts(captured, kitty=0, kou_di=0, last=1):
    n = len(captured)
    return {"captured": np.array(captured), "kitty_points": np.full(n, kitty), "kou_di": np.full(n, kou_di),
            "last_lead_cards": np.full(n, last), "penalty_banker": np.zeros(n, int), "penalty_opp": np.zeros(n, int),
            "banker_team": np.zeros(n, int)}


def test_tractor_6_kitty_doubled():
    kitty = [k("10", D), k("K", C), k("5", S)]
    assert sum({2: 5, 7: 10, 10: 10}.get(x // 4, 0) for x in kitty) == 25
    s = score_tractor(_tractor_facts([60], kitty=25, kou_di=1), TractorRules())
    assert s["kitty_bonus"].tolist() == [50] and s["points"].tolist() == [110]
    assert score_tractor(_tractor_facts([60], kitty=25, kou_di=0), TractorRules())["points"].tolist() == [60]


def test_tractor_7_failed_throw():
    ot = kernel_order("tractor", LEVEL_2, H, False)  # ♠ is a side suit
    throw = [k("A", S), k("K", S)]
    sc = work_state(ot)
    n = decompose(slot_counts(ot, S, Counter(throw)), ot, S, sc.rem, sc.comps)
    assert n == 2
    hands = [Counter(throw), Counter({k("A", S): 1, k("3", D): 1}), Counter({k("4", S): 1}), Counter()]
    higher, smallest = throw_check(sc.comps, n, S, hands_array(ot, hands), 0, ot, sc.failed)
    assert higher == 1  # the other ♠A beats ♠K: one higher card -> 10 points
    assert kernel_components(ot, S, sc.comps, n)[smallest][3] == (k("K", S),)  # ♠K led alone (TR-6)
    # the ♠A component is safe: the other ♠A only ties it
    hands[1] = Counter({k("A", S): 1})
    higher, smallest = throw_check(sc.comps, n, S, hands_array(ot, hands), 0, ot, sc.failed)
    assert sc.failed[0] + sc.failed[1] == 1


def test_tractor_penalty_accounting():
    f = _tractor_facts([40, 40])
    f["penalty_banker"] = np.array([10, 0])
    f["penalty_opp"] = np.array([0, 50])
    assert score_tractor(f, TractorRules())["points"].tolist() == [50, -10]


# ---------------------------------------------------------------- 红五 §11

def test_hongwu_1_order_spades_trump():
    ot = kernel_order("hongwu", 0, S, False)
    plain = [[k(r, S)] for r in ("A", "K", "Q", "J", "9", "8", "7", "6", "5", "4", "2")]
    assert_order(ot, [[k("5", H)], [BJ], [SJ], [k("3", S)], [k("3", C)], [k("10", S)],
                      [k("10", H), k("10", C), k("10", D)]] + plain + [[k("A", H)]])
    hearts = [[k(r, H)] for r in ("A", "K", "Q", "J", "9", "8", "7", "6", "4", "3", "2")]
    assert_order(ot, hearts)
    assert ot[OT_KCLS, k("3", H)] == H  # ♥3 is an ordinary ♥ card under ♠ trump


def test_hongwu_2_order_hearts_trump():
    ot = kernel_order("hongwu", 0, H, False)
    assert_order(ot, [[k("5", H)], [BJ], [SJ], [k("3", H)], [k("3", D)], [k("10", H)],
                      [k("10", S), k("10", C), k("10", D)], [k("A", H)], [k("K", H)]])


def test_hongwu_3_tractors():
    ot = kernel_order("hongwu", 0, S, False)
    assert is_tractor(ot, [k("8", C)] * 2 + [k("9", C)] * 2)
    assert not is_tractor(ot, [k("8", C)] * 2 + [k("9", D)] * 2)
    assert is_tractor(ot, [k("10", S)] * 2 + [k("10", H)] * 2)
    assert not is_tractor(ot, [k("10", H)] * 2 + [k("10", D)] * 2)
    assert is_tractor(ot, [k("8", C)] * 3 + [k("9", C)] * 3)  # triples
    assert not is_tractor(ot, [k("8", C)] * 3 + [k("9", C)] * 2)  # mixed pair + triple


def _hongwu_facts(points, h5_opp=0, h5_banker=0, partner=2):
    n = len(points)
    return {"captured": np.array(points), "kitty_points": np.zeros(n, int), "kou_di": np.zeros(n, int),
            "last_lead_cards": np.ones(n, int), "penalty_banker": np.zeros(n, int), "penalty_opp": np.zeros(n, int),
            "banker": np.zeros(n, int), "partner": np.full(n, partner), "h5_opp": np.full(n, h5_opp),
            "h5_banker": np.full(n, h5_banker)}


def test_hongwu_4_score_bands():
    s = score_hongwu(_hongwu_facts([0, 55, 115, 120, 175, 180, 240, 295, 300]), HongwuRules())
    assert s["band"].tolist() == [1, 2, 3, 4, 4, 5, 6, 6, 7]
    assert s["s1_money"].tolist() == [-3, -2, -1, 1, 1, 2, 3, 3, 5]  # seat 1 is a 闲 player
    assert s["s0_money"].tolist() == [3, 2, 1, -1, -1, -2, -3, -3, -5]


def test_hongwu_5_hearts5_bonus():
    s = score_hongwu(_hongwu_facts([120], h5_opp=2, h5_banker=1), HongwuRules())
    assert s["h5_net"].tolist() == [1]  # 闲 +2B - 1B per player
    assert [s[f"s{k}_h5_money"][0] for k in range(4)] == [-1, 1, -1, 1]
    one = score_hongwu(_hongwu_facts([120], h5_opp=2, h5_banker=1, partner=-1), HongwuRules())
    assert [one[f"s{k}_money"][0] for k in range(4)] == [-6, 2, 2, 2]  # 庄家 settles with each of three


def test_codes_are_consistent():
    assert TC.N_RULES == len(compile_rules(TractorRules())["rules"])
