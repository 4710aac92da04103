"""仙居红五 batch entry points: hands in parallel, one hand with its log, census.

``play_range`` plays hands ``start .. start+count-1`` in ``n_blocks`` blocks run in parallel, each
with its own buffers (``play_block`` on threads, ``kernels.trick.blocks``). Hands are independent
(a new 庄家 every hand). Hand ``g`` draws only from the stream ``(seed, g)`` — or ``(seed, g // 4)``
with ``duplicate``, seats rotated by ``g % 4``. With ``rotate``, seat ``k`` of hand ``g`` gets the
policy and parameters of seat ``(k + g) % 4``.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.deal import place_fixed, shuffle
from kernels.hongwu.codes import HAND_SIZE, N_IDS
from kernels.hongwu.deal import DL_BANKER, DL_LEN, DL_TRUMP, deal_and_show
from kernels.hongwu.hand import play_hand
from kernels.hongwu.layout import ROW_LEN
from kernels.hongwu.order import HEART5_KIND, build_order
from kernels.rng import seed_stream
from kernels.trick.blocks import run_blocks
from kernels.trick.census import N_FEATURES, hand_features
from kernels.trick.order import I0, MAXS, N_CLS, new_table
from kernels.trick.state import (
    GS_N_LOG, LOG_W, MAX_LOG, MAXC, N_SEATS, clear_holdings, deal_seat, give_card, new_hand_buffers,
)


def _no_fix():
    """The empty ``place_fixed`` tables: a run without ``--fix``."""
    return np.zeros((0, 0), np.int64), np.zeros((0, 0), np.int64)


@njit(cache=True, nogil=True)
def _buffers():
    hands, ncls, owner, seen, void, buried, gs, ss = new_hand_buffers(N_IDS)
    return (np.empty(4, np.uint64), np.empty(N_IDS, np.int64), np.arange(N_IDS).astype(np.int64), new_table(),
            hands, ncls, owner, seen, void, buried, gs, ss, np.zeros(N_SEATS, np.int64),
            np.zeros((N_CLS, MAXS), np.float64), np.zeros((N_CLS, MAXS), np.int64), np.zeros(MAXC, np.int64),
            np.zeros(N_FEATURES, np.int64), np.zeros(DL_LEN, np.int64))


@njit(cache=True, nogil=True)
def play_block(seed, start, rotate, duplicate, fix_card, fix_slots, rules, policies, pp, out_rows, log, lo, hi):
    """Hands ``start + lo .. start + hi - 1`` of a ``play_range`` call, with this block's buffers;
    returns the log rows of the last hand (``log`` of one row: no logging). ``fix_card`` /
    ``fix_slots``: ``--fix``'s cards (``kernels.deal.place_fixed``)."""
    (state, deck, template, ot, hands, ncls, owner, seen, void, buried, gs, ss, side, pref, hcopy, out, feats,
     dl) = _buffers()
    pol = policies.copy()
    ppg = pp.copy()
    for i in range(lo, hi):
        g = start + i
        if rotate:
            for k in range(N_SEATS):
                pol[k] = policies[(k + g) % N_SEATS]
                for j in range(pp.shape[1]):
                    ppg[k, j] = pp[(k + g) % N_SEATS, j]
        deal = g // N_SEATS if duplicate else g
        rotation = g % N_SEATS if duplicate else 0
        play_hand(seed, deal, rotation, fix_card, fix_slots, rules, pol, ppg, state, deck, template, ot, hands, ncls,
                  owner, seen, void, buried, gs, ss, side, pref, hcopy, out, feats, dl, out_rows[i], log)
    return gs[GS_N_LOG]


def play_range(seed, start, count, rotate, duplicate, rules, policies, pp, out_rows, n_blocks, fix=None):
    """Hands ``start .. start+count-1`` into ``out_rows[g - start]`` (int64, ``ROW_LEN`` columns).

    ``rules`` int64[N_RULES] (``kernels.hongwu.codes``), ``policies`` int64[4] (0 random, 1 greedy,
    2 smart), ``pp`` float64[4, N_PP] (``kernels.trick.players``)."""
    fix_card, fix_slots = fix if fix is not None else _no_fix()
    run_blocks(play_block, count, n_blocks, np.uint64(seed), np.int64(start), np.int64(bool(rotate)),
               np.int64(bool(duplicate)), fix_card, fix_slots, rules, policies, pp, out_rows,
               np.zeros((1, LOG_W), np.int64))


def play_logged(seed, deal, rotation, rules, policies, pp, fix=None):
    """One hand with its action log: (row, log rows) — the same compiled kernel as the batch
    (deal ``deal`` turned by ``rotation`` is its duplicate hand ``4 * deal + rotation``)."""
    rows = np.zeros((1, ROW_LEN), np.int64)
    log = np.zeros((MAX_LOG, LOG_W), np.int64)
    fix_card, fix_slots = fix if fix is not None else _no_fix()
    n = play_block(np.uint64(seed), np.int64(N_SEATS * deal + rotation), np.int64(0), np.int64(1), fix_card, fix_slots,
                   rules, policies, pp, rows, log, 0, 1)
    return rows[0], log[:n].copy()


CENSUS_COLS = 2 + N_SEATS * N_FEATURES  # trump suit, 庄家, then feature f of seat s at 2 + f * 4 + s


@njit(cache=True, nogil=True)
def census_block(seed, start, trump, fix_card, fix_slots, rules, pp, out, lo, hi):
    """Deals ``start + lo .. start + hi - 1`` of ``census_range``."""
    (state, deck, template, ot, hands, ncls, owner, seen, void, buried, gs, ss, side, pref, hcopy, o, feats,
     dl) = _buffers()
    log = np.zeros((1, LOG_W), np.int64)
    for i in range(lo, hi):
        seed_stream(seed, start + i, state)
        for j in range(N_IDS):
            deck[j] = template[j]
        if trump < 0:
            gs[:] = 0
            deal_and_show(state, deck, I0, fix_card, fix_slots, rules, pp, gs, log, dl)
            suit = dl[DL_TRUMP]
            out[i, 1] = dl[DL_BANKER]
        else:
            shuffle(state, deck)
            place_fixed(state, deck, fix_card, fix_slots)
            suit = trump
            out[i, 1] = -1
        out[i, 0] = suit
        build_order(ot, suit, I0)
        clear_holdings(hands, ncls, owner)
        for p in range(N_SEATS * HAND_SIZE):
            give_card(deal_seat(p, I0), deck[p], hands, ncls, owner, ot)
        for s in range(N_SEATS):
            hand_features(hands, ncls, s, ot, HEART5_KIND, feats)
            for f in range(N_FEATURES):
                out[i, 2 + f * N_SEATS + s] = feats[f]


def census_range(seed, start, count, trump, rules, pp, out, n_blocks, fix=None):
    """Deal statistics of deals ``start .. start+count-1`` (no play) into ``out[g - start]``
    (int64, ``CENSUS_COLS`` columns): trump suit, 庄家 (-1 with a fixed suit), then per seat the
    ``kernels.trick.census`` features of the 39 dealt cards under trump suit ``trump`` (-1: the
    suit of the first 10 shown by the bots with parameters ``pp``, as in play)."""
    fix_card, fix_slots = fix if fix is not None else _no_fix()
    run_blocks(census_block, count, n_blocks, np.uint64(seed), np.int64(start), np.int64(trump), fix_card, fix_slots,
               rules, pp, out)
