"""Integer codes of the 八十分 rules array (``sim.games.tractor.rules.compile_rules`` writes it, the
kernels read ``rules[R_*]``) and of the match state carried from hand to hand. No numba here."""

import numpy as np

(R_MUST_FOLLOW, R_ALLOW_OVERRIDE, R_NO_DECLARATION, R_ADJACENCY, R_KITTY_MULTIPLIER, R_FAILED_THROW, R_NEXT_DEALER,
 R_SHUTOUT, R_SMALL, R_SMALL_BELOW, R_MID, R_THRESHOLD, R_STEP, R_ALLOW_THROW) = range(14)
N_RULES = 14

NO_DECL_FLIP_KITTY, NO_DECL_REDEAL = 0, 1
FAILED_SMALLEST, FAILED_PENALTY_ONLY = 0, 1
NEXT_BY_DECLARATION, NEXT_ROTATION_80P = 0, 1

HAND_SIZE = np.int64(25)  # numpy scalars: passed to kernels without literal specialisation
KITTY_SIZE = np.int64(8)
N_DECKS = np.int64(2)
N_IDS = 108
PAST_A = 13  # a team at this level has won the match

# match state ms[MS_*] carried between the hands of a session
MS_LEVEL0, MS_LEVEL1, MS_BANKER_TEAM, MS_PREV_BANKER, MS_HAND = range(5)
MS_LEN = 5
