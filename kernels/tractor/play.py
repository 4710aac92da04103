"""八十分 batch entry points: whole matches or sessions of hands in parallel, one hand with its log,
census.

Two ways to cut a run into game indices (``sim.games.tractor.rules`` option ``matches``):

* **matches** (``play_matches``): game index ``g`` is one whole match, from both teams at "2" until
  a team passes A, one row per hand. The match draws only from the stream ``(seed, g)``: its first
  draw is the match seed ``m`` (``match_seed``), and hand ``h`` of the match deals from the stream
  ``(m, h)``. With ``duplicate`` match ``g`` replays the deals of match ``g // 4`` (hand ``h`` from
  ``(m, h)`` of that match) with the seats turned by ``g % 4``. A match is cut at
  ``MAX_MATCH_HANDS`` hands (its last row then has ``match_over = 0``).
* **sessions** (``play_range``): game index ``g`` is one hand, drawn from ``(seed, g)`` (or
  ``(seed, g // 4)`` turned by ``g % 4`` with ``duplicate``); hands are grouped in sessions of
  ``hands_per_session`` in which levels, the 庄 team and 庄家 carry over (a new match starts after
  a team passes A).

Both run one compiled block kernel (``play_block``) on threads over contiguous blocks
(``kernels.trick.blocks``: numba's thread count, any count gives the same rows). A call's numbers
travel in one vector (``kernels.run_vector``: seed, start, count, hands per session, rotate,
duplicate, blocks) beside its state (``template``). With ``rotate``, seat ``k`` of game index ``g``
gets the policy and parameters of seat ``(k + g) % 4``.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.hooks import implements
from kernels.rng import next_u64, seed_stream
from kernels.run_vector import (RUN_BLOCKS, RUN_COUNT, RUN_DUPLICATE, RUN_HANDS_PER_SESSION, RUN_ROTATE, RUN_SEED,
                                RUN_START, run_vector)
from kernels.state import borrow, clone
from kernels.trick import census_run
from kernels.trick.blocks import run_blocks
from kernels.trick.census_run import CENSUS_COLS, CR_LEVEL, CR_START, CR_TRUMP, FEATURE_COLS, census_deals  # noqa: F401
from kernels.trick.deal import DL_TRUMP, shuffle_deck
from kernels.trick.hand import deal_out, note_holdings, start_deal, turn_seats
from kernels.trick.order import I0, NEG1
from kernels.trick.players import N_PP
from kernels.trick.state import GS_N_LOG, MAX_LOG, N_SEATS, base_values, deal_view, start_block
from kernels.tractor.codes import HAND_SIZE, MS_BANKER_TEAM, N_IDS, N_RULES
from kernels.tractor.deal import DL_DECLARER, deal_and_declare
from kernels.tractor.hand import ROW_MATCH_OVER, play_hand
from kernels.tractor.layout import ROW_LEN
from kernels.tractor.order import build_order
from kernels.tractor.state import TRACTOR

MAX_MATCH_HANDS = 1000  # a match still running after this many hands is cut (never seen in practice)
ROWS_PER_MATCH_GUESS = 24  # initial row buffer per match of a block (it grows when needed)


def template(rules, policies, pp, fix=None, log_rows=1, ms=None):
    """A run's state (``kernels.tractor.state``): its rules, players (``policies`` int64[4], ``pp``
    float64[4, N_PP]), ``--fix``'s tables (None: none), a log of ``log_rows`` rows, the match state."""
    values = base_values(N_IDS, rules, policies, pp, fix, log_rows)
    if ms is not None:
        values["ms"] = np.array(ms, np.int64)
    return TRACTOR.allocate(values, ids=N_IDS, rules=N_RULES, params=N_PP)


def census_template(rules, pp, fix=None):
    """A census's state: ``template`` without players (the declaring bots' parameters ``pp``)."""
    return template(rules, np.zeros(N_SEATS, np.int64), pp, fix)


@njit(cache=True, nogil=True)
def match_seed(seed, index):
    """The seed of match ``index``: the first draw of its stream ``(seed, index)``."""
    state = np.empty(4, np.uint64)
    seed_stream(seed, index, state)
    return next_u64(state)


@njit(cache=True, nogil=True)
def _grow(rows, n):
    """``rows`` with twice the capacity, its first ``n`` rows kept."""
    bigger = np.zeros((2 * rows.shape[0], rows.shape[1]), np.int64)
    for i in range(n):
        for j in range(rows.shape[1]):
            bigger[i, j] = rows[i, j]
    return bigger


