"""干瞪眼 money of one finished hand inside numba: the search player's yardstick.

The same rules as ``sim.games.gandengyan.scoring.score`` (every variant: public and personal
multipliers, 全关 readings, the cap, ``loser = most_cards``, ``end = play_on``), for one hand's
finished row (``kernels.gandengyan.layout``) instead of columns of stored rows;
``tests/games/test_gandengyan_search.py`` holds the two equal on played runs of every variant. The
ruleset's scoring options come as a float64 vector (``money_vector``, layout ``MV_*``).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.gandengyan.layout import LAYOUT

(MV_BASE, MV_PUB3, MV_PUB4, MV_PUB5, MV_PUB6, MV_PUB_JOKER, MV_ROUND1, MV_ROUND2, MV_HELD_JOKER, MV_HELD3, MV_HELD4,
 MV_HELD5, MV_QG_FACTOR, MV_QG_MODE, MV_CAP, MV_MOST_CARDS, MV_PLAY_ON) = range(17)
MV_LEN = 17
QG_NONE, QG_NO_PLAY, QG_ALL_NO_PLAY, QG_BANKER_ONE = range(4)
QG_MODES = ("none", "no_play", "all_no_play", "no_play_banker_one")

ROW_WINNER, ROW_BANKER, ROW_N_TRICKS, ROW_JOKER_BOMBS = map(LAYOUT.at, ("winner", "banker", "n_tricks", "joker_bombs"))
ROW_BOMBS3, ROW_BOMBS4, ROW_BOMBS5, ROW_BOMBS6, ROW_BOMBS7P = map(LAYOUT.at, (
    "bombs3", "bombs4", "bombs5", "bombs6", "bombs7p"))
ROW_CARDS_LEFT, ROW_PLAYS, ROW_JOKERS_LEFT, ROW_HELD3, ROW_HELD4, ROW_HELD5P, ROW_COLLECTED, ROW_PAID = map(LAYOUT.at, (
    "cards_left", "plays", "jokers_left", "held3", "held4", "held5p", "collected", "paid"))  # + seat


def money_vector(rules) -> np.ndarray:
    """The ``MV_*`` vector of a ``GandengyanRules``."""
    v = np.zeros(MV_LEN, np.float64)
    v[MV_BASE] = rules.base
    v[MV_PUB3], v[MV_PUB4], v[MV_PUB5], v[MV_PUB6] = (rules.public_bomb3, rules.public_bomb4, rules.public_bomb5,
                                                      rules.public_bomb6)
    v[MV_PUB_JOKER] = rules.public_joker_bomb
    v[MV_ROUND1], v[MV_ROUND2] = rules.round_double_at, rules.round_double_again_at
    v[MV_HELD_JOKER], v[MV_HELD3], v[MV_HELD4], v[MV_HELD5] = (rules.held_joker, rules.held_bomb3, rules.held_bomb4,
                                                               rules.held_bomb5)
    v[MV_QG_FACTOR] = rules.quanguan_factor
    v[MV_QG_MODE] = QG_MODES.index(rules.quanguan)
    v[MV_CAP] = rules.multiplier_cap
    v[MV_MOST_CARDS] = 1.0 if rules.loser == "most_cards" else 0.0
    v[MV_PLAY_ON] = 1.0 if rules.end == "play_on" else 0.0
    return v


@njit(cache=True, nogil=True)
def _shut(s, row, mode):
    """The seat's own 全关 reading (no_play / no_play_banker_one; all_no_play before its 'every loser')."""
    allowed = 1 if (mode == QG_BANKER_ONE and s == row[ROW_BANKER]) else 0
    return row[ROW_PLAYS + s] <= allowed


@njit(cache=True, nogil=True)
def _pays(s, row, n_seats, mv):
    """What seat ``s`` pays as a loser (0 if it does not pay)."""
    winner = row[ROW_WINNER]
    if s == winner:
        return 0.0
    left = row[ROW_CARDS_LEFT + s]
    if mv[MV_MOST_CARDS] != 0:
        most = -1
        for o in range(n_seats):
            if o != winner and row[ROW_CARDS_LEFT + o] > most:
                most = row[ROW_CARDS_LEFT + o]
        if left != most:
            return 0.0
    public = (mv[MV_PUB3] ** row[ROW_BOMBS3] * mv[MV_PUB4] ** row[ROW_BOMBS4] * mv[MV_PUB5] ** row[ROW_BOMBS5]
              * mv[MV_PUB6] ** (row[ROW_BOMBS6] + row[ROW_BOMBS7P]) * mv[MV_PUB_JOKER] ** row[ROW_JOKER_BOMBS])
    for at in (mv[MV_ROUND1], mv[MV_ROUND2]):
        if at != 0 and row[ROW_N_TRICKS] >= at:
            public *= 2.0
    personal = (mv[MV_HELD_JOKER] ** row[ROW_JOKERS_LEFT + s] * mv[MV_HELD3] ** row[ROW_HELD3 + s]
                * mv[MV_HELD4] ** row[ROW_HELD4 + s] * mv[MV_HELD5] ** row[ROW_HELD5P + s])
    mode = np.int64(mv[MV_QG_MODE])
    if mode != QG_NONE:
        shut = _shut(s, row, mode)
        if mode == QG_ALL_NO_PLAY:
            for o in range(n_seats):
                if o != winner and not _shut(o, row, mode):
                    shut = False
        if shut:
            personal *= mv[MV_QG_FACTOR]
    total = public * personal
    if mv[MV_CAP] != 0 and total > mv[MV_CAP]:
        total = mv[MV_CAP]
    return left * mv[MV_BASE] * total


@njit(cache=True, nogil=True)
def seat_money(seat, row, n_seats, mv):
    """Money of ``seat`` for a finished hand's row (``kernels.gandengyan.layout``)."""
    if mv[MV_PLAY_ON] != 0:
        return mv[MV_BASE] * (row[ROW_COLLECTED + seat] - row[ROW_PAID + seat])
    winner = row[ROW_WINNER]
    if winner < 0:
        return 0.0
    if seat != winner:
        return -_pays(seat, row, n_seats, mv)
    total = 0.0
    for s in range(n_seats):
        total += _pays(s, row, n_seats, mv)
    return total
