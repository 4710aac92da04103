"""关牌 census: deal a range of games and record what each player is dealt, in parallel.

``out[feature, seat, game - start]`` (int16) in ``CENSUS_FEATURES`` order and ``lead_card[game -
start]`` (int16: index in ``lead_order`` of the card that decided the first lead, 0 = ♠3). Game
``i`` draws only from the stream ``(seed, i)``: one shuffle, nothing else.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from kernels.guanpai.deal import N_PLAYERS, deal_hand, holds_three_bomb, seat_bombs
from kernels.guanpai.state import RUN_BLOCKS, RUN_COUNT, RUN_SEED, RUN_START, borrow
from kernels.state import clone

CENSUS_FEATURES = (
    "bombs",  # ranks held four times (炸弹 without the 3-card bomb)
    "three_bomb",  # holds >= 3 cards of the 3-card-bomb rank (3Q / 3A), 0 when the ruleset has none
    "twos",  # 2s held
    "leads",  # 1: this player holds the first-lead card and leads the first trick
)
N_FEATURES = len(CENSUS_FEATURES)
F_BOMBS, F_THREE_BOMB, F_TWOS, F_LEADS = range(N_FEATURES)


@njit(cache=True, nogil=True)
def census_block(st, run, lo, hi, out, lead_card):
    """Deal games ``lo .. hi - 1`` one after the other in ``st`` (``kernels.guanpai.deal.deal_hand``)
    and write each one's features into ``out[:, :, game - start]`` and ``lead_card[game - start]``.
    (Its own function: numba's parfor lowering lost writes to the state's arrays in the prange
    body.)"""
    seed, start = np.uint64(run[RUN_SEED]), run[RUN_START]
    for game in range(lo, hi):
        leader, idx = deal_hand(st, seed, game)
        col = game - start
        for s in range(N_PLAYERS):
            out[F_BOMBS, s, col] = seat_bombs(st.counts, s)
            out[F_THREE_BOMB, s, col] = 1 if holds_three_bomb(st.counts, s, st.rules, False) else 0
            out[F_TWOS, s, col] = st.counts[s, 12]
            out[F_LEADS, s, col] = 1 if s == leader else 0
        lead_card[col] = idx


@njit(cache=True, nogil=True, parallel=True)
def census_range(template, run, out, lead_card):
    """Census of games ``run[RUN_START]`` .. ``+ run[RUN_COUNT] - 1`` (``kernels.guanpai.state``
    ``RUN_*``) from the template state of ``new_state``; ``run[RUN_BLOCKS]`` contiguous blocks (a
    few per thread) each clone the template once. Rows depend only on ``(seed, game)``."""
    start, count = run[RUN_START], run[RUN_COUNT]
    n_blocks = max(1, min(count, run[RUN_BLOCKS]))
    for b in prange(n_blocks):
        _census_owned(clone(template), run, start + (count * b) // n_blocks, start + (count * (b + 1)) // n_blocks,
                      out, lead_card)


@njit(cache=True, nogil=True)
def _census_owned(st, run, lo, hi, out, lead_card):
    """``census_block`` on a borrowed view of ``st``: the caller's reference keeps ``st`` alive for
    the whole call (``st = clone(...); f(borrow(st))`` with no later use of ``st`` would free it
    before ``f`` runs: numba drops a variable after its last use)."""
    census_block(borrow(st), run, lo, hi, out, lead_card)


def census(comp, seed, start, count, n_blocks, fix_card=None, fix_slots=None):
    """``(out, lead_card)`` of games ``start .. start + count - 1`` (Python side: builds the
    template and the run vector; ``comp`` is ``sim.games.guanpai.rules.compile_rules``'s output)."""
    from kernels.guanpai.state import new_state, run_vector

    none = np.zeros((0, 0), np.int64)
    template = new_state(comp, none if fix_card is None else fix_card, none if fix_slots is None else fix_slots)
    out = np.empty((N_FEATURES, N_PLAYERS, count), np.int16)
    lead = np.empty(count, np.int16)
    census_range(template, run_vector(seed, start, count, n_blocks), out, lead)
    return out, lead
