"""Rank bitmasks for the players' hand planner: bit r = rank index r (0:3 .. 12:2).

A hand is split by count into four masks (held once, twice, three times, four or more); runs
of equal pairs or triples are runs of set bits. ``set_class`` moves one rank to the mask of a new
count, so that a player can plan "the hand after this move" by touching only the ranks the move
takes, with scalars only (no array views per move).

These helpers know nothing of a particular game: any climbing game's players may plan with them.
"""

from __future__ import annotations

from numba import njit


@njit(cache=True, nogil=True, inline="always")
def popcount(x):
    """Set bits of a non-negative int below 2**16."""
    x = x - ((x >> 1) & 0x5555)
    x = (x & 0x3333) + ((x >> 2) & 0x3333)
    x = (x + (x >> 4)) & 0x0F0F
    return (x + (x >> 8)) & 0x1F


@njit(cache=True, nogil=True, inline="always")
def set_class(m1, m2, m3, m4, r, c):
    """The four masks with rank r moved to the mask of count c (none when c is 0)."""
    bit = 1 << r
    m1 &= ~bit
    m2 &= ~bit
    m3 &= ~bit
    m4 &= ~bit
    if c >= 4:
        m4 |= bit
    elif c == 3:
        m3 |= bit
    elif c == 2:
        m2 |= bit
    elif c == 1:
        m1 |= bit
    return m1, m2, m3, m4


@njit(cache=True, nogil=True, inline="always")
def pack_counts(c, n):
    """Counts ``c[:n]`` packed 4 bits a rank into an int64 (n <= 15; counts below 16)."""
    p = 0
    for r in range(n):
        p |= c[r] << (4 * r)
    return p


@njit(cache=True, nogil=True, inline="always")
def rank_masks(c):
    """Masks of the ranks 0..12 held 1, 2, 3 and >= 4 times, from counts ``c``."""
    m1 = m2 = m3 = m4 = 0
    for r in range(13):
        m1, m2, m3, m4 = set_class(m1, m2, m3, m4, r, c[r])
    return m1, m2, m3, m4


@njit(cache=True, nogil=True, inline="always")
def chain_runs(m, min_len):
    """(maximal runs of >= min_len consecutive set bits among ranks 3..A, the bits they cover),
    for min_len 2 or 3, branch-free: a bit is covered when it lies in a window of min_len set
    bits; covered segments are the runs (two runs are never adjacent)."""
    m &= 0xFFF
    if min_len == 2:
        covered = m & ((m << 1) | (m >> 1))
    else:
        start = m & (m >> 1) & (m >> 2)
        covered = start | (start << 1) | (start << 2)
    return popcount(covered & ~(covered << 1)), covered
