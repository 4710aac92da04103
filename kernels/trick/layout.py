"""Row fields both games' hands end with (``kernels.tractor.layout``, ``kernels.hongwu.layout``):
what the tricks did (``kernels.trick.tricks.write_trick_facts`` writes them from the column of the
first one). Plain Python (no numba), as the layouts are.
"""

from __future__ import annotations

from kernels.layout import Field

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


def facts_at(layout) -> int:
    """The column of ``TRICK_FACTS``'s first field in ``layout`` (checked: they follow each other)."""
    at = layout.at(TRICK_FACTS[0].name)
    col = at
    for f in TRICK_FACTS:
        assert layout.at(f.name) == col, f.name
        col += layout.max_seats if f.per_seat else 1
    return at
