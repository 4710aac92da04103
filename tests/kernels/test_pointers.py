"""A kernel handed down as a function value (``kernels.pointers.FunctionValue``): the caller gets the
callee's result through its address, a function value can take another (the run driver hands a
game's block entry a ``search_on`` value), and the caller's compiled code does not hold the callee's
(the reason for it: numba re-emits linked code at every level above it)."""

from __future__ import annotations

import numpy as np
from numba import njit, typeof, types

from kernels.pointers import FunctionValue


@njit(nogil=True)
def _bonus(xs, k, j):
    return xs[0] * 1000 + k * 10 + j


@njit(nogil=True)
def _block(xs, k, bonus):
    """A block entry: adds ``bonus(xs, k, 1)`` when a bonus is given (pruned when None)."""
    total = np.int64(0)
    for i in range(xs.shape[0]):
        total += xs[i] * k
    if bonus is not None:
        total += bonus(xs, k, np.int64(1))
    return total


@njit(nogil=True)
def _driver(xs, block, bonus):
    """The caller: knows ``block`` only as a function value."""
    s = np.int64(0)
    for k in range(3):
        s += block(xs, np.int64(k), bonus)
    return s


def _values(xs, with_bonus):
    i64 = types.int64
    bonus = FunctionValue(_bonus, i64(typeof(xs), i64, i64)) if with_bonus else None
    return FunctionValue(_block, i64(typeof(xs), i64, typeof(bonus))), bonus


def test_a_call_through_the_value_is_the_direct_call():
    xs = np.array([3, 1, 4], np.int64)
    for with_bonus in (False, True):
        block, bonus = _values(xs, with_bonus)
        assert typeof(block) == types.FunctionType(block._sig)
        want = sum(_block(xs, k, bonus) for k in range(3))
        assert _driver(xs, block, bonus) == want
    assert _driver(xs, *_values(xs, True)) == 8 * 3 + 3 * 3000 + 30 + 3  # sum(xs)*(0+1+2) + bonuses


def test_the_caller_does_not_hold_the_callees_code():
    xs = np.array([2, 7], np.int64)
    block, bonus = _values(xs, True)
    _driver(xs, block, bonus)
    ir = "".join(_driver.inspect_llvm().values())
    assert "_block" not in ir and "_bonus" not in ir  # called through an address, not linked in
    direct = njit(lambda xs: _block(xs, np.int64(1), None))
    direct(xs)
    assert "_block" in "".join(direct.inspect_llvm().values())  # a plain call links the callee
