"""Pieces that more than one partnership game (teams {0, 2} and {1, 3}) shares, over
the family's move kinds (``kernels.climb.moves``): the start of a hand on the climbing core (the
players' lead cost is ``kernels.climb.plan.lead_cost``)."""

from __future__ import annotations

from numba import njit

from kernels.climb import steps
from kernels.climb.loop import CL_HAND_SIZE, END_FIRST_OUT_OR_TEAM, GS_DIRECTION, GS_END_RULE, GS_REVEALED


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
