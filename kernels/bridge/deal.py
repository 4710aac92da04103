"""The bridge deal: a Fisher–Yates shuffle of the 52 cards on the game's own stream.

Game ``g`` draws only from ``kernels.rng.seed_stream(seed, g)``. The shuffle is the one of
``kernels.deal.shuffle`` — positions 51 down to 1, position i swapped with a uniform j in [0, i] —
but it draws the 51 indices in **eight batches from 32-bit halves** of xoshiro outputs instead of
one output each: dealing is most of the census's work, and this is what lifts it past 5M deals/s
per thread. The deal is therefore not the one ``kernels.deal.shuffle`` would give for the same
stream; ``tests/reference/bridge.py`` is its pure-Python twin.

Batched draws (Brackett-Rozinsky & Lemire, "Batched ranged random integer generation", 2024):
for ranges n1 .. nk with product P < 2**32 and a 32-bit x, the chain ``m = r * n_i;
j_i = m >> 32; r = m mod 2**32`` (r starts at x) gives the mixed-radix digits of
floor(x * P / 2**32), and its final r is x * P mod 2**32. Rejecting x when that r is below
2**32 mod P is exactly Lemire's unbiased method for one draw in [0, P), so the j_i are independent
and uniform. ``BATCHES`` splits the ranges 52 .. 2 so that the expected number of 32-bit values is
lowest (8.28 for the 8 batches); each pair of batches takes one output (the first its high 32
bits, the second its low 32 bits), and a rejected batch redraws from the high 32 bits of the
stream's next output. Position p then goes to seat p % 4 (``kernels.deal``'s convention).

Given hands (``deal_spec``, from ``--fix``, ``--hcp`` and ``--shape``): after each shuffle the fixed
cards are swapped into their seats (``kernels.deal.place_fixed``) and the deal is kept only if
every constrained seat's HCP and suit lengths are in range; otherwise the same stream shuffles
again (rejection sampling, so a kept deal is uniform among those that meet the constraints). An
empty ``deal_spec`` (``no_deal_spec``) draws nothing more: the deals are those above.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from kernels.bridge.hand import byte, hand_summary, seat_masks
from kernels.deal import place_fixed
from kernels.rng import next_u64, seed_stream

# a row of the constraints table: seat, HCP lo, hi, then (lo, hi) of ♣ ♦ ♥ ♠ lengths
C_SEAT, C_HCP_LO, C_HCP_HI, C_LEN = 0, 1, 2, 3
N_CONSTRAINT = 11
# shuffles tried for one deal before giving up (the hands are then all empty); the run refuses
# constraints that fewer than 1 in 10,000 deals meet before it starts (sim.games.bridge.given)
MAX_TRIES = 1 << 24


def _batch(top: int, size: int) -> tuple[int, int, int]:
    product = 1
    for k in range(size):
        product *= top - k
    assert product < 1 << 32
    return top, size, (1 << 32) % product


# (first range n = position + 1, number of draws, rejection threshold 2**32 mod product)
BATCHES = tuple(_batch(top, size) for top, size in ((52, 5), (47, 5), (42, 6), (36, 6), (30, 6), (24, 6), (18, 7),
                                                     (11, 10)))
assert sum(size for _, size, _ in BATCHES) == 51
(_T0, _S0, _R0), (_T1, _S1, _R1), (_T2, _S2, _R2), (_T3, _S3, _R3), (_T4, _S4, _R4), (_T5, _S5, _R5), \
    (_T6, _S6, _R6), (_T7, _S7, _R7) = BATCHES

_MASK32 = np.uint64(0xFFFFFFFF)
_ONE = np.uint64(1)


@njit(cache=True, nogil=True, inline="always")
def _batch_swaps(x32, top, size, reject, state, deck):
    """Draw one batch (redrawing x32 until accepted), then swap positions top-1 .. top-size."""
    while True:
        r = x32
        for k in range(size):
            r = (r * np.uint64(top - k)) & _MASK32
        if r >= np.uint64(reject):
            break
        x32 = next_u64(state) >> np.uint64(32)
    r = x32
    for k in range(size):
        m = r * np.uint64(top - k)
        j = np.int64(m >> np.uint64(32))
        r = m & _MASK32
        i = top - 1 - k
        c = deck[j]
        deck[j] = deck[i]
        deck[i] = c


@njit(cache=True, nogil=True)
def shuffle_deal(state, deck, masks):
    """Shuffle ``deck`` (52 cards) in place and set ``masks[seat]`` (uint64[4]) to the seats' hands."""
    x = next_u64(state)
    _batch_swaps(x >> np.uint64(32), _T0, _S0, _R0, state, deck)
    _batch_swaps(x & _MASK32, _T1, _S1, _R1, state, deck)
    x = next_u64(state)
    _batch_swaps(x >> np.uint64(32), _T2, _S2, _R2, state, deck)
    _batch_swaps(x & _MASK32, _T3, _S3, _R3, state, deck)
    x = next_u64(state)
    _batch_swaps(x >> np.uint64(32), _T4, _S4, _R4, state, deck)
    _batch_swaps(x & _MASK32, _T5, _S5, _R5, state, deck)
    x = next_u64(state)
    _batch_swaps(x >> np.uint64(32), _T6, _S6, _R6, state, deck)
    _batch_swaps(x & _MASK32, _T7, _S7, _R7, state, deck)
    m0 = m1 = m2 = m3 = np.uint64(0)
    for p in range(0, 52, 4):
        m0 |= _ONE << np.uint64(deck[p])
        m1 |= _ONE << np.uint64(deck[p + 1])
        m2 |= _ONE << np.uint64(deck[p + 2])
        m3 |= _ONE << np.uint64(deck[p + 3])
    masks[0] = m0
    masks[1] = m1
    masks[2] = m2
    masks[3] = m3


