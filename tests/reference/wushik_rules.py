"""Slow, obviously-correct reference rules of 五十K (spec ``rules/wushik.md`` §2, §6, §7, §10).

The oracle the 五十K kernels are checked against; the hand and match loop (§8, §9, §10.3) is in
``tests.reference.wushik_game``. Nothing here is fast or clever: each function says which rule it
encodes.

Conventions (shared with the kernels): physical ids ``deck*54 + k`` with k < 52 (no jokers), rank
index 0:3 .. 11:A 12:2, suits 0♠ 1♥ 2♣ 3♦ (``kernels.cards``). A move key is the 7-tuple record of
``kernels.wushik.moves``: ``(kind, rank, size, 0, suit, chain, 0)``. ``rules`` is a flat dict;
missing keys fall back to ``DEFAULT_RULES`` (the names of ``sim.games.wushik.rules``).
"""

from __future__ import annotations

from collections import Counter
from itertools import product
from typing import Iterable, Mapping

from kernels.cards import R5, R10, RK, card_points_5_10_k, card_rank, card_suit
from kernels.wushik.moves import BOMB, FIFTY_K, PAIR, PAIR_CHAIN, PASS, SINGLE, STRAIGHT, SUIT_FU, TRIO_CHAIN, TRIPLE

PASS_KEY = (PASS, -1, 0, 0, -1, 1, 0)
DECK = [d * 54 + k for d in range(2) for k in range(52)]  # 104 physical ids
ACE = 11

DEFAULT_RULES: dict = {
    "direction": "counter_clockwise",
    "zheng_beats_fu": True,
    "allow_straights": False,
    "jiefeng": "partner",
    "terminal_trick_points": "to_terminating_player",
    "bomb_bonus.five": 50,
    "bomb_bonus.six": 100,
    "bomb_bonus.seven": 200,
    "bomb_bonus.eight": 0,
    "bomb_bonus_zero_sum": False,
    "eight_bomb_rule": "win_hand_as_double_catch",
    "target_score": 800,
    "matches": True,
}


def rule(rules: Mapping | None, key: str):
    if rules is not None and key in rules:
        return rules[key]
    return DEFAULT_RULES[key]


def points(card: int) -> int:
    """5 → 5, 10 → 10, K → 10, else 0 (§2)."""
    return card_points_5_10_k(card)


def key(kind, rank, size, suit=-1, chain=1):
    return (kind, rank, size, 0, suit, chain, 0)


# ------------------------------------------------------------------------------------------
# Patterns (§6)
# ------------------------------------------------------------------------------------------


def classify_counts(counts: Mapping[int, int], rules=None) -> set:
    """Patterns P1–P5, P7 (and straights) of cards given only by rank counts; 510K needs suits
    and is left to ``classify``.

    * one rank: 1 single, 2 pair, 3 triple, 4..8 bomb;
    * several ranks, consecutive within 3..A (no 2), each held ``per`` times: per 2 and >= 2
      ranks a 连对, per 3 and >= 2 ranks a 连三同张, per 1 and >= 5 ranks a straight (only with
      ``allow_straights``). Anything else is no pattern.
    """
    ranks = sorted(r for r, c in counts.items() if c > 0)
    if not ranks:
        return set()
    if len(ranks) == 1:
        r, c = ranks[0], counts[ranks[0]]
        kind = {1: SINGLE, 2: PAIR, 3: TRIPLE}.get(c, BOMB if 4 <= c <= 8 else None)
        return {key(kind, r, c)} if kind is not None else set()
    per = {counts[r] for r in ranks}
    if len(per) != 1 or ranks[-1] > ACE or ranks != list(range(ranks[0], ranks[-1] + 1)):
        return set()
    per = per.pop()
    length = len(ranks)
    if per == 2:
        return {key(PAIR_CHAIN, ranks[-1], 2 * length, chain=length)}
    if per == 3:
        return {key(TRIO_CHAIN, ranks[-1], 3 * length, chain=length)}
    if per == 1 and length >= 5 and rule(rules, "allow_straights"):
        return {key(STRAIGHT, ranks[-1], length, chain=length)}
    return set()


def classify(cards: Iterable[int], rules=None) -> set:
    """Every move key these physical cards make (empty if none): ``classify_counts`` plus P6, a
    510K = one 5, one 10, one K; 正 of suit s when all three are of suit s, else 副 (suit 4)."""
    cards = list(cards)
    if len(set(cards)) != len(cards) or any(c not in DECK for c in cards):
        return set()
    out = classify_counts(Counter(card_rank(c) for c in cards), rules)
    if sorted(card_rank(c) for c in cards) == [R5, R10, RK]:
        suits = {card_suit(c) for c in cards}
        out.add(key(FIFTY_K, -1, 3, suits.pop() if len(suits) == 1 else SUIT_FU))
    return out


def is_bomb(k) -> bool:
    return k[0] == BOMB


def category(k, rules=None) -> int:
    """§7 ladder: 0 plain plays, 1 副510K, 2 正510K (1 when ``zheng_beats_fu`` is false), 3 bombs."""
    if k[0] == BOMB:
        return 3
    if k[0] == FIFTY_K:
        return 2 if (k[4] != SUIT_FU and rule(rules, "zheng_beats_fu")) else 1
    return 0


