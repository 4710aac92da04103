"""Pieces of a heuristic player for the partnership games (teams {0, 2} and {1, 3}) that more than
one game's players share, over the family's move kinds (``kernels.climb.moves``)."""

from __future__ import annotations

from numba import njit

from kernels.climb.moves import PAIR, SINGLE


@njit(cache=True, nogil=True, inline="always")
def lead_cost(cost, kind, rank, feed, enemy):
    """``cost`` of leading a play of ``kind`` and ``rank`` (lower leads first), with the table in
    mind: a single first when it feeds the partner's last card (``feed``); against an opponent on
    one card no low single, on two cards no low pair (``enemy``: the fewest cards an opponent holds)."""
    if kind == SINGLE:
        if feed:
            return -100000 + rank
        if enemy == 1:
            return cost + (20000 - 100 * rank)
    elif kind == PAIR and enemy == 2:
        return cost + (10000 - 100 * rank)
    return cost
