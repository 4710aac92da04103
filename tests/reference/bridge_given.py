"""Pure-Python twin of ``kernels.bridge.deal.deal_board`` with given hands: the batched shuffle of
``tests.reference.bridge`` applied to the deck as it stands, the ``place_fixed`` twin, and the
HCP / suit-length test, repeated on the same stream until the deal meets every constraint."""

from __future__ import annotations

from tests.reference.bridge import BATCHES, batch_draws, hcp, lengths
from tests.reference.deal import place_fixed
from tests.reference.rng import Stream


def shuffle(stream: Stream, deck: list[int]) -> None:
    x = 0
    for b, (top, size) in enumerate(BATCHES):
        if b % 2 == 0:
            x = stream.next_u64()
            x32 = x >> 32
        else:
            x32 = x & 0xFFFFFFFF
        for k, j in enumerate(batch_draws(stream, x32, [top - k for k in range(size)])):
            i = top - 1 - k
            deck[i], deck[j] = deck[j], deck[i]


def meets(hands: list[list[int]], constraints) -> bool:
    """``constraints`` rows as the kernel's: seat, HCP lo, hi, then (lo, hi) of ♣ ♦ ♥ ♠ lengths."""
    for row in constraints:
        hand = hands[row[0]]
        if not row[1] <= hcp(hand) <= row[2]:
            return False
        if any(not row[3 + 2 * s] <= n <= row[4 + 2 * s] for s, n in enumerate(lengths(hand))):
            return False
    return True


def given_deal(seed: int, game_index: int, fixed, constraints) -> list[list[int]]:
    """The four hands (N, E, S, W) of a deal with given hands (``fixed``: (cards, positions) groups)."""
    stream = Stream(seed, game_index)
    deck = list(range(52))
    while True:
        shuffle(stream, deck)
        place_fixed(stream, deck, fixed)
        hands = [[deck[p] for p in range(seat, 52, 4)] for seat in range(4)]
        if meets(hands, constraints):
            return hands
