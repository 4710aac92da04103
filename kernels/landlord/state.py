"""The landlord family's declared state (斗地主 3p/4p, 上海三打一): a hand in play, and a search world.

``CLIMB_CORE`` (``kernels.climb.state``) extended with what the family's phases and deal need;
``kernels.state`` explains the declaration. ``allocate`` (plain Python) builds a run's template
state from the run's tables; a kernel takes that template and ``clone``s it per parallel block.
"""

from __future__ import annotations

import numpy as np

from kernels.climb.state import CLIMB_CORE, search_at
from kernels.deal import FIX_SLOTS, fix_values
from kernels.state import Slot

MAX_DECISIONS = 64  # decisions before the tricks: at most a re-bidding auction's and 4 declarations

LAYOUT = CLIMB_CORE.extend("LandlordState", __name__, [
    Slot("deck", "int16", ("cards",), "the deck being dealt, shuffled from deck_template each deal", scratch=True),
    Slot("deck_template", "int16", ("cards",), "the run's unshuffled deck (card ids)", shared=True),
    Slot("card_rank", "int64", ("cards",), "rank index (kernels.cards) of each card id", shared=True),
    *FIX_SLOTS,
    Slot("said", "int64", ("seats",), "first bid each seat said in the auction (-1 never asked)"),
    Slot("forced", "int64", (MAX_DECISIONS,), "forced answers of the decisions before the tricks (-1: the "
                                              "player's own; kernels.landlord.phases)"),
    Slot("hist", "int64", (MAX_DECISIONS,), "the answers given before the tricks, in order"),
    Slot("dec", "int64", (4,), "decisions so far, and the seat, kind and highest bid of a search stop (DEC_*)"),
    Slot("saved", "uint64", (4,), "the stream state the phases are replayed from after a search stop",
         scratch=True),
])
LandlordState = LAYOUT.cls


def allocate(rules, policies, pp, mv, deck_template, card_rank, fix_card, fix_slots, log_rows=1):
    """A run's template state (plain Python): the run's tables as its shared slots, the players,
    zeros elsewhere; ``log_rows`` 1 in batch runs (only replay keeps a log)."""
    from kernels.landlord.movegen import LL_MAX_MOVES, LL_N_SEATS, WORK_LEN
    from kernels.landlord.policies import PP_CANDIDATES, PP_CONFIDENCE, PP_ROLLOUT, PP_WORLDS, SMART
    from kernels.landlord.rows import PLAY, ROW_LEN

    return LAYOUT.allocate(
        {"rules": np.asarray(rules, np.int64), "policies": np.array(policies, np.int64),
         "pp": np.array(pp, np.float64), "mv": np.asarray(mv, np.float64),
         "deck_template": np.asarray(deck_template, np.int16), "card_rank": np.asarray(card_rank, np.int64),
         **fix_values(fix_card, fix_slots),
         "search_at": search_at(PLAY, PP_WORLDS, PP_CONFIDENCE, PP_ROLLOUT, PP_CANDIDATES, SMART)},
        seats=int(rules[LL_N_SEATS]), ranks=16, max_moves=int(rules[LL_MAX_MOVES]), scratch=32 + WORK_LEN,
        row=ROW_LEN, log_rows=log_rows, cards=len(deck_template))
