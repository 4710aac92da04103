"""Integer codes of the 红五 rules array (``sim.games.hongwu.rules.compile_rules`` writes it, the
kernels read ``rules[R_*]``). No numba here."""

import numpy as np

(R_MUST_FOLLOW, R_NO_DECLARATION, R_ADJACENCY, R_KITTY_MULTIPLIER, R_FAILED_THROW, R_ALLOW_THROW,
 R_TEAMS) = range(7)
N_RULES = 7

NO_DECL_REDEAL, NO_DECL_FLIP_KITTY = 0, 1
FAILED_SMALLEST, FAILED_PENALTY_ONLY = 0, 1
TEAMS_TWO_VS_TWO, TEAMS_ONE_VS_THREE = 0, 1

HAND_SIZE = np.int64(39)  # numpy scalars: passed to kernels without literal specialisation
KITTY_SIZE = np.int64(6)
N_DECKS = np.int64(3)
N_IDS = 162