@njit(cache=True, nogil=True)
def play_block(tpl, run, matches, carry, lo, hi):
    """Game indices ``start + lo .. start + hi - 1`` of the run ``run`` (``kernels.run_vector``) on
    this block's own clone of the run's state ``tpl``: (rows, rows per game index, log rows of the
    last hand, the match state after it).

    ``matches`` = 1: each game index is a whole match (module docstring); 0: each is one hand, in
    sessions of ``run[RUN_HANDS_PER_SESSION]`` (``lo``, ``hi`` count sessions then). ``carry`` = 0:
    each match or session starts a fresh match (batch runs; the log is a one-row dummy = no
    logging); 1: the hands continue the match state ``tpl.ms`` and write ``tpl.log``
    (``play_logged``)."""
    st = clone(tpl)
    start_block(st)
    seed, start, hands_per_session = np.uint64(run[RUN_SEED]), run[RUN_START], run[RUN_HANDS_PER_SESSION]
    rotate, duplicate = run[RUN_ROTATE], run[RUN_DUPLICATE]
    match = st.ms
    per = ROWS_PER_MATCH_GUESS if matches else hands_per_session
    rows = np.zeros((max(1, (hi - lo) * per), ROW_LEN), np.int64)
    counts = np.zeros(hi - lo, np.int64)
    n = 0
    for item in range(lo, hi):
        if not carry:
            match[MS_BANKER_TEAM] = -1
        if matches:
            g0 = start + item
            hand_seed = match_seed(seed, g0 // N_SEATS if duplicate else g0)
            n_hands = MAX_MATCH_HANDS
        else:
            g0 = start + item * hands_per_session
            hand_seed = seed
            n_hands = hands_per_session
        for h in range(n_hands):
            g = g0 if matches else g0 + h
            if rotate:
                turn_seats(st, tpl.policies, tpl.pp, g)
            if matches:
                deal = h
            else:
                deal = g // N_SEATS if duplicate else g
            rotation = g % N_SEATS if duplicate else 0
            if n == rows.shape[0]:
                rows = _grow(rows, n)
            play_hand(borrow(st), hand_seed, deal, rotation, rows[n])  # st outlives the hand
            n += 1
            counts[item - lo] += 1
            if matches and rows[n - 1, ROW_MATCH_OVER]:
                break
    return rows[:n], counts, st.gs[GS_N_LOG], st.ms


def play_matches(tpl, run):
    """Matches ``start .. start+count-1`` of the run ``run`` (``kernels.run_vector``; its hands per
    session unused) in the state ``tpl`` (``template``): (rows int64[hands, ROW_LEN] in match order,
    hands per match int64[count])."""
    parts = run_blocks(play_block, int(run[RUN_COUNT]), int(run[RUN_BLOCKS]), tpl, run, 1, 0)
    return np.concatenate([p[0] for p in parts]), np.concatenate([p[1] for p in parts])


def play_range(tpl, run, out_rows):
    """Hands ``start .. start+count-1`` of the run ``run`` (``kernels.run_vector``; whole sessions) in
    the state ``tpl`` (``template``) into ``out_rows[g - start]`` (int64, ``ROW_LEN`` columns)."""
    parts = run_blocks(play_block, int(run[RUN_COUNT] // run[RUN_HANDS_PER_SESSION]), int(run[RUN_BLOCKS]), tpl,
                       run, 0, 0)
    i = 0
    for rows, _, _, _ in parts:
        out_rows[i:i + len(rows)] = rows
        i += len(rows)


def play_logged(seed, deal, rotation, ms, rules, policies, pp, fix=None):
    """One hand with its action log: (row, log rows); the match state ``ms`` (int64[MS_LEN],
    ``ms[MS_BANKER_TEAM] = -1`` for a match's first hand) is advanced in place. The same compiled
    kernel as the batch (``play_block``): the hand deals from the stream ``(seed, deal)`` turned by
    ``rotation`` (in a match: ``seed`` = ``match_seed``, ``deal`` = the hand's number)."""
    tpl = template(rules, policies, pp, fix, log_rows=MAX_LOG, ms=ms)
    run = run_vector(seed, N_SEATS * deal + rotation, 1, duplicate=True)
    rows, _, n, ms_after = play_block(tpl, run, 0, 1, 0, 1)
    ms[:] = ms_after
    return rows[0].copy(), tpl.log[:n].copy()


@njit(cache=True, nogil=True)
def census_block(tpl, seed, run, out, lo, hi):
    """Deals ``lo .. hi - 1`` of ``census_range`` (``kernels.trick.census_run``)."""
    census_run.block(tpl, seed, run, out, lo, hi)


@implements(census_deals, TRACTOR)
def _census_deals(st, seed, run, out, lo, hi):
    """八十分's deals of a census block (``kernels.trick.census_run.census_deals``): declared as in
    play under level ``run[CR_LEVEL]``, or the fixed suit."""
    level, trump, dl = run[CR_LEVEL], run[CR_TRUMP], st.dl
    dv = deal_view(st)
    for i in range(lo, hi):
        start_deal(st.rng, st.deck, st.deck_template, seed, run[CR_START] + i)
        if trump < 0:
            st.gs[:] = 0
            deal_and_declare(dv, level, I0)
            out[i, 1] = dl[DL_DECLARER]
        else:
            shuffle_deck(dv)
            dl[DL_TRUMP] = trump
            out[i, 1] = -1
        out[i, 0] = dl[DL_TRUMP]
        build_order(st.ot, level, dl[DL_TRUMP], I0)
        deal_out(st.hands, st.ncls, st.owner, st.ot, st.deck, N_SEATS * HAND_SIZE, I0)
        note_holdings(st.hands, st.ncls, st.ot, NEG1, st.feats, out[i], FEATURE_COLS)


def census_range(tpl, run, out, trump, level=0):
    """Deal statistics of deals ``start .. start+count-1`` of the run ``run`` (``kernels.run_vector``:
    seed, start, count, blocks; no play) into ``out[g - start]`` (int64, ``CENSUS_COLS`` columns):
    trump suit, declarer (-1), then per seat the ``kernels.trick.census`` features of the 25 dealt
    cards under ``level`` and trump suit ``trump`` (-1: the suit the declaring bots with the
    parameters of ``tpl`` choose, as in play; ``tpl``: ``census_template``)."""
    start, count = int(run[RUN_START]), int(run[RUN_COUNT])
    run_blocks(census_block, count, int(run[RUN_BLOCKS]), tpl, np.uint64(run[RUN_SEED]),
               census_run.census_run(trump, start, level), out)
