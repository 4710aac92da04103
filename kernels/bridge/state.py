"""The declared state of a bridge board in play (``kernels.state``): every array a board's kernels
read or write, named once, so that they take ``st`` instead of the arrays one by one.

Bridge is not a climbing game: it has its own layout, ``BOARD_STATE``. Run constants are shared
(every ``clone`` refers to them): the run vector (``RUN_*``: seed, rotate, duplicate), the rules
vector (``R_*``), the feature tables, the vulnerability cycle, the given hands of ``--fix`` /
``--hcp`` / ``--shape`` (``kernels.bridge.deal``) and the players by slot. The rest is the board:
the random stream, the hands, their features, the auction, what each seat has shown, the trick in
play. ``new_state`` (Python) builds a state from the run's compiled rules and players; a kernel
makes its own copies with ``clone`` (one per parallel block).
"""

from __future__ import annotations

import numpy as np

from kernels.bridge.auction import AUCTION_STATE
from kernels.bridge.deal import N_CONSTRAINT, no_deal_spec
from kernels.bridge.natural import N_BID_PARAMS, N_KN
from kernels.state import Slot, StateLayout

RUN_SEED, RUN_ROTATE, RUN_DUPLICATE = range(3)  # RUN_SEED: the seed's 64 bits as int64
N_RUN = 3
R_STEP, R_FIXED_VUL, R_INSULT_X, R_INSULT_XX = range(4)  # R_FIXED_VUL: -1 = the duplicate cycle
N_RULES = 4

BOARD_STATE = StateLayout("BridgeState", __name__, (
    Slot("run", "int64", (N_RUN,), "the run: seed bits, rotate (players turn round the table), duplicate (RUN_*)",
         shared=True),
    Slot("rules", "int64", (N_RULES,), "the ruleset as numbers (R_*: play direction, fixed vulnerability, insults)",
         shared=True),
    Slot("holding", "int64", (8192,), "packed features of every 13-bit holding (kernels.bridge.hand)", shared=True),
    Slot("pattern", "int8", (14 * 14 * 14,), "hand pattern index of suit lengths (kernels.bridge.hand)", shared=True),
    Slot("vul_cycle", "int64", (16,), "vulnerability code of boards 1..16", shared=True),
    Slot("fix_card", "int64", ("fix_groups", "fix_cards"), "cards fixed to each seat (kernels.deal.place_fixed)",
         shared=True),
    Slot("fix_slots", "int64", ("fix_groups", "fix_positions"), "deck positions of each seat", shared=True),
    Slot("constraints", "int64", ("constraints", N_CONSTRAINT), "HCP and length ranges of seats (kernels.bridge.deal)",
         shared=True),
    Slot("players", "int64", (2, 4), "bidding (row 0, BID_*) and play (row 1, PLAY_*) policy of each player slot",
         shared=True),
    Slot("params", "int64", (4, N_BID_PARAMS), "bidding parameters of each player slot", shared=True),
    Slot("pol", "int64", (2, 4), "this board's bidding and play policy of each seat (players turned round)"),
    Slot("pp", "int64", (4, N_BID_PARAMS), "this board's bidding parameters of each seat"),
    Slot("rng", "uint64", (4,), "the board's random stream (kernels.rng): the deal, then random play"),
    Slot("dealt", "uint64", (4,), "the hands as dealt from the stream, before a duplicate turn"),
    Slot("masks", "uint64", (4,), "each seat's 13 cards"),
    Slot("hcp", "int64", (4,), "each seat's high-card points"),
    Slot("lens", "int64", (4, 4), "each seat's suit lengths (♣ ♦ ♥ ♠)"),
    Slot("auction", "int64", (AUCTION_STATE,), "the auction so far (kernels.bridge.auction A_*)"),
    Slot("kn", "int64", (4, N_KN), "what each seat's calls have shown (kernels.bridge.natural K_*)"),
    Slot("hands", "uint64", (4,), "the cards each seat still holds in the play"),
    Slot("trick", "int64", (4,), "the cards of the trick in play, leader first"),
    Slot("sequence", "int64", (52,), "the cards in play order (the opening lead first)"),
    Slot("deck", "int8", (52,), "the deck being shuffled", scratch=True),
), "A bridge board in play: the run's constants, then the deal, auction and card play.")
BridgeState = BOARD_STATE.cls


def new_state(tables: dict, policies, bid_params, deal_spec=None, seed: int = 0, rotate: bool = False,
              duplicate: bool = False):
    """A state for the kernels of ``kernels.bridge.board`` from the run's compiled rules
    (``sim.games.bridge.rules.compile_rules``), players (``sim.games.bridge.players``) and given
    hands (``deal_spec``, none by default)."""
    fix_card, fix_slots, constraints = deal_spec or no_deal_spec()
    run = np.zeros(N_RUN, np.int64)
    run[RUN_SEED] = np.array([seed], np.uint64).view(np.int64)[0]
    run[RUN_ROTATE] = bool(rotate)
    run[RUN_DUPLICATE] = bool(duplicate)
    return BOARD_STATE.allocate({
        "run": run, "rules": np.asarray(tables["rules"], np.int64), "holding": tables["holding"].astype(np.int64),
        "pattern": np.asarray(tables["pattern"], np.int8), "vul_cycle": np.asarray(tables["vul_cycle"], np.int64),
        "fix_card": np.asarray(fix_card, np.int64), "fix_slots": np.asarray(fix_slots, np.int64),
        "constraints": np.asarray(constraints, np.int64), "players": np.asarray(policies, np.int64),
        "params": np.asarray(bid_params, np.int64)})
