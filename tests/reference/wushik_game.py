"""Reference hand and match loop of 五十K (spec §4, §8, §9, §10.3): play or replay, validating.

``WushikHand`` is one hand's state stepped by ``act(seat, key, cards)``; every illegal step raises
``RuleViolation``. ``play_hand`` runs a hand with a chooser; ``facts`` returns the hand's raw facts
under the column names of ``kernels.wushik.layout.HAND_LAYOUT`` (so that the vectorised scoring
can be checked against ``wushik_rules.hand_score``). ``play_match`` deals hands from the stream
``(seed, match)`` until a team total reaches ``target_score``.

Conventions (the play engine mirrors them):

* Seats 0..3, partners opposite (team = seat % 2). Turn order counter-clockwise = seat + 1 over
  players still holding cards (clockwise: seat - 1).
* A trick ends when every other player still holding cards has passed since the last play; its
  last player takes its points and leads. A pass does not lock (W-3).
* 接风 (W-4): if the trick winner is out, his partner leads (``jiefeng = partner``) or, if the
  partner is out or ``jiefeng = next``, the next player holding cards after the winner.
* 终止牌 (§9): the hand ends at the play after which both players of a team are out while nobody
  of the other team is, or three players are out. The table's points of that trick are
  ``terminal_points`` (scored by W-5); points still in hands are ``void``.
* Bomb bonus (W-6): a bomb of >= 5 cards earns its bonus unless a player of the other team plays
  a bomb later in the same trick (every later play beats every earlier one).
* 8 of a kind dealt (W-7): unless ``record_only``, a hand in which the players of exactly one team
  hold 8 cards of one rank is not played (``eight_applied``); it scores by ``eight_bomb_rule``.
* Dealing a match from ``Stream(seed, deal)``: one ``next_u64`` seeds the players' own stream
  (so the deals never depend on play), then each hand shuffles the 104 ids (``DECK`` order) and
  deals position p to seat (p - rotation) % 4 (``--duplicate``: seat k holds what seat k +
  rotation was dealt). The first hand then draws ``bounded(104)`` = the position of the turned-up
  card: its receiver leads. Later hands are led by the last 一游 (an 8-of-a-kind hand, not
  played, keeps the leader).
"""

from __future__ import annotations

from typing import Callable, Mapping, Sequence

from kernels.cards import R5, R10, RK, card_rank, card_suit
from tests.reference.rng import Stream, deal, shuffle
from tests.reference.wushik_rules import (
    BOMB, DECK, FIFTY_K, PASS, PASS_KEY, SUIT_FU, beats, cards_for, classify, hand_score, legal_moves, points, rule,
)


class RuleViolation(Exception):
    pass


def eight_seat(hands: Sequence[Sequence[int]]) -> tuple[int, bool]:
    """(lowest seat dealt 8 of a rank or -1, whether exactly one team holds such a hand)."""
    seats = [s for s, h in enumerate(hands) if max(list(_counts(h).values()) or [0]) >= 8]
    teams = {s % 2 for s in seats}
    return (seats[0] if seats else -1), len(teams) == 1


def _counts(cards):
    out: dict[int, int] = {}
    for c in cards:
        out[card_rank(c)] = out.get(card_rank(c), 0) + 1
    return out


def dealt_facts(hand) -> dict:
    """Points, largest natural count (0 under 4) and disjoint 正510K of a dealt hand."""
    best = max(_counts(hand).values())
    by = {(r, s): sum(1 for c in hand if card_rank(c) == r and card_suit(c) == s) for r in (R5, R10, RK)
          for s in range(4)}
    return {"dealt_points": sum(points(c) for c in hand), "dealt_max_bomb": best if best >= 4 else 0,
            "dealt_zheng": sum(min(by[R5, s], by[R10, s], by[RK, s]) for s in range(4))}


