"""Tests of the landlord-family reference game flow (tests/reference/landlord_game.py): the
spec's scoring examples (doudizhu.md A9.4-6, shanghai-sandayi.md §11.1-4 and 9), bidding
orders, 报到, bomb limits, 荒番 sessions and the validator's refusals."""

from __future__ import annotations

import pytest

from kernels.landlord.moves import SINGLE

from tests.reference.landlord_game import (
    RuleViolation,
    baodao_sets,
    first_bidder_from_marker,
    full_deck_counts,
    huangfan_factor,
    replay,
    session_huangfan,
)
from tests.reference.landlord_rules import (
    DOUDIZHU4_RULES,
    DOUDIZHU_R1_RULES,
    DOUDIZHU_RULES,
    PASS_KEY,
    SHANGHAI_RULES,
    classify,
    from_text,
    rules_for,
)

P = PASS_KEY
R3_QIANG = {**DOUDIZHU_RULES, "qiang": "after_bidding", "mingpai_allowed": True}


def make_deal(rules, hands: dict, kitty: str | None = None):
    """Per-seat rank counts: the given seats get their cards (topped up), the kitty its own (or
    the lowest leftovers), everything else is dealt from the leftovers in rank order."""
    R = rules_for(rules["game"], rules)
    left = list(full_deck_counts(R))

    def take(counts):
        for r, c in enumerate(counts):
            left[r] -= c
            assert left[r] >= 0, "card used twice"
        return counts

    def take_lowest(n):
        out = [0] * 15
        for r in range(15):
            k = min(n, left[r])
            out[r] += k
            left[r] -= k
            n -= k
        return tuple(out)

    out = {s: take(from_text(t)) for s, t in hands.items()}
    kitty_c = take(from_text(kitty)) if kitty is not None else None
    for s in range(R["n_players"]):
        part = out.get(s, (0,) * 15)
        fill = take_lowest(R["hand_size"] - sum(part))
        out[s] = tuple(a + b for a, b in zip(part, fill))
    if kitty_c is None:
        kitty_c = take_lowest(R["kitty_size"])
    assert not any(left)
    return [out[s] for s in range(R["n_players"])], kitty_c


def k(text, game="doudizhu", rules=None):
    """The one reading of a card string as a move key."""
    keys = classify(from_text(text), game, rules)
    assert len(keys) == 1, (text, keys)
    return next(iter(keys))


# ---------------------------------------------------------------------------------------------
# 斗地主 A9 scoring examples
# ---------------------------------------------------------------------------------------------


def test_a9_4_qiang_mingpai_bomb_spring():
    deal, kitty = make_deal(R3_QIANG, {2: "3333 456789TJQKA 22"}, kitty="2 55")
    actions = [3, "buqiang", "qiang", "buqiang", "mingpai",
               k("3333"), P, P, k("456789TJQKA"), P, P, k("222 55")]
    res = replay(deal, kitty, actions, R3_QIANG, first_bidder=0)
    assert (res.landlord, res.bid, res.qiang, res.mingpai, res.spring) == (2, 3, 1, True, True)
    assert res.multiplier == 16
    assert res.money == [-48, -48, 96]


def test_a9_5_fanchun():
    deal, kitty = make_deal(DOUDIZHU_RULES, {1: "456789TJQKA 2222 44"})
    actions = [2, 0, 0, k("3"), k("2"), P, P, k("456789TJQKA"), P, P, k("222 44")]
    res = replay(deal, kitty, actions, DOUDIZHU_RULES, first_bidder=0)
    assert res.landlord == 0 and res.fanchun and not res.spring
    assert res.winner == 1 and res.landlord_won is False
    assert res.multiplier == 2
    assert res.money == [-8, 4, 4]


def test_a9_6_r1_qiang_twice_rocket():
    deal, kitty = make_deal(DOUDIZHU_R1_RULES, {2: "S B 3 2 56789TJQKA 888", 0: "4"},
                            kitty="99 J")
    actions = [3, "qiang", "qiang", "buqiang",
               k("S B"), P, P, k("3"), k("4"), P, k("2"), P, P,
               k("56789TJQKA"), P, P, k("888 99"), P, P, k("J")]
    res = replay(deal, kitty, actions, DOUDIZHU_R1_RULES, first_bidder=0)
    assert (res.landlord, res.qiang, res.spring) == (2, 2, False)
    assert res.factors["rocket"] == 4 and res.multiplier == 16
    assert res.money == [-48, -48, 96]


