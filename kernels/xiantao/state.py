"""仙桃千分's declared state: the climbing family's core slots (``kernels.climb.state``) and the game's own.

Every kernel of the package that handles a hand takes this state ``st`` (the deal, the turn, the
players, card picking, the search hooks); ``kernels.state`` explains the declaration and what
``clone`` / ``copy_into`` do. The game's scalars live in ``st.gs`` from ``GS_FAMILY``; the played
cards of a turn go to the core's ``scratch`` slot. ``new_state`` (Python) builds a run's template:
the ruleset's tables and the players in it, every other slot zero; each parallel block plays on a
``clone`` of it, and a search world is another clone.
"""

from __future__ import annotations

import numpy as np

from kernels.climb.loop import CL_HAND_SIZE, GS_FAMILY
from kernels.climb.state import CLIMB_CORE, search_at
from kernels.deal import FIX_SLOTS, fix_values
from kernels.state import Slot
from kernels.xiantao.bounds import MAX_MOVES
from kernels.xiantao.layout import N_CENSUS_FEATURES, PLAY

GS_CALL = GS_FAMILY  # the called card (叫牌), -1 in 硬牌
N_RANKS = 16  # count columns: ranks 3..2 at 0..12, 小王 13, 大王 14, wilds 15
MAX_PLAYED = 16  # most cards one play holds (a 14-card bomb): the core's scratch slot holds them

LAYOUT = CLIMB_CORE.extend("XiantaoState", __name__, [
    Slot("owner", "int64", ("cards",), "the seat holding each card id, -1 once played"),
    Slot("suit_counts", "int64", ("seats", 13, 4), "each seat's natural cards by rank 3..2 and suit"),
    Slot("dealt_counts", "int64", ("seats", "ranks"), "each seat's counts as dealt (喜 earned by playing, 7张/8张)"),
    Slot("dealt_wz", "int64", ("seats",), "1: the seat was dealt 王炸"),
    Slot("hands", "int16", ("seats", "hand_size"), "the dealt hands, card ids in deal order (the call card's draw)"),
    Slot("deck", "int16", ("cards",), "the shuffled pack of the deal", scratch=True),
    Slot("features", "int16", (1, "seats", N_CENSUS_FEATURES), "the deal's census features", scratch=True),
    Slot("seen", "bool", ("cards",), "cards already tried by the literal re-call", scratch=True),
    Slot("unseen", "int64", ("cards",), "the cards a searching seat cannot see, in world order", scratch=True),
    Slot("deck_template", "int16", ("cards",), "the unshuffled pack (physical ids)", shared=True),
    *FIX_SLOTS,
    Slot("card_tab", "int64", (4, "cards"), "rank, suit, is-wild and points of each card id", shared=True),
    Slot("nat_ids", "int64", (15, 4, 2), "card id of each natural (rank, suit, deck), -1 none", shared=True),
    Slot("wild_ids", "int64", ("wilds",), "the wild card ids in the order plays take them", shared=True),
    Slot("call_excluded", "bool", ("cards",), "cards never drawn for the call (配牌, jokers)", shared=True),
    Slot("inc_rank", "uint64", ("cards",), "packed rank-count increment of each card (kernels.hand)", shared=True),
    Slot("inc_fk", "uint64", ("cards",), "packed 五十K increment of each card (kernels.hand)", shared=True),
    Slot("census_params", "int64", ("census",), "the census kernel's params row (kernels.xiantao.census P_*)",
         shared=True),
    Slot("rank_points", "int64", (N_RANKS,), "points of one card of each rank (5, 10, K)", shared=True),
], "A 仙桃千分 hand in play: the climbing core, card owners and suit counts, the deal, the ruleset's card tables.")
XiantaoState = LAYOUT.cls


def new_state(t: dict, log_rows: int = 1, policies=None, pp=None):
    """A run's template state (numpy) from ``sim.games.xiantao.play.kernel_inputs``' tables: the
    ruleset's tables, the players and their parameters (``t``'s, or ``policies`` / ``pp``) in it,
    every other slot zero. ``log_rows``: 1 in batch runs, ``MAX_LOG`` for a logged hand."""
    from kernels.xiantao.policies import N_PP, PP_CANDIDATES, PP_CONFIDENCE, PP_ROLLOUT, PP_WORLDS

    n_ids = int(t["deck"].shape[0])
    rules = np.asarray(t["rules"], np.int64)
    values = {
        "rules": rules, "mv": np.asarray(t["money"], np.float64), "deck_template": np.asarray(t["deck"], np.int16),
        **fix_values(t["fix_card"], t["fix_slots"]),
        "card_tab": np.asarray(t["card"], np.int64), "nat_ids": np.asarray(t["nat_ids"], np.int64),
        "wild_ids": np.asarray(t["wild_ids"], np.int64), "call_excluded": np.asarray(t["call_excluded"], np.bool_),
        "inc_rank": np.asarray(t["inc_rank"], np.uint64), "inc_fk": np.asarray(t["inc_fk"], np.uint64),
        "census_params": np.asarray(t["census_params"], np.int64),
        "rank_points": np.asarray(t["rank_points"], np.int64),
        "policies": np.asarray(t["policies"] if policies is None else policies, np.int64),
        "pp": np.asarray(t["pp"] if pp is None else pp, np.float64),
        "search_at": search_at(PLAY, PP_WORLDS, PP_CONFIDENCE, PP_ROLLOUT, PP_CANDIDATES),
    }
    assert values["pp"].shape[1] == N_PP
    return LAYOUT.allocate(values, seats=4, ranks=N_RANKS, cards=n_ids, hand_size=int(rules[CL_HAND_SIZE]),
                           row=PLAY.length, max_moves=MAX_MOVES, scratch=MAX_PLAYED, log_rows=log_rows)