class WushikHand:
    def __init__(self, hands: Sequence[Sequence[int]], leader: int, rules: Mapping | None = None):
        if sorted(c for h in hands for c in h) != sorted(DECK):
            raise RuleViolation("the four hands are not the 104 cards")
        self.rules = rules
        self.hands = [sorted(h) for h in hands]
        self.dealt = [dealt_facts(h) for h in self.hands]
        self.step = -1 if rule(rules, "direction") == "clockwise" else 1
        self.turn = leader
        self.leader = leader
        self.top, self.top_seat = PASS_KEY, -1
        self.passed: set[int] = set()
        self.trick_points = 0
        self.captured = [0, 0, 0, 0]
        self.order: list[int] = []
        self.pending: list[tuple[int, int]] = []  # (seat, size) of >= 5-card bombs not yet over-bombed
        self.trick_510k: list[int] = []  # 510K plays of this trick not yet beaten
        self.bombs = [[0] * 9 for _ in range(4)]
        self.bonus = [[0] * 9 for _ in range(4)]
        self.zheng = [0] * 4
        self.fu = [0] * 4
        self.plays = [0] * 4
        self.fk_beaten = 0
        self.n_tricks = self.n_turns = self.n_jiefeng = 0
        self.over = False
        self.terminal_seat = -1
        self.terminal_points = 0
        self.log: list[tuple] = []

    # -- queries --------------------------------------------------------------------------
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
        return legal_moves(self.hands[self.turn], self.top, self.rules)

    # -- steps ----------------------------------------------------------------------------
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
        if len(set(cards)) != len(cards) or any(c not in self.hands[seat] for c in cards):
            raise RuleViolation(f"seat {seat} does not hold {cards}")
        if k not in classify(cards, self.rules):
            raise RuleViolation(f"{cards} do not make {k}")
        if not beats(k, self.top, self.rules):
            raise RuleViolation(f"{k} does not beat {self.top}")
        for c in cards:
            self.hands[seat].remove(c)
        self.plays[seat] += 1
        self.trick_points += sum(points(c) for c in cards)
        self.fk_beaten += len(self.trick_510k)
        self.trick_510k = []
        if k[0] == FIFTY_K:
            self.trick_510k.append(seat)
            if k[4] == SUIT_FU:
                self.fu[seat] += 1
            else:
                self.zheng[seat] += 1
        if k[0] == BOMB:
            self.bombs[seat][k[2]] += 1
            self.pending = [(s, z) for s, z in self.pending if s % 2 == seat % 2]
            if k[2] >= 5:
                self.pending.append((seat, k[2]))
        self.top, self.top_seat = k, seat
        self.passed = set()
        if not self.hands[seat]:
            self.order.append(seat)
            out = set(self.order)
            team_done = any({t, t + 2} <= out and not ({1 - t, 3 - t} & out) for t in (0, 1))
            if team_done or len(self.order) == 3:
                self._end(seat)

    def _settle_bombs(self):
        for s, z in self.pending:
            self.bonus[s][z] += 1
        self.pending = []

    def _end(self, seat):
        self.over = True
        self.terminal_seat = seat
        self.terminal_points = self.trick_points
        self.trick_points = 0
        self.n_tricks += 1
        self._settle_bombs()

    def _advance(self, seat):
        others = [s for s in range(4) if s != self.top_seat and self.active(s)]
        if all(s in self.passed for s in others):
            self._end_trick()
            return
        self.turn = self.next_active(seat)

    def _end_trick(self):
        winner = self.top_seat
        self.captured[winner] += self.trick_points
        self.trick_points = 0
        self.n_tricks += 1
        self._settle_bombs()
        self.trick_510k = []
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

    # -- result ---------------------------------------------------------------------------
    def facts(self) -> dict:
        f = {"leader": self.leader, "eight_seat": -1, "eight_applied": False,
             "terminal_seat": self.terminal_seat, "terminal_points": self.terminal_points,
             "fk_beaten": self.fk_beaten, "n_tricks": self.n_tricks, "n_turns": self.n_turns,
             "n_jiefeng": self.n_jiefeng}
        for s in range(4):
            f[f"s{s}_finish"] = self.order.index(s) + 1 if s in self.order else 0
            f[f"s{s}_captured"] = self.captured[s]
            f[f"s{s}_void"] = sum(points(c) for c in self.hands[s])
            left = max(_counts(self.hands[s]).values(), default=0)
            f[f"s{s}_left_max_bomb"] = left if left >= 4 else 0
            for z in (4, 5, 6, 7, 8):
                f[f"s{s}_bombs{z}"] = self.bombs[s][z]
            for z in (5, 6, 7, 8):
                f[f"s{s}_bonus{z}"] = self.bonus[s][z]
            f[f"s{s}_zheng_played"] = self.zheng[s]
            f[f"s{s}_fu_played"] = self.fu[s]
            f[f"s{s}_plays"] = self.plays[s]
            f.update({f"s{s}_{k}": v for k, v in self.dealt[s].items()})
        return f


Chooser = Callable[[WushikHand, int, list], tuple]


def play_hand(hands, leader: int, choose: Chooser, rules=None) -> WushikHand:
    """Play one hand; ``choose(hand, seat, legal_sorted)`` returns a key (or ``PASS_KEY``)."""
    h = WushikHand(hands, leader, rules)
    while not h.over:
        seat = h.turn
        options = sorted(h.legal())
        h.act(seat, choose(h, seat, options))
    return h


