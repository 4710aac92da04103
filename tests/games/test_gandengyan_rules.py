"""The 干瞪眼 reference (tests/reference/gandengyan_rules.py, gandengyan_game.py) and the kernels
on the spec's worked examples (§9), the draw and end rules, and the vectorised scoring against the
reference payment of every variant."""

from __future__ import annotations

import numpy as np
import pytest

from kernels.gandengyan.movegen import gd_beats
from kernels.gandengyan.moves import BOMB, JOKER_BOMB, PAIR, SINGLE, STRAIGHT, TRIPLE
from sim.errors import UserError
from sim.games.gandengyan.rules import VARIANTS, GandengyanRules, compile_rules, validate
from sim.games.gandengyan.scoring import score
from sim.ruleset import apply_overrides
from tests.games.gandengyan_helpers import play_hand
from tests.reference import gandengyan_game as G
from tests.reference.gandengyan_rules import PASS_KEY, beats, classify, from_text, legal_moves

QQ = GandengyanRules()


def variant(name, **extra):
    return apply_overrides(GandengyanRules(), {**VARIANTS[name].overrides, **extra})


ALL = {name: variant(name) for name in VARIANTS}


def one(text, kind=None, rules=QQ, rank=None):
    keys = classify(*from_text(text), rules)
    keys = {k for k in keys if (kind is None or k[0] == kind) and (rank is None or k[1] == rank)}
    assert len(keys) == 1, (text, keys)
    return next(iter(keys))


def both(a, b, rules):
    """The reference and the kernel agree on ``a`` beating ``b``; returns the verdict."""
    verdict = beats(a, b, rules)
    assert gd_beats(np.array(a), np.array(b), compile_rules(rules).rules) == verdict
    return verdict


@pytest.mark.parametrize("name", [v for v in VARIANTS if v != "qq"])  # qq: the default's alias
def test_example_1_single_seven(name):
    rules = ALL[name]
    seven = one("7", rules=rules)
    assert both(one("8", rules=rules), seven, rules) and both(one("2", rules=rules), seven, rules)
    assert not both(one("9", rules=rules), seven, rules) and not both(one("A", rules=rules), seven, rules)
    bomb = one("3333", BOMB, rules)
    assert both(bomb, seven, rules)


@pytest.mark.parametrize("name", [v for v in VARIANTS if v != "qq"])  # qq: the default's alias
def test_example_2_straight(name):
    rules = ALL[name]
    s345 = one("345", rules=rules)
    assert both(one("456", rules=rules), s345, rules)
    assert not both(one("567", rules=rules), s345, rules)
    if rules.straight_max == 0:
        assert not both(one("3456", rules=rules), s345, rules)
    else:
        assert classify(*from_text("3456"), rules) == set()


@pytest.mark.parametrize("name", [v for v in VARIANTS if v != "qq"])  # qq: the default's alias
def test_example_3_pairs(name):
    rules = ALL[name]
    p44 = one("44", rules=rules)
    assert both(one("55", rules=rules), p44, rules) and both(one("22", rules=rules), p44, rules)
    assert not both(one("66", rules=rules), p44, rules)
    assert both(one("5X", PAIR, rules), p44, rules)  # a joker completes 55


def test_example_4_qq_trios():
    t999 = one("999", TRIPLE)
    for t in ("TTT", "JJJ", "KKK", "222"):
        assert both(one(t, TRIPLE), t999, QQ)
    assert not both(one("888", TRIPLE), t999, QQ)
    two = ALL["two-deck"]
    assert both(one("TTT", TRIPLE, two), one("999", TRIPLE, two), two)
    assert not both(one("JJJ", TRIPLE, two), one("999", TRIPLE, two), two)
    assert both(one("222", TRIPLE, two), one("999", TRIPLE, two), two)


def test_example_5_qq_jokers():
    assert one("555X", BOMB)[1:4] == (2, 4, 1)  # 5, 5, 5, joker is the bomb 5555
    assert classify(*from_text("B"), QQ) == set()  # a lone joker is no play
    assert legal_moves((0,) * 13, 1, None, QQ) == set()
    assert both(one("BS"), one("2222"), QQ) and one("BS")[0] == JOKER_BOMB


