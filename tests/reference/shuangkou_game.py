"""Reference hand loop of 百变双扣 (spec §1, §5, §6): deal, draw, play or replay, validating.

``ShuangkouHand`` is one hand's state stepped by ``act(seat, key, cards)``; every illegal step
raises ``RuleViolation``: cards not held, cards that do not make the key (every wild joker's value
is checked by ``classify``), a key that does not beat the trick. ``facts`` returns the hand's raw
facts under the column names of ``kernels.shuangkou.layout.HAND_LAYOUT``.

Conventions (the play engine mirrors them):

* ``deal_hand(seed, deal, rules, rotation)``: ``Stream(seed, deal)`` shuffles the 108 ids (id
  order), position p to seat (p - rotation) % 4 (``--duplicate``: seat k holds what seat k +
  rotation was dealt); player k is the one dealt seat k's hand. With ``partner_draw`` it then draws
  ``bounded(108)`` = the announced card's position p: its receiver leads; the holder of the other
  copy (id ± 54) swaps seats — hand and player — with the player opposite the leader unless he is
  the leader or already opposite (SK-2). Without the draw the seat holding seat 0's dealt hand
  leads.
* Turn order counter-clockwise = seat + 1 over players holding cards (clockwise: seat - 1); a
  pass does not lock; a trick ends when every other player holding cards has passed since the
  last play, and its last player leads.
* 接风 (§5): if the trick winner is out, his partner leads (``jiefeng = partner``); if the partner
  is out too or ``jiefeng = next``, the next player holding cards after the winner.
* End (SK-5): both players of one team out, or three players out.
* Bomb facts: one bomb-class play counts one bomb; 相 = ``xiang`` (三王 6, 连炸 n + k); 天王 is
  recorded apart (``tianwang``) and counts as >= 5相 in ``bombs_ge5``.
"""

from __future__ import annotations

from typing import Callable, Sequence

from kernels.cards import card_rank
from tests.reference.rng import Stream, deal, shuffle
from tests.reference.shuangkou_rules import (
    BOMB, BOMB_KINDS, DECK, LIANZHA, PASS, PASS_KEY, SANWANG, TIANWANG, beats, classify_cards, key_cards,
    legal_moves, rule, split, wild_kinds,
)


class RuleViolation(Exception):
    pass


def xiang(k) -> int:
    """相 of a bomb-class key as it counts for levels (天王 apart: 0)."""
    if k[0] == BOMB:
        return k[2]
    if k[0] == LIANZHA:
        return k[2] // k[5] + k[5]
    if k[0] == SANWANG:
        return 6
    return 0


def dealt_max_bomb(cards, rules=None) -> int:
    nat, sj, bj = split(cards)
    sj_wild, bj_wild = wild_kinds(rules)
    best = max(nat) + (sj if sj_wild else 0) + (bj if bj_wild else 0)
    return best if best >= 4 else 0


def deal_hand(seed: int, game: int, rules=None, rotation: int = 0) -> dict:
    """Hands, leader and draw facts of deal ``game`` (see module doc)."""
    stream = Stream(seed, game)
    deck = list(DECK)
    shuffle(stream, deck)
    dealt, _ = deal(deck, 4, 27)
    hands = [dealt[(s + rotation) % 4] for s in range(4)]
    players = [0, 1, 2, 3]
    leader = (-rotation) % 4
    draw = {"draw_card": -1, "leader": leader, "mate": (leader + 2) % 4, "swapped": False}
    if rule(rules, "partner_draw"):
        p = stream.bounded(108)
        card = deck[p]
        other = card + 54 if card < 54 else card - 54
        leader, mate = (p - rotation) % 4, (deck.index(other) - rotation) % 4
        opposite = (leader + 2) % 4
        swapped = mate not in (leader, opposite)
        if swapped:
            hands[mate], hands[opposite] = hands[opposite], hands[mate]
            players[mate], players[opposite] = players[opposite], players[mate]
        draw = {"draw_card": card, "leader": leader, "mate": mate, "swapped": swapped}
    return {"hands": hands, "players": players, **draw}


