"""The deal census of both games, its block written once: a block of deals on its own clone of the
run's state, each deal's row ``out[i]`` = trump suit, the seat that declared (-1: a fixed suit),
then feature ``f`` of seat ``s`` (``kernels.trick.census``) at ``2 + f * 4 + s``.

A game loops over the block's deals in its ``census_deals`` (``kernels.hooks.implements``): the deal
and declaration are its own, and a hook called once a deal would pass the whole state each time
(a few hundred flattened arguments), so the hook takes the block. The clone and its borrowed view
(``kernels.state.borrow``'s trap) are here. Nothing here is ``cache=True``: each game's cached
``census_block`` calls ``block``, which compiles that game's hook into it.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.state import borrow, clone
from kernels.trick.census import N_FEATURES
from kernels.trick.state import N_SEATS

# run[CR_*]: what a census call deals
CR_START, CR_TRUMP, CR_LEVEL = range(3)
CR_LEN = 3
CENSUS_COLS = 2 + N_SEATS * N_FEATURES
FEATURE_COLS = np.arange(2, CENSUS_COLS, N_SEATS)  # feature f's first column (kernels.trick.hand.note_holdings)


def census_deals(st, seed, run, out, lo, hi):
    """Hook: deals ``run[CR_START] + i`` for ``i`` in ``lo .. hi - 1``, each from the stream ``(seed,
    start + i)``, into ``out[i]`` (module docstring): a fixed trump suit ``run[CR_TRUMP]`` (``--fix``'s
    cards placed), or (-1) the suit the declaring bots choose as in play; ``run[CR_LEVEL]``: 八十分's level."""
    raise NotImplementedError


def census_run(trump, start, level=0) -> np.ndarray:
    """The ``CR_*`` vector of a census call."""
    run = np.zeros(CR_LEN, np.int64)
    run[CR_START], run[CR_TRUMP], run[CR_LEVEL] = start, trump, level
    return run


@njit(nogil=True)
def block(tpl, seed, run, out, lo, hi):
    """Deals ``lo .. hi - 1`` of a census on a clone of the run's state ``tpl``."""
    _deals(clone(tpl), seed, run, out, lo, hi)


@njit(nogil=True)
def _deals(owned, seed, run, out, lo, hi):
    """``census_deals`` on a borrowed view of the block's clone ``owned``: a parameter, so the caller's
    reference keeps it alive for the whole call (``st = clone(tpl)`` then ``borrow(st)`` with no later
    use of ``st`` would free the clone's arrays right after the borrow)."""
    census_deals(borrow(owned), seed, run, out, lo, hi)
