"""Counter-based random streams: game ``i`` of a run draws only from ``(seed, i)``.

``seed_stream(seed, i, state)`` mixes the pair with splitmix64 and fills a xoshiro256** state
(4 x uint64). Nothing depends on thread count, chunk size or shard layout, so a run is
bit-identical however it is cut up (DESIGN principle 5). ``bounded(state, n)`` draws an
unbiased integer in ``[0, n)`` with Lemire's multiply-and-reject method on the high 32 bits of
one xoshiro output. ``tests/reference/rng.py`` is the pure-Python twin.
"""

from __future__ import annotations

import numpy as np
from numba import njit

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_STREAM = np.uint64(0xD1B54A32D192ED03)
_MASK32 = np.uint64(0xFFFFFFFF)
_TWO32 = np.uint64(1 << 32)


@njit(cache=True, nogil=True, inline="always")
def mix64(z):
    """splitmix64 finaliser: a bijective avalanche of one uint64."""
    z = (z ^ (z >> np.uint64(30))) * _MIX1
    z = (z ^ (z >> np.uint64(27))) * _MIX2
    return z ^ (z >> np.uint64(31))


@njit(cache=True, nogil=True)
def seed_stream(seed, game_index, state):
    """Fill ``state`` (uint64[4]) with the xoshiro256** state of game ``game_index``."""
    x = mix64(np.uint64(seed) + _GOLDEN) ^ (np.uint64(game_index) * _STREAM)
    for k in range(4):
        x = x + _GOLDEN
        state[k] = mix64(x)


@njit(cache=True, nogil=True, inline="always")
def _rotl(x, k):
    return (x << np.uint64(k)) | (x >> np.uint64(64 - k))


@njit(cache=True, nogil=True)
def next_u64(state):
    """One xoshiro256** output; advances ``state`` in place."""
    result = _rotl(state[1] * np.uint64(5), 7) * np.uint64(9)
    t = state[1] << np.uint64(17)
    state[2] ^= state[0]
    state[3] ^= state[1]
    state[1] ^= state[2]
    state[0] ^= state[3]
    state[2] ^= t
    state[3] = _rotl(state[3], 45)
    return result


@njit(cache=True, nogil=True)
def bounded(state, n):
    """Unbiased integer in [0, n) for 1 <= n < 2**32 (Lemire 2019, 32-bit variant)."""
    nn = np.uint64(n)
    m = (next_u64(state) >> np.uint64(32)) * nn
    low = m & _MASK32
    if low < nn:
        threshold = (_TWO32 - nn) % nn
        while low < threshold:
            m = (next_u64(state) >> np.uint64(32)) * nn
            low = m & _MASK32
    return np.int64(m >> np.uint64(32))
