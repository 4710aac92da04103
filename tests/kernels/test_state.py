"""Declared state (kernels.state) and the one search driver (kernels.climb.search_driver)."""

from __future__ import annotations

import importlib

import numpy as np
import pytest
from numba import njit

from kernels.state import Slot, StateLayout, _BY_CLASS, borrow, clone, copy_into, hold
from tests.kernels.state_fixture import COIN, decide, new_state


@njit(cache=True, nogil=True)
def _clone_and_copy(st):
    a = clone(st)
    a.gs[0] = 99
    b = clone(st)
    copy_into(b, a)
    return a, b


def test_allocate_follows_the_declaration():
    st = new_state([0, 0, 0, 0])
    assert st.counts.shape == (4, 16) and st.counts.dtype == np.int64 and st.rng.dtype == np.uint64
    with pytest.raises(ValueError, match="dimensions not given"):
        COIN.allocate(seats=4)
    with pytest.raises(ValueError, match="wants int64"):
        COIN.allocate({"rules": np.zeros(3)}, seats=4, ranks=16, row=4, params=2, max_moves=4, scratch=2,
                      log_rows=1, money=1)
    with pytest.raises(ValueError, match="repeated"):
        StateLayout("Bad", __name__, [Slot("a", "int64", (1,), ""), Slot("a", "int64", (1,), "")])


def test_clone_copies_what_it_should_and_shares_the_rest():
    st = new_state([1.0, 2.0, 3.0, 4.0])
    st.counts[1, 2] = 5
    a, b = _clone_and_copy(st)
    assert a.counts[1, 2] == 5 and a.counts is not st.counts and a.prize.tolist() == [1, 2, 3, 4]
    assert a.gs[0] == 99 and st.gs[0] == 0 and b.gs[0] == 99  # copy_into copied the clone
    assert np.shares_memory(a.rules, st.rules) and np.shares_memory(a.mv, st.mv)  # shared run constants
    assert not np.shares_memory(a.moves, st.moves) and a.moves.shape == st.moves.shape  # scratch: own buffer


def test_every_declared_state_class_can_be_found_again():
    """numba's cache pickles a state type by module and name: the class must live there."""
    import sim.registry  # noqa: F401  (imports every game, and so every declared state)

    for cls, layout in _BY_CLASS.items():
        if layout.module.startswith("tests."):
            continue
        assert getattr(importlib.import_module(layout.module), cls.__name__) is cls, layout.name


def test_the_driver_keeps_the_heuristic_without_evidence_and_leaves_it_with_it():
    cand = np.array([0, 1, 2, 3], np.int64)
    st = new_state([1.0, 1.0, 1.0, 0.0])  # all equal: keep candidate 0
    assert decide(st, cand, 4) == 0
    assert st.row[:3].tolist() == [1, 8 * 3, 1]  # option 3 is never played: 3 rollouts a world
    st = new_state([1.0, 3.0, 2.0, 0.0])  # option 1 pays 2 more in every world: an exact paired gain
    assert decide(st, cand, 4) == 1 and st.row[2] == 0
    assert st.gs.tolist() == new_state([0] * 4).gs.tolist()  # the hand itself is untouched
    assert st.rng.tolist() == [1, 2, 3, 4]


@njit(cache=True, nogil=True)
def _write_through_borrow(st):
    b = borrow(st)
    b.counts[2, 3] = 7
    return b.counts[2, 3] + st.counts[2, 3]


def test_a_borrowed_state_is_the_same_memory():
    st = new_state([0.0] * 4)
    assert _write_through_borrow(st) == 14 and st.counts[2, 3] == 7


@njit(cache=True, nogil=True)
def _read_a_held_clone(template):
    st = clone(template)
    view = borrow(st)  # no reference count: only st keeps the memory
    fresh = []
    for _ in range(40):  # allocations of the same size, which would reuse st's memory were it freed
        fresh.append(np.full(view.counts.shape, 7))
    total = view.counts.sum() + len(fresh) * 0
    hold(st)
    return total


def test_hold_keeps_a_borrowed_clone_alive():
    """numba frees ``st`` after its last use; ``hold(st)`` is that use (``run.play_block``'s rule).
    Without it this function read the fresh arrays' 7s (448) instead of the clone's 64 ones."""
    template = new_state([0.0] * 4)
    template.counts[:] = 1
    assert _read_a_held_clone(template) == template.counts.size
