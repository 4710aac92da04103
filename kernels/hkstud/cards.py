"""港式五张's 28-card deck (8..A in four suits) and its local card ids.

Kernels work on local ids ``0..27``: ``rank = id >> 2`` (0:8 1:9 2:10 3:J 4:Q 5:K 6:A) and
``suit = id & 3`` (0 ♠, 1 ♥, 2 ♣, 3 ♦; ♠ is the best suit, so a suit's *strength* is
``3 - suit``). They are the shared ids of ``kernels.cards`` minus 20 (the 8s start at shared rank
index 5, and the suit order is the same), so rows store shared ids (``local + FIRST_SHARED``) and
every other module reads them with the shared helpers.

Plain Python: importing it compiles nothing.
"""

from __future__ import annotations

N_CARDS = 28
N_RANKS = 7
FIRST_SHARED = 20  # shared id of ♠8
RANK_NAMES = ("8", "9", "10", "J", "Q", "K", "A")
SUIT_SYMBOLS = ("♠", "♥", "♣", "♦")
HAND_SIZE = 5  # one hole card (底牌) and four up-cards (明牌)

# category codes (identity; the ruleset decides their ranking order, flush vs full house)
HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)
CATEGORY_NAMES = ("散牌", "对子", "二对", "三条", "顺子", "同花", "葫芦", "铁支", "同花顺")
N_CATEGORIES = 9


def local_id(rank: int, suit: int) -> int:
    return rank * 4 + suit


def to_shared(local: int) -> int:
    return local + FIRST_SHARED


def to_local(shared: int) -> int:
    return shared - FIRST_SHARED


def name(local: int) -> str:
    return SUIT_SYMBOLS[local & 3] + RANK_NAMES[local >> 2]