def cards_for(k, hand: Sequence[int]) -> list[int]:
    """Physical cards of ``hand`` playing key ``k`` (lowest ids of each rank)."""
    nat, sj, bj = key_cards(k)
    hand = sorted(hand)
    out = []
    for r in range(15):
        want = nat[r] if r < 13 else (sj if r == 13 else bj)
        have = [c for c in hand if card_rank(c) == r]
        if len(have) < want:
            raise ValueError(f"hand cannot play {k}")
        out += have[:want]
    return out


class ShuangkouHand:
    def __init__(self, hands: Sequence[Sequence[int]], leader: int, rules=None, players=(0, 1, 2, 3)):
        if sorted(c for h in hands for c in h) != DECK:
            raise RuleViolation("the four hands are not the 108 cards")
        self.rules = rules
        self.hands = [sorted(h) for h in hands]
        self.players = list(players)
        self.dealt_jokers = [split(h)[1] + split(h)[2] for h in self.hands]
        self.dealt_max_bomb = [dealt_max_bomb(h, rules) for h in self.hands]
        self.step = -1 if rule(rules, "direction") == "clockwise" else 1
        self.turn = leader
        self.leader = leader
        self.top, self.top_seat = PASS_KEY, -1
        self.passed: set[int] = set()
        self.order: list[int] = []
        z = lambda: [0] * 4  # noqa: E731
        self.bombs, self.ge5, self.max_xiang, self.tianwang, self.sanwang, self.lianzha = z(), z(), z(), z(), z(), z()
        self.plays, self.wild_used, self.wild_in_bombs, self.jokers_self = z(), z(), z(), z()
        self.n_tricks = self.n_turns = self.n_jiefeng = 0
        self.over = False
        self.ended_by = -1
        self.log: list[tuple] = []

    def active(self, seat: int) -> bool:
        return len(self.hands[seat]) > 0

    def next_active(self, seat: int) -> int:
        for k in range(1, 5):
            s = (seat + self.step * k) % 4
            if self.active(s):
                return s
        return -1

    def lead(self) -> bool:
        return self.top_seat < 0

    def legal(self) -> set:
        return legal_moves(split(self.hands[self.turn]), self.top, self.rules)

    def level_now(self, seat: int) -> int:
        """SK-7 level of the bombs played so far (s001 count rule, 天王 as ``tianwang_xiang``)."""
        big = max(self.max_xiang[seat], rule(self.rules, "tianwang_xiang") if self.tianwang[seat] else 0)
        return max(big, self.bombs[seat] + 2 if self.bombs[seat] >= 3 else 0)

    def act(self, seat: int, k, cards: Sequence[int] = ()):
        if self.over:
            raise RuleViolation("the hand is over")
        if seat != self.turn:
            raise RuleViolation(f"seat {seat} acts on seat {self.turn}'s turn")
        self.n_turns += 1
        k = tuple(k)
        if k[0] == PASS:
            if self.lead():
                raise RuleViolation("a lead cannot be a pass")
            self.log.append((seat, k, ()))
            self.passed.add(seat)
        else:
            cards = list(cards) or cards_for(k, self.hands[seat])
            self.log.append((seat, k, tuple(cards)))
            self._play(seat, k, cards)
            if self.over:
                return
        self._advance(seat)

    def _play(self, seat, k, cards):
        if any(c not in self.hands[seat] for c in cards) or len(set(cards)) != len(cards):
            raise RuleViolation(f"seat {seat} does not hold {cards}")
        if k not in classify_cards(cards, self.rules):
            raise RuleViolation(f"{cards} do not make {k}")
        if not beats(k, self.top, self.rules):
            raise RuleViolation(f"{k} does not beat {self.top}")
        for c in cards:
            self.hands[seat].remove(c)
        self.plays[seat] += 1
        self.wild_used[seat] += k[3]
        jokers = sum(1 for c in cards if card_rank(c) >= 13)
        self.jokers_self[seat] += jokers - k[3]
        if k[0] in BOMB_KINDS:
            self.bombs[seat] += 1
            self.wild_in_bombs[seat] += k[3]
            if k[0] == TIANWANG:
                self.tianwang[seat] += 1
                self.ge5[seat] += 1
            else:
                x = xiang(k)
                self.max_xiang[seat] = max(self.max_xiang[seat], x)
                self.ge5[seat] += x >= 5
                self.sanwang[seat] += k[0] == SANWANG
                self.lianzha[seat] += k[0] == LIANZHA
        self.top, self.top_seat = k, seat
        self.passed = set()
        if not self.hands[seat]:
            self.order.append(seat)
            out = set(self.order)
            if {0, 2} <= out or {1, 3} <= out or len(self.order) == 3:
                self.over = True
                self.ended_by = seat
                self.n_tricks += 1

    def _advance(self, seat):
        others = [s for s in range(4) if s != self.top_seat and self.active(s)]
        if all(s in self.passed for s in others):
            winner = self.top_seat
            self.n_tricks += 1
            self.top, self.top_seat = PASS_KEY, -1
            self.passed = set()
            if self.active(winner):
                self.turn = winner
                return
            self.n_jiefeng += 1
            mate = (winner + 2) % 4
            if rule(self.rules, "jiefeng") == "partner" and self.active(mate):
                self.turn = mate
            else:
                self.turn = self.next_active(winner)
            return
        self.turn = self.next_active(seat)

    def facts(self) -> dict:
        f = {"leader": self.leader, "ended_by": self.ended_by, "n_tricks": self.n_tricks, "n_turns": self.n_turns,
             "n_jiefeng": self.n_jiefeng}
        for s in range(4):
            f[f"s{s}_player"] = self.players[s]
            f[f"s{s}_finish"] = self.order.index(s) + 1 if s in self.order else 0
            f[f"s{s}_left_max_bomb"] = dealt_max_bomb(self.hands[s], self.rules)  # what is left, as the deal's fact
            for name, v in (("bombs", self.bombs), ("bombs_ge5", self.ge5), ("max_xiang", self.max_xiang),
                            ("tianwang", self.tianwang), ("sanwang", self.sanwang), ("lianzha", self.lianzha),
                            ("plays", self.plays), ("wild_used", self.wild_used),
                            ("wild_in_bombs", self.wild_in_bombs), ("jokers_self", self.jokers_self),
                            ("dealt_jokers", self.dealt_jokers), ("dealt_max_bomb", self.dealt_max_bomb)):
                f[f"s{s}_{name}"] = v[s]
        return f


