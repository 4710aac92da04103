"""关牌 money of one finished hand inside numba: the search player's yardstick.

The same rule as ``sim.games.guanpai.scoring.score`` (spec §6: the loser pays cards left × B,
× the 全关 factor when he never played), for one hand's state instead of columns of stored rows;
``tests/games/test_guanpai_search.py`` holds the two equal on played runs. The ruleset's numbers
come as a float64 vector (``money_vector``, layout ``MV_*``).
"""

from __future__ import annotations

import numpy as np
from numba import njit

MV_BASE, MV_QUANGUAN = range(2)
MV_LEN = 2


def money_vector(rules) -> np.ndarray:
    """The ``MV_*`` vector of a ``GuanpaiRules``."""
    return np.array([rules.base, rules.quanguan_factor], np.float64)  # MV_BASE, MV_QUANGUAN


@njit(cache=True, nogil=True)
def seat_money(seat, winner, loser_left, loser_plays, mv):
    """Money of ``seat`` in a hand ``winner`` won, the loser holding ``loser_left`` cards after
    ``loser_plays`` plays."""
    pay = loser_left * mv[MV_BASE] * (mv[MV_QUANGUAN] if loser_plays == 0 else 1.0)
    return pay if seat == winner else -pay
