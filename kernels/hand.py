"""Hand encodings and the per-hand features that census and play share.

Two encodings of one seat's holding (DESIGN principle 3):

* **Packed rank counts** — one ``uint64`` with 4 bits per rank index (nibble ``r`` = natural
  cards of rank ``r``, 0:3 .. 12:2, 13:SJ, 14:BJ; see ``kernels.cards``) and the number of wild
  cards in nibble 15. Adding a card is one add of its increment ``1 << 4*r``; a two-deck game
  never holds more than 8 of a rank, so nibbles never overflow.
* **Packed 五十K holdings** — one ``uint64``, nibble ``4*k + s`` = natural cards of suit ``s``
  and rank ``(5, 10, K)[k]``; what 正五十K needs.

The per-card increments come from the ruleset's card table (``packed_increments``), so a kernel
never hard-codes which physical cards are wild.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.cards import R5, R10, RK, RSJ, RBJ

WILD_NIBBLE = 15
FIFTY_K_RANKS = (R5, R10, RK)
# best_510k codes, ordered by strength so that max() is the best one held:
# 0 none, 1 杂, and 正五十K of suit s has code 5 - s (♠ 5, ♥ 4, ♣ 3, ♦ 2)
FIFTY_K_NONE, FIFTY_K_ZA = 0, 1


def packed_increments(card_table: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per physical card: its increment of the packed rank counts and of the 五十K holdings.

    ``card_table`` rows are (rank, suit, is_wild, points) as compiled by a game's ruleset.
    """
    rank, suit, wild = card_table[0], card_table[1], card_table[2]
    n = card_table.shape[1]
    inc_rank = np.zeros(n, np.uint64)
    inc_fk = np.zeros(n, np.uint64)
    for c in range(n):
        if wild[c]:
            inc_rank[c] = np.uint64(1) << np.uint64(4 * WILD_NIBBLE)
            continue
        inc_rank[c] = np.uint64(1) << np.uint64(4 * int(rank[c]))
        if int(rank[c]) in FIFTY_K_RANKS:
            k = FIFTY_K_RANKS.index(int(rank[c]))
            inc_fk[c] = np.uint64(1) << np.uint64(4 * (4 * k + int(suit[c])))
    return inc_rank, inc_fk


@njit(cache=True, nogil=True, inline="always")
def encode_seat(deck, seat, n_seats, hand_size, inc_rank, inc_fk, card_points):
    """(packed rank counts, packed 五十K holdings, points) of one seat of a shuffled deck.

    The seat's cards are deck positions ``seat, seat + n_seats, ...`` (kernels.deal convention).
    """
    packed = np.uint64(0)
    fk = np.uint64(0)
    points = 0
    for k in range(hand_size):
        c = deck[k * n_seats + seat]
        packed += inc_rank[c]
        fk += inc_fk[c]
        points += card_points[c]
    return packed, fk, points


@njit(cache=True, nogil=True, inline="always")
def nibble(packed, i):
    """Field ``i`` (0..15) of a packed uint64."""
    return np.int64((packed >> np.uint64(4 * i)) & np.uint64(15))


_LOW_BITS = np.uint64(0x1111111111111111)  # bit 0 of every nibble
_SUIT_RANKS = np.uint64(0x0001111111111111)  # bit 0 of nibbles 0..12 (ranks 3..2)


@njit(cache=True, nogil=True, inline="always")
def _sum_flags(flags):
    """Number of nibbles whose value is 1, for ``flags`` holding only 0/1 nibbles."""
    return np.int64((flags * _LOW_BITS) >> np.uint64(60))


@njit(cache=True, nogil=True, inline="always")
def _zero_nibbles(x):
    """Flag (bit 0) of every nibble of ``x`` that is zero, limited to ranks 3..2."""
    nonzero = (x | (x >> np.uint64(1)) | (x >> np.uint64(2)) | (x >> np.uint64(3))) & _LOW_BITS
    return ~nonzero & _SUIT_RANKS


@njit(cache=True, nogil=True)
def rank_profile(packed):
    """(largest natural count of a rank 3..2, ranks with exactly 7, exactly 8, ranks with >= 4).

    Branch-free SWAR over the 13 suit-rank nibbles (counts never exceed 8).
    """
    sevens = _sum_flags(_zero_nibbles(packed ^ np.uint64(0x7777777777777777)))
    eights = _sum_flags(_zero_nibbles(packed ^ np.uint64(0x8888888888888888)))
    fours = _sum_flags(((packed >> np.uint64(2)) | (packed >> np.uint64(3))) & _SUIT_RANKS)
    # maximum: keep the nibbles that have the highest bit seen so far, bit 3 down to bit 0
    candidates = _SUIT_RANKS
    best = 0
    for b in range(3, -1, -1):
        sel = candidates & (packed >> np.uint64(b))
        if sel:
            best |= 1 << b
            candidates = sel
    return best, sevens, eights, fours


@njit(cache=True, nogil=True)
def wild_count(packed):
    return nibble(packed, WILD_NIBBLE)


@njit(cache=True, nogil=True)
def has_joker_pair(packed):
    """Holds a natural 小王 and a natural 大王 (王炸)."""
    return nibble(packed, RSJ) >= 1 and nibble(packed, RBJ) >= 1


@njit(cache=True, nogil=True)
def max_bomb_size(best_natural, wilds, min_size, max_size):
    """Largest bomb reachable: best natural count plus every wild, capped; 0 if below min_size."""
    size = best_natural + wilds
    if size > max_size:
        size = max_size
    return size if size >= min_size else 0


@njit(cache=True, nogil=True)
def best_fifty_k(fk, wilds, max_wilds):
    """Best 五十K from packed holdings ``fk``: 5 - suit for 正 (♠ 5 .. ♦ 2), 1 杂, 0 none.

    ``max_wilds`` is how many wilds one 五十K may use (0: none). A 五十K is 正 when all its
    natural cards share a suit.
    """
    w = wilds if wilds < max_wilds else max_wilds
    present = (fk | (fk >> np.uint64(1))) & np.uint64(0x111111111111)  # counts are 0..2
    mask16 = np.uint64(0xFFFF)
    # nibble s of per_suit = how many of 5, 10, K are held in suit s
    per_suit = (present & mask16) + ((present >> np.uint64(16)) & mask16) + ((present >> np.uint64(32)) & mask16)
    for s in range(4):  # ♠ first: the strongest 正 wins
        held = nibble(per_suit, s)
        if held >= 1 and held + w >= 3:
            return 5 - s
    # 杂 needs naturals of at least two of the three ranks, wilds filling the rest. No 正 was
    # found, so no suit holds enough of them: any such choice is mixed-suit.
    ranks_held = 0
    for k in range(3):
        if (present >> np.uint64(16 * k)) & mask16:
            ranks_held += 1
    if ranks_held >= 2 and ranks_held + w >= 3:
        return FIFTY_K_ZA
    return FIFTY_K_NONE


@njit(cache=True, nogil=True)
def unpack_counts(packed, counts):
    """Packed rank counts → ``counts[16]`` (nibble 15 = wilds)."""
    for i in range(16):
        counts[i] = nibble(packed, i)
