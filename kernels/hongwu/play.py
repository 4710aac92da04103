"""仙居红五 batch entry points: hands in parallel, one hand with its log, census.

``play_range`` plays hands ``start .. start+count-1`` in blocks run in parallel, each with its own
buffers (``play_block`` on threads, ``kernels.trick.blocks``); a call's numbers travel in one vector
(``kernels.run_vector``: seed, start, count, rotate, duplicate, blocks) beside its state
(``template``). Hands are independent
(a new 庄家 every hand). Hand ``g`` draws only from the stream ``(seed, g)`` — or ``(seed, g // 4)``
with ``duplicate``, seats rotated by ``g % 4``. With ``rotate``, seat ``k`` of hand ``g`` gets the
policy and parameters of seat ``(k + g) % 4``.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.hongwu.codes import HAND_SIZE, N_IDS, N_RULES
from kernels.hongwu.deal import DL_BANKER, deal_and_show
from kernels.hongwu.hand import play_hand
from kernels.hongwu.layout import ROW_LEN
from kernels.hongwu.order import HEART5_KIND, build_order
from kernels.hongwu.state import HONGWU
from kernels.hooks import implements
from kernels.run_vector import RUN_BLOCKS, RUN_COUNT, RUN_DUPLICATE, RUN_ROTATE, RUN_SEED, RUN_START, run_vector
from kernels.state import borrow, clone
from kernels.trick import census_run
from kernels.trick.blocks import run_blocks
from kernels.trick.census_run import CENSUS_COLS, CR_START, CR_TRUMP, FEATURE_COLS, census_deals  # noqa: F401
from kernels.trick.deal import DL_TRUMP, shuffle_deck
from kernels.trick.hand import deal_out, note_holdings, start_deal, turn_seats
from kernels.trick.order import I0
from kernels.trick.players import N_PP
from kernels.trick.state import GS_N_LOG, MAX_LOG, N_SEATS, base_values, deal_view, start_block


def template(rules, policies, pp, fix=None, log_rows=1):
    """A run's state (``kernels.hongwu.state``): its rules, players (``policies`` int64[4], ``pp``
    float64[4, N_PP]), ``--fix``'s tables (None: none) and a log of ``log_rows`` rows."""
    return HONGWU.allocate(base_values(N_IDS, rules, policies, pp, fix, log_rows), ids=N_IDS, rules=N_RULES,
                           params=N_PP)


def census_template(rules, pp, fix=None):
    """A census's state: ``template`` without players (the declaring bots' parameters ``pp``)."""
    return template(rules, np.zeros(N_SEATS, np.int64), pp, fix)


@njit(cache=True, nogil=True)
def play_block(tpl, run, out_rows, lo, hi):
    """Hands ``start + lo .. start + hi - 1`` of a ``play_range`` call (``run``: ``kernels.run_vector``)
    on this block's own clone of the run's state ``tpl``; returns the log rows of the last hand
    (``tpl.log`` of one row: no logging)."""
    st = clone(tpl)
    start_block(st)
    seed, start, rotate, duplicate = np.uint64(run[RUN_SEED]), run[RUN_START], run[RUN_ROTATE], run[RUN_DUPLICATE]
    for i in range(lo, hi):
        g = start + i
        if rotate:
            turn_seats(st, tpl.policies, tpl.pp, g)
        deal = g // N_SEATS if duplicate else g
        rotation = g % N_SEATS if duplicate else 0
        play_hand(borrow(st), seed, deal, rotation, out_rows[i])  # st outlives the hand
    return st.gs[GS_N_LOG]


def play_range(tpl, run, out_rows):
    """Hands ``start .. start+count-1`` of the run ``run`` (``kernels.run_vector``) in the state ``tpl``
    (``template``) into ``out_rows[g - start]`` (int64, ``ROW_LEN`` columns)."""
    run_blocks(play_block, int(run[RUN_COUNT]), int(run[RUN_BLOCKS]), tpl, run, out_rows)


def play_logged(seed, deal, rotation, rules, policies, pp, fix=None):
    """One hand with its action log: (row, log rows) — the same compiled kernel as the batch
    (deal ``deal`` turned by ``rotation`` is its duplicate hand ``4 * deal + rotation``)."""
    rows = np.zeros((1, ROW_LEN), np.int64)
    tpl = template(rules, policies, pp, fix, log_rows=MAX_LOG)
    n = play_block(tpl, run_vector(seed, N_SEATS * deal + rotation, 1, duplicate=True), rows, 0, 1)
    return rows[0], tpl.log[:n].copy()


@njit(cache=True, nogil=True)
def census_block(tpl, seed, run, out, lo, hi):
    """Deals ``lo .. hi - 1`` of ``census_range`` (``kernels.trick.census_run``)."""
    census_run.block(tpl, seed, run, out, lo, hi)


@implements(census_deals, HONGWU)
def _census_deals(st, seed, run, out, lo, hi):
    """红五's deals of a census block (``kernels.trick.census_run.census_deals``): the first 10 shown
    as in play, or the fixed suit."""
    trump, dl = run[CR_TRUMP], st.dl
    dv = deal_view(st)
    for i in range(lo, hi):
        start_deal(st.rng, st.deck, st.deck_template, seed, run[CR_START] + i)
        if trump < 0:
            st.gs[:] = 0
            deal_and_show(dv, I0)
            out[i, 1] = dl[DL_BANKER]
        else:
            shuffle_deck(dv)
            dl[DL_TRUMP] = trump
            out[i, 1] = -1
        out[i, 0] = dl[DL_TRUMP]
        build_order(st.ot, dl[DL_TRUMP], I0)
        deal_out(st.hands, st.ncls, st.owner, st.ot, st.deck, N_SEATS * HAND_SIZE, I0)
        note_holdings(st.hands, st.ncls, st.ot, HEART5_KIND, st.feats, out[i], FEATURE_COLS)


def census_range(tpl, run, out, trump):
    """Deal statistics of deals ``start .. start+count-1`` of the run ``run`` (``kernels.run_vector``:
    seed, start, count, blocks; no play) into ``out[g - start]`` (int64, ``CENSUS_COLS`` columns):
    trump suit, 庄家 (-1 with a fixed suit), then per seat the ``kernels.trick.census`` features of
    the 39 dealt cards under trump suit ``trump`` (-1: the suit of the first 10 shown by the bots
    with the parameters of ``tpl``, as in play; ``tpl``: ``census_template``)."""
    run_blocks(census_block, int(run[RUN_COUNT]), int(run[RUN_BLOCKS]), tpl, np.uint64(run[RUN_SEED]),
               census_run.census_run(trump, int(run[RUN_START])), out)