Chooser = Callable[[ShuangkouHand, int, list], tuple]


def play_hand(hands, leader: int, choose: Chooser, rules=None, players=(0, 1, 2, 3)) -> ShuangkouHand:
    """Play one hand; ``choose(hand, seat, legal_sorted)`` returns a key (or ``PASS_KEY``)."""
    h = ShuangkouHand(hands, leader, rules, players)
    while not h.over:
        seat = h.turn
        h.act(seat, choose(h, seat, sorted(h.legal())))
    return h


def play_game(seed: int, game: int, choose: Chooser | None = None, rules=None, rotation: int = 0,
              actions=None) -> tuple[dict, ShuangkouHand]:
    """Deal (with the draw) and play deal ``game`` by ``choose``, or replay it from ``actions``
    ((seat, key, cards) each, checked); returns (draw facts, the finished hand)."""
    d = deal_hand(seed, game, rules, rotation)
    if actions is None:
        return d, play_hand(d["hands"], d["leader"], choose, rules, d["players"])
    h = ShuangkouHand(d["hands"], d["leader"], rules, d["players"])
    for i, (seat, k, cards) in enumerate(actions):
        if h.over:
            raise RuleViolation(f"action {i} after the end of the hand")
        h.act(seat, k, cards if k[0] != PASS else ())
    if not h.over:
        raise RuleViolation("the log ends before the end of the hand")
    return d, h
