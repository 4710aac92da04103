"""五十K's declared state: a hand in play (and a search world) as one named tuple of arrays.

``CLIMB_CORE`` (``kernels.climb.state``) extended with what 五十K adds: who holds each physical
card, the 5/10/K suits held (正510K), the bombs whose W-6 bonus is pending, and the deal's
buffers, ``--fix``'s tables. Scalars are ``gs`` slots: the family's ``GS_*`` and, from ``GS_FAMILY`` on, the game's
(``GS_FK_OPEN``, ``GS_N_PENDING``). ``new_state`` allocates one (Python side); kernels take ``st``
and copy it with ``kernels.state.clone`` / ``copy_into``.
"""

from __future__ import annotations

import numpy as np

from kernels.climb.loop import GS_FAMILY, MAX_LOG
from kernels.climb.state import CLIMB_CORE, search_at
from kernels.deal import FIX_SLOTS, fix_values
from kernels.state import Slot
from kernels.wushik.layout import HAND_LAYOUT, MAX_SEATS
from kernels.wushik.movegen import MAX_MOVES
from kernels.wushik.policies import N_PP, PP_CANDIDATES, PP_CONFIDENCE, PP_ROLLOUT, PP_WORLDS

N_IDS = 108  # card ids: deck * 54 + rank * 4 + suit (54 per deck, jokers unused)
N_CARDS = 104
HAND_SIZE = 26

LAYOUT = CLIMB_CORE.extend("WushikState", __name__, [
    Slot("owner", "int64", (N_IDS,), "the seat holding each card id (-1: played, or a joker id)"),
    Slot("suit_counts", "int64", ("seats", 13, 4), "each seat's cards by rank and suit (only 5, 10, K are read)"),
    Slot("pend", "int64", ("seats", 9), "bombs of >= 5 cards by seat and size whose W-6 bonus is pending"),
    Slot("dstate", "uint64", (4,), "the deal stream of the game index (every hand of a match is dealt from it)"),
    Slot("deck", "int64", (N_CARDS,), "the shuffled deck of the hand being dealt", scratch=True),
    Slot("played", "int64", (HAND_SIZE,), "the physical cards of the play being made (for the log)", scratch=True),
    Slot("take", "int64", (13, 4), "the cards of the play being made by rank and suit (kernels.wushik.cardpick)",
         scratch=True),
    *FIX_SLOTS,
], "五十K's hand in play: the climbing core and the cards by id and suit, the pending bomb bonuses, the deal.")
WushikState = LAYOUT.cls  # a module attribute under its own name: numba's cache finds the type here

# the game's own scalars, gs[GS_FAMILY + k]
GS_FK_OPEN = GS_FAMILY  # 510K plays of this trick not beaten yet (the next play beats them)
GS_N_PENDING = GS_FAMILY + 1  # >= 5-card bombs of this trick whose bonus is not settled yet


def new_state(rules, policies=None, pp=None, fix_card=None, fix_slots=None, logged=False):
    """A state for ``rules`` (the ``W_*`` vector, shared), the seats' players and parameters and
    ``--fix``'s tables (none: (0, 0) tables, which place nothing); ``logged``: room for a whole
    hand's action log (replay), else one row (batch runs)."""
    policies = np.zeros(MAX_SEATS, np.int64) if policies is None else np.asarray(policies, np.int64)
    pp = np.zeros((MAX_SEATS, N_PP)) if pp is None else np.asarray(pp, np.float64)
    sa = search_at(HAND_LAYOUT, PP_WORLDS, PP_CONFIDENCE, PP_ROLLOUT, PP_CANDIDATES)
    return LAYOUT.allocate({"rules": np.asarray(rules, np.int64), "mv": np.zeros(1), "policies": policies.copy(),
                            "pp": pp.copy(), "search_at": sa,
                            **fix_values(fix_card, fix_slots)},
                           seats=MAX_SEATS, ranks=16, row=HAND_LAYOUT.length, max_moves=MAX_MOVES,
                           scratch=13, log_rows=MAX_LOG if logged else 1)
