"""干瞪眼 census: deal a range of games and record what each seat is dealt, in parallel.

``out[feature, seat, game - start]`` (int16) in ``CENSUS_FEATURES`` order, for the ruleset's
``GD_N_SEATS`` seats. Game ``i`` draws only from the stream ``(seed, i)``: the shuffle, then the
banker (a session's first hand: uniformly random), then ``--fix``'s placements (none without it),
as ``kernels.gandengyan.deal`` says.
"""

from __future__ import annotations

from numba import njit, prange

from kernels.gandengyan.deal import deal_hand
from kernels.gandengyan.moves import JOKER, R_TWO
from kernels.gandengyan.rulevec import GD_BOMB_MIN, GD_N_SEATS
from kernels.state import borrow, clone

CENSUS_FEATURES = (
    "cards",  # cards dealt (the banker's share or the others')
    "banker",  # 1: this seat is the banker (庄家 / 东家)
    "leads",  # 1: this seat leads the first trick
    "jokers",  # jokers dealt
    "twos",  # 2s dealt
    "bombs",  # ranks dealt at least bomb_min times naturally (jokers not counted)
)
N_FEATURES = len(CENSUS_FEATURES)
F_CARDS, F_BANKER, F_LEADS, F_JOKERS, F_TWOS, F_BOMBS = range(N_FEATURES)


@njit(cache=True, nogil=True, inline="always")
def census_one(st, seed, game, out, col):
    """Deal game ``game`` into ``st`` (``kernels.gandengyan.deal.deal_hand``: the banker drawn,
    ``--fix``'s cards placed under him) and write its features into ``out[:, :, col]``."""
    n_seats = st.rules[GD_N_SEATS]
    banker, leader, _stock = deal_hand(st, seed, game, -1, 0)
    counts = st.counts
    bmin = st.rules[GD_BOMB_MIN]
    for s in range(n_seats):
        total = 0
        bombs = 0
        for r in range(16):
            total += counts[s, r]
        for r in range(13):
            if counts[s, r] >= bmin:
                bombs += 1
        out[F_CARDS, s, col] = total
        out[F_BANKER, s, col] = 1 if s == banker else 0
        out[F_LEADS, s, col] = 1 if s == leader else 0
        out[F_JOKERS, s, col] = counts[s, JOKER]
        out[F_TWOS, s, col] = counts[s, R_TWO]
        out[F_BOMBS, s, col] = bombs


@njit(cache=True, nogil=True)
def _census_block(st, seed, lo, hi, start, out):
    """Games ``lo .. hi - 1`` on a ``borrow`` of ``st`` (the block's clone: no reference counts);
    one call a block, and not the prange body itself, where numba's parfor lowering loses writes
    into a state's slots."""
    view = borrow(st)  # the caller's reference keeps st alive for the whole call
    for g in range(lo, hi):
        census_one(view, seed, g, out, g - start)


@njit(cache=True, nogil=True, parallel=True)
def census_range(seed, start, count, template, out, n_blocks):
    """Census of games ``start .. start + count - 1`` into ``out[feature, seat, game - start]``;
    ``template`` is the run's state (``kernels.gandengyan.state.new_state``: the rules, the pack,
    ``--fix``'s tables); ``n_blocks`` contiguous blocks (a few per thread) each deal on a clone."""
    n_blocks = max(1, min(count, n_blocks))
    for b in prange(n_blocks):
        _census_block(clone(template), seed, start + (count * b) // n_blocks, start + (count * (b + 1)) // n_blocks,
                      start, out)
