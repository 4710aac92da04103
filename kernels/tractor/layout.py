"""Raw facts of one 八十分 hand: one int64 row (``kernels.tractor.hand``), declared once.

Teams: team 0 = seats 0 and 2, team 1 = seats 1 and 3. Levels are 0 = "2" .. 12 = "A", 13 =
past A (the match is won). "opp" is the team against the 庄 team (抓分方), whose points P decide
the level change (spec §9): P = captured + kitty_bonus + penalty_banker - penalty_opp. Scoring
from these facts is ``sim.games.tractor.scoring`` (no replay needed to rescore).
"""

from __future__ import annotations

from kernels.layout import Field, RowLayout
from kernels.trick.layout import SUITS, TRICK_FACTS

# the values a stored row may hold (checked when a run is read back): (lo, hi), None for no
# bound, "seat" for a seat index of the run, "seats" for the run's seat count
RANGES = {
    "match_hand": (0, None), "match_winner": (-1, 1), "team0_level_before": (0, 13),
    "team1_level_before": (0, 13), "team0_level_after": (0, 13), "team1_level_after": (0, 13),
    "banker": (0, "seat"), "banker_team": (0, 1), "level": (0, 12), "declarer": (-1, "seat"),
    "first_declarer": (-1, "seat"), "trumps": (0, 108), "points_held": (0, 200), "jokers": (0, 4),
    "kitty_points_dealt": (0, 200), "kitty_points": (0, 200), "captured": (0, 200), "last_winner": (0, "seat"),
    "last_lead_cards": (0, None), "penalty_banker": (0, None), "penalty_opp": (0, None),
    "won_points": (0, 200), "tricks_won": (0, None), "throws": (0, None), "throws_failed": (0, None),
    "n_tricks": (0, None),
}

MAX_SEATS = 4

FIELDS = [
    Field("deal", "int64", "the hand's stream: (seed, deal), deal = game_index (game_index // 4 with duplicate "
          "deals); in a match (matches = true) the hand number, drawn from (match seed, deal)"),
    Field("rotation", "int8", "duplicate deals: seat k holds the cards dealt to seat k + rotation; else 0"),
    Field("match_hand", "int16", "hand number inside the current match (0 = its first hand)"),
    Field("match_over", "bool", "a team went past A with this hand (the match is won)"),
    Field("match_winner", "int8", "team that won the match with this hand, -1 if none"),
    Field("team0_level_before", "int8", "level of team 0 (seats 0, 2) before the hand: 0 = '2' .. 12 = 'A'"),
    Field("team1_level_before", "int8", "level of team 1 (seats 1, 3) before the hand"),
    Field("team0_level_after", "int8", "level of team 0 after the hand (13 = past A)"),
    Field("team1_level_after", "int8", "level of team 1 after the hand (13 = past A)"),
    Field("banker", "int8", "acting 庄家 seat (buried the kitty, led first)"),
    Field("banker_team", "int8", "the 庄 team (0 or 1)"),
    Field("level", "int8", "level rank of the hand (the 庄 team's level): 0 = '2' .. 12 = 'A'"),
    Field("trump_suit", "int8", "trump suit", categories=SUITS),
    Field("declarer", "int8", "seat whose declaration stood, -1 if nobody declared"),
    Field("declared_with", "int8", "0 nobody, 1 a single level card, 2 a pair"),
    Field("first_declarer", "int8", "seat that declared first, -1 if nobody"),
    Field("declarations", "int8", "declarations made (first, overrides, reinforcement)"),
    Field("trump_from_kitty", "bool", "nobody declared: the suit was found by turning the kitty (TR-2)"),
    Field("redeals", "int8", "redeals because nobody declared (no_declaration = redeal)"),
    Field("trumps", "int8", "trumps dealt (25 cards, under the hand's trump)", per_seat=True),
    Field("pairs", "int8", "identical pairs dealt", per_seat=True),
    Field("tractors", "int8", "tractors dealt (maximal runs of >= 2 adjacent pairs)", per_seat=True),
    Field("points_held", "int16", "points dealt (5, 10, K)", per_seat=True),
    Field("jokers", "int8", "jokers dealt", per_seat=True),
    Field("banker_trumps", "int8", "trumps 庄家 kept after burying the kitty"),
    Field("banker_voids", "int8", "side suits 庄家 is void in after burying"),
    Field("kitty_points_dealt", "int16", "points in the 8 cards dealt to the kitty"),
    Field("kitty_points", "int16", "points in the buried kitty"),
    Field("kitty_trumps", "int8", "trumps buried in the kitty"),
    Field("captured", "int16", "points the opponents (抓分方) took in tricks"),
    Field("kou_di", "bool", "the opponents won the last trick (扣底)"),
    Field("last_winner", "int8", "seat that won the last trick"),
    Field("last_lead_cards", "int8", "cards in the last trick's lead (for kitty_multiplier = by_last_lead_size)"),
    Field("played_kitty_multiplier", "int8", "kitty multiplier applied under the run's rules"),
    Field("played_kitty_bonus", "int16", "points the kitty added to P (kou_di x kitty_points x multiplier)"),
    Field("penalty_banker", "int16", "failed-throw penalties of the 庄 team (added to P)"),
    Field("penalty_opp", "int16", "failed-throw penalties of the opponents (subtracted from P)"),
    Field("played_points", "int16", "P = captured + kitty_bonus + penalty_banker - penalty_opp, as played"),
    Field("played_keeps", "bool", "the 庄 team keeps the deal (P below the threshold), as played"),
    Field("played_level_up", "int8", "levels gained by the team that goes up (the 庄 team if keeps), as played"),
    *TRICK_FACTS,
]

LAYOUT = RowLayout(FIELDS, MAX_SEATS, ranges=RANGES)
ROW_LEN = LAYOUT.length
