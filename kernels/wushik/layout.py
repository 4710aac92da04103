"""Raw facts of 五十K, declared once (``kernels.layout``): the hand row of a play run and the census
columns. Plain Python (no numba): kernels take offsets as ``ROW_X = HAND_LAYOUT.at("x")``.

One row per hand. With ``matches`` (the default) a game index is a whole match on its own stream
(``kernels.wushik.play``): its hands are rows with the same ``game_index``, numbered by
``hand_no``, each carrying the running totals after it and the match's own facts (``match_*``,
the same on every row of the match). These are the facts ``sim.games.wushik.scoring.score``
reads, so stored hands are rescored under other bonus tables without replay; the running totals
and where the match stopped are those of the run's own scoring. Seats 0..3; partners sit
opposite: team 0 = seats {0, 2}, team 1 = seats {1, 3}.
"""

from __future__ import annotations

from kernels.layout import Field, RowLayout

# the values a stored row may hold (checked when a run is read back): (lo, hi), None for no
# bound, "seat" for a seat index of the run, "seats" for the run's seat count
RANGES = {
    "hand_no": (0, None), "leader": (0, "seat"), "eight_seat": (-1, "seat"), "finish": (0, 3),
    "captured": (0, 200), "void": (0, 200), "terminal_seat": (-1, "seat"), "terminal_points": (0, 200),
    "bombs4": (0, None), "bombs5": (0, None), "bombs6": (0, None), "bombs7": (0, None), "bombs8": (0, None),
    "bonus5": (0, None), "bonus6": (0, None), "bonus7": (0, None), "bonus8": (0, None), "plays": (0, None),
    "n_tricks": (0, None), "n_turns": (0, None), "dealt_points": (0, 200), "match_hands": (1, None),
    "first_leader": (0, "seat"), "points": (0, 200),
}

MAX_SEATS = 4
BOMB_SIZES = (4, 5, 6, 7, 8)
BONUS_SIZES = (5, 6, 7, 8)
WINNERS = ("team0", "team1", "draw")

_HAND_FIELDS = [
    Field("hand_no", "int16", "hand number within its match, 0 = first"),
    Field("leader", "int8", "seat that led the hand's first trick"),
    Field("turned_card", "int16", "physical id of the card turned up for the first lead (first hand of a "
                                  "match), -1 when the previous hand's 一游 led"),
    Field("eight_seat", "int8", "lowest seat dealt 8 cards of one rank, -1 none"),
    Field("eight_applied", "bool", "the hand was decided by the 8-of-a-kind rule (W-7) and not played"),
    Field("finish", "int8", "finishing place 1..3, 0 when still holding cards at the 终止牌", per_seat=True),
    Field("captured", "int16", "points taken in tricks won (the 终止牌 trick's table not included)", per_seat=True),
    Field("void", "int16", "points left in hand at the 终止牌 (作废, nobody's)", per_seat=True),
    Field("left_max_bomb", "int8", "largest natural count of one rank still held at the 终止牌 (a bomb never "
                                   "played), 0 under 4 or when the hand was not played", per_seat=True),
    Field("terminal_seat", "int8", "seat that played the 终止牌 (-1: hand not played)"),
    Field("terminal_points", "int16", "points on the table in the 终止牌's trick (its player's or void, W-5)"),
    *[Field(f"bombs{k}", "int8", f"{k}-card bombs played", per_seat=True) for k in BOMB_SIZES],
    *[Field(f"bonus{k}", "int8", f"{k}-card bombs played and not over-bombed by the other team (W-6)",
            per_seat=True) for k in BONUS_SIZES],
    Field("zheng_played", "int8", "正510K played", per_seat=True),
    Field("fu_played", "int8", "副510K played", per_seat=True),
    Field("fk_beaten", "int8", "510K plays beaten later in their trick"),
    Field("plays", "int16", "plays made (passes excluded)", per_seat=True),
    Field("n_tricks", "int16", "tricks, the cut-short 终止牌 trick included"),
    Field("n_turns", "int16", "turns (plays and passes)"),
    Field("n_jiefeng", "int8", "leads passed on because the trick winner had gone out (接风)"),
    Field("search_decisions", "int16", "decisions the seat's search player searched (2+ candidates)", per_seat=True),
    Field("search_agree", "int16", "of those, decisions where search chose what smart would have", per_seat=True),
    Field("search_rollouts", "int32", "rollouts the seat's search player played (candidates × worlds per searched "
          "decision)", per_seat=True),
    Field("dealt_points", "int16", "points dealt", per_seat=True),
    Field("dealt_max_bomb", "int8", "largest natural count of one rank dealt, 0 under 4", per_seat=True),
    Field("dealt_zheng", "int8", "disjoint 正510K dealt", per_seat=True),
    Field("team0_total", "int32", "team {0,2} match total after this hand, under the run's scoring"),
    Field("team1_total", "int32", "team {1,3} match total after this hand, under the run's scoring"),
    Field("match_over", "bool", "this hand ended the match (a total reached target_score, W-7 win_match, or "
                                "single hands)"),
    Field("match_hands", "int16", "hands the match lasted (the same on every row of the match)"),
    Field("match_winner", "int8", "team with the higher final total (W-8), or the W-7 win_match team",
          categories=WINNERS),
    Field("match_eight_win", "bool", "the match was won by an 8 of a kind dealt (W-7 win_match)"),
    Field("first_leader", "int8", "seat that led the match's first hand (turned-up card)"),
]
HAND_LAYOUT = RowLayout(_HAND_FIELDS, MAX_SEATS, ranges=RANGES)

CENSUS_FIELDS = [
    *[Field(f"bombs{k}", "int8", f"ranks held exactly {k} times (a natural {k}-card bomb)", per_seat=True)
      for k in BOMB_SIZES],
    Field("max_bomb", "int8", "largest bomb: most cards of one rank, 0 under 4", per_seat=True),
    Field("zheng_510k", "int8", "disjoint 正510K held: sum over suits of min(5s, 10s, Ks)", per_seat=True),
    Field("any_510k", "int8", "disjoint 510K of any suits held: min(5s, 10s, Ks)", per_seat=True),
    Field("fu_510k", "bool", "a 副510K (mixed suits) can be formed", per_seat=True),
    Field("points", "int16", "5/10/K points held", per_seat=True),
]
CENSUS_LAYOUT = RowLayout(CENSUS_FIELDS, MAX_SEATS, ranges=RANGES)
CENSUS_FEATURES = tuple(f.name for f in CENSUS_FIELDS)
