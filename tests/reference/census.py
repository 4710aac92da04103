"""Pure-Python census of a deal: the obviously-correct twin of kernels.census.

Counts are taken card by card from the dealt hands, with none of the kernel's packing tricks.
"""

from __future__ import annotations

from collections import Counter

from kernels.cards import card_rank, card_suit
from tests.reference.rng import Stream, deal, shuffle

POINTS = {2: 5, 7: 10, 10: 10}  # rank index → points: 5, 10, K


def deal_game(seed: int, game_index: int, n_ids: int = 108, n_seats: int = 4, hand_size: int = 27):
    deck = list(range(n_ids))
    shuffle(Stream(seed, game_index), deck)
    return deal(deck, n_seats, hand_size)


def best_510k(hand: list[int], wild: set[int], max_wilds: int) -> int:
    """0 none, 1 杂, 5 - suit for 正 (♠ 5 .. ♦ 2): tries every choice of cards."""
    naturals = {r: [c for c in hand if c not in wild and card_rank(c) == r] for r in (2, 7, 10)}
    n_wild = sum(1 for c in hand if c in wild)
    best = 0
    options = {r: [("card", card_suit(c)) for c in cs] + ([("wild", None)] if n_wild and max_wilds else []) for r, cs in naturals.items()}
    for a in options[2]:
        for b in options[7]:
            for k in options[10]:
                picks = (a, b, k)
                used = sum(1 for p in picks if p[0] == "wild")
                if used > min(n_wild, max_wilds) or used == 3:
                    continue
                suits = {p[1] for p in picks if p[0] == "card"}
                best = max(best, 5 - suits.pop() if len(suits) == 1 else 1)
    return best


def census_row(hands: list[list[int]], wild: set[int], points_of, xi=(3, 3, 6), max_wilds_510k: int = 1) -> dict:
    row = {}
    for seat, hand in enumerate(hands):
        natural = Counter(card_rank(c) for c in hand if c not in wild)
        suit_ranks = [natural.get(r, 0) for r in range(13)]
        wilds = sum(1 for c in hand if c in wild)
        best = max(suit_ranks)
        seven = sum(1 for n in suit_ranks if n == 7)
        eight = sum(1 for n in suit_ranks if n == 8)
        wangzha = natural.get(13, 0) >= 1 and natural.get(14, 0) >= 1
        max_bomb = min(best + wilds, 14)
        row.update({
            f"s{seat}_wilds": wilds,
            f"s{seat}_max_natural": best,
            f"s{seat}_seven": seven,
            f"s{seat}_eight": eight,
            f"s{seat}_wangzha": wangzha,
            f"s{seat}_points": sum(points_of(c) for c in hand),
            f"s{seat}_natural_bombs": sum(1 for n in suit_ranks if n >= 4),
            f"s{seat}_max_bomb": max_bomb if max_bomb >= 4 else 0,
            f"s{seat}_best_510k": best_510k(hand, wild, max_wilds_510k),
            f"s{seat}_xi_units": xi[0] * wangzha + xi[1] * seven + xi[2] * eight,
        })
    return row
