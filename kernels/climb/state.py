"""The climbing family's declared state: the arrays every climbing hand in play has.

A climbing game's state is ``CLIMB_CORE`` extended with the game's own slots
(``CLIMB_CORE.extend("XState", __name__, [...])``); ``kernels.state`` explains the
declaration and what it generates. The shared steps (``kernels.climb.loop``) and the search
driver (``kernels.climb.search_driver``) read these slots by name.

Dimensions: ``seats``; ``ranks`` (rank-count columns of a hand, ``kernels.hand``); ``max_moves``
(rows of the move buffer); ``scratch`` (the players' int64 work space); ``row`` (the game's row
layout length); ``log_rows`` (1 in batch runs: only replay keeps a log).
"""

from __future__ import annotations

import numpy as np

from kernels.climb.loop import GS_LEN, LOG_WIDTH, SF_ROWS
from kernels.climb.moves import MOVE_FIELDS
from kernels.state import Slot, StateLayout

# search_at: the rows where the search driver counts a seat's searched decisions, rollouts and
# agreements with the heuristic (+ the seat's row index), the pp columns of its worlds, confidence
# and rollout player, the highest rollout player id (a larger one is capped to it), and the pp
# column of its most candidates per decision
SA_DECISIONS, SA_ROLLOUTS, SA_AGREE, SA_WORLDS, SA_CONFIDENCE, SA_ROLLOUT, SA_ROLLOUT_CAP, SA_CANDIDATES = range(8)
SA_LEN = 8

CLIMB_SLOTS = (
    Slot("gs", "int64", (GS_LEN,), "the hand's scalars by name (kernels.climb.loop GS_*: turn, top seat, …)"),
    Slot("hand_left", "int64", ("seats",), "cards each seat still holds"),
    Slot("seat_flags", "int64", (SF_ROWS, "seats"), "per-seat flags by row (SF_*: finish place, passed, locked…)"),
    Slot("captured", "int64", ("seats",), "points each seat has taken in tricks"),
    Slot("order", "int64", ("seats",), "seats in finishing order (-1: not out)"),
    Slot("top", "int64", (MOVE_FIELDS,), "the move on top of the trick (kernels.climb.moves record)"),
    Slot("counts", "int64", ("seats", "ranks"), "each seat's rank counts (kernels.hand)"),
    Slot("rng", "uint64", (4,), "the hand's random stream (kernels.rng)"),
    Slot("row", "int64", ("row",), "the raw facts of the hand (the game's RowLayout)"),
    Slot("policies", "int64", ("seats",), "each seat's player id"),
    Slot("pp", "float64", ("seats", "params"), "each seat's player parameters"),
    Slot("rules", "int64", ("rules",), "the ruleset as numbers (the family's CL_* header, then the game's)",
         shared=True),
    Slot("mv", "float64", ("money",), "the ruleset's money vector (what search scores rollouts with)", shared=True),
    Slot("search_at", "int64", (SA_LEN,), "where the search driver reads and counts (SA_*: row offsets of its "
         "decision counts, pp columns of its parameters; ``search_at``)", shared=True),
    Slot("moves", "int64", ("max_moves", MOVE_FIELDS), "the legal moves of the turn", scratch=True),
    Slot("scratch", "int64", ("scratch",), "the players' work space", scratch=True),
    Slot("log", "int64", ("log_rows", LOG_WIDTH), "the action log (kernels.climb.loop LOG_*)", scratch=True),
)

CLIMB_CORE = StateLayout("ClimbState", __name__, CLIMB_SLOTS,
                         "The arrays every climbing hand in play has; a game extends them with its own.")
ClimbState = CLIMB_CORE.cls


def search_at(rows, pp_worlds, pp_confidence, pp_rollout, pp_candidates, rollout_cap=(1 << 62)) -> np.ndarray:
    """The ``search_at`` slot of a game's state (``SA_*`` order): ``rows`` is its row layout (a
    ``RowLayout`` with ``search_decisions``, ``search_rollouts``, ``search_agree``), then its pp
    columns of the search's parameters, and the highest rollout player id (``rollout_cap``)."""
    return np.array([rows.at("search_decisions"), rows.at("search_rollouts"), rows.at("search_agree"),
                     pp_worlds, pp_confidence, pp_rollout, rollout_cap, pp_candidates], np.int64)
