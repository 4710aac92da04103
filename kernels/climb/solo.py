"""The start of a hand for the climbing games without partners (every seat plays for himself), on
the climbing core (``kernels.climb.state``, ``kernels.climb.loop``)."""

from __future__ import annotations

from numba import njit

from kernels.climb import steps
from kernels.climb.loop import COUNTER_CLOCKWISE, GS_DIRECTION, GS_END_RULE, GS_LONE_SEAT, GS_LONE_SIDE


@njit(cache=True, nogil=True, inline="always")
def start_hand(st, leader, banker, lone_seat, end_rule):
    """The climbing core of ``st`` ready for the hand just dealt into ``st.counts``, led by
    ``leader``: no partner (the lone-side end rule, ``lone_seat`` its lone seat or -1), ``banker``
    (-1 none), play counter-clockwise under ``end_rule``; each seat's ``hand_left`` is the cards
    its counts hold, nothing played, nobody out. The game's own ``gs`` slots start at 0."""
    steps.start_tricks(st, leader, banker, -1)
    gs = st.gs
    gs[GS_LONE_SIDE] = 1
    gs[GS_LONE_SEAT] = lone_seat
    gs[GS_DIRECTION] = COUNTER_CLOCKWISE
    gs[GS_END_RULE] = end_rule
    for s in range(st.hand_left.shape[0]):
        st.hand_left[s] = 0
        for r in range(st.counts.shape[1]):
            st.hand_left[s] += st.counts[s, r]