def test_example_6_one_deck_bomb():
    rules = ALL["one-deck"]
    b888 = one("88X", BOMB, rules)
    assert b888[2] == 3 and both(b888, one("2", rules=rules), rules)


def test_example_7_sichuan_joker_bomb():
    rules = ALL["sichuan"]
    assert both(one("BS", rules=rules), one("AAA", rules=rules), rules)
    assert both(one("BS", rules=rules), one("222", rules=rules), rules)
    assert not both(one("BS", rules=rules), one("3333", rules=rules), rules)
    assert both(one("3333", rules=rules), one("BS", rules=rules), rules)


def test_joker_completions_are_distinct_moves():
    keys = legal_moves(*from_text("45X"), None, QQ)
    straights = {k for k in keys if k[0] == STRAIGHT}
    assert {k[1] for k in straights} == {2, 3}  # 345 and 456
    assert {k for k in keys if k[0] == SINGLE} == {one("4"), one("5")}


def facts_of(results, n):
    """Layout columns (kernels.gandengyan.layout names) from reference hand results."""
    f = {"winner": [], "banker": [], "n_tricks": [], "bombs3": [], "bombs4": [], "bombs5": [], "bombs6": [],
         "bombs7p": [], "joker_bombs": []}
    per = {name: [[] for _ in range(n)] for name in ("cards_left", "plays", "jokers_left", "held3", "held4", "held5p",
                                                    "collected", "paid")}
    for res, banker in results:
        f["winner"].append(res.winner)
        f["banker"].append(banker)
        f["n_tricks"].append(res.tricks)
        for size in (3, 4, 5, 6):
            f[f"bombs{size}"].append(res.bombs.get(size, 0))
        f["bombs7p"].append(sum(c for s, c in res.bombs.items() if s >= 7))
        f["joker_bombs"].append(res.joker_bombs)
        for s in range(n):
            for name, value in (("cards_left", res.cards_left[s]), ("plays", res.plays[s]),
                                ("jokers_left", res.jokers_left[s]), ("held3", res.held[s][3]),
                                ("held4", res.held[s][4]), ("held5p", res.held[s][5]),
                                ("collected", res.collected[s]), ("paid", res.paid[s])):
                per[name][s].append(value)
    out = {k: np.array(v) for k, v in f.items()}
    for name, cols in per.items():
        for s in range(n):
            out[f"s{s}_{name}"] = np.array(cols[s])
    return out


def test_example_8_qq_scoring():
    res = G.HandResult(winner=0, finish=[0], cards_left=[0, 3, 5, 1], plays=[3, 2, 2, 2], draws=[0] * 4,
                       bombs={4: 1}, joker_bombs=1, tricks=4, jokers_left=[0, 1, 0, 0],
                       held=[{3: 0, 4: 0, 5: 0}, {3: 0, 4: 0, 5: 0}, {3: 0, 4: 1, 5: 0}, {3: 0, 4: 0, 5: 0}],
                       collected=[0] * 4, paid=[0] * 4, stock_left=0, dengyan=0, two_breaks=0)
    rules = GandengyanRules()
    money, public, _personal = G.payment(res, rules, 0)
    assert public == 4 and money == [68, -24, -40, -4]
    assert score(facts_of([(res, 0)], 4), rules, 4)["s2_money"].tolist() == [-40]


def test_example_9_one_deck_scoring():
    rules = ALL["one-deck"]
    # A (seat 0) out while B, C, D hold 3, 4, 6; then C out with B 2, D 5; then B out with D 4
    res = G.HandResult(winner=0, finish=[0, 2, 1], cards_left=[0, 0, 0, 4], plays=[1] * 4, draws=[0] * 4, bombs={},
                       joker_bombs=0, tricks=9, jokers_left=[0] * 4, held=[{3: 0, 4: 0, 5: 0}] * 4,
                       collected=[13, 4, 7, 0], paid=[0, 3 + 2, 4, 6 + 5 + 4], stock_left=0, dengyan=0,
                       two_breaks=0)
    money, _, _ = G.payment(res, rules, 0)
    assert money == [13, -1, 3, -15]
    assert score(facts_of([(res, 0)], 4), rules, 4)["s3_money"].tolist() == [-15]