def test_r3_rocket_and_spring_factors_vs_r1():
    deal, kitty = make_deal(DOUDIZHU_RULES, {0: "S B 3456789TJQKA 222"}, kitty="44K")
    actions = [1, 0, 0, k("S B"), P, P, k("3456789TJQKA"), P, P, k("222 44"), P, P, k("K")]
    r3 = replay(deal, kitty, actions + [], DOUDIZHU_RULES)
    assert r3.multiplier == 2 * 2 and r3.money == [8, -4, -4]  # rocket ×2, 春天 ×2
    r1 = replay(deal, kitty, actions, DOUDIZHU_R1_RULES)
    assert r1.multiplier == 4 * 4 and r1.money == [32, -16, -16]  # rocket ×4, 春天 ×4


def test_part_b_four_players_landlord_gets_three_shares():
    deal, kitty = make_deal(DOUDIZHU4_RULES, {3: "33333 456789TJQKA 445566778"},
                            kitty="899 222 KK")
    actions = [1, 0, 0, 0]  # seat 3 first
    actions += [k("33333", "doudizhu4"), P, P, P, k("456789TJQKA", "doudizhu4"), P, P, P,
                k("445566778899", "doudizhu4"), P, P, P, k("222 KK", "doudizhu4")]
    res = replay(deal, kitty, actions, DOUDIZHU4_RULES, first_bidder=3)
    assert res.landlord == 3 and res.spring and res.multiplier == 4
    assert res.money == [-4, -4, -4, 12]


# ---------------------------------------------------------------------------------------------
# Bidding
# ---------------------------------------------------------------------------------------------


def test_all_pass_is_a_redeal_with_no_score():
    deal, kitty = make_deal(DOUDIZHU_RULES, {})
    res = replay(deal, kitty, [0, 0, 0], DOUDIZHU_RULES, first_bidder=1)
    assert res.redeal and res.money == [0, 0, 0] and res.landlord is None
    with pytest.raises(RuleViolation):
        replay(deal, kitty, [0, 0, 0, k("3")], DOUDIZHU_RULES)


def test_bid_three_ends_auction_and_bids_must_rise():
    deal, kitty = make_deal(DOUDIZHU_RULES, {})
    with pytest.raises(RuleViolation, match="must beat"):
        replay(deal, kitty, [2, 1], DOUDIZHU_RULES)
    with pytest.raises(RuleViolation, match="expected a move key"):
        replay(deal, kitty, [3, 0], DOUDIZHU_RULES)  # no turn after a 3


def test_qiang_d1_bidder_asked_only_after_someone_qiangs():
    deal, kitty = make_deal(R3_QIANG, {})
    # seat 0 bids 1, seat 1 bids 2, seat 2 passes: seat 2 may not 抢, seat 0 declines, the
    # bidder (seat 1) is not asked; next token is the landlord's lead.
    res_tokens = [1, 2, 0, "buqiang"]
    with pytest.raises(RuleViolation, match="actions end"):
        replay(deal, kitty, res_tokens, R3_QIANG)
    with pytest.raises(RuleViolation, match="not allowed"):
        replay(deal, kitty, res_tokens + ["qiang"], R3_QIANG)


def test_r1_qiang_only_after_x3():
    deal, kitty = make_deal(DOUDIZHU_R1_RULES, {})
    with pytest.raises(RuleViolation, match="not allowed"):  # no 抢 round below x3
        replay(deal, kitty, [1, 2, 0, "qiang"], DOUDIZHU_R1_RULES)
    with pytest.raises(RuleViolation, match="qiang/buqiang"):
        replay(deal, kitty, [1, 3, k("3")], DOUDIZHU_R1_RULES)  # seat 2 must decide first


def test_openspiel_auction_allows_bidding_again_after_a_pass():
    deal, kitty = make_deal(DOUDIZHU_RULES, {0: "3"})
    os_rules = {**DOUDIZHU_RULES, "auction": "openspiel"}
    # seat 0 passes, seat 1 bids 1, seat 2 passes, seat 0 bids 2, seats 1 and 2 pass
    with pytest.raises(RuleViolation, match="actions end"):
        replay(deal, kitty, [0, 1, 0, 2, 0, 0], os_rules)
    with pytest.raises(RuleViolation):  # one_round: the auction was over after three turns
        replay(deal, kitty, [0, 1, 0, 2, 0, 0], DOUDIZHU_RULES)


# ---------------------------------------------------------------------------------------------
# 上海三打一 §11 scoring examples
# ---------------------------------------------------------------------------------------------

SH = "shanghai"
SH_WIN_HAND = "33445566778899TTJJQQKKAA 2"  # + kitty "A23456 22": pair chain, 222, A23456
SH_WIN_KITTY = "A23456 22"
SH_WIN_PLAYS = [k("33445566778899TTJJQQKKAA", SH), P, P, P, k("222", SH), P, P, P,
                k("A23456", SH)]
