"""Readable text of bridge facts: calls, auctions, contracts, hands and PBN deals.

PBN deal string (Portable Bridge Notation, the ``[Deal]`` tag): ``"N:hand hand hand hand"`` with
the hands clockwise from the first seat named, each ``spades.hearts.diamonds.clubs`` with ranks
``AKQJT98765432``. Hand bitmasks as in ``kernels.bridge.cards``.
"""

from __future__ import annotations

import numpy as np

from kernels.bridge.cards import RANK_CHARS, SEAT_CHARS, STRAIN_CHARS

CALL_NAMES = {1: "P", 2: "X", 3: "XX"}


def call_name(code: int) -> str:
    """'P', 'X', 'XX' or a bid such as '1NT', '4S'."""
    if code in CALL_NAMES:
        return CALL_NAMES[code]
    b = code - 4
    return f"{b // 5 + 1}{STRAIN_CHARS[b % 5]}"


def auction_calls(words) -> list[int]:
    """Call codes of a stored auction (the ``auction0..`` words of a row)."""
    calls = []
    for w in words:
        w = int(w)
        for k in range(10):
            code = (w >> (6 * k)) & 63
            if code == 0:
                return calls
            calls.append(code)
    return calls


def auction_text(words, dealer: int) -> str:
    """e.g. 'E: 1H P 2H P P P' (the dealer's letter, then the calls in order)."""
    return SEAT_CHARS[dealer] + ": " + " ".join(call_name(c) for c in auction_calls(words))


def holding_text(mask: int, suit: int) -> str:
    h = (int(mask) >> (13 * suit)) & 0x1FFF
    return "".join(RANK_CHARS[r] for r in range(12, -1, -1) if h >> r & 1)


def hand_pbn(mask: int) -> str:
    """One hand as 'AK32.QJ4.T98.765' (spades first)."""
    return ".".join(holding_text(mask, s) for s in (3, 2, 1, 0))


def deal_pbn(masks, first: int = 0) -> str:
    """PBN deal string of four hand bitmasks (seat order N, E, S, W), starting with seat ``first``."""
    return SEAT_CHARS[first] + ":" + " ".join(hand_pbn(masks[(first + k) % 4]) for k in range(4))


def deals_pbn(hands: np.ndarray) -> np.ndarray:
    """PBN strings (from N) of an (n, 4) array of hand bitmasks: the stored deals of a run."""
    return np.array([deal_pbn(row) for row in np.asarray(hands)], dtype=object)


def parse_pbn(text: str) -> list[int]:
    """Hand bitmasks (N, E, S, W) of a PBN deal string."""
    first, rest = text.strip().split(":")
    masks = [0, 0, 0, 0]
    seat = SEAT_CHARS.index(first.strip().upper())
    for k, hand in enumerate(rest.split()):
        for suit, cards in zip((3, 2, 1, 0), hand.split(".")):
            for ch in cards:
                masks[(seat + k) % 4] |= 1 << (13 * suit + RANK_CHARS.index(ch.upper()))
    return masks


