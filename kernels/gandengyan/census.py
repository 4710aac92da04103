"""干瞪眼 census: deal a range of games and record what each seat is dealt, in parallel.

``out[feature, seat, game - start]`` (int16) in ``CENSUS_FEATURES`` order, for the ruleset's
``GD_N_SEATS`` seats. Game ``i`` draws only from the stream ``(seed, i)``: the shuffle, then the
banker (a session's first hand: uniformly random), then ``--fix``'s placements (none without it),
as ``kernels.gandengyan.deal`` says.
"""

from __future__ import annotations

from numba import njit

from kernels.climb import run
from kernels.gandengyan.deal import deal_hand
from kernels.gandengyan.layout import CENSUS_FIELDS
from kernels.gandengyan.moves import JOKER, R_TWO
from kernels.gandengyan.rulevec import GD_BOMB_MIN, GD_N_SEATS
from kernels.gandengyan.state import LAYOUT
from kernels.hooks import implements
from kernels.state import borrow

CENSUS_FEATURES = tuple(f.name for f in CENSUS_FIELDS)  # declared, with their meaning, in kernels.gandengyan.layout
N_FEATURES = len(CENSUS_FEATURES)
F_CARDS, F_BANKER, F_LEADS, F_JOKERS, F_TWOS, F_BOMBS = range(N_FEATURES)


@implements(run.census_deals, LAYOUT)
def _census_deals(st, seed, lo, hi, start, out):
    """Deal games ``lo .. hi - 1`` in ``st`` (``kernels.gandengyan.deal.deal_hand``: the banker drawn,
    ``--fix``'s cards placed under him) and write each one's features into ``out[:, :, game - start]``."""
    view = borrow(st)  # the driver's view arrives with meminfos the compiler cannot see are null
    counts, rules = view.counts, view.rules
    for game in range(lo, hi):
        col = game - start
        banker, leader, _stock = deal_hand(view, seed, game, -1, 0)
        for s in range(rules[GD_N_SEATS]):
            total = bombs = 0
            for r in range(16):
                total += counts[s, r]
                bombs += 1 if r < 13 and counts[s, r] >= rules[GD_BOMB_MIN] else 0
            out[F_CARDS, s, col] = total
            out[F_BANKER, s, col] = 1 if s == banker else 0
            out[F_LEADS, s, col] = 1 if s == leader else 0
            out[F_JOKERS, s, col] = counts[s, JOKER]
            out[F_TWOS, s, col] = counts[s, R_TWO]
            out[F_BOMBS, s, col] = bombs


@njit(cache=True, nogil=True)
def _census_range(template, run_, out):
    """The cached entry of ``census_range`` (the run driver's census with this game's deal)."""
    run.census_range(template, run_, out)


def census_range(seed, start, count, template, out, n_blocks):
    """Census of games ``start .. start + count - 1`` into ``out[feature, seat, game - start]``;
    ``template`` is the run's state (``kernels.gandengyan.state.new_state``: the rules, the pack,
    ``--fix``'s tables); ``n_blocks`` contiguous blocks (a few per thread) each deal on a clone."""
    _census_range(template, run.run_vector(seed, start, count, n_blocks), out)
