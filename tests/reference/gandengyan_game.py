"""Slow reference of a whole 干瞪眼 hand (rules/gandengyan.md): deal, turns, the draw after each
trick, the end rule, and each variant's payment.

``replay`` checks an action list move by move and returns a ``HandResult``; any illegal step
raises ``RuleViolation``. Cards come from the stock in its dealt order, so draws are not actions.
Patterns and legality come from ``tests.reference.gandengyan_rules``.

Flow (G-3 and the end rules, as chosen in ``sim.games.gandengyan.rules``): turns go
counter-clockwise (seat + 1) over players still holding cards; a pass does not lock a player out
of the trick; the trick ends when everyone else holding cards has passed since the last play.
Then, while the stock lasts, the trick winner and after him every player holding cards
counter-clockwise draw one card (``draw = everyone``), or the trick winner alone
(``last_player``); a player who is out draws nothing. The winner leads; if he went out with that
play (``end = play_on``) the next player holding cards draws first and leads. With
``first_out`` the hand ends when the first player is out; with ``play_on`` when one player is
left, each finisher collecting from every player still holding cards.

Jokers never go out alone (every variant): a leader holding only jokers that make no legal play
(one joker; two without 双王) cannot lead, and the lead passes counter-clockwise to the next
player holding cards; he waits for a natural card from the stock. If nobody holding cards can
lead (only jokers left, stock empty) the hand ends there: a stalemate, with no winner (``winner``
-1, nobody pays) under ``first_out``, or the finishers so far under ``play_on``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kernels.gandengyan.moves import BOMB, JOKER_BOMB, PAIR, SINGLE, TRIPLE
from tests.reference.gandengyan_rules import PASS_KEY, can_lead, could_answer_higher, is_legal, key_cards

JOKER = "J"


class RuleViolation(Exception):
    """An action the rules forbid."""


def card_rank(card: int):
    """Rank index 0..12 of a physical id, or JOKER."""
    k = card % 54
    return JOKER if k >= 52 else k // 4


def deal(shuffled: list, rules, banker: int) -> tuple:
    """(hands as card-id lists, stock as card ids in draw order): one card at a time
    counter-clockwise from the banker until each holds its share."""
    n = rules.players
    share = [rules.banker_cards if s == banker else rules.other_cards for s in range(n)]
    hands = [[] for _ in range(n)]
    p = 0
    for k in range(max(share)):
        for i in range(n):
            s = (banker + i) % n
            if k < share[s]:
                hands[s].append(shuffled[p])
                p += 1
    return hands, shuffled[p:]


def first_leader(hands: list, rules, banker: int) -> int:
    """The banker, or the holder of the lowest natural card (rank, then ♠ ♥ ♣ ♦; ties: first
    counter-clockwise from the banker) with ``first_leader = lowest_card``."""
    if rules.first_leader == "banker":
        return banker
    n = rules.players
    best, seat = None, banker
    for i in range(n):
        s = (banker + i) % n
        naturals = [c % 54 for c in hands[s] if c % 54 < 52]
        if naturals and (best is None or min(naturals) < best):
            best, seat = min(naturals), s
    return seat


def holding(cards: list) -> tuple:
    """(naturals 13-tuple, jokers) of card ids."""
    nat = [0] * 13
    j = 0
    for c in cards:
        r = card_rank(c)
        if r == JOKER:
            j += 1
        else:
            nat[r] += 1
    return tuple(nat), j


@dataclass
class HandResult:
    winner: int  # first player out, -1 after a stalemate with nobody out
    finish: list  # seats in the order they went out
    cards_left: list
    plays: list  # non-pass plays per seat
    draws: list
    bombs: dict  # bomb size -> bombs of that size played
    joker_bombs: int
    tricks: int  # the trick the hand ended in (1-based): the "round" of the sichuan doublings
    jokers_left: list
    held: list  # per seat {3: natural trios, 4: fours, 5: fives or more} left in hand
    collected: list  # play_on: cards collected when going out
    paid: list  # play_on: cards paid to each finisher
    stock_left: int
    dengyan: int  # turns facing a play the hand could top at a higher rank but not legally
    two_breaks: int  # 2 / 22 / 222 played over a lower rank that was not exactly one below
    money: list = field(default_factory=list)
    drawn: list = field(default_factory=list)  # (seat, card id) of every draw from the stock, in order
    public: int = 1
    personal: list = field(default_factory=list)


def replay(hands: list, stock: list, banker: int, leader: int, actions: list, rules) -> HandResult:
    """Play a hand from per-seat card-id lists and the stock; see the module docstring."""
    n = rules.players
    cur = [list(holding(h)[0]) + [holding(h)[1]] for h in hands]  # 13 naturals + jokers
    stock = list(stock)
    size = lambda s: sum(cur[s])  # noqa: E731
    plays, draws = [0] * n, [0] * n
    collected, paid = [0] * n, [0] * n
    bombs: dict = {}
    joker_bombs = dengyan = two_breaks = 0
    finish: list = []
    drawn: list = []
    seat, top, top_seat, passed, trick = leader, None, None, set(), 1

    def next_holder(s):
        for k in range(1, n + 1):
            if size((s + k) % n) > 0:
                return (s + k) % n
        return None

    def result():
        res = HandResult(finish[0] if finish else -1, finish, [size(s) for s in range(n)], plays, draws, bombs,
                         joker_bombs, trick, [cur[s][13] for s in range(n)], [_held(cur[s]) for s in range(n)],
                         collected, paid, len(stock), dengyan, two_breaks)
        res.money, res.public, res.personal = payment(res, rules, banker)
        res.drawn = drawn
        return res

    i = 0
    while True:
        nat, j = tuple(cur[seat][:13]), cur[seat][13]
        if top is None and not can_lead(nat, j, rules):
            # a leader holding only jokers that cannot be played: the lead passes on
            holders = [s for s in range(n) if size(s) > 0]
            if not any(can_lead(tuple(cur[s][:13]), cur[s][13], rules) for s in holders):
                if i != len(actions):
                    raise RuleViolation("actions after a stalemate (nobody holding cards can lead)")
                return result()
            seat = next_holder(seat)
            continue
        if i == len(actions):
            raise RuleViolation("actions end before the hand is over")
        key = tuple(int(x) for x in actions[i])
        if not is_legal(key, nat, j, top, rules):
            raise RuleViolation(f"action {i}: seat {seat} may not play {key} on {top} holding {nat}+{j}J")
        i += 1
        if top is not None and could_answer_higher(nat, j, top, rules):
            dengyan += 1
        if key == PASS_KEY:
            passed.add(seat)
        else:
            cards, used = key_cards(key)
            for r in range(13):
                cur[seat][r] -= cards[r]
            cur[seat][13] -= used
            plays[seat] += 1
            if key[0] == BOMB:
                bombs[key[2]] = bombs.get(key[2], 0) + 1
            joker_bombs += key[0] == JOKER_BOMB
            if key[0] in (SINGLE, PAIR, TRIPLE) and key[1] == 12 and top is not None and top[1] != 11:
                two_breaks += 1
            top, top_seat, passed = key, seat, set()
            if size(seat) == 0:
                finish.append(seat)
                for s in range(n):
                    if size(s) > 0:
                        collected[seat] += size(s)
                        paid[s] += size(s)
                if rules.end == "first_out" or sum(size(s) > 0 for s in range(n)) <= 1:
                    if i != len(actions):
                        raise RuleViolation("actions after the hand ended")
                    return result()
        holders = [s for s in range(n) if size(s) > 0]
        if all(s in passed for s in holders if s != top_seat):  # the trick is over
            first = top_seat if size(top_seat) > 0 else next_holder(top_seat)
            order = [(first + k) % n for k in range(n)] if rules.draw == "everyone" else [first]
            for s in order:
                if stock and size(s) > 0 and (rules.draw == "everyone" or s == top_seat):
                    drawn.append((s, stock[0]))
                    r = card_rank(stock.pop(0))
                    cur[s][13 if r == JOKER else r] += 1
                    draws[s] += 1
            seat, top, top_seat, passed, trick = first, None, None, set(), trick + 1
        else:
            seat = next_holder(seat)


def _held(c: list) -> dict:
    """Natural sets left (jokers set aside): ranks held exactly 3, exactly 4, 5 or more times."""
    return {3: sum(1 for x in c[:13] if x == 3), 4: sum(1 for x in c[:13] if x == 4),
            5: sum(1 for x in c[:13] if x >= 5)}


def payment(res: HandResult, rules, banker: int) -> tuple:
    """(money per seat, public multiplier, personal multiplier per seat) — §2–§5.

    ``play_on`` (one-deck): each finisher collects, at the moment he went out, one base per card
    still held by every other player. Otherwise each loser pays cards left × base × public ×
    personal (× capped at ``multiplier_cap``) and the winner receives the sum; with ``loser =
    most_cards`` only the loser(s) holding the most cards pay.
    """
    n = rules.players
    if res.winner < 0:
        return [0] * n, 1, [1] * n
    if rules.end == "play_on":
        return [rules.base * (res.collected[s] - res.paid[s]) for s in range(n)], 1, [1] * n
    public = rules.public_joker_bomb ** res.joker_bombs
    for size, count in res.bombs.items():
        factor = {3: rules.public_bomb3, 4: rules.public_bomb4, 5: rules.public_bomb5}.get(size, rules.public_bomb6)
        public *= factor ** count
    for at in (rules.round_double_at, rules.round_double_again_at):
        if at and res.tricks >= at:
            public *= 2
    losers = [s for s in range(n) if s != res.winner]
    if rules.loser == "most_cards":
        most = max(res.cards_left[s] for s in losers)
        losers = [s for s in losers if res.cards_left[s] == most]
    money, personal = [0] * n, [1] * n
    nobody_played = all(res.plays[s] == 0 for s in range(n) if s != res.winner)
    for s in range(n):
        p = rules.held_joker ** res.jokers_left[s]
        p *= rules.held_bomb3 ** res.held[s][3] * rules.held_bomb4 ** res.held[s][4] * rules.held_bomb5 ** res.held[s][5]
        shut = (rules.quanguan == "no_play" and res.plays[s] == 0) or (
            rules.quanguan == "all_no_play" and res.plays[s] == 0 and nobody_played) or (
            rules.quanguan == "no_play_banker_one" and res.plays[s] <= (1 if s == banker else 0))
        personal[s] = p * (rules.quanguan_factor if shut else 1)
    for s in losers:
        m = public * personal[s]
        if rules.multiplier_cap:
            m = min(m, rules.multiplier_cap)
        money[s] = -res.cards_left[s] * rules.base * m
        money[res.winner] -= money[s]
    return money, public, personal
