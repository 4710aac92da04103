"""Pure-Python twin of the 关牌 search player's sampling (``kernels.guanpai.search``): the pool of
rank counts a seat cannot see and the opponent's hand dealt from it, bit for bit."""

from __future__ import annotations

from tests.reference import search as ref
from tests.reference.rng import Stream


def unseen_pool(seat: int, pack: list[int], dealt: list[list[int]], counts: list[list[int]]) -> list[int]:
    """Never dealt (the pack less both dealt hands) plus the opponent's hand now."""
    opp = 1 - seat
    return [pack[r] - dealt[0][r] - dealt[1][r] + counts[opp][r] for r in range(16)]


def sample_opponent(seat: int, pool: list[int], hand_left: list[int], stream: Stream) -> list[int]:
    """The opponent's rank counts of one sampled world (``hand_left[opp]`` cards from ``pool``)."""
    fixed = [s == seat for s in range(2)]
    return ref.deal_counts(pool, hand_left, fixed, stream)[1 - seat]