def no_deal_spec():
    """The ``deal_spec`` of a run with nothing fixed or constrained: (fix_card, fix_slots,
    constraints), all empty."""
    return np.zeros((0, 0), np.int64), np.zeros((0, 0), np.int64), np.zeros((0, N_CONSTRAINT), np.int64)


@njit(cache=True, nogil=True)
def meets(masks, holding_tab, constraints):
    """Whether every constrained seat's HCP and suit lengths are in their ranges."""
    for k in range(constraints.shape[0]):
        total, e0, e1, e2, e3 = hand_summary(masks[constraints[k, C_SEAT]], holding_tab)
        hcp = byte(total, 1)
        if hcp < constraints[k, C_HCP_LO] or hcp > constraints[k, C_HCP_HI]:
            return False
        if not _in(byte(e0, 0), constraints[k, C_LEN], constraints[k, C_LEN + 1]) or \
                not _in(byte(e1, 0), constraints[k, C_LEN + 2], constraints[k, C_LEN + 3]) or \
                not _in(byte(e2, 0), constraints[k, C_LEN + 4], constraints[k, C_LEN + 5]) or \
                not _in(byte(e3, 0), constraints[k, C_LEN + 6], constraints[k, C_LEN + 7]):
            return False
    return True


@njit(cache=True, nogil=True, inline="always")
def _in(x, lo, hi):
    return lo <= x <= hi


@njit(cache=True, nogil=True)
def deal_board(seed, game_index, state, deck, masks, holding_tab, deal_spec):
    """Deal game ``game_index`` of ``seed`` into ``masks[seat]`` (the seat's 13 cards), with the
    given hands of ``deal_spec`` (module doc); ``state`` is left after the deal's draws, for
    whatever the game draws next (card play)."""
    fix_card, fix_slots, constraints = deal_spec
    seed_stream(seed, game_index, state)
    for c in range(52):
        deck[c] = c
    for _ in range(MAX_TRIES):
        shuffle_deal(state, deck, masks)
        if fix_card.shape[0] > 0:
            place_fixed(state, deck, fix_card, fix_slots)
            seat_masks(deck, masks)
        if constraints.shape[0] == 0 or meets(masks, holding_tab, constraints):
            return
    masks[:] = 0


@njit(cache=True, nogil=True, parallel=True)
def deal_range(seed, start, count, holding_tab, deal_spec, out_masks, n_blocks):
    """Hands of deals ``start .. start+count-1`` into ``out_masks[g - start, seat]`` (uint64)."""
    n_blocks = max(1, min(count, n_blocks))
    for b in prange(n_blocks):
        lo = start + (count * b) // n_blocks
        hi = start + (count * (b + 1)) // n_blocks
        state = np.empty(4, np.uint64)
        deck = np.empty(52, np.int8)
        for g in range(lo, hi):
            deal_board(seed, g, state, deck, out_masks[g - start], holding_tab, deal_spec)
