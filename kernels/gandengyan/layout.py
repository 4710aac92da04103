"""Raw facts of one played 干瞪眼 hand: one int64 row per hand (``kernels.gandengyan.play``).

Declared once here (``kernels.layout``); the play kernel's offsets are ``ROW_X = LAYOUT.at("x")``
and ``sim.schema.layout_columns(LAYOUT, n_seats)`` gives the Parquet columns ``s{k}_*`` for the
run's seats only (2..10; the row reserves ``MAX_SEATS`` slots per per-seat field). Money is not
stored: ``sim.games.gandengyan.scoring.score`` computes every variant's payment from these
columns, so ``rescore`` needs no replay.
"""

from __future__ import annotations

from kernels.layout import Field, RowLayout

# the values a stored row may hold (checked when a run is read back): (lo, hi), None for no
# bound, "seat" for a seat index of the run, "seats" for the run's seat count
RANGES = {
    "banker": (0, "seat"), "first_leader": (0, "seat"), "winner": (-1, "seat"), "n_tricks": (0, None),
    "n_turns": (0, None), "bombs3": (0, None), "bombs4": (0, None), "bombs5": (0, None), "bombs6": (0, None),
    "bombs7p": (0, None), "joker_bombs": (0, None), "stock_left": (0, None), "cards_left": (0, 108),
    "finish": (0, "seats"), "dealt": (0, 108), "jokers_dealt": (0, 4), "plays": (0, None), "draws": (0, None),
    "bombs_played": (0, None), "jokers_left": (0, 4), "held3": (0, 26), "held4": (0, 26), "held5p": (0, 26),
    "collected": (0, None), "paid": (0, None), "cards": (0, 108), "jokers": (0, 4), "twos": (0, 8),
    "bombs": (0, 26),
}

MAX_SEATS = 10

FIELDS = [
    Field("banker", "int8", "banker (庄家 / 东家): dealt the larger share"),
    Field("first_leader", "int8", "seat that led the first trick"),
    Field("winner", "int8", "first player out; -1 after a stalemate (only jokers left, stock empty)"),
    Field("n_tricks", "int16", "the trick the hand ended in, 1-based (the 'round' of the sichuan ×2 at 20 / 30)"),
    Field("n_turns", "int16", "turns taken, passes included"),
    Field("bombs3", "int8", "3-card bombs played (jokers included in the count of cards)"),
    Field("bombs4", "int8", "4-card bombs played"),
    Field("bombs5", "int8", "5-card bombs played"),
    Field("bombs6", "int8", "6-card bombs played"),
    Field("bombs7p", "int8", "bombs of 7 or more cards played (two decks)"),
    Field("joker_bombs", "int8", "双王 played"),
    Field("stock_left", "int16", "cards still in the stock at the end"),
    Field("stock_out_trick", "int16", "trick after which the stock ran out, 0 if it never did"),
    Field("dengyan", "int16", "瞪眼 turns: a higher same-pattern answer could be formed, none was legal"),
    Field("two_breaks", "int16", "2 / 22 / 222 played over a lower rank that was not exactly one below"),
    Field("plus_one_wins", "int16", "tricks won by an exact +1 answer nobody topped"),
    Field("lead_passes", "int16", "times a leader holding only jokers that make no play passed the lead on"),
    Field("cards_left", "int8", "cards held at the end (0 for everyone who went out)", per_seat=True),
    Field("finish", "int8", "place going out (1 = winner), 0 if still holding cards", per_seat=True),
    Field("dealt", "int8", "cards dealt (the banker's share or the others')", per_seat=True),
    Field("jokers_dealt", "int8", "jokers dealt", per_seat=True),
    Field("twos_dealt", "int8", "2s dealt", per_seat=True),
    Field("plays", "int16", "plays made (passes excluded): 全关 when 0 (banker: <= 1 in sichuan)", per_seat=True),
    Field("draws", "int8", "cards drawn from the stock", per_seat=True),
    Field("bombs_played", "int8", "bombs and 双王 played", per_seat=True),
    Field("jokers_left", "int8", "jokers held at the end (personal ×2 each in qq / sichuan)", per_seat=True),
    Field("held3", "int8", "ranks held exactly 3 times naturally at the end (jokers set aside)", per_seat=True),
    Field("held4", "int8", "ranks held exactly 4 times naturally at the end", per_seat=True),
    Field("held5p", "int8", "ranks held 5 or more times naturally at the end (two decks)", per_seat=True),
    Field("collected", "int16", "play_on (one-deck): cards still held by the others when this seat went out",
          per_seat=True),
    Field("paid", "int16", "play_on: cards this seat held each time another went out, summed", per_seat=True),
    Field("search_decisions", "int16", "decisions the seat's search player searched (2+ candidates)", per_seat=True),
    Field("search_agree", "int16", "of those, decisions where search chose what smart would have", per_seat=True),
    Field("search_rollouts", "int32", "rollouts the seat's search player played (candidates × worlds per searched "
          "decision)", per_seat=True),
]

LAYOUT = RowLayout(FIELDS, MAX_SEATS, ranges=RANGES)

CENSUS_FIELDS = [
    Field("cards", "int8", "cards dealt (the banker's share or the others')", per_seat=True),
    Field("banker", "bool", "this seat is the banker (庄家 / 东家): random in a session's first hand", per_seat=True),
    Field("leads", "bool", "this seat leads the first trick", per_seat=True),
    Field("jokers", "int8", "jokers dealt", per_seat=True),
    Field("twos", "int8", "2s dealt", per_seat=True),
    Field("bombs", "int8", "ranks dealt at least bomb_min times naturally (jokers not counted)", per_seat=True),
]
CENSUS_LAYOUT = RowLayout(CENSUS_FIELDS, MAX_SEATS, ranges=RANGES)
