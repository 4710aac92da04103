"""``kernels.climb.solo.start_hand``: the climbing core of a dealt hand without partners, against
what it should hold written out by hand (the hand sizes summed in Python)."""

from __future__ import annotations

import numpy as np

from kernels.climb.loop import (
    COUNTER_CLOCKWISE, END_BY_GAME, GS_BANKER, GS_DIRECTION, GS_END_RULE, GS_FAMILY, GS_LEN, GS_LONE_SEAT,
    GS_LONE_SIDE, GS_N_TURNS, GS_PARTNER, GS_TOP_SEAT, GS_TURN,
)
from kernels.climb.solo import start_hand
from kernels.climb.state import SA_LEN
from tests.kernels.state_fixture import COIN


def test_start_hand_sets_the_core_for_the_dealt_counts():
    st = COIN.allocate({"rules": np.zeros(8, np.int64), "mv": np.zeros(1), "search_at": np.zeros(SA_LEN, np.int64)},
                       seats=3, ranks=16, row=4, params=2, max_moves=4, scratch=2, log_rows=1, money=1)
    rng = np.random.default_rng(5)
    st.counts[:] = rng.integers(0, 4, st.counts.shape)
    st.gs[:] = 7  # leftovers of a previous hand
    st.order[:], st.captured[:], st.seat_flags[:], st.top[:] = 1, 9, 1, 3
    start_hand(st, 2, 0, -1, END_BY_GAME)
    want = np.zeros(GS_LEN, np.int64)
    want[[GS_TURN, GS_TOP_SEAT, GS_LONE_SIDE, GS_LONE_SEAT, GS_BANKER, GS_PARTNER]] = [2, -1, 1, -1, 0, -1]
    want[GS_DIRECTION], want[GS_END_RULE] = COUNTER_CLOCKWISE, END_BY_GAME
    assert st.gs.tolist() == want.tolist() and st.gs[GS_FAMILY] == 0 and st.gs[GS_N_TURNS] == 0
    assert st.hand_left.tolist() == [int(sum(row)) for row in st.counts.tolist()]
    assert (st.order == -1).all() and (st.captured == 0).all() and (st.seat_flags == 0).all() and (st.top == 0).all()