SH_LOSER_HAND = "B A23456789TJQKA 666777 8899"  # farmer: B, the 14-straight, an airplane
SH_LOSE_PLAYS = [k("3", SH), k("B", SH), P, P, P, k("A23456789TJQKA", SH), P, P, P,
                 k("666777 8899", SH)]


def test_sh_11_1_bid_two_landlord_wins():
    deal, kitty = make_deal(SHANGHAI_RULES, {0: SH_WIN_HAND}, kitty=SH_WIN_KITTY)
    res = replay(deal, kitty, [2, 0, 0, 0] + SH_WIN_PLAYS, SHANGHAI_RULES)
    assert res.money == [6, -2, -2, -2]


def test_sh_11_2_touliao_tanda_mingwang():
    deal, kitty = make_deal(SHANGHAI_RULES, {0: SH_WIN_HAND}, kitty=SH_WIN_KITTY)
    res = replay(deal, kitty, [3, "tanda"] + SH_WIN_PLAYS, SHANGHAI_RULES, mingwang=True)
    assert res.touliao and res.multiplier == 4 and res.factors["dang"] == 4
    assert res.money == [48, -16, -16, -16]
    deal, kitty = make_deal(SHANGHAI_RULES, {1: SH_LOSER_HAND})
    res = replay(deal, kitty, [3, "tanda"] + SH_LOSE_PLAYS, SHANGHAI_RULES, mingwang=True)
    assert res.money == [-36, 12, 12, 12]
    extra = {**SHANGHAI_RULES, "touliao_rule": "extra_x4"}
    res = replay(deal, kitty, [3, "tanda"] + SH_LOSE_PLAYS, extra, mingwang=True)
    assert res.money == [-36, 12, 12, 12]  # the seed's loss line has no 头撂 factor: M = 4, D = 3


def test_sh_11_3_huangfan_baodao_buda():
    deal, kitty = make_deal(SHANGHAI_RULES, {0: "3333333"})
    res = replay(deal, kitty, [2, 0, 0, 0, "baodao_buda"], SHANGHAI_RULES, huangfan=1)
    assert res.baodao == "buda" and res.landlord_won
    assert res.money == [12, -4, -4, -4]


def test_sh_11_4_baodao_da_and_lose_is_zero():
    deal, kitty = make_deal(SHANGHAI_RULES, {0: "3333333", 1: SH_LOSER_HAND})
    res = replay(deal, kitty, [1, 0, 0, 0, "baodao_da"] + SH_LOSE_PLAYS, SHANGHAI_RULES)
    assert res.baodao == "da" and res.baodao_sets >= 1 and res.landlord_won is False
    assert res.money == [0, 0, 0, 0]


def test_sh_baodao_da_win_doubles_and_sets_option():
    deal, kitty = make_deal(SHANGHAI_RULES, {0: "BBSS 2222222 33445566778899"},
                            kitty="TTJJQQKK")
    plays = [k("BBSS", SH), P, P, P, k("2222222", SH), P, P, P,
             k("33445566778899TTJJQQKK", SH)]
    res = replay(deal, kitty, [2, 0, 0, 0, "baodao_da"] + plays, SHANGHAI_RULES)
    assert res.baodao_sets == 2 and res.landlord_won
    assert res.money == [12, -4, -4, -4]  # M = 2 (打 and won), D = 2
    sets = {**SHANGHAI_RULES, "baodao_count_multiplies": True}
    assert replay(deal, kitty, [2, 0, 0, 0, "baodao_da"] + plays, sets).money == [24, -8, -8, -8]
    bombs = {**SHANGHAI_RULES, "bombs_multiply": True}
    assert replay(deal, kitty, [2, 0, 0, 0] + plays, bombs).money == [24, -8, -8, -8]
    deal, kitty = make_deal(SHANGHAI_RULES, {0: SH_WIN_HAND}, kitty=SH_WIN_KITTY)
    with pytest.raises(RuleViolation, match="报到 without"):
        replay(deal, kitty, [2, 0, 0, 0, "baodao_da"] + SH_WIN_PLAYS, SHANGHAI_RULES)


def test_sh_pz_baodao_settlement_drops_touliao_bonus():
    deal, kitty = make_deal(SHANGHAI_RULES, {0: "3333333 456789TJQKA 2222222"},
                            kitty="44556677")
    res = replay(deal, kitty, [3, "baodao_buda"], SHANGHAI_RULES)
    assert res.baodao_sets == 2
    assert res.money == [12, -4, -4, -4]  # 头撂 win: D = 4
    pz = {**SHANGHAI_RULES, "pz_baodao_settlement": True}
    assert replay(deal, kitty, [3, "baodao_buda"], pz).money == [18, -6, -6, -6]  # D 3, ×2 sets


