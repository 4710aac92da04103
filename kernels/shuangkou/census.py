"""双扣 census: deal many games and write per-seat hand features, in parallel.

Output ``out[feature, seat, game - start]`` (int16) in the order of ``CENSUS_FIELDS``
(``kernels.shuangkou.layout``). Game i is dealt from the stream ``(seed, i)`` only
(``kernels.climb.packed_census``); the run is the climbing family's ``census_range``
(``kernels.climb.run``). A seat's packed rank counts (``kernels.hand``; jokers at nibbles 13 and
14, no card is flagged wild in the table) are summed straight from its deal positions; which
jokers are wild is ``params``.
"""

from __future__ import annotations

from numba import njit

from kernels.climb import packed_census, run
from kernels.climb.packed_census import (  # noqa: F401  (P_*: the census_params layout of compile_rules)
    P_HAND_SIZE, P_N_SEATS, bomb_counts, census_layout, deal_game,
)
from kernels.hand import encode_seat, nibble
from kernels.hooks import implements
from kernels.state import borrow
from kernels.shuangkou.layout import CENSUS_FEATURES
from kernels.shuangkou.wild import wild_jokers

P_WILD_MODE = 2
N_PARAMS = 3
LAYOUT = census_layout("ShuangkouCensus", __name__)
ShuangkouCensus = LAYOUT.cls  # a module attribute under its own name: numba's cache finds the type here


@njit(cache=True, nogil=True, inline="always")
def seat_features(packed, mode, out, seat, col):
    """The census features of one seat's packed rank counts into ``out[:, seat, col]``."""
    best = bomb_counts(packed, out, seat, col)
    sj, bj = nibble(packed, 13), nibble(packed, 14)
    w = wild_jokers(sj, bj, mode)
    out[5, seat, col] = best
    out[6, seat, col] = best + w if best + w >= 4 else 0
    out[7, seat, col] = sj + bj
    out[8, seat, col] = bj
    out[9, seat, col] = w


@implements(run.census_deals, LAYOUT)
def _census_deals(st, seed, lo, hi, start, out):
    """Deal games ``lo .. hi - 1`` in ``st``; each seat's features into ``out[:, seat, game - start]``."""
    st = borrow(st)  # the driver holds the state: null reference counts the compiler sees, none taken below
    deck, inc_rank, inc_fk, card_points = st.deck, st.inc_rank, st.inc_fk, st.card_points
    n_seats, hand_size, mode = st.params[P_N_SEATS], st.params[P_HAND_SIZE], st.params[P_WILD_MODE]
    for g in range(lo, hi):
        deal_game(st, seed, g)
        for seat in range(n_seats):
            packed, _, _ = encode_seat(deck, seat, n_seats, hand_size, inc_rank, inc_fk, card_points)
            seat_features(packed, mode, out, seat, g - start)


@njit(cache=True, nogil=True)
def census_range(template, run_, out):
    """Census of games ``run_[RUN_START]`` .. ``+ run_[RUN_COUNT] - 1`` into ``out`` (parallel blocks,
    each on a clone of ``template``: ``census``)."""
    run.census_range(template, run_, out)


def census(tables, seed, start, count, n_blocks, fix_card=None, fix_slots=None):
    """``out[feature, seat, game - start]`` of games ``start .. start + count - 1`` (Python side:
    ``tables`` is ``sim.games.shuangkou.rules.compile_rules``'s output)."""
    return packed_census.census(LAYOUT, census_range, len(CENSUS_FEATURES), tables, seed, start, count, n_blocks,
                                fix_card, fix_slots)
