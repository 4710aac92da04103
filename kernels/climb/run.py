"""The climbing family's run driver, written once: many hands in parallel blocks of whole sessions
(``play_range``; ``play_matches`` for matches), a session's hands (``play_session``,
``play_match``), one hand with its log (``play_logged``) and the deal census (``census_range``).

A run's numbers travel in one int64 vector (``RUN_*``, the seed as its 64 bits; ``run_vector``,
from ``kernels.run_vector`` and re-exported here).
Hand ``g`` (``RUN_START`` on) is row ``g - start`` of ``out_rows``; whole sessions of
``RUN_HANDS_PER_SESSION`` hands are cut into ``RUN_BLOCKS`` contiguous parallel blocks, each on its
own ``clone`` of the template state. With ``RUN_ROTATE`` seat k of hand g is played by the
template's seat ``(k + g) % n`` (and its parameters); with ``RUN_DUPLICATE`` hand g plays deal
``g // n`` turned by ``g % n`` (seat k receives what seat k + rotation was dealt). A hand's own
draws depend only on ``(seed, deal)``, so rows do not depend on threads or blocks.

A game whose sessions last as many hands as they play (a match to a target score) runs
``play_matches`` instead: game index g is a session of its own (``play_match``; its hands share
g's seats and deal), played until ``session_over``, and ``end_session`` fills what its end decides
into its rows; block b writes from row ``b * cap`` (``cap``: the out rows over the blocks) and
``n_rows[b]`` says how many, -1 when they did not fit (the caller retries with more room).

A game implements the hooks below for its declared state (``kernels.hooks.implements``). Like
``kernels.climb.search_driver``, the functions that reach a hook are not ``cache=True``: a game's own
cached entry calls them, so they are compiled and cached there with the game's hooks inside. A game
has one: ``_play_block`` (``play_block``, or ``match_block``: its hands, on a clone of the
template). The parallel drivers here (``play_range``, ``play_matches``) hold no game code: they call
each block through that entry's address (``block_value``), so the hands are compiled once, in the
game's cache, and the drivers are cached here, once per state type. Numba's rule (``kernels.state``):
a state is ``borrow``ed only where it is held to the end (``hold``).
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from kernels.pointers import FunctionValue
from kernels.run_vector import (RUN_BLOCKS, RUN_COUNT, RUN_DUPLICATE, RUN_HANDS_PER_SESSION, RUN_LEN,  # noqa: F401
                                RUN_ROTATE, RUN_SEED, RUN_START, run_vector)
from kernels.state import borrow, clone, hold


# ---- hooks: a game implements each for its declared state (kernels.hooks.implements) --------------

def seat_count(st):
    """The seats at the table (int64): what rotation and duplicate deals turn round."""
    raise NotImplementedError


def play_hand(st, seed, deal, rotation, carry, last, search_on):
    """Play deal ``deal`` (turned by ``rotation``) in ``st`` into ``st.row``; the log rows written.
    ``carry``: what the session's previous hand passes on (``next_carry``); ``last``: the session's
    last hand; ``search_on``: None when no seat searches (numba prunes the search), else what the
    game's caller passes (its search entry as a function value: ``search_driver.search_on_for``)."""
    raise NotImplementedError


def next_carry(st, h):
    """The int64 that hand ``h`` of a session is given as ``carry``: ``h == 0`` the session's first
    hand (``st`` holds nothing of the session yet), else from hand ``h - 1`` as ``st`` holds it."""
    raise NotImplementedError


def session_over(st, h):
    """``play_matches`` only: whether the session ends after its ``h``-th hand (``st`` as that
    hand left it)."""
    raise NotImplementedError


def end_session(st, out_rows, r0, r1):
    """``play_matches`` only: the session's hands are rows ``r0 .. r1 - 1`` of ``out_rows``;
    fill in what its end decides."""
    raise NotImplementedError


def census_deals(st, seed, lo, hi, start, out):
    """Deal games ``lo .. hi - 1`` (game g from the stream ``(seed, g)``) one after the other in
    ``st`` and write each one's features at column ``g - start`` of ``out`` (whatever arrays, or
    tuple of arrays, the game's census fills). The game loops: a call passing a state costs a
    few hundred flattened arguments, too much once a deal."""
    raise NotImplementedError