def eight_facts(hands, leader, seat) -> dict:
    """Facts of a hand decided by W-7 without play."""
    f = {"leader": leader, "eight_seat": seat, "eight_applied": True, "terminal_seat": -1, "terminal_points": 0,
         "fk_beaten": 0, "n_tricks": 0, "n_turns": 0, "n_jiefeng": 0}
    for s in range(4):
        f.update({f"s{s}_finish": 0, f"s{s}_captured": 0, f"s{s}_void": 0, f"s{s}_left_max_bomb": 0, f"s{s}_zheng_played": 0,
                  f"s{s}_fu_played": 0, f"s{s}_plays": 0})
        f.update({f"s{s}_{k}": v for k, v in dealt_facts(hands[s]).items()})
        f.update({f"s{s}_bombs{z}": 0 for z in (4, 5, 6, 7, 8)})
        f.update({f"s{s}_bonus{z}": 0 for z in (5, 6, 7, 8)})
    return f


class MatchDealer:
    """The deals of one match (or single hand) from ``Stream(seed, deal)`` (see module doc)."""

    def __init__(self, seed: int, deal_index: int, rotation: int = 0):
        self.stream = Stream(seed, deal_index)
        self.player_seed = self.stream.next_u64()
        self.rotation = rotation
        self.n = 0

    def next_hand(self) -> tuple[list[list[int]], int, int]:
        """(hands by seat, leader of a first hand or -1, turned-up card or -1)."""
        deck = list(DECK)
        shuffle(self.stream, deck)
        dealt, _ = deal(deck, 4, 26)
        hands = [dealt[(s + self.rotation) % 4] for s in range(4)]
        leader, turned = -1, -1
        if self.n == 0:
            p = self.stream.bounded(104)
            leader, turned = (p - self.rotation) % 4, deck[p]
        self.n += 1
        return hands, leader, turned


def play_match(seed: int, match: int, choose=None, rules=None, max_hands: int = 500, rotation: int = 0,
               logs=None) -> dict:
    """Hands of one match until a team total reaches ``target_score`` (§10.3, W-7, W-8), with
    ``matches = false`` one hand. Each hand is played by ``choose`` or, with ``logs``, replayed from
    ``logs[h]`` (a list of (seat, key, cards) actions; every one is checked)."""
    dealer = MatchDealer(seed, match, rotation)
    target = rule(rules, "target_score")
    if not rule(rules, "matches"):
        max_hands = 1
    totals = [0, 0]
    hands_facts, played = [], []
    leader = -1
    eight_win = -1
    for hand_no in range(max_hands):
        hands, first, turned = dealer.next_hand()
        if hand_no == 0:
            leader = first
        seat, one_team = eight_seat(hands)
        if seat >= 0 and one_team and rule(rules, "eight_bomb_rule") != "record_only":
            f = eight_facts(hands, leader, seat)
            played.append(None)
        else:
            if logs is not None:
                h = replay_hand(hands, leader, logs[hand_no], rules)
            else:
                h = play_hand(hands, leader, choose, rules)
            f = h.facts()
            f["eight_seat"] = seat
            played.append(h)
            leader = h.order[0]
        f["hand_no"] = hand_no
        f["turned_card"] = turned
        t0, t1, _ = hand_score(f, rules)
        totals = [totals[0] + t0, totals[1] + t1]
        f["team0_total"], f["team1_total"] = totals
        hands_facts.append(f)
        if f["eight_applied"] and rule(rules, "eight_bomb_rule") == "win_match":
            eight_win = f["eight_seat"] % 2
            break
        if max(totals) >= target:
            break
    winner = eight_win if eight_win >= 0 else (0 if totals[0] > totals[1] else 1 if totals[1] > totals[0] else 2)
    return {"hands": hands_facts, "totals": totals, "winner": winner, "played": played}


def replay_hand(hands, leader: int, actions, rules=None) -> WushikHand:
    """Replay one hand from its logged actions (seat, key, cards), checking every one; the hand
    must end exactly with the last action (the 终止牌)."""
    h = WushikHand(hands, leader, rules)
    for i, (seat, k, cards) in enumerate(actions):
        if h.over:
            raise RuleViolation(f"action {i} after the 终止牌")
        h.act(seat, k, cards if k[0] != PASS else ())
    if not h.over:
        raise RuleViolation("the log ends before the 终止牌")
    return h
