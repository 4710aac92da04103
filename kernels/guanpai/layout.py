"""Raw facts of one played 关牌 hand: one int64 row per hand (``kernels.guanpai.play``).

Declared once here (``kernels.layout``); the play kernel's offsets are ``ROW_X = LAYOUT.at("x")``
and ``sim.schema.layout_columns(LAYOUT, 2)`` gives the Parquet columns. Money is not stored:
``sim.games.guanpai.scoring.score`` computes it from ``winner``, ``s{k}_cards_left`` and
``s{k}_plays`` (全关), so ``rescore`` needs no replay.
"""

from __future__ import annotations

from kernels.layout import Field, RowLayout

# the values a stored row may hold (checked when a run is read back): (lo, hi), None for no
# bound, "seat" for a seat index of the run, "seats" for the run's seat count
RANGES = {
    "first_leader": (0, "seat"), "winner": (0, "seat"), "n_tricks": (0, None), "n_turns": (0, None),
    "cards_left": (0, 54), "plays": (0, None), "bombs_played": (0, None), "three_bombs_played": (0, None),
    "bombs_dealt": (0, 13), "bombs_left": (0, 13), "twos_dealt": (0, 4), "bombs": (0, 13), "twos": (0, 4),
}

MAX_SEATS = 2

FIELDS = [
    Field("first_leader", "int8", "seat that led first: the holder of the first-lead card (♠3, else ♠4, …), or the "
                                  "previous deal's winner / loser (next_lead)"),
    Field("lead_card", "int8", "index in the first-lead order of the card that decided the lead (0 = ♠3); -1 when "
                               "the session's previous deal decided it"),
    Field("winner", "int8", "seat that emptied his hand first"),
    Field("quanguan", "bool", "全关: the loser never played a card (GP-8)"),
    Field("n_tricks", "int16", "tricks played (the last one included)"),
    Field("n_turns", "int16", "turns taken, passes included"),
    Field("cards_left", "int8", "cards held at the end (0 for the winner)", per_seat=True),
    Field("plays", "int16", "plays made (passes excluded)", per_seat=True),
    Field("bombs_played", "int8", "bombs played, the 3-card bomb (3Q / 3A) included", per_seat=True),
    Field("three_bombs_played", "int8", "3-card bombs (3Q / 3A) played", per_seat=True),
    Field("bombs_dealt", "int8", "ranks dealt four times (bombs held at the deal)", per_seat=True),
    Field("three_bomb_dealt", "bool", "dealt >= 3 cards of the 3-card-bomb rank", per_seat=True),
    Field("bombs_left", "int8", "ranks still held four times at the end", per_seat=True),
    Field("three_bomb_left", "bool", "still holds exactly 3 cards of the 3-card-bomb rank at the end (the 3-card "
                                     "bomb never played); false without one", per_seat=True),
    Field("twos_dealt", "int8", "2s dealt", per_seat=True),
    Field("search_decisions", "int16", "decisions the seat's search player searched (2+ candidates)", per_seat=True),
    Field("search_agree", "int16", "of those, decisions where search chose what smart would have", per_seat=True),
    Field("search_rollouts", "int32", "rollouts the seat's search player played (candidates × worlds per searched "
          "decision)", per_seat=True),
]

LAYOUT = RowLayout(FIELDS, MAX_SEATS, ranges=RANGES)

CENSUS_FIELDS = [
    Field("bombs", "int8", "ranks dealt four times (炸弹, the 3-card bomb not counted)", per_seat=True),
    Field("three_bomb", "bool", "dealt >= 3 cards of the 3-card-bomb rank (3Q / 3A); false without one",
          per_seat=True),
    Field("twos", "int8", "2s dealt", per_seat=True),
    Field("leads", "bool", "holds the first-lead card and leads the first trick", per_seat=True),
    Field("lead_card", "int8", "index in the first-lead order of the card that decided the lead (0 = ♠3)"),
]
CENSUS_LAYOUT = RowLayout(CENSUS_FIELDS, MAX_SEATS, ranges=RANGES)
