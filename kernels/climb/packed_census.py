"""A deal census of packed holdings on the run driver's ``census_range`` (``kernels.climb.run``),
for the games whose census features come from each seat's packed rank counts.

Game g is dealt from the stream ``(seed, g)`` only: one shuffle of the unshuffled ids, then
``--fix``'s cards placed (``kernels.deal.place_fixed``; empty tables draw nothing). A seat's
holding is summed straight from its deal positions into packed rank counts
(``kernels.hand.encode_seat``), which the game turns into its features.

``census_layout`` declares a game's census state: the same slots for every such game, a class of
its own each, so that ``@implements(run.census_deals, LAYOUT)`` picks the game's features.
``new_census_state`` fills one from the game's ``compile_rules`` tables (Python side);
``deal_game`` shuffles one game in it, ``bomb_counts`` writes the features every such game has;
``census`` is a game's Python entry over its own cached ``census_range``.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.climb import run
from kernels.deal import FIX_SLOTS, fix_values, place_fixed, reset_deck, shuffle
from kernels.hand import nibble
from kernels.rng import seed_stream
from kernels.state import Slot, StateLayout

# the ``params`` slot (``census_params`` of the games' compile_rules); a game's own follow
P_N_SEATS, P_HAND_SIZE = 0, 1

CENSUS_SLOTS = (
    Slot("dstate", "uint64", (4,), "the stream of the game being dealt (kernels.rng)"),
    Slot("deck", "int16", ("cards",), "the game's shuffled deck"),
    Slot("ids", "int16", ("cards",), "the unshuffled physical ids", shared=True),
    Slot("inc_rank", "uint64", ("ids",), "per id: its increment of the packed rank counts", shared=True),
    Slot("inc_fk", "uint64", ("ids",), "per id: its increment of the packed 5/10/K-by-suit holdings", shared=True),
    Slot("card_points", "int64", ("ids",), "per id: its points", shared=True),
    Slot("params", "int64", ("params",), "P_N_SEATS, P_HAND_SIZE, then the game's own", shared=True),
    *FIX_SLOTS,
)


def census_layout(name: str, module: str) -> StateLayout:
    """A game's census state: ``CENSUS_SLOTS`` under a class of its own."""
    return StateLayout(name, module, CENSUS_SLOTS, f"The deal census state of {module} (kernels.climb.packed_census).")


def new_census_state(layout: StateLayout, tables: dict, fix_card=None, fix_slots=None):
    """A run's template: the game's ``compile_rules`` tables and ``--fix``'s (none: (0, 0) tables)."""
    return layout.allocate({
        "deck": tables["deck"].copy(), "ids": tables["deck"], "inc_rank": tables["inc_rank"],
        "inc_fk": tables["inc_fk"], "card_points": tables["card_points"], "params": tables["census_params"],
        **fix_values(fix_card, fix_slots),
    })


@njit(cache=True, nogil=True, inline="always")
def deal_game(st, seed, g):
    """Shuffle game ``g`` into ``st.deck`` (from the ids) and place ``--fix``'s cards."""
    seed_stream(seed, g, st.dstate)
    reset_deck(st.deck, st.ids)
    shuffle(st.dstate, st.deck)
    place_fixed(st.dstate, st.deck, st.fix_card, st.fix_slots)


@njit(cache=True, nogil=True, inline="always")
def bomb_counts(packed, out, seat, col):
    """``out[k, seat, col]`` (k 0..4): the ranks 3..2 held exactly ``4 + k`` times in the packed
    rank counts; returns the most cards held of one rank."""
    best = 0
    for k in range(5):
        out[k, seat, col] = 0
    for r in range(13):
        c = nibble(packed, r)
        if c >= 4:
            out[c - 4, seat, col] += 1
        if c > best:
            best = c
    return best


def census(layout, census_range, n_features, tables, seed, start, count, n_blocks, fix_card=None, fix_slots=None):
    """``out[feature, seat, game - start]`` (int16) of games ``start .. start + count - 1`` by the
    game's ``census_range`` entry on a template of its ``layout`` (Python side: ``tables`` is the
    game's ``compile_rules`` output)."""
    out = np.empty((n_features, tables["census_params"][P_N_SEATS], count), np.int16)
    census_range(new_census_state(layout, tables, fix_card, fix_slots), run.run_vector(seed, start, count, n_blocks),
                 out)
    return out