@pytest.mark.parametrize("name,players", [("qq", 3), ("one-deck", 4), ("two-deck", 6), ("sichuan", 4),
                                          ("sichuan-huopin", 5)])
def test_vectorised_scoring_equals_reference_payment(name, players):
    """Hands played by the kernels, paid by the reference and by ``score`` from the facts alone,
    under the variant's scoring and a rescoring with other factors (and loser = most_cards)."""
    rules = variant(name, players=players)
    results = []
    for g in range(12):
        hands, stock, banker, leader, actions = play_hand(rules, 13, g, ["random", "greedy", "smart"] * 4)
        results.append((G.replay(hands, stock, banker, leader, actions[:], rules), banker))
    facts = facts_of(results, players)
    other = apply_overrides(rules, {"base": 3, "public_bomb4": 3, "held_joker": 4, "quanguan": "no_play",
                                    "multiplier_cap": 16, "loser": "most_cards", "round_double_at": 2},
                            scoring_only=True)
    third = apply_overrides(rules, {"quanguan": "all_no_play", "quanguan_factor": 5}, scoring_only=True)
    for r in (rules, other, third):
        got = score(facts, r, players)
        for i, (res, banker) in enumerate(results):
            want, _, _ = G.payment(res, r, banker)
            assert [got[f"s{s}_money"][i] for s in range(players)] == pytest.approx(want)


def test_draws_follow_the_rule():
    """Small hands and a three-card stock: who draws, in which order, until the stock is out."""
    c = lambda rank: rank * 4  # noqa: E731  (♠ of a rank)
    hands = [[c(0), c(5)], [c(1), c(9)], [c(2), c(10)]]  # 3 8 | 4 Q | 5 K
    stock = [c(6), c(7), c(8)]  # 9 10 J

    def acts(rules, text):
        return [PASS_KEY if t == "P" else one(t, rules=rules) for t in text.split()]

    everyone = variant("qq", players=3, banker_cards=2, other_cards=2)
    # trick 1 won by seat 2 (5); seat 2 draws 9, seat 0 draws 10, seat 1 draws J (winner first, ccw)
    res = G.replay(hands, stock, 0, 0, acts(everyone, "3 4 5 P P 9 T J P P Q"), everyone)
    assert res.draws == [1, 1, 1] and res.winner == 1 and res.stock_left == 0 and res.tricks == 3
    assert res.cards_left == [1, 0, 1]
    last = variant("sichuan", players=3, banker_cards=2, other_cards=2)
    # 经典: only the trick winner draws (seat 2, three times), then the stock is out
    res = G.replay(hands, stock, 0, 0, acts(last, "3 4 5 P P 9 P P T P P J P Q"), last)
    assert res.draws == [0, 0, 3] and res.winner == 1 and res.stock_left == 0 and res.tricks == 4
    assert res.cards_left == [1, 0, 1]


def test_stalemate_and_stuck_leader():
    rules = variant("one-deck", players=2, banker_cards=2, other_cards=2)
    hands = [[52, 3 * 4], [53, 4 * 4]]  # seat 0: 小王 + 6, seat 1: 大王 + 7; no stock
    res = G.replay(hands, [], 0, 0, [classify(*from_text("6"), rules).pop(), classify(*from_text("7"), rules).pop(),
                                     PASS_KEY], rules)
    # seat 1 won the trick but holds only a joker: he cannot lead, seat 0 neither → stalemate
    assert res.winner == -1 and res.money == [0, 0] and res.cards_left == [1, 1]


