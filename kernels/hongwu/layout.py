"""Raw facts of one 仙居红五 hand: one int64 row (``kernels.hongwu.hand``), declared once.

"banker side" is 庄家 and (``teams = two_vs_two``) the seat opposite; "opp" is the 闲 side, whose
points P decide the score band (spec §7): P = captured + kitty_bonus + penalty_banker -
penalty_opp. ♥5 captures per side include the kitty's ♥5s, which go to the side that wins the last
trick (XJ-9). Scoring from these facts is ``sim.games.hongwu.scoring``.
"""

from __future__ import annotations

from kernels.layout import Field, RowLayout
from kernels.trick.layout import SUITS, TRICK_FACTS

# the values a stored row may hold (checked when a run is read back): (lo, hi), None for no
# bound, "seat" for a seat index of the run, "seats" for the run's seat count
RANGES = {
    "banker": (0, "seat"), "partner": (-1, "seat"), "redeals": (0, None), "trumps": (0, 162),
    "points_held": (0, None), "hearts5": (0, 3), "jokers": (0, 6), "kitty_points": (0, None),
    "kitty_hearts5": (0, 3), "captured": (0, None), "last_winner": (0, "seat"), "last_lead_cards": (0, None),
    "penalty_banker": (0, None), "penalty_opp": (0, None), "h5_banker": (0, 3), "h5_opp": (0, 3),
    "won_points": (0, None), "tricks_won": (0, None), "throws": (0, None), "throws_failed": (0, None),
    "n_tricks": (0, None),
}

MAX_SEATS = 4

FIELDS = [
    Field("deal", "int64", "deal played: its stream is (seed, deal); game_index // 4 with duplicate deals"),
    Field("rotation", "int8", "duplicate deals: seat k holds the cards dealt to seat k + rotation; else 0"),
    Field("banker", "int8", "庄家: the first seat to show a 10 (or the turned kitty card's seat)"),
    Field("partner", "int8", "庄家's partner (the seat opposite) under two_vs_two, -1 under one_vs_three"),
    Field("trump_suit", "int8", "trump suit (the suit of the 10 shown)", categories=SUITS),
    Field("show_position", "int16", "deal position (0..155) of the card after which the 10 was shown, -1 if none"),
    Field("trump_from_kitty", "bool", "nobody showed a 10: the suit came from turning the kitty"),
    Field("redeals", "int8", "redeals because nobody showed a 10 (no_declaration = redeal)"),
    Field("trumps", "int8", "trumps dealt (39 cards, under the hand's trump)", per_seat=True),
    Field("pairs", "int8", "kinds dealt at least twice (identical pairs)", per_seat=True),
    Field("triples", "int8", "kinds dealt three times (identical triples)", per_seat=True),
    Field("tractors", "int8", "tractors of pairs dealt (maximal runs of >= 2 adjacent pairs)", per_seat=True),
    Field("points_held", "int16", "points dealt (5, 10, K)", per_seat=True),
    Field("hearts5", "int8", "♥5 (红五) dealt, 0..3", per_seat=True),
    Field("jokers", "int8", "jokers dealt", per_seat=True),
    Field("banker_trumps", "int8", "trumps 庄家 kept after burying the kitty"),
    Field("banker_voids", "int8", "side suits 庄家 is void in after burying"),
    Field("kitty_points_dealt", "int16", "points in the 6 cards dealt to the kitty"),
    Field("kitty_points", "int16", "points in the buried kitty"),
    Field("kitty_trumps", "int8", "trumps buried in the kitty"),
    Field("kitty_hearts5", "int8", "♥5 buried in the kitty"),
    Field("captured", "int16", "points the 闲 side took in tricks"),
    Field("kou_di", "bool", "the 闲 side won the last trick"),
    Field("last_winner", "int8", "seat that won the last trick"),
    Field("last_lead_cards", "int8", "cards in the last trick's lead (for kitty_multiplier = by_last_lead_size)"),
    Field("played_kitty_multiplier", "int8", "kitty multiplier applied under the run's rules"),
    Field("played_kitty_bonus", "int16", "points the kitty added to P (kou_di x kitty_points x multiplier)"),
    Field("penalty_banker", "int16", "failed-throw penalties of the 庄 side (added to P)"),
    Field("penalty_opp", "int16", "failed-throw penalties of the 闲 side (subtracted from P)"),
    Field("played_points", "int16", "P = captured + kitty_bonus + penalty_banker - penalty_opp"),
    Field("h5_banker", "int8", "♥5 captured by the 庄 side (kitty ♥5 included, XJ-9)"),
    Field("h5_opp", "int8", "♥5 captured by the 闲 side (kitty ♥5 included)"),
    *TRICK_FACTS,
    Field("triples_led", "int8", "triples led (as a lead of their own)"),
]

LAYOUT = RowLayout(FIELDS, MAX_SEATS, ranges=RANGES)
ROW_LEN = LAYOUT.length
