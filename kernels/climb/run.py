"""The climbing family's run driver, written once: many hands in parallel blocks of whole sessions
(``play_range``), a session's hands (``play_session``), one hand with its log (``play_logged``)
and the deal census (``census_range``).

A run's numbers travel in one int64 vector (``RUN_*``, the seed as its 64 bits; ``run_vector``).
Hand ``g`` (``RUN_START`` on) is row ``g - start`` of ``out_rows``; whole sessions of
``RUN_HANDS_PER_SESSION`` hands are cut into ``RUN_BLOCKS`` contiguous parallel blocks, each on its
own ``clone`` of the template state. With ``RUN_ROTATE`` seat k of hand g is played by the
template's seat ``(k + g) % n`` (and its parameters); with ``RUN_DUPLICATE`` hand g plays deal
``g // n`` turned by ``g % n`` (seat k receives what seat k + rotation was dealt). A hand's own
draws depend only on ``(seed, deal)``, so rows do not depend on threads or blocks.

A game implements the hooks below for its declared state (``kernels.hooks.implements``). Like
``kernels.climb.search_driver``, nothing here is ``cache=True``: a game's own cached entry points
call these functions, so they are compiled and cached there with the game's hooks inside.
Numba's rules (``kernels.state``): a prange body hands its clone to a function (parfor lowering
loses writes into a state's slots made in the body) and state is ``borrow``ed only in a function
whose caller holds it.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from kernels.state import borrow, clone

RUN_SEED, RUN_START, RUN_COUNT, RUN_HANDS_PER_SESSION, RUN_ROTATE, RUN_DUPLICATE, RUN_BLOCKS = range(7)
RUN_LEN = 7


def run_vector(seed, start=0, count=0, blocks=1, hands_per_session=1, rotate=False, duplicate=False) -> np.ndarray:
    """The ``RUN_*`` vector (the seed kept as its 64 bits)."""
    v = np.zeros(RUN_LEN, np.int64)
    v[RUN_SEED] = np.array([seed], np.uint64).view(np.int64)[0]
    v[RUN_START], v[RUN_COUNT], v[RUN_BLOCKS] = start, count, blocks
    v[RUN_HANDS_PER_SESSION], v[RUN_ROTATE], v[RUN_DUPLICATE] = hands_per_session, rotate, duplicate
    return v


# ---- hooks: a game implements each for its declared state (kernels.hooks.implements) --------------

def seat_count(st):
    """The seats at the table (int64): what rotation and duplicate deals turn round."""
    raise NotImplementedError


def play_hand(st, seed, deal, rotation, carry, last, search_on):
    """Play deal ``deal`` (turned by ``rotation``) in ``st`` into ``st.row``; the log rows written.
    ``carry``: what the session's previous hand passes on (``next_carry``); ``last``: the session's
    last hand; ``search_on``: None when no seat searches (numba prunes the search), else what the
    game's caller passes (its search entry as a function value: ``search_driver.first_class``)."""
    raise NotImplementedError


def next_carry(st, h):
    """The int64 that hand ``h`` of a session is given as ``carry``: ``h == 0`` the session's first
    hand (``st`` holds nothing of the session yet), else from hand ``h - 1`` as ``st`` holds it."""
    raise NotImplementedError


def census_deals(st, seed, lo, hi, start, out):
    """Deal games ``lo .. hi - 1`` (game g from the stream ``(seed, g)``) one after the other in
    ``st`` and write each one's features at column ``g - start`` of ``out`` (whatever arrays, or
    tuple of arrays, the game's census fills). The game loops: a call passing a state costs a
    few hundred flattened arguments, too much once a deal."""
    raise NotImplementedError


# ---- the driver -----------------------------------------------------------------------------------

@njit(nogil=True, inline="always")
def play_session(st, template, run, sess, n, out_rows, search_on):
    """Session ``sess`` of the run in ``st`` (``n`` seats), into its rows of ``out_rows`` (out of the
    prange body: parfor lowering lost these seat writes there; inlined into ``_play_block``: a
    function of its own would be one more level that numba links and optimizes the whole game's
    code in again)."""
    seed, hps = np.uint64(run[RUN_SEED]), run[RUN_HANDS_PER_SESSION]
    for h in range(hps):
        i = sess * hps + h
        g = run[RUN_START] + i
        carry = next_carry(st, h)
        if run[RUN_ROTATE] != 0:
            for k in range(n):
                st.policies[k] = template.policies[(k + g) % n]
                st.pp[k, :] = template.pp[(k + g) % n, :]
        deal, rotation = (g // n, g % n) if run[RUN_DUPLICATE] != 0 else (g, np.int64(0))
        play_hand(st, seed, deal, rotation, carry, h == hps - 1, search_on)
        for f in range(out_rows.shape[1]):  # (a loop: an array copy compiles string-formatting code)
            out_rows[i, f] = st.row[f]


@njit(nogil=True)
def _play_block(st, template, run, lo, hi, out_rows, search_on):
    """Sessions ``lo .. hi - 1`` on ``borrow`` views of the block's clone and the template."""
    view, tview = borrow(st), borrow(template)
    n = seat_count(tview)
    for sess in range(lo, hi):
        play_session(view, tview, run, sess, n, out_rows, search_on)


@njit(nogil=True, parallel=True)
def play_range(template, run, out_rows, search_on):
    """Hands ``run[RUN_START]`` .. ``+ run[RUN_COUNT] - 1`` (whole sessions) into ``out_rows``."""
    n_sessions = run[RUN_COUNT] // run[RUN_HANDS_PER_SESSION]
    n_blocks = max(1, min(n_sessions, run[RUN_BLOCKS]))
    for b in prange(n_blocks):
        _play_block(clone(template), template, run, (n_sessions * b) // n_blocks, (n_sessions * (b + 1)) // n_blocks,
                    out_rows, search_on)


@njit(nogil=True)
def play_logged(template, seed, deal, rotation, carry, last):
    """One hand with its action log, in a clone of ``template`` (its ``log`` room for the hand):
    ``(st, n)``, the hand's state and the log rows written."""
    st = clone(template)
    st.log[:, :] = 0
    n = play_hand(borrow(st), seed, deal, rotation, carry, last, True)
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
