"""Card encoding shared by every kernel and by the pure-Python references.

Physical card id (int16, 0..54*n_decks-1), for packs made of standard 54-card decks::

    card = deck * 54 + k
    k in 0..51  -> rank_index = k // 4, suit = k % 4
    k == 52     -> 小王 SJ (small/black joker)
    k == 53     -> 大王 BJ (big/red joker)

Rank index (the climbing order of most games here)::

    0:3  1:4  2:5  3:6  4:7  5:8  6:9  7:10  8:J  9:Q  10:K  11:A  12:2  13:SJ  14:BJ

Suit index: 0 ♠ 黑桃, 1 ♥ 红桃, 2 ♣ 梅花, 3 ♦ 方块 (also the 正五十K order ♠ > ♥ > ♣ > ♦).

A game's ruleset turns this into per-card tables (rank, suit, points, wild flag) so that a kernel
never needs to know which physical cards are special (for example wild cards such as the red 3s
of both decks, ids 1, 3, 55, 57, or one deck's jokers, 106 SJ and 107 BJ).

This module is plain Python (no numba) so that it can be imported anywhere cheaply.
"""

from __future__ import annotations

N_RANKS = 15  # 13 suit ranks + SJ + BJ
N_SUIT_RANKS = 13
N_SUITS = 4
CARDS_PER_DECK = 54

R3, R4, R5, R6, R7, R8, R9, R10, RJ, RQ, RK, RA, R2, RSJ, RBJ = range(15)

RANK_NAMES = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "小王", "大王"]
SUIT_SYMBOLS = ["♠", "♥", "♣", "♦"]
SUIT_NAMES_ZH = ["黑桃", "红桃", "梅花", "方块"]


def card_id(rank: int, suit: int = 0, deck: int = 0) -> int:
    """Physical id of a card; for jokers (rank 13/14) the suit is ignored."""
    if rank == RSJ:
        return deck * CARDS_PER_DECK + 52
    if rank == RBJ:
        return deck * CARDS_PER_DECK + 53
    return deck * CARDS_PER_DECK + rank * 4 + suit


def card_rank(card: int) -> int:
    """Rank index (0..14) of a physical card id."""
    k = card % CARDS_PER_DECK
    return 13 + (k - 52) if k >= 52 else k // 4


def card_suit(card: int) -> int:
    """Suit index (0..3) of a physical card id; -1 for jokers."""
    k = card % CARDS_PER_DECK
    return -1 if k >= 52 else k % 4


def card_name(card: int) -> str:
    """Readable Chinese-style name, e.g. '♠10', '大王'."""
    r, s = card_rank(card), card_suit(card)
    if s < 0:
        return RANK_NAMES[r]
    return SUIT_SYMBOLS[s] + RANK_NAMES[r]


def card_points_5_10_k(card: int) -> int:
    """Point value of a natural card in the 5/10/K games: 5 → 5, 10 → 10, K → 10."""
    r = card_rank(card)
    return 5 if r == R5 else 10 if r in (R10, RK) else 0
