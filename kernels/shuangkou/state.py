"""百变双扣's declared state: the climbing family's core slots (``kernels.climb.state``) and the game's own.

Every kernel of a hand in play takes this state ``st`` (the deal and draw, the turn, the players,
the search hooks); ``kernels.state`` explains the declaration and what ``clone`` / ``copy_into``
do. Seats are seats after the draw's swap (SK-2): during a hand ``st.policies`` / ``st.pp`` are
the players sitting there (by player between hands), ``st.player_at[seat]`` the player (row
columns are by player). ``new_state`` (Python) builds a run's template: the run constants and
players in it, every other slot zero; each parallel block plays on a ``clone`` of it. 双扣 keeps no scalars of its own in ``st.gs``.
"""

from __future__ import annotations

import numpy as np

from kernels.climb.loop import LOG_CARDS
from kernels.climb.state import CLIMB_CORE, search_at
from kernels.deal import FIX_SLOTS, fix_values
from kernels.shuangkou.layout import HAND_LAYOUT
from kernels.shuangkou.movegen import MAX_MOVES
from kernels.shuangkou.policies import N_PP, PP_CANDIDATES, PP_CONFIDENCE, PP_ROLLOUT, PP_WORLDS
from kernels.state import Slot

N_SEATS = 4
N_CARDS = 108  # card ids: deck * 54 + rank * 4 + suit, 52 小王, 53 大王 in each deck
HAND_SIZE = 27
N_RANKS = 16  # count columns: naturals 0..12, 小王 13, 大王 14 (15 unused)
LOG_WIDTH = LOG_CARDS + HAND_SIZE  # a play may take a whole hand (a 9-rank 连三同张 is 27 cards)

LAYOUT = CLIMB_CORE.extend("ShuangkouState", __name__, [
    Slot("owner", "int64", ("cards",), "the seat holding each physical card (-1: played)"),
    Slot("player_at", "int64", ("seats",), "the player sitting at each seat after the draw's swap"),
    Slot("level_now", "int64", ("seats",), "each seat's 相 level so far (SK-7 as the players see it)"),
    Slot("n_bombs", "int64", ("seats",), "bomb-class plays each seat has made"),
    Slot("max_x", "int64", ("seats",), "the largest 相 each seat has played"),
    Slot("deck", "int64", ("cards",), "the shuffled deck of the deal (read by the deal and draw only)", scratch=True),
    Slot("played", "int64", (HAND_SIZE,), "physical ids of the cards of the play being made", scratch=True),
    Slot("cards", "int64", (15,), "per-rank counts of the play being made (movegen.move_cards)", scratch=True),
    *FIX_SLOTS,
], "A 百变双扣 hand in play: the climbing core, who holds which card, who sits where, the 相 so far.")
ShuangkouState = LAYOUT.cls  # a module attribute under its own name: numba's cache finds the type here


def new_state(rules: np.ndarray, policies=None, pp=None, fix_card=None, fix_slots=None, log_rows: int = 1):
    """A run's template state (numpy): the rules vector, the run's players and parameters (by
    player) and ``--fix``'s tables (none: (0, 0) tables) in it, every other slot zero."""
    values = {
        "rules": np.asarray(rules, np.int64),
        "policies": np.zeros(N_SEATS, np.int64) if policies is None else np.array(policies, np.int64),
        "pp": np.zeros((N_SEATS, N_PP)) if pp is None else np.array(pp, np.float64),
        **fix_values(fix_card, fix_slots),
        "search_at": search_at(HAND_LAYOUT, PP_WORLDS, PP_CONFIDENCE, PP_ROLLOUT, PP_CANDIDATES),
        "log": np.zeros((log_rows, LOG_WIDTH), np.int64),  # wider than the core's: a play may be 27 cards
    }
    return LAYOUT.allocate(values, seats=N_SEATS, ranks=N_RANKS, cards=N_CARDS, row=HAND_LAYOUT.length,
                           params=N_PP, max_moves=MAX_MOVES, scratch=1, money=1)
