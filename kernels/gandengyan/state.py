"""干瞪眼's declared state: the climbing family's core slots (``kernels.climb.state``) and the game's own.

Every kernel of the package takes this state ``st`` (the play, the census's deal, the players, the
search hooks); ``kernels.state`` explains the declaration and what ``clone`` / ``copy_into`` do.
The game's scalars live in ``st.gs`` from ``GS_FAMILY``. ``new_state`` (Python) builds a run's
template: the run constants in it, every other slot zero; each parallel block plays on a
``clone`` of it.
"""

from __future__ import annotations

import numpy as np

from kernels.climb.loop import GS_FAMILY
from kernels.climb.state import CLIMB_CORE, search_at
from kernels.deal import FIX_SLOTS, fix_values
from kernels.gandengyan.layout import LAYOUT as ROW_LAYOUT
from kernels.gandengyan.money import MV_LEN
from kernels.gandengyan.movegen import WORK_LEN
from kernels.gandengyan.policies import N_PP, PP_CANDIDATES, PP_CONFIDENCE, PP_ROLLOUT, PP_WORLDS, SCRATCH_LEN
from kernels.gandengyan.rulevec import GD_MAX_MOVES, GD_N_SEATS
from kernels.state import Slot

# the game's own gs slots: GS_STOCK, the next stock position in the shuffled pack (the stock is deck[GS_STOCK:]);
# GS_TOP_PLUS_ONE, 1: the trick's top play answered the play before it exactly one rank higher;
# GS_STALEMATE, 1: the hand ended with nobody able to lead
GS_STOCK, GS_TOP_PLUS_ONE, GS_STALEMATE = range(GS_FAMILY, GS_FAMILY + 3)

N_RANKS = 16  # count-vector columns: ranks 3..2 at 0..12, the jokers at JOKER = 15

LAYOUT = CLIMB_CORE.extend("GandengyanState", __name__, [
    Slot("deck", "int16", ("deck",), "the shuffled pack: the hands were dealt from its front, the stock is deck[GS_STOCK:]"),
    Slot("played", "int64", (N_RANKS,), "public count of every card played this hand (what the players read)"),
    Slot("lowest", "int64", ("seats",), "each seat's lowest natural card dealt, rank * 4 + suit (first_lead)"),
    Slot("deck_template", "int16", ("deck",), "the unshuffled pack (physical ids)", shared=True),
    *FIX_SLOTS,  # fix_slots: one block of groups per banker
    Slot("work", "int64", (WORK_LEN,), "the chain search's work space (move generation)", scratch=True),
], "A 干瞪眼 hand in play: the climbing core, the pack and the stock, the public record of cards played.")
GandengyanState = LAYOUT.cls


def new_state(rules: np.ndarray, deck: np.ndarray, policies=None, pp=None, mv=None, fix_card=None, fix_slots=None,
              log_rows: int = 1):
    """A run's template state (numpy): the rules vector, the pack, the players, their parameters, the
    money vector and ``--fix``'s tables (none: (0, 0) tables) in it, every other slot zero."""
    n = int(rules[GD_N_SEATS])
    values = {
        "rules": np.asarray(rules, np.int64), "deck_template": np.asarray(deck, np.int16),
        "policies": np.zeros(n, np.int64) if policies is None else np.asarray(policies, np.int64),
        "pp": np.zeros((n, N_PP)) if pp is None else np.asarray(pp, np.float64),
        "mv": np.zeros(MV_LEN) if mv is None else np.asarray(mv, np.float64),
        **fix_values(fix_card, fix_slots),
        "search_at": search_at(ROW_LAYOUT, PP_WORLDS, PP_CONFIDENCE, PP_ROLLOUT, PP_CANDIDATES),
    }
    return LAYOUT.allocate(values, seats=n, ranks=N_RANKS, deck=len(deck), row=ROW_LAYOUT.length,
                           max_moves=int(rules[GD_MAX_MOVES]), scratch=SCRATCH_LEN, log_rows=log_rows)
