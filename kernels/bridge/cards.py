"""Bridge card ids, seats and strains (plain Python; the kernels use the same integers).

Card id (0..51), in the auction's strain order so that a suit index is also a strain index::

    card = suit * 13 + rank
    rank  0:2  1:3  2:4  3:5  4:6  5:7  6:8  7:9  8:T  9:J  10:Q  11:K  12:A
    suit  0 ♣ clubs   1 ♦ diamonds   2 ♥ hearts   3 ♠ spades
    strain = suit for suit contracts, 4 = NT (无将); so ♣ < ♦ < ♥ < ♠ < NT (spec §2)

A hand is a ``uint64`` bitmask with bit ``card`` set for every card held: suit ``s`` is the 13-bit
*holding* ``(hand >> 13*s) & 0x1FFF`` (bit r = rank r), so a higher card is a higher bit.

Seats (spec §1, clockwise, BR-1): 0 N, 1 E, 2 S, 3 W; partner = seat ^ 2 (N-S = even seats).
Dealing uses ``kernels.deal``'s convention on the shuffled bridge deck ``0..51``: deck position
``p`` goes to seat ``p % 4`` (N, E, S, W, one card at a time); only which cards a seat receives
matters in bridge.

``kernels.cards`` numbers the same 52 cards differently (rank 0:3 .. 11:A, 12:2; suits 0♠ 1♥ 2♣
3♦; id = rank * 4 + suit); ``to_shared`` / ``from_shared`` convert between the two.
"""

from __future__ import annotations

N_CARDS = 52
N_RANKS = 13
N_SUITS = 4
N_SEATS = 4
NT = 4
N_STRAINS = 5
HOLDING_MASK = (1 << 13) - 1

CLUBS, DIAMONDS, HEARTS, SPADES = range(4)
NORTH, EAST, SOUTH, WEST = range(4)

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "CDHS"
SUIT_SYMBOLS = "♣♦♥♠"
STRAIN_CHARS = ("C", "D", "H", "S", "NT")
SEAT_CHARS = "NESW"

_SHARED_SUIT = (2, 3, 1, 0)  # bridge suit -> kernels.cards suit (♣ 2, ♦ 3, ♥ 1, ♠ 0)
_BRIDGE_SUIT = (3, 2, 0, 1)  # kernels.cards suit -> bridge suit


def card(suit: int, rank: int) -> int:
    return suit * N_RANKS + rank


def card_suit(c: int) -> int:
    return c // N_RANKS


def card_rank(c: int) -> int:
    return c % N_RANKS


def card_name(c: int) -> str:
    """e.g. 'SA' for the ace of spades, 'C2' for the two of clubs."""
    return SUIT_CHARS[card_suit(c)] + RANK_CHARS[card_rank(c)]


def to_shared(c: int) -> int:
    """The ``kernels.cards`` id (deck 0) of bridge card ``c``; the shared rank index of a 2 is 12."""
    shared_rank = (card_rank(c) + 12) % 13  # bridge rank 0 (the 2) -> shared 12, 3 -> 0 ...
    return shared_rank * 4 + _SHARED_SUIT[card_suit(c)]


def from_shared(shared_id: int) -> int:
    """The bridge id of a natural card id of ``kernels.cards`` (any deck; jokers are refused)."""
    k = shared_id % 54
    if k >= 52:
        raise ValueError("bridge has no jokers")
    return card(_BRIDGE_SUIT[k % 4], (k // 4 + 1) % 13)


def holding(mask: int, suit: int) -> int:
    return (mask >> (13 * suit)) & HOLDING_MASK