def test_validate_player_counts():
    for name, bad in (("qq", 6), ("one-deck", 7), ("two-deck", 2), ("two-deck", 11), ("sichuan", 6)):
        with pytest.raises(UserError, match="played by"):
            validate(variant(name, players=bad))
    for name, good in (("qq", 2), ("qq", 5), ("one-deck", 6), ("two-deck", 10), ("sichuan", 2)):
        validate(variant(name, players=good))


@pytest.mark.parametrize("plays,want", [([2, 0, 0, 0], [16, -2, -6, -8]), ([2, 1, 0, 0], [8, -1, -3, -4])])
def test_quanguan_all_no_play(plays, want):
    """全关 read as 'none of the others played': ×2 for all of them, or for none."""
    rules = variant("two-deck", quanguan="all_no_play", public_bomb4=1)
    res = G.HandResult(winner=0, finish=[0], cards_left=[0, 1, 3, 4], plays=plays, draws=[0] * 4, bombs={},
                       joker_bombs=0, tricks=2, jokers_left=[0] * 4, held=[{3: 0, 4: 0, 5: 0}] * 4,
                       collected=[0] * 4, paid=[0] * 4, stock_left=0, dengyan=0, two_breaks=0)
    money, _, _ = G.payment(res, rules, 0)
    assert money == want
    got = score(facts_of([(res, 0)], 4), rules, 4)
    assert [got[f"s{s}_money"][0] for s in range(4)] == money


def _three_seat_result(plays, cards_left=(0, 9, 8)):
    return G.HandResult(winner=0, finish=[0], cards_left=list(cards_left), plays=list(plays), draws=[0] * 3,
                        bombs={}, joker_bombs=0, tricks=6, jokers_left=[0] * 3, held=[{3: 0, 4: 0, 5: 0}] * 3,
                        collected=[0] * 3, paid=[0] * 3, stock_left=0, dengyan=0, two_breaks=0)


@pytest.mark.parametrize("plays,quanguan,want", [
    ([5, 0, 1], None, [17, -9, -8]),  # issue 24, game 30: seat 2 played once, so nobody is shut out
    ([5, 0, 0], None, [34, -18, -16]),  # nobody played: every loser ×2
    ([5, 0, 1], "no_play", [26, -18, -8]),  # the per-loser reading, kept as an option
])
def test_two_deck_quanguan_only_when_no_loser_played(plays, quanguan, want):
    """S004b doubles the losers only 'if the winner goes out and the others have not played a single
    card': the two-deck default reads it for all losers together; ``quanguan = no_play`` per loser."""
    rules = variant("two-deck", players=3)
    assert rules.quanguan == "all_no_play"
    if quanguan:
        rules = apply_overrides(rules, {"quanguan": quanguan}, scoring_only=True)
    res = _three_seat_result(plays)
    money, _, _ = G.payment(res, rules, 0)
    assert money == want
    got = score(facts_of([(res, 0)], 3), rules, 3)
    assert [got[f"s{s}_money"][0] for s in range(3)] == want


def test_two_deck_game_30_of_the_issue():
    """``paiju play gandengyan --variant two-deck --set players=3 -n 1000 --seed 502 --policy smart``,
    game 30: seat 1 never played, seat 2 played once; the spec pays +17/−9/−8 (was +26/−18/−8), and
    no row of the run marks a loser 全关 while another loser played."""
    import sim

    df = sim.play("gandengyan", 40, seed=502, variant="two-deck", rules={"players": 3}, policy="smart",
                  progress=False).to_pandas()
    row = df[df.game_index == 30].iloc[0]
    assert [row[f"s{k}_plays"] for k in range(3)][1:] == [0, 1] and row.winner == 0
    assert [row[f"s{k}_money"] for k in range(3)] == [17, -9, -8]
    for _, r in df[df.winner >= 0].iterrows():
        losers = [k for k in range(3) if k != r.winner]
        none_played = all(r[f"s{k}_plays"] == 0 for k in losers)
        assert [bool(r[f"s{k}_quanguan"]) for k in losers] == [none_played] * len(losers)