def beats(k, top, rules=None) -> bool:
    """Does play ``k`` beat ``top`` (§7)? Anything beats PASS (a lead)."""
    if top[0] == PASS:
        return True
    a, b = category(k, rules), category(top, rules)
    if a != b:
        return a > b
    if a == 0:  # same pattern, same number of cards, higher (top) rank
        return k[0] == top[0] and k[2] == top[2] and k[1] > top[1]
    if a == 3:  # bombs: more cards, then higher rank
        return (k[2], k[1]) > (top[2], top[1])
    return False  # 510K of equal standing never beat each other


# ------------------------------------------------------------------------------------------
# Legal moves
# ------------------------------------------------------------------------------------------


def rank_counts(cards: Iterable[int]) -> Counter:
    return Counter(card_rank(c) for c in cards)


def fifty_k_keys(cards: Iterable[int]) -> set:
    """Every 510K key the hand can make, trying every choice of one 5, one 10 and one K."""
    by_rank = {r: sorted({card_suit(c) for c in cards if card_rank(c) == r}) for r in (R5, R10, RK)}
    out = set()
    for s5, s10, sk in product(by_rank[R5], by_rank[R10], by_rank[RK]):
        out.add(key(FIFTY_K, -1, 3, s5 if s5 == s10 == sk else SUIT_FU))
    return out


def all_plays(cards: Iterable[int], rules=None) -> set:
    """Every pattern the hand can play, by the definitions of §6 (pattern by pattern)."""
    cards = list(cards)
    c = rank_counts(cards)
    out = set()
    for r in range(13):
        for size in range(1, c[r] + 1):
            out |= classify_counts({r: size}, rules)
    for per, kind, min_len in ((2, PAIR_CHAIN, 2), (3, TRIO_CHAIN, 2), (1, STRAIGHT, 5)):
        for lo in range(0, ACE + 1):
            for hi in range(lo + min_len - 1, ACE + 1):
                if all(c[r] >= per for r in range(lo, hi + 1)):
                    out |= classify_counts({r: per for r in range(lo, hi + 1)}, rules)
    return out | fifty_k_keys(cards)


def all_plays_bruteforce(cards: Iterable[int], rules=None) -> set:
    """Every pattern of every sub-multiset of the hand's rank counts (small hands only), plus
    every 510K from every choice of cards."""
    cards = list(cards)
    c = rank_counts(cards)
    ranks = sorted(c)
    out = set()
    for take in product(*[range(c[r] + 1) for r in ranks]):
        out |= classify_counts(dict(zip(ranks, take)), rules)
    return out | fifty_k_keys(cards)


def legal_moves(cards: Iterable[int], top=PASS_KEY, rules=None, brute: bool = False) -> set:
    """The plays (PASS excluded) that beat ``top`` (every play when leading)."""
    plays = all_plays_bruteforce(cards, rules) if brute else all_plays(cards, rules)
    return {k for k in plays if beats(k, top, rules)}


def cards_for(k, hand: Iterable[int]) -> list[int]:
    """Some physical cards of ``hand`` that play key ``k`` (lowest ids; 副: first mixed choice)."""
    hand = sorted(hand)
    if k[0] == FIFTY_K:
        for a in hand:
            for b in hand:
                for c in hand:
                    if (card_rank(a), card_rank(b), card_rank(c)) == (R5, R10, RK) and k in classify([a, b, c]):
                        return [a, b, c]
        raise ValueError(f"hand cannot play {k}")
    per = k[2] // k[5]
    out = []
    for r in range(k[1] - k[5] + 1, k[1] + 1):
        have = [x for x in hand if card_rank(x) == r]
        if len(have) < per:
            raise ValueError(f"hand cannot play {k}")
        out += have[:per]
    return out


# ------------------------------------------------------------------------------------------
# Scoring (§10)
# ------------------------------------------------------------------------------------------


def hand_score(facts: Mapping, rules=None) -> tuple[int, int, str]:
    """(team 0 score, team 1 score, pattern name) of one hand from its facts (layout names),
    computed the plain way: who was 1st, 2nd, 3rd; captured points; bonuses (§10.1, §10.2)."""
    team = lambda s: s % 2  # noqa: E731
    bonus = {5: rule(rules, "bomb_bonus.five"), 6: rule(rules, "bomb_bonus.six"),
             7: rule(rules, "bomb_bonus.seven"), 8: rule(rules, "bomb_bonus.eight")}
    if facts["eight_applied"]:
        t = team(facts["eight_seat"])
        if rule(rules, "eight_bomb_rule") == "win_match":
            return 0, 0, "eight"
        s = [0, 0]
        s[t], s[1 - t] = 300, -100
        return s[0], s[1], "eight"
    place = {facts[f"s{k}_finish"]: k for k in range(4) if facts[f"s{k}_finish"] > 0}
    a = team(place[1])
    if 2 in place and team(place[2]) == a:
        name, margin = "双抓", 100
    elif 3 in place and team(place[3]) == a:
        name, margin = "单抓", 50
    else:
        name, margin = "保", 0
    captured = [0, 0]
    for k in range(4):
        captured[team(k)] += facts[f"s{k}_captured"]
    if rule(rules, "terminal_trick_points") == "to_terminating_player":
        captured[team(facts["terminal_seat"])] += facts["terminal_points"]
    bonuses = [0, 0]
    for k in range(4):
        for size, value in bonus.items():
            bonuses[team(k)] += facts[f"s{k}_bonus{size}"] * value
    if rule(rules, "bomb_bonus_zero_sum"):
        bonuses = [bonuses[0] - bonuses[1], bonuses[1] - bonuses[0]]
    s = [captured[t] + bonuses[t] + (margin if t == a else -margin) for t in (0, 1)]
    return s[0], s[1], name