def test_sh_11_9_bomb_limit():
    deal, kitty = make_deal(SHANGHAI_RULES, {0: "5555 7777 4", 1: "3"})
    actions = [1, 2, 0, 0,  # seat 1 is landlord with 2档; seat 0 bid 1档 -> one bomb
               k("3", SH), P, P, k("5555", SH), P, P, P, k("7777", SH)]
    with pytest.raises(RuleViolation, match="already played 1 bomb"):
        replay(deal, kitty, actions, SHANGHAI_RULES)
    no_limits = {**SHANGHAI_RULES, "bomb_limits": False}
    with pytest.raises(RuleViolation, match="actions end"):  # legal now; deal unfinished
        replay(deal, kitty, actions, no_limits)


def test_sh_bomb_limit_by_bid_and_touliao():
    from tests.reference.landlord_game import bomb_limit

    R = rules_for(SH)
    said = {0: 1, 1: 2, 2: 0, 3: 3}
    assert [bomb_limit(s, 3, said, R) for s in range(4)] == [1, 2, 1, None]
    assert [bomb_limit(s, 0, {0: 3}, R) for s in range(4)] == [None, None, None, None]
    assert bomb_limit(1, 0, said, {**R, "bomb_limits": False}) is None


def test_sh_baodao_sets():
    assert baodao_sets(from_text("BBSS 2222222 3333333")) == 3
    assert baodao_sets(from_text("BBS 222222 44444444")) == 1
    assert baodao_sets(from_text("BBSS")) == 1


def test_sh_huangfan_sessions():
    assert session_huangfan([True, True, False, True, False]) == [0, 1, 2, 0, 1]
    R = rules_for(SH)
    assert [huangfan_factor(c, R) for c in (0, 1, 2)] == [1, 2, 2]
    assert huangfan_factor(2, {**R, "huangfan_stacks": True}) == 4
    deal, kitty = make_deal(SHANGHAI_RULES, {})
    assert replay(deal, kitty, [0, 0, 0, 0], SHANGHAI_RULES).redeal


def test_sh_marker_card():
    deal = [[0, 1], [52, 2], [53], [3]]
    assert first_bidder_from_marker(deal, 52) == (1, True)
    assert first_bidder_from_marker(deal, 3) == (3, False)
    with pytest.raises(ValueError):
        first_bidder_from_marker(deal, 99)


def test_sh_tanda_only_after_touliao():
    deal, kitty = make_deal(SHANGHAI_RULES, {0: SH_WIN_HAND}, kitty=SH_WIN_KITTY)
    with pytest.raises(RuleViolation, match="not allowed"):
        replay(deal, kitty, [2, 0, 0, 0, "tanda"] + SH_WIN_PLAYS, SHANGHAI_RULES)


# ---------------------------------------------------------------------------------------------
# Validator refusals
# ---------------------------------------------------------------------------------------------


def test_refusals():
    deal, kitty = make_deal(DOUDIZHU_RULES, {0: "3456789TJQKA 2222 5"}, kitty="SB4")
    base = [1, 0, 0]
    with pytest.raises(RuleViolation, match="not legal"):
        replay(deal, kitty, base + [P], DOUDIZHU_RULES)  # the leader may not pass
    with pytest.raises(RuleViolation, match="not legal"):
        replay(deal, kitty, base + [k("5555")], DOUDIZHU_RULES)  # not in hand
    with pytest.raises(RuleViolation, match="not legal"):
        replay(deal, kitty, base + [k("3"), k("3")], DOUDIZHU_RULES)  # does not beat
    with pytest.raises(RuleViolation, match="actions end"):
        replay(deal, kitty, base + [k("3")], DOUDIZHU_RULES)  # unfinished
    with pytest.raises(RuleViolation, match="not allowed"):
        replay(deal, kitty, base + ["mingpai"], DOUDIZHU_RULES)  # plain R3 room
    with pytest.raises(RuleViolation, match="hands and kitty"):
        replay([deal[0], deal[0], deal[2]], kitty, base, DOUDIZHU_RULES)
    full = [1, 0, 0, k("3456789TJQKA"), P, P, k("S B"), P, P, (SINGLE, 12, 2, 0, -1, 1, 0)]
    with pytest.raises(RuleViolation, match="not legal"):  # a malformed key
        replay(deal, kitty, full, DOUDIZHU_RULES)
    ok = [1, 0, 0, k("3456789TJQKA"), P, P, k("S B"), P, P, k("2222"), P, P, k("4"), P, P,
          k("5")]
    res = replay(deal, kitty, ok, DOUDIZHU_RULES)
    assert res.multiplier == 8 and res.money == [16, -8, -8]  # rocket, bomb, 春天
    with pytest.raises(RuleViolation, match="after a player went out"):
        replay(deal, kitty, ok + [P], DOUDIZHU_RULES)
