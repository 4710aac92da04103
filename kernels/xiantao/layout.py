"""仙桃千分's rows declared once (plain Python, no numba): the census features of a deal and the
raw facts of a played hand. Kernel offsets, Parquet columns and the facts scoring reads all come
from here (``kernels.layout``).
"""

from __future__ import annotations

from kernels.layout import Field, RowLayout

# the values a stored row may hold (checked when a run is read back): (lo, hi), None for no
# bound, "seat" for a seat index of the run, "seats" for the run's seat count
RANGES = {
    "banker": (0, "seat"), "hard_seat": (-1, "seat"), "partner": (-1, "seat"), "finish": (0, "seats"),
    "captured": (0, None), "unplayed": (0, None), "plays": (0, None), "xi_wangzha": (0, None),
    "xi_seven": (0, None), "xi_eight": (0, None), "n_tricks": (0, None), "n_turns": (0, None),
    "ended_by": (0, "seat"), "wilds": (0, 6), "seven": (0, 13), "eight": (0, 13), "points": (0, None),
}

N_SEATS = 4

# per-seat census features, in the order the census kernel writes them (``kernels.xiantao.census``)
CENSUS_FIELDS = [
    Field("wilds", "int8", "wild cards (癞子) held, 0..6", per_seat=True),
    Field("max_natural", "int8", "largest natural count of one rank (3..2)", per_seat=True),
    Field("seven", "int8", "ranks held exactly 7 times naturally (7张)", per_seat=True),
    Field("eight", "int8", "ranks held exactly 8 times naturally (8张)", per_seat=True),
    Field("wangzha", "bool", "holds natural 大王 + 小王 (王炸)", per_seat=True),
    Field("points", "int16", "5/10/K points held (wilds count 0)", per_seat=True),
    Field("natural_bombs", "int8", "ranks with at least 4 natural cards", per_seat=True),
    Field("max_bomb", "int8", "largest bomb reachable: best natural count + all wilds, 0 if under 4", per_seat=True),
    Field("best_510k", "int8", "best 五十K: 0 none, 1 杂, 2 正♦, 3 正♣, 4 正♥, 5 正♠", per_seat=True),
    Field("xi_units", "int16", "喜 units due at deal (王炸 + 7张 + 8张 under the ruleset's xi.*)", per_seat=True),
]
CENSUS_FEATURES = tuple(f.name for f in CENSUS_FIELDS)
N_CENSUS_FEATURES = len(CENSUS_FIELDS)
LADDER_LEVELS = 19  # bomb-class ladder levels L1..L19 of spec §7.2

PLAY = RowLayout([
    Field("mode", "int8", "'call' (叫牌, hidden partner) or 'hard' (硬牌, one against three)",
          categories=("call", "hard")),
    Field("banker", "int8", "庄家 seat"),
    Field("hard_seat", "int8", "硬牌家 seat, -1 in call mode"),
    Field("hard_asked", "int8", "players asked about 硬牌 (from 庄家) before one accepted or all declined"),
    Field("call_card", "int16", "physical id of 庄家's call card (kernels.cards encoding), -1 in 硬牌"),
    Field("call_pick", "int16", "the pick drawn for the call card (checked by the reference)", column=False),
    Field("recalls", "int8", "re-calls before an eligible call card was found"),
    Field("partner", "int8", "暗对家 seat, -1 in 硬牌"),
    Field("partner_public", "bool", "partnership known from the start (daguong_opposite, both copies)"),
    Field("mingji_trick", "int16", "0-based trick in which the partner played the call card (明鸡), -1 never"),
    Field("redeals", "int8", "redeals because no call card could be found (census features are of the first deal)"),
    Field("finish", "int8", "finishing place 1..4; 0 = still holding cards when the hand ended", per_seat=True),
    Field("captured", "int16", "points captured in tricks", per_seat=True),
    Field("unplayed", "int16", "points left in hand at the end", per_seat=True),
    Field("plays", "int16", "moves played (passes excluded)", per_seat=True),
    Field("xi_wangzha", "int8", "王炸 喜 counted (dealt, or dealt and played with bonus_requires_play)", per_seat=True),
    Field("xi_seven", "int8", "7张 喜 counted", per_seat=True),
    Field("xi_eight", "int8", "8张 喜 counted", per_seat=True),
    Field("n_tricks", "int16", "tricks, including one cut short by the end of the hand"),
    Field("n_jiefeng", "int16", "leads passed on because the trick winner was out (接风)"),
    Field("n_turns", "int16", "turns taken (plays and passes)"),
    Field("ended_by", "int8", "seat whose play ended the hand (takes the table's points)"),
    Field("left_max_bomb", "int8", "largest bomb the seat could still make at the end (best natural count + its "
          "wilds), 0 if under 4 cards", per_seat=True),
    Field("left_wangzha", "bool", "still holds natural 大王 + 小王 at the end", per_seat=True),
    Field("big_whole", "int8", "7张/8张 (dealt 7 or 8 naturals of a rank) played whole, in one bomb of all of them",
          per_seat=True),
    Field("search_decisions", "int16", "decisions the seat's search player searched (2+ candidates; 硬牌 included)",
          per_seat=True),
    Field("search_agree", "int16", "of those, decisions where search chose what smart would have", per_seat=True),
    Field("search_rollouts", "int32", "rollouts the seat's search player played: candidates × worlds per searched "
          "play and, per 硬牌 answer, both answers played out in every world (declining plays none where 庄家 has "
          "no card to call: a redeal)", per_seat=True),
    Field("bombs", "int16", "bomb-class plays of ladder level L{i} (spec §7.2)", width=LADDER_LEVELS,
          labels=tuple(f"bombs_L{level:02d}" for level in range(1, LADDER_LEVELS + 1))),
    *[Field(f.name, f.type, f.doc + " (at the deal)", per_seat=True) for f in CENSUS_FIELDS],
], max_seats=N_SEATS, ranges=RANGES)
