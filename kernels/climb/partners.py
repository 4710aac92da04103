"""Pieces that more than one partnership game (teams {0, 2} and {1, 3}) shares, over
the family's move kinds (``kernels.climb.moves``): the start of a hand on the climbing core, and
the players' lead cost."""

from __future__ import annotations

from numba import njit

from kernels.climb import steps
from kernels.climb.loop import CL_HAND_SIZE, END_FIRST_OUT_OR_TEAM, GS_DIRECTION, GS_END_RULE, GS_REVEALED
from kernels.climb.moves import PAIR, SINGLE


@njit(cache=True, nogil=True, inline="always")
def start_hand(st, leader, jiefeng_partner, direction):
    """The climbing core of ``st`` ready for a dealt hand led by ``leader``: the teams {0, 2} and
    {1, 3} under the shared partnership end rule, 接风 to the partner (``jiefeng_partner``) or to
    the next seat, play in ``direction``; every seat holds the rules' hand size, nothing played."""
    steps.start_tricks(st, leader, 0, 2)
    gs = st.gs
    gs[GS_REVEALED] = 1 if jiefeng_partner else 0
    gs[GS_DIRECTION] = direction
    gs[GS_END_RULE] = END_FIRST_OUT_OR_TEAM
    st.hand_left[:] = st.rules[CL_HAND_SIZE]

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
