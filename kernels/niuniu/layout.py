"""Raw facts of one 牛牛 deal: one int64 row per deal (``kernels.niuniu.play``).

Card ids are the shared ones (``kernels.cards``: one 54-card deck, ids 0..53). A hand's
category code is 0 没牛, 1..9 牛1..牛9, 10 牛牛; its top card is the id of its highest single card
(大王 > 小王 > K > … > A, then ♠ > ♥ > ♣ > ♦). The stored facts are 庄家's seat and each
seat's cards, category and top card; the kernel also settles the deal under the ruleset it ran
with (kernel-only fields, ``column=False``), and ``sim.games.niuniu.scoring`` recomputes that
settlement from the stored facts alone, so rows rescore under other multipliers, bets, paying
hand or banker-advantage rule.
"""

from __future__ import annotations

from kernels.layout import Field, RowLayout

# the values a stored row may hold (checked when a run is read back): (lo, hi), None for no
# bound, "seat" for a seat index of the run, "seats" for the run's seat count
RANGES = {
    "banker": (0, "seat"), "top": (0, 53),
}

MAX_SEATS = 4
HAND_SIZE = 5
CATEGORY_NAMES = ("没牛", "牛1", "牛2", "牛3", "牛4", "牛5", "牛6", "牛7", "牛8", "牛9", "牛牛")
OUTCOME_BANKER, OUTCOME_PLAYER_WINS, OUTCOME_PLAYER_LOSES = 0, 1, 2
OUTCOME_NAMES = ("banker", "player_wins", "player_loses")

HAND_FIELDS = [
    Field("cards", "int64", "the 5 card ids in deal order, 6 bits each (card j in bits 6j..6j+5)", per_seat=True),
    Field("category", "int8", "hand value: 没牛, 牛1..牛9, 牛牛 (best arrangement, N-2)", per_seat=True,
          categories=CATEGORY_NAMES),
    Field("top", "int8", "id of the highest single card (大王 > 小王 > K > … > A, then ♠ > ♥ > ♣ > ♦)",
          per_seat=True),
]

CENSUS_LAYOUT = RowLayout(HAND_FIELDS, MAX_SEATS, ranges=RANGES)

LAYOUT = RowLayout([
    Field("banker", "int8", "庄家's seat"),
    *HAND_FIELDS,
    # the kernel's own settlement under the ruleset it ran with (benchmarks, tests); not stored:
    # ``sim.games.niuniu.scoring`` recomputes it from the facts above, under any scoring options
    Field("outcome", "int8", "against 庄家: banker (this seat is 庄家), player_wins, player_loses", per_seat=True,
          categories=OUTCOME_NAMES, column=False),
    Field("tie", "bool", "same value as 庄家's hand (decided by the highest single card or the Q rule)",
          per_seat=True, column=False),
    Field("advantage", "bool", "庄家 won this tie only by banker advantage (N-3: both highest cards ≤ Q, "
                               "the player's higher)", per_seat=True, column=False),
    Field("chips", "int64", "net chips of the seat (bets x the multiplier of the paying hand)", per_seat=True,
          column=False),
], MAX_SEATS, ranges=RANGES)

ROW_BANKER = LAYOUT.at("banker")
ROW_CARDS = LAYOUT.at("cards")
ROW_CATEGORY = LAYOUT.at("category")
ROW_TOP = LAYOUT.at("top")
ROW_OUTCOME = LAYOUT.at("outcome")
ROW_TIE = LAYOUT.at("tie")
ROW_ADVANTAGE = LAYOUT.at("advantage")
ROW_CHIPS = LAYOUT.at("chips")
ROW_LEN = LAYOUT.length

CENSUS_CARDS = CENSUS_LAYOUT.at("cards")
CENSUS_CATEGORY = CENSUS_LAYOUT.at("category")
CENSUS_TOP = CENSUS_LAYOUT.at("top")
CENSUS_LEN = CENSUS_LAYOUT.length
