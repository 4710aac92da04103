"""Text columns of many boards at once, as bytes: the PBN deal and the auction.

PBN deal (Portable Bridge Notation's ``[Deal]`` tag) from North: ``N:`` then the four hands N, E,
S, W separated by spaces, each ``spades.hearts.diamonds.clubs`` with ranks ``AKQJT98765432`` — always
``PBN_LEN`` = 69 bytes (2 + 52 cards + 12 dots + 3 spaces). Auction: the calls in order separated
by spaces (``P``, ``X``, ``XX``, ``1C`` .. ``7NT``), at most ``AUCTION_CHARS`` bytes. Hand bitmasks
and call codes as in ``kernels.bridge.cards`` and ``kernels.bridge.auction``;
``sim.games.bridge.text`` has the one-board Python versions (and parses PBN).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.bridge.layout import AUCTION_WORDS, MAX_CALLS

PBN_LEN = 69
AUCTION_CHARS = 4 * MAX_CALLS  # a call is at most 3 characters and a space
RANK_BYTES = np.frombuffer(b"23456789TJQKA", np.uint8)
STRAIN_BYTES = np.frombuffer(b"CDHSN", np.uint8)
SEAT_N, COLON, DOT, SPACE = ord("N"), ord(":"), ord("."), ord(" ")
P, X, LEVEL_1, T = ord("P"), ord("X"), ord("1"), ord("T")


@njit(cache=True, nogil=True)
def pbn_chars(hands, ranks, out):
    """PBN deals (from N) of hands ``hands`` (n, 4 seats) int64 bitmasks into ``out`` (n, 69) uint8."""
    for i in range(hands.shape[0]):
        row = out[i]
        row[0] = SEAT_N
        row[1] = COLON
        p = 2
        for seat in range(4):
            if seat:
                row[p] = SPACE
                p += 1
            h = hands[i, seat]
            for suit in range(3, -1, -1):
                if suit != 3:
                    row[p] = DOT
                    p += 1
                for rank in range(12, -1, -1):
                    if (h >> (13 * suit + rank)) & 1:
                        row[p] = ranks[rank]
                        p += 1


@njit(cache=True, nogil=True)
def auction_chars(words, n_calls, strains, out, lengths):
    """The auctions of stored rows (``words`` (n, AUCTION_WORDS) packed calls, ``n_calls`` (n,)) as
    space-separated calls into ``out`` (n, AUCTION_CHARS) uint8; ``lengths[i]`` bytes are used."""
    for i in range(words.shape[0]):
        p = 0
        for k in range(min(n_calls[i], MAX_CALLS)):
            code = (words[i, k // 10] >> (6 * (k % 10))) & 63
            if p:
                out[i, p] = SPACE
                p += 1
            if code == 1:
                out[i, p] = P
                p += 1
            elif code == 2 or code == 3:
                out[i, p] = X
                p += 1
                if code == 3:
                    out[i, p] = X
                    p += 1
            else:
                b = code - 4
                out[i, p] = LEVEL_1 + b // 5
                out[i, p + 1] = strains[b % 5]
                p += 2
                if b % 5 == 4:
                    out[i, p] = T
                    p += 1
        lengths[i] = p


assert AUCTION_WORDS * 10 == MAX_CALLS
