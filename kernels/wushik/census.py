"""五十K census: deal many games and write per-seat hand features, in parallel.

Output ``out[feature, seat, game - start]`` (int16) in the order of ``CENSUS_FIELDS``
(``kernels.wushik.layout``: names, types and meaning). Game i is dealt from the stream
``(seed, i)`` only (``kernels.climb.packed_census``), so rows do not depend on threads or
blocks; the run is the climbing family's ``census_range`` (``kernels.climb.run``). A seat's
packed rank counts and 5/10/K-by-suit holdings (``kernels.hand``) are summed straight from its
deal positions.
"""

from __future__ import annotations

from numba import njit

from kernels.cards import R5, R10, RK
from kernels.climb import packed_census, run
from kernels.climb.packed_census import (  # noqa: F401  (P_*: the census_params layout of compile_rules)
    P_HAND_SIZE, P_N_SEATS, bomb_counts, census_layout, deal_game,
)
from kernels.hand import encode_seat, nibble
from kernels.hooks import implements
from kernels.state import borrow
from kernels.wushik.layout import CENSUS_FEATURES
from kernels.wushik.movegen import fu_possible

N_PARAMS = 2
LAYOUT = census_layout("WushikCensus", __name__)
WushikCensus = LAYOUT.cls  # a module attribute under its own name: numba's cache finds the type here


@njit(cache=True, nogil=True, inline="always")
def seat_features(packed, fk, points, out, seat, col):
    """The census features of one seat's holding into ``out[:, seat, col]``."""
    best = bomb_counts(packed, out, seat, col)
    out[5, seat, col] = best if best >= 4 else 0
    zheng, m5, m10, mk = 0, 0, 0, 0  # disjoint 正 sets; the suits holding 5s, 10s, Ks
    for s in range(4):
        a, b, c = nibble(fk, s), nibble(fk, 4 + s), nibble(fk, 8 + s)
        zheng += min(a, b, c)
        m5 |= (1 << s) if a > 0 else 0
        m10 |= (1 << s) if b > 0 else 0
        mk |= (1 << s) if c > 0 else 0
    out[6, seat, col] = zheng
    out[7, seat, col] = min(nibble(packed, R5), nibble(packed, R10), nibble(packed, RK))
    out[8, seat, col] = 1 if fu_possible(m5, m10, mk) else 0
    out[9, seat, col] = points


@implements(run.census_deals, LAYOUT)
def _census_deals(st, seed, lo, hi, start, out):
    """Deal games ``lo .. hi - 1`` in ``st``; each seat's features into ``out[:, seat, game - start]``."""
    st = borrow(st)  # the driver holds the state: null reference counts the compiler sees, none taken below
    deck, inc_rank, inc_fk, card_points = st.deck, st.inc_rank, st.inc_fk, st.card_points
    n_seats, hand_size = st.params[P_N_SEATS], st.params[P_HAND_SIZE]
    for g in range(lo, hi):
        deal_game(st, seed, g)
        for seat in range(n_seats):
            packed, fk, points = encode_seat(deck, seat, n_seats, hand_size, inc_rank, inc_fk, card_points)
            seat_features(packed, fk, points, out, seat, g - start)


@njit(cache=True, nogil=True)
def census_range(template, run_, out):
    """Census of games ``run_[RUN_START]`` .. ``+ run_[RUN_COUNT] - 1`` into ``out`` (parallel blocks,
    each on a clone of ``template``: ``census``)."""
    run.census_range(template, run_, out)


def census(tables, seed, start, count, n_blocks, fix_card=None, fix_slots=None):
    """``out[feature, seat, game - start]`` of games ``start .. start + count - 1`` (Python side:
    ``tables`` is ``sim.games.wushik.rules.compile_rules``'s output)."""
    return packed_census.census(LAYOUT, census_range, len(CENSUS_FEATURES), tables, seed, start, count, n_blocks,
                                fix_card, fix_slots)
