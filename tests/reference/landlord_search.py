"""Pure-Python twin of the landlord family's search sampling (kernels.landlord.search): the same
hidden-card deal in rank counts, bit for bit (on the shared twin of ``deal_counts``)."""

from __future__ import annotations

from tests.reference.rng import Stream
from tests.reference.search import deal_counts


def sample_world(seat: int, counts: list[list[int]], hand_left: list[int], landlord: int, shown: list[bool],
                 need: list[int], stream: Stream) -> list[list[int]]:
    """Every seat's rank counts in one sampled world: ``seat`` and the ``shown`` seats keep theirs;
    the others' cards are pooled and dealt again, ``hand_left`` each, the landlord (when hidden)
    first receiving ``need``."""
    n = len(hand_left)
    fixed = [s == seat or bool(shown[s]) for s in range(n)]
    pool = [sum(counts[s][r] for s in range(n) if not fixed[s]) for r in range(15)]
    sizes = [0 if fixed[s] else hand_left[s] for s in range(n)]
    give = landlord >= 0 and not fixed[landlord]
    if give:
        pool = [p - k for p, k in zip(pool, need)]
        sizes[landlord] -= sum(need)
    dealt = deal_counts(pool, sizes, fixed, stream)
    world = []
    for s in range(n):
        row = list(counts[s][:15]) if fixed[s] else list(dealt[s])
        if give and s == landlord:
            row = [a + b for a, b in zip(row, need)]
        world.append(row)
    return world
