"""关牌 census: deal a range of games and record what each player is dealt, in parallel.

``out[feature, seat, game - start]`` (int16) in ``CENSUS_FEATURES`` order and ``lead_card[game -
start]`` (int16: index in ``lead_order`` of the card that decided the first lead, 0 = ♠3). Game
``i`` draws only from the stream ``(seed, i)``: one shuffle, nothing else.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.climb import run
from kernels.guanpai.deal import N_PLAYERS, deal_hand, holds_three_bomb, seat_bombs
from kernels.guanpai.layout import CENSUS_FIELDS
from kernels.guanpai.state import LAYOUT
from kernels.hooks import implements
from kernels.state import borrow

CENSUS_FEATURES = tuple(f.name for f in CENSUS_FIELDS if f.per_seat)  # bombs, three_bomb, twos, leads (layout)
N_FEATURES = len(CENSUS_FEATURES)
F_BOMBS, F_THREE_BOMB, F_TWOS, F_LEADS = range(N_FEATURES)


@implements(run.census_deals, LAYOUT)
def _census_deals(st, seed, lo, hi, start, out):
    """Deal games ``lo .. hi - 1`` in ``st`` (``kernels.guanpai.deal.deal_hand``); each one's features
    into ``out[0][:, :, game - start]`` and its lead card into ``out[1][game - start]``."""
    feats, lead_card = out
    # Borrowed again here: the driver's view arrives as arguments whose null meminfo the compiler
    # cannot see, so each call below would incref and decref every array it passes (2.0M -> 3.3M
    # deals per CPU-second once the nulls are constants here).
    view = borrow(st)
    for game in range(lo, hi):
        leader, idx = deal_hand(view, seed, game)
        col = game - start
        for s in range(N_PLAYERS):
            feats[F_BOMBS, s, col] = seat_bombs(view.counts, s)
            feats[F_THREE_BOMB, s, col] = 1 if holds_three_bomb(view.counts, s, view.rules, False) else 0
            feats[F_TWOS, s, col] = view.counts[s, 12]
            feats[F_LEADS, s, col] = 1 if s == leader else 0
        lead_card[col] = idx


@njit(cache=True, nogil=True)
def census_range(template, run_, out, lead_card):
    """Census of games ``run_[RUN_START]`` .. ``+ run_[RUN_COUNT] - 1`` (``kernels.climb.run``) from
    the template state of ``new_state``. Rows depend only on ``(seed, game)``."""
    run.census_range(template, run_, (out, lead_card))


def census(comp, seed, start, count, n_blocks, fix_card=None, fix_slots=None):
    """``(out, lead_card)`` of games ``start .. start + count - 1`` (Python side: builds the
    template and the run vector; ``comp`` is ``sim.games.guanpai.rules.compile_rules``'s output)."""
    from kernels.guanpai.state import new_state

    template = new_state(comp, fix_card, fix_slots)
    out = np.empty((N_FEATURES, N_PLAYERS, count), np.int16)
    lead = np.empty(count, np.int16)
    census_range(template, run.run_vector(seed, start, count, n_blocks), out, lead)
    return out, lead
