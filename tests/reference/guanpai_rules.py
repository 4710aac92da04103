"""Slow, obviously-correct reference of 关牌 (rules/guanpai.md): patterns, beat rule, legal moves,
a whole hand replayed move by move, and its payment.

Suits never matter, so hands are **rank counts**: 15-tuples, rank index 0:3 .. 11:A 12:2
(``kernels.cards``). A move key is the 7-field record of ``kernels.guanpai.moves``:
``(kind, rank, size, 0, -1, chain, cards)`` with ``cards`` the packed counts of every card played.
``rules`` is a ``sim.games.guanpai.rules.GuanpaiRules`` (plain data, read by option name).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from kernels.guanpai.moves import (
    BOMB, FOUR_THREE, PAIR, PAIR_CHAIN, PASS, SINGLE, STRAIGHT, THREE_BOMB, TRIO_CHAIN, TRIO_PAIR, TRIPLE,
    chain_pos, pack_counts, pos_rank, unpack_counts,
)

N_RANKS = 15
PASS_KEY = (PASS, -1, 0, 0, -1, 0, 0)
TCB_RANK = {"Q": 9, "A": 11, "none": None}


class RuleViolation(Exception):
    """An action the rules forbid."""


# ------------------------------------------------------------------------------------------
# rank counts
# ------------------------------------------------------------------------------------------

_TEXT = {ch: r for r, ch in enumerate("3456789TJQKA2")}


def from_text(text: str) -> tuple:
    """Rank counts of '7777 + 5', '10JQKA' (T or 10), spaces and '+' ignored."""
    counts = [0] * N_RANKS
    for ch in text.replace("10", "T").replace("+", "").replace(" ", ""):
        counts[_TEXT[ch]] += 1
    return tuple(counts)


def counts_of(ranks) -> tuple:
    counts = [0] * N_RANKS
    for r in ranks:
        counts[r] += 1
    return tuple(counts)


def at(rank: int, k: int) -> tuple:
    counts = [0] * N_RANKS
    counts[rank] = k
    return tuple(counts)


def add(a, b) -> tuple:
    return tuple(x + y for x, y in zip(a, b))


def sub(a, b) -> tuple:
    out = tuple(x - y for x, y in zip(a, b))
    if any(v < 0 for v in out):
        raise ValueError("not a sub-multiset")
    return out


def contains(a, b) -> bool:
    return all(x >= y for x, y in zip(a, b))


def key_counts(key) -> tuple:
    """The cards a key plays."""
    return unpack_counts(key[6]) if key[0] != PASS else (0,) * N_RANKS


# ------------------------------------------------------------------------------------------
# patterns (§3)
# ------------------------------------------------------------------------------------------


def _key(kind, rank, cards, chain=1) -> tuple:
    return (kind, rank, sum(cards), 0, -1, chain, pack_counts(cards))


def straight_positions(rules) -> range:
    """GP-5: 3..A (positions 2..13), or A-low..A-high (0..13) with ``as_straights``."""
    return range(0 if rules.straights == "as_straights" else 2, 14)


def runs(positions: range, per: int, min_len: int):
    """Every (top rank, length, counts) with ``per`` cards on each position of a run."""
    for lo in positions:
        for hi in range(lo + min_len - 1, positions.stop):
            counts = [0] * N_RANKS
            for p in range(lo, hi + 1):
                counts[pos_rank(p)] += per
            yield pos_rank(hi), hi - lo + 1, tuple(counts)


def chains_of(rules):
    yield from ((STRAIGHT, t, n, c) for t, n, c in runs(straight_positions(rules), 1, 5))
    yield from ((PAIR_CHAIN, t, n, c) for t, n, c in runs(range(2, 14), 2, 2))
    yield from ((TRIO_CHAIN, t, n, c) for t, n, c in runs(range(2, 14), 3, 2))


def classify(c: tuple, rules) -> set:
    """Every reading (key) of exactly these cards; empty if none.

    * one rank: 1 single, 2 pair, 3 trio (and the 3-card bomb if it is that rank), 4 bomb;
    * a chain: exactly one card per position of >= 5 (straight), two per position of >= 2 (姐妹对),
      three per position of >= 2 (三连);
    * 三带二: three of a rank + two of another; 四带三: four + two of a rank + one of another
      (or three of one other rank with ``four_three_trio_kicker``);
    * a bomb + one single of another rank (``bomb_may_carry_single``); the 3-card bomb + one
      single of another rank (``three_card_bomb_may_carry_single``).
    """
    n = sum(c)
    keys: set = set()
    support = [r for r in range(N_RANKS) if c[r]]
    tcb = TCB_RANK[rules.three_card_bomb_rank]
    if len(support) == 1:
        r, k = support[0], c[support[0]]
        keys.add(_key({1: SINGLE, 2: PAIR, 3: TRIPLE, 4: BOMB}[k], r, c))
        if k == 3 and r == tcb:
            keys.add(_key(THREE_BOMB, r, c))
    for kind, top, length, run in chains_of(rules):
        if run == c:
            keys.add(_key(kind, top, c, length))
    if len(support) == 2:
        a, b = support
        shape = {c[a]: a, c[b]: b}
        if n == 5 and set(shape) == {3, 2}:
            keys.add(_key(TRIO_PAIR, shape[3], c))
        if n == 5 and set(shape) == {4, 1} and rules.bomb_may_carry_single:
            keys.add(_key(BOMB, shape[4], c))
        if n == 4 and set(shape) == {3, 1} and shape[3] == tcb and rules.three_card_bomb_may_carry_single:
            keys.add(_key(THREE_BOMB, tcb, c))
        if n == 7 and set(shape) == {4, 3} and rules.four_with_three and rules.four_three_trio_kicker:
            keys.add(_key(FOUR_THREE, shape[4], c))
    if len(support) == 3 and n == 7 and rules.four_with_three and sorted(c[r] for r in support) == [1, 2, 4]:
        keys.add(_key(FOUR_THREE, next(r for r in support if c[r] == 4), c))
    return keys


# ------------------------------------------------------------------------------------------
# comparison (§4)
# ------------------------------------------------------------------------------------------


def is_bomb(key) -> bool:
    return key[0] in (BOMB, THREE_BOMB)


def bomb_order(key, rules) -> int:
    """By rank; the 3Q bomb below all bombs, the three-A bomb above all (GP-7: kickers ignored)."""
    if key[0] == THREE_BOMB:
        return 100 if rules.three_card_bomb_rank == "A" else -1
    return key[1]


def main_order(key) -> int:
    return chain_pos(key[1]) if key[0] in (STRAIGHT, PAIR_CHAIN, TRIO_CHAIN) else key[1]


def beats(play, top, rules) -> bool:
    """May ``play`` follow ``top`` (None or PASS_KEY: leading)?"""
    if play[0] == PASS:
        return False
    if top is None or top[0] == PASS:
        return True
    if is_bomb(play):
        return not is_bomb(top) or bomb_order(play, rules) > bomb_order(top, rules)
    if is_bomb(top):
        return False
    return play[0] == top[0] and play[2] == top[2] and main_order(play) > main_order(top)


# ------------------------------------------------------------------------------------------
# legal moves
# ------------------------------------------------------------------------------------------


def sub_multisets(counts: tuple, size: int) -> Iterator[tuple]:
    """Every sub-multiset of ``counts`` with ``size`` cards."""
    out = [0] * N_RANKS

    def rec(r, left):
        if left == 0:
            yield tuple(out)
            return
        if r == N_RANKS:
            return
        for k in range(min(counts[r], left) + 1):
            out[r] = k
            yield from rec(r + 1, left - k)
        out[r] = 0

    yield from rec(0, size)


def candidates(hand: tuple, rules) -> set:
    """A superset of the card multisets of every play: a main part (k of a rank, or a run) plus
    0, 1 or 3 kicker cards from the rest; ``classify`` decides."""
    mains = []
    for r in range(13):
        for k in range(1, hand[r] + 1):
            mains.append((at(r, k), {3: (2, 1), 4: (1, 3)}.get(k, ())))
    for _kind, _top, _length, run in chains_of(rules):
        if contains(hand, run):
            mains.append((run, ()))
    out = set()
    for main, kicker_sizes in mains:
        out.add(main)
        for size in kicker_sizes:
            for wings in sub_multisets(sub(hand, main), size):
                out.add(add(main, wings))
    return out


def all_plays(hand: tuple, rules) -> set:
    keys = set()
    for cand in candidates(tuple(hand), rules):
        keys |= classify(cand, rules)
    return keys


def legal_moves(hand: tuple, top, rules) -> set:
    """Every play that beats ``top``, plus PASS_KEY when following."""
    keys = {k for k in all_plays(hand, rules) if beats(k, top, rules)}
    if top is not None and top[0] != PASS:
        keys.add(PASS_KEY)
    return keys


def is_legal(key, hand: tuple, top, rules) -> bool:
    """``key in legal_moves(hand, top, rules)`` without listing them (the replay uses it)."""
    key = tuple(int(x) for x in key)
    if key[0] == PASS:
        return key == PASS_KEY and top is not None and top[0] != PASS
    cards = key_counts(key)
    return contains(hand, cards) and key in classify(cards, rules) and beats(key, top, rules)


# ------------------------------------------------------------------------------------------
# deal, a whole hand, payment (§1, §2, §5, §6)
# ------------------------------------------------------------------------------------------

DECK_REMOVED = {"s001_49": {49, 50, 51}, "s001_51": {51}, "as_48": {44, 49, 50, 51}}  # ♥2 ♣2 ♦2; ♠A = 44
DECK_HANDS = {"s001_49": (2, 17), "s001_51": (3, 17), "as_48": (3, 16)}


def deck_cards(rules) -> list:
    return [c for c in range(52) if c not in DECK_REMOVED[rules.deck]]


def deal(shuffled: list, rules) -> tuple:
    """(two hands as card-id lists, unused cards): position p to hand p % n_hands."""
    n_hands, size = DECK_HANDS[rules.deck]
    hands = [[shuffled[p] for p in range(h, n_hands * size, n_hands)] for h in range(n_hands)]
    used = set(hands[0]) | set(hands[1])
    return hands[:2], [c for c in shuffled if c not in used]


def first_lead_card(hands: list, rules) -> tuple:
    """(seat, card, index in the order) of the first-lead card: ♠3, ♠4, … ♠2, ♥3, … by default,
    ♠3 ♥3 ♣3 ♦3 ♠4 … with ``rank_then_suit``."""
    if rules.first_lead_order == "spades_up":
        order = [r * 4 + s for s in range(4) for r in range(13)]
    else:
        order = [r * 4 + s for r in range(13) for s in range(4)]
    for i, card in enumerate(order):
        for seat in (0, 1):
            if card in hands[seat]:
                return seat, card, i
    raise RuleViolation("no card of the lead order was dealt")


@dataclass
class HandResult:
    winner: int
    cards_left: list
    plays: list  # non-pass plays per seat
    bombs: list  # bombs played per seat (the 3-card bomb included)
    three_bombs: list
    tricks: int
    quanguan: bool
    money: list = field(default_factory=list)
    bombs_left: list = field(default_factory=list)  # ranks still held four times at the end
    three_bomb_left: list = field(default_factory=list)  # exactly 3 cards of the 3-card-bomb rank left


def replay(hands: list, leader: int, actions: list, rules, lead_rank: int | None = None) -> HandResult:
    """Play a hand from rank counts ``hands`` (two seats) and the first ``leader``; every action
    (a key or PASS_KEY) is checked for the seat whose turn it is. A pass ends the trick (two
    players) and the last player leads. With ``first_play_includes_lead_card`` the first play
    must contain a card of ``lead_rank``."""
    hands = [tuple(h) for h in hands]
    size0 = [sum(h) for h in hands]
    plays, bombs, three_bombs = [0, 0], [0, 0], [0, 0]
    seat, top, top_seat, tricks = leader, None, None, 1
    for i, key in enumerate(actions):
        key = tuple(int(x) for x in key)
        if not is_legal(key, hands[seat], top, rules):
            raise RuleViolation(f"action {i}: seat {seat} may not play {key} on {top} holding {hands[seat]}")
        if i == 0 and rules.first_play_includes_lead_card and key_counts(key)[lead_rank] == 0:
            raise RuleViolation("the first play must contain the first-lead card")
        if key[0] == PASS:
            seat, top, top_seat, tricks = top_seat, None, None, tricks + 1
            continue
        hands[seat] = sub(hands[seat], key_counts(key))
        plays[seat] += 1
        bombs[seat] += is_bomb(key)
        three_bombs[seat] += key[0] == THREE_BOMB
        if sum(hands[seat]) == 0:
            if i != len(actions) - 1:
                raise RuleViolation("actions after the hand ended")
            loser = 1 - seat
            res = HandResult(seat, [sum(h) for h in hands], plays, bombs, three_bombs, tricks,
                             plays[loser] == 0 and sum(hands[loser]) == size0[loser])
            res.money = payment(res, rules)
            tcb = TCB_RANK[rules.three_card_bomb_rank]
            res.bombs_left = [sum(1 for r in range(13) if h[r] >= 4) for h in hands]
            res.three_bomb_left = [tcb is not None and h[tcb] == 3 for h in hands]
            return res
        top, top_seat, seat = key, seat, 1 - seat
    raise RuleViolation("actions end before anybody went out")


def payment(res: HandResult, rules) -> list:
    """§6: the loser pays cards_left × B to the winner, ×2 (``quanguan_factor``) on 全关."""
    loser = 1 - res.winner
    pay = res.cards_left[loser] * rules.base * (rules.quanguan_factor if res.quanguan else 1)
    money = [0, 0]
    money[res.winner], money[loser] = pay, -pay
    return money
