"""Bit counting on uint64 hand masks: LLVM's ctpop / cttz / ctlz as numba intrinsics."""

from __future__ import annotations

import numpy as np

from numba import njit, types
from numba.extending import intrinsic


@intrinsic
def _ctpop(typingctx, x):
    sig = types.uint64(types.uint64)

    def codegen(context, builder, signature, args):
        return builder.ctpop(args[0])

    return sig, codegen


@intrinsic
def _cttz(typingctx, x):
    sig = types.uint64(types.uint64)

    def codegen(context, builder, signature, args):
        return builder.cttz(args[0], context.get_constant(types.boolean, False))

    return sig, codegen


@intrinsic
def _ctlz(typingctx, x):
    sig = types.uint64(types.uint64)

    def codegen(context, builder, signature, args):
        return builder.ctlz(args[0], context.get_constant(types.boolean, False))

    return sig, codegen


@njit(cache=True, nogil=True)
def popcount(x):
    """Number of set bits of a uint64."""
    return np.int64(_ctpop(np.uint64(x)))


@njit(cache=True, nogil=True)
def lowest_bit(x):
    """Index of the lowest set bit (64 for 0)."""
    return np.int64(_cttz(np.uint64(x)))


@njit(cache=True, nogil=True)
def highest_bit(x):
    """Index of the highest set bit (-1 for 0)."""
    return 63 - np.int64(_ctlz(np.uint64(x)))


@njit(cache=True, nogil=True)
def nth_bit(x, k):
    """Index of the k-th lowest set bit of ``x`` (k from 0)."""
    x = np.uint64(x)
    for _ in range(k):
        x &= x - np.uint64(1)
    return lowest_bit(x)

