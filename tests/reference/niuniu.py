"""Pure-Python 牛牛, slow and obviously correct: the twin of kernels.niuniu and its scoring.

Everything follows the spec's words (rules/niuniu.md §2–§5) with no tables or bit tricks: try
every triple for a bull, take the best result, compare category then highest single card, apply
the banker-advantage rule as written, pay the winning hand's multiplier.
"""

from __future__ import annotations

from itertools import combinations

from kernels.cards import card_rank, card_suit
from tests.reference.deal import place_fixed
from tests.reference.rng import Stream, shuffle

# shared rank index (kernels.cards) → 牛牛 single-card order: A < 2 < … < K < 小王 < 大王
ORDER = {11: 0, 12: 1, 0: 2, 1: 3, 2: 4, 3: 5, 4: 6, 5: 7, 6: 8, 7: 9, 8: 10, 9: 11, 10: 12, 13: 13, 14: 14}
Q_ORDER = 11
SUIT_ORDER = {0: 3, 1: 2, 2: 1, 3: 0, -1: 0}  # ♠ > ♥ > ♣ > ♦
NIUNIU = 10


def value(card: int) -> int:
    """A 1, 2..9 face value, 10/J/Q/K 10, jokers 10 (N-1)."""
    order = ORDER[card_rank(card)]
    return min(order + 1, 10)


def evaluate_values(values: list[int]) -> int:
    """0 没牛, 1..9 牛n, 10 牛牛: the best result over every triple summing to a multiple of 10."""
    best = 0
    for triple in combinations(range(5), 3):
        if sum(values[i] for i in triple) % 10 == 0:
            rest = sum(values[i] for i in range(5) if i not in triple) % 10
            best = max(best, NIUNIU if rest == 0 else rest)
    return best


def evaluate(cards: list[int]) -> int:
    return evaluate_values([value(c) for c in cards])


def single_key(card: int) -> tuple[int, int]:
    return ORDER[card_rank(card)], SUIT_ORDER[card_suit(card)]


def top_card(cards: list[int]) -> int:
    return max(cards, key=single_key)


def compare(banker: list[int], player: list[int], banker_advantage: bool) -> dict:
    """The player's result against 庄家 (spec §4)."""
    cb, cp = evaluate(banker), evaluate(player)
    tb, tp = top_card(banker), top_card(player)
    if cb != cp:
        return {"player_wins": cp > cb, "tie": False, "advantage": False}
    player_higher = single_key(tp) > single_key(tb)
    both_low = ORDER[card_rank(tb)] <= Q_ORDER and ORDER[card_rank(tp)] <= Q_ORDER
    if banker_advantage and both_low:
        return {"player_wins": False, "tie": True, "advantage": player_higher}
    return {"player_wins": player_higher, "tie": True, "advantage": False}


def deal(seed: int, game_index: int, n_seats: int, jokers: bool = True, fixed=None) -> list[list[int]]:
    """The family deal: full shuffle of the shared twin, cards taken from the end of the deck,
    one at a time from seat 0. With ``fixed`` (``--fix``'s groups, ``tests.reference.deal``):
    the first ``5 * n_seats`` steps of the shuffle, then the fixed cards placed."""
    deck = list(range(54 if jokers else 52))
    stream = Stream(seed, game_index)
    if fixed:
        for i in range(len(deck) - 1, len(deck) - 1 - 5 * n_seats, -1):
            j = stream.bounded(i + 1)
            deck[i], deck[j] = deck[j], deck[i]
        place_fixed(stream, deck, fixed)
    else:
        shuffle(stream, deck)
    hands: list[list[int]] = [[] for _ in range(n_seats)]
    for d in range(5 * n_seats):
        hands[d % n_seats].append(deck[len(deck) - 1 - d])
    return hands


def play_table(seed: int, game_index: int, rules, fixed=None) -> dict:
    """One table under a ``NiuniuRules``: hands, categories, tops, results and chips per seat
    (``fixed``: ``--fix``'s groups, ``tests.reference.deal``)."""
    n = rules.players
    hands = deal(seed, game_index, n, rules.jokers, fixed)
    banker = (rules.banker_seat + game_index) % n if rules.banker == "rotate" else rules.banker_seat
    mult = [getattr(rules.multipliers, f) for f in
            ("meiniu", "niu1", "niu2", "niu3", "niu4", "niu5", "niu6", "niu7", "niu8", "niu9", "niuniu")]
    chips = [0] * n
    results = [None] * n
    for s in range(n):
        if s == banker:
            continue
        r = compare(hands[banker], hands[s], rules.banker_advantage)
        results[s] = r
        if rules.payout_hand == "player" or r["player_wins"]:
            m = mult[evaluate(hands[s])]
        else:
            m = mult[evaluate(hands[banker])]
        amount = getattr(rules.bets, f"seat{s}") * m
        sign = 1 if r["player_wins"] else -1
        chips[s] += sign * amount
        chips[banker] -= sign * amount
    return {
        "banker": banker,
        "hands": hands,
        "categories": [evaluate(h) for h in hands],
        "tops": [top_card(h) for h in hands],
        "results": results,
        "chips": chips,
    }
