"""Raw facts of 百变双扣, declared once (``kernels.layout``): one hand row and the census columns.
Plain Python (no numba): kernels take offsets as ``ROW_X = HAND_LAYOUT.at("x")``.

These are the facts ``sim.games.shuangkou.scoring.score`` reads, so a stored run can be rescored
under other 翻倍 / count-equivalence / tribute tables and bases without replay.

Per-seat columns ``s{k}_*`` are by **player**: player k is the one dealt hand k (seat k before the
partner draw) and plays policy slot k. The draw's swap (SK-2) may move him: ``s{k}_seat`` is the
seat he plays from, and partners are the players whose seats are opposite (``seat % 2`` equal).
Scalars that name someone name a player (the leader never moves, so his player is his seat).
"""

from __future__ import annotations

from kernels.layout import Field, RowLayout

# the values a stored row may hold (checked when a run is read back): (lo, hi), None for no
# bound, "seat" for a seat index of the run, "seats" for the run's seat count
RANGES = {
    "leader": (0, "seat"), "mate": (0, "seat"), "seat": (0, "seat"), "finish": (0, 3), "bombs": (0, None),
    "bombs_ge5": (0, None), "max_xiang": (0, 12), "tianwang": (0, 1), "sanwang": (0, 1), "lianzha": (0, None),
    "plays": (0, None), "dealt_jokers": (0, 4), "ended_by": (0, "seat"), "n_tricks": (0, None),
    "n_turns": (0, None), "jokers": (0, 4), "big_jokers": (0, 2),
}

MAX_SEATS = 4
BOMB_SIZES = (4, 5, 6, 7, 8)

_HAND_FIELDS = [
    Field("draw_card", "int16", "physical id of the announced card (SK-2), -1 without the draw"),
    Field("leader", "int8", "player who led first (holder of the announced copy; seat 0's hand without the draw)"),
    Field("mate", "int8", "player holding the other copy: the leader's partner (the leader if he held both)"),
    Field("swapped", "bool", "the mate swapped seats with the player opposite the leader"),
    Field("seat", "int8", "seat the player played from, after the draw's swap (partners: seats opposite)",
          per_seat=True),
    Field("finish", "int8", "finishing place 1..3, 0 when still holding cards at the end", per_seat=True),
    Field("bombs", "int8", "bomb-class plays (bombs, 连炸, 三王, 天王; one each)", per_seat=True),
    Field("bombs_ge5", "int8", "bomb-class plays of >= 5相 (天王 included)", per_seat=True),
    Field("max_xiang", "int8", "largest 相 of a bomb, 连炸 or 三王 played (天王 apart), 0 none", per_seat=True),
    Field("tianwang", "int8", "天王炸弹 played", per_seat=True),
    Field("sanwang", "int8", "三王 played", per_seat=True),
    Field("lianzha", "int8", "连炸 played", per_seat=True),
    Field("plays", "int16", "plays made (passes excluded)", per_seat=True),
    Field("wild_used", "int8", "jokers played as wild cards (standing for a rank 3..2)", per_seat=True),
    Field("wild_in_bombs", "int8", "of those, jokers inside bombs and 连炸", per_seat=True),
    Field("jokers_self", "int8", "jokers played as themselves (single, pair, 三王, 天王)", per_seat=True),
    Field("dealt_jokers", "int8", "jokers dealt (0..4)", per_seat=True),
    Field("dealt_max_bomb", "int8", "largest bomb dealt in 相: most naturals of a rank + wild jokers, 0 under 4",
          per_seat=True),
    Field("left_max_bomb", "int8", "largest bomb still held at the end in 相 (never played): most naturals of a "
                                   "rank + wild jokers left, 0 under 4", per_seat=True),
    Field("ended_by", "int8", "player whose play ended the hand"),
    Field("n_tricks", "int16", "tricks, the cut-short last one included"),
    Field("n_turns", "int16", "turns (plays and passes)"),
    Field("n_jiefeng", "int8", "leads passed on because the trick winner had gone out (接风)"),
    Field("search_decisions", "int16", "decisions the player's search player searched (2+ candidates)",
          per_seat=True),
    Field("search_agree", "int16", "of those, decisions where search chose what smart would have", per_seat=True),
    Field("search_rollouts", "int32", "rollouts the player's search player played (candidates × worlds per searched "
          "decision)", per_seat=True),
]
HAND_LAYOUT = RowLayout(_HAND_FIELDS, MAX_SEATS, ranges=RANGES)

CENSUS_FIELDS = [
    *[Field(f"bombs{k}", "int8", f"ranks held exactly {k} times naturally", per_seat=True) for k in BOMB_SIZES],
    Field("max_natural", "int8", "most natural cards of one rank", per_seat=True),
    Field("max_bomb", "int8", "largest one-rank bomb in 相: max_natural + wild jokers, 0 under 4", per_seat=True),
    Field("jokers", "int8", "jokers held (0..4): >= 3 is 三王, 4 is 天王炸弹", per_seat=True),
    Field("big_jokers", "int8", "大王 held (0..2)", per_seat=True),
    Field("wild_jokers", "int8", "jokers that are wild under wild_jokers", per_seat=True),
]
CENSUS_LAYOUT = RowLayout(CENSUS_FIELDS, MAX_SEATS, ranges=RANGES)
CENSUS_FEATURES = tuple(f.name for f in CENSUS_FIELDS)
