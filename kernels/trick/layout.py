"""Row fields both games' hands write the same way, and where each game keeps them.

``TRICK_FACTS`` end both layouts (``kernels.tractor.layout``, ``kernels.hongwu.layout``): what the
tricks did (``kernels.trick.tricks.write_trick_facts`` writes them from the column of the first).
``HAND_END`` (the kitty, the tricks and P) and the dealt holdings (``kernels.trick.census``
features) stand in each layout in the game's own order and names, so a hand is given their columns
(``end_columns``, ``feature_columns``) and ``kernels.trick.hand`` writes them. Plain Python (no
numba), as the layouts are.
"""

from __future__ import annotations

import numpy as np

from kernels.layout import Field
from kernels.trick.census import FEATURE_NAMES

SUITS = ("spades", "hearts", "clubs", "diamonds")

TRICK_FACTS = [
    Field("won_points", "int16", "points in the tricks the seat won", per_seat=True),
    Field("tricks_won", "int8", "tricks the seat won", per_seat=True),
    Field("throws", "int8", "throws (甩牌) the seat tried", per_seat=True),
    Field("throws_failed", "int8", "throws of the seat that failed", per_seat=True),
    Field("throw_higher_cards", "int16", "higher cards found against failed throws (10 points each)"),
    Field("n_tricks", "int8", "tricks played"),
    Field("tricks_trumped", "int8", "side-suit leads won by a trump play"),
    Field("tractors_led", "int8", "tractors led (as a lead of their own)"),
    Field("pairs_led", "int8", "pairs led (as a lead of their own)"),
]

# what a hand writes from the kitty to P (kernels.trick.hand.bury_and_play): cols[E_*] of end_columns
HAND_END = ("banker_trumps", "banker_voids", "kitty_points_dealt", "kitty_points", "kitty_trumps", "captured",
            "kou_di", "last_lead_cards", "last_winner", "played_kitty_multiplier", "played_kitty_bonus",
            "penalty_banker", "penalty_opp", "played_points")
(E_BANKER_TRUMPS, E_BANKER_VOIDS, E_KITTY_DEALT, E_KITTY_POINTS, E_KITTY_TRUMPS, E_CAPTURED, E_KOU_DI, E_LAST_LEAD,
 E_LAST_WINNER, E_KITTY_MULT, E_KITTY_BONUS, E_PEN_BANKER, E_PEN_OPP, E_POINTS, E_FACTS) = range(len(HAND_END) + 1)


def facts_at(layout) -> int:
    """The column of ``TRICK_FACTS``'s first field in ``layout`` (checked: they follow each other)."""
    at = layout.at(TRICK_FACTS[0].name)
    col = at
    for f in TRICK_FACTS:
        assert layout.at(f.name) == col, f.name
        col += layout.max_seats if f.per_seat else 1
    return at


def end_columns(layout) -> np.ndarray:
    """The columns of ``HAND_END``'s fields in ``layout``, then ``facts_at`` (index ``E_FACTS``)."""
    return np.array([layout.at(name) for name in HAND_END] + [facts_at(layout)], np.int64)


def feature_columns(layout, names) -> np.ndarray:
    """The first column of the per-seat field keeping each census feature (``FEATURE_NAMES`` order)
    under the game's field ``names`` (None: the game does not keep it, column -1)."""
    assert len(names) == len(FEATURE_NAMES)
    return np.array([-1 if name is None else layout.at(name) for name in names], np.int64)