# ---- the driver -----------------------------------------------------------------------------------

@njit(nogil=True, inline="always")
def _play_hand_of(st, template, run, g, n, carry, last, search_on):
    """A hand of game index ``g`` in ``st``: its seats (``RUN_ROTATE``), its deal and rotation
    (``RUN_DUPLICATE``), then the game's ``play_hand``."""
    if run[RUN_ROTATE] != 0:
        for k in range(n):
            st.policies[k] = template.policies[(k + g) % n]
            st.pp[k, :] = template.pp[(k + g) % n, :]
    deal, rotation = (g // n, g % n) if run[RUN_DUPLICATE] != 0 else (g, np.int64(0))
    play_hand(st, np.uint64(run[RUN_SEED]), deal, rotation, carry, last, search_on)


@njit(nogil=True, inline="always")
def _copy_row(st, out_rows, i):
    """``st.row`` into ``out_rows[i]`` (a loop: an array copy compiles string-formatting code)."""
    for f in range(out_rows.shape[1]):
        out_rows[i, f] = st.row[f]


@njit(nogil=True, inline="always")
def play_session(st, template, run, sess, n, out_rows, search_on):
    """Session ``sess`` of the run in ``st`` (``n`` seats), into its rows of ``out_rows`` (out of the
    prange body: parfor lowering lost these seat writes there; inlined into ``play_block``: a
    function of its own would be one more level that numba links and optimizes the whole game's
    code in again)."""
    hps = run[RUN_HANDS_PER_SESSION]
    for h in range(hps):
        i = sess * hps + h
        _play_hand_of(st, template, run, run[RUN_START] + i, n, next_carry(st, h), h == hps - 1, search_on)
        _copy_row(st, out_rows, i)


@njit(nogil=True, inline="always")
def play_match(st, template, run, g, n, out_rows, r, r_end, search_on):
    """Game index ``g`` as one session of as many hands as it plays (``session_over``), into rows
    ``r ..`` of ``out_rows`` below ``r_end``: the row after its last, or -1 when it did not fit."""
    h = 0
    while True:
        if r + h >= r_end:
            return -1
        _play_hand_of(st, template, run, g, n, next_carry(st, h), False, search_on)
        _copy_row(st, out_rows, r + h)
        h += 1
        if session_over(st, h):
            break
    end_session(st, out_rows, r, r + h)
    return r + h


@njit(nogil=True, inline="always")
def play_block(template, run, lo, hi, out_rows, search_on):
    """Sessions ``lo .. hi - 1`` on a ``borrow`` view of a clone of the template (and of the
    template). A game compiles it into a cached entry of its own, ``_play_block``, which
    ``play_range`` calls through its address (``block_value``)."""
    st = clone(template)
    view, tview = borrow(st), borrow(template)
    n = seat_count(tview)
    for sess in range(lo, hi):
        play_session(view, tview, run, sess, n, out_rows, search_on)
    hold(st)
    return np.int64(0)


@njit(nogil=True, inline="always")
def match_block(template, run, lo, hi, out_rows, r0, r_end, search_on):
    """Game indices ``run[RUN_START] + lo .. + hi - 1``, a session each, on ``borrow`` views of a
    clone of the template and of the template, into rows ``r0 .. r_end - 1``: how many, -1 when
    they did not fit. A game compiles it into a cached entry of its own (``block_value``)."""
    st = clone(template)
    view, tview = borrow(st), borrow(template)
    n = seat_count(tview)
    r = r0
    for sess in range(lo, hi):
        r = play_match(view, tview, run, run[RUN_START] + sess, n, out_rows, r, r_end, search_on)
        if r < 0:
            break
    hold(st)
    return np.int64(-1) if r < 0 else r - r0


def block_value(entry, template, out_rows, search_on, matches=False):
    """The game's cached ``play_block`` entry ``entry`` (with ``matches``, its ``match_block`` entry)
    as the function value the parallel drivers call, plain Python (``kernels.pointers``): the game's
    hands are compiled and emitted once, in that entry, not again in the three levels numba builds
    for the parallel loop above it."""
    from numba import typeof, types

    i64 = types.int64
    rows = (i64, i64) if matches else ()  # match_block's first row and end row
    return FunctionValue(entry, i64(typeof(template), i64[::1], i64, i64, typeof(out_rows), *rows, typeof(search_on)))


def play_range(entry, template, run, out_rows, search_on):
    """Hands ``run[RUN_START]`` .. ``+ run[RUN_COUNT] - 1`` (whole sessions) into ``out_rows``, in
    ``run[RUN_BLOCKS]`` parallel blocks, each by the game's cached ``play_block`` entry ``entry``
    (plain Python; ``search_on`` as ``play_hand``'s)."""
    _play_range(template, run, out_rows, search_on, block_value(entry, template, out_rows, search_on))


@njit(cache=True, nogil=True, parallel=True)
def _play_range(template, run, out_rows, search_on, block):
    """``play_range``'s parallel loop: each block by ``block`` (a ``block_value``)."""
    n_sessions = run[RUN_COUNT] // run[RUN_HANDS_PER_SESSION]
    n_blocks = max(1, min(n_sessions, run[RUN_BLOCKS]))
    for b in prange(n_blocks):
        block(template, run, (n_sessions * b) // n_blocks, (n_sessions * (b + 1)) // n_blocks, out_rows, search_on)


def play_matches(entry, template, run, out_rows, n_rows, search_on):
    """Game indices ``run[RUN_START]`` .. ``+ run[RUN_COUNT] - 1``, a session of as many hands as it
    plays each, into ``out_rows`` (the module's docstring: block b from row ``b * cap``, ``n_rows[b]``
    rows), each parallel block by the game's cached ``match_block`` entry ``entry`` (plain Python)."""
    _play_matches(template, run, out_rows, n_rows, search_on,
                  block_value(entry, template, out_rows, search_on, matches=True))


@njit(cache=True, nogil=True, parallel=True)
def _play_matches(template, run, out_rows, n_rows, search_on, block):
    """``play_matches``' parallel loop: each block by ``block`` (a ``block_value``)."""
    count = run[RUN_COUNT]
    n_blocks = max(1, min(count, run[RUN_BLOCKS]))
    cap = out_rows.shape[0] // n_blocks
    for b in prange(n_blocks):
        n_rows[b] = block(template, run, (count * b) // n_blocks, (count * (b + 1)) // n_blocks, out_rows, b * cap,
                          (b + 1) * cap, search_on)


@njit(nogil=True)
def play_logged(template, seed, deal, rotation, carry, last, search_on):
    """One hand with its action log, in a clone of ``template`` (its ``log`` room for the hand):
    ``(st, n)``, the hand's state and the log rows written. ``search_on`` as ``play_hand``'s."""
    st = clone(template)
    st.log[:, :] = 0
    n = play_hand(borrow(st), seed, deal, rotation, carry, last, search_on)
    if n >= st.log.shape[0]:
        raise ValueError("the hand's log is longer than the template's log rows")
    return st, n


@njit(nogil=True)
def _census_block(st, run, lo, hi, out):
    """Games ``lo .. hi - 1`` on a ``borrow`` of the block's clone ``st`` (held by the caller)."""
    census_deals(borrow(st), np.uint64(run[RUN_SEED]), lo, hi, run[RUN_START], out)


@njit(nogil=True, parallel=True)
def census_range(template, run, out):
    """Census of games ``run[RUN_START]`` .. ``+ run[RUN_COUNT] - 1`` into ``out`` (column
    ``game - start``) in ``run[RUN_BLOCKS]`` contiguous blocks, each dealing in a clone."""
    start, count = run[RUN_START], run[RUN_COUNT]
    n_blocks = max(1, min(count, run[RUN_BLOCKS]))
    for b in prange(n_blocks):
        _census_block(clone(template), run, start + (count * b) // n_blocks, start + (count * (b + 1)) // n_blocks,
                      out)
