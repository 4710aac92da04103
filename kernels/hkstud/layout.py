"""Raw facts of one 港式五张 deal: one int64 row per deal (``kernels.hkstud.play``).

Cards are stored as shared ids (``kernels.cards``; local id + 20), packed 6 bits each in deal
order: the hole card (底牌) first, then the up-cards of rounds 2..5. Every seat's five cards are
fixed at the deal (``kernels.hkstud.play``); a seat that folds never shows the rest. Streets are
numbered as in the spec: round 2 deals the first up-card, round 5 the last.

``key`` is the seat's showdown key under the run's ranking options (larger wins; see
``kernels.hkstud.tables``). Money is ``chips`` (the pot to the winner, minus what each put in);
``sim.games.hkstud.scoring`` turns chips into money (``chip_value``) without replaying.
"""

from __future__ import annotations

from kernels.hkstud.cards import CATEGORY_NAMES
from kernels.layout import Field, RowLayout

# the values a stored row may hold (checked when a run is read back): (lo, hi), None for no
# bound, "seat" for a seat index of the run, "seats" for the run's seat count
RANGES = {
    "banker_2": (-1, "seat"), "banker_3": (-1, "seat"), "banker_4": (-1, "seat"), "banker_5": (-1, "seat"),
    "winner": (0, "seat"), "alt_winner": (0, "seat"), "end_street": (0, 5), "pot": (0, None), "folded": (0, 5),
    "invested": (0, None), "raises": (0, None),
}

MAX_SEATS = 4
STREETS = (2, 3, 4, 5)

DEAL_FIELDS = [
    *[Field(f"banker_{st}", "int8", f"庄家 after round {st}: best visible up-cards among seats still in (HK-2); "
                                    "-1 if the deal had ended") for st in STREETS],
    Field("winner", "int8", "seat that takes the pot"),
    Field("alt_winner", "int8", "showdown winner under the other high_card_kickers setting (= winner without "
                                "a showdown)"),
]
SEAT_FIELDS = [
    Field("cards", "int64", "hole card then up-cards 1..4 as shared ids, 6 bits each (card j in bits 6j..6j+5)",
          per_seat=True),
    Field("category", "int8", "category of the seat's five cards", per_seat=True, categories=CATEGORY_NAMES),
    Field("key", "int32", "showdown key of the five cards under the ruleset's ranking (larger wins)",
          per_seat=True),
]

CENSUS_LAYOUT = RowLayout([*DEAL_FIELDS, *SEAT_FIELDS], MAX_SEATS, ranges=RANGES)

LAYOUT = RowLayout([
    *DEAL_FIELDS,
    Field("showdown", "bool", "the deal went to 开牌 after round 5 (else everyone else folded)"),
    Field("end_street", "int8", "round of the last action (5 at a showdown)"),
    Field("pot", "int64", "chips in the pot at the end"),
    *SEAT_FIELDS,
    Field("folded", "int8", "round in which the seat folded (0: never)", per_seat=True),
    Field("invested", "int64", "chips the seat put in (ante included)", per_seat=True),
    Field("raises", "int8", "bets and raises the seat made", per_seat=True),
    Field("allin", "bool", "the seat reached the all-in cap (全押)", per_seat=True),
    Field("chips", "int64", "net chips: the pot if the seat won, minus what it put in", per_seat=True),
], MAX_SEATS, ranges=RANGES)


ROW_BANKER = LAYOUT.at("banker_2")  # banker of round st at ROW_BANKER + st - 2
ROW_WINNER = LAYOUT.at("winner")
ROW_ALT_WINNER = LAYOUT.at("alt_winner")
ROW_SHOWDOWN = LAYOUT.at("showdown")
ROW_END_STREET = LAYOUT.at("end_street")
ROW_POT = LAYOUT.at("pot")
ROW_CARDS = LAYOUT.at("cards")
ROW_CATEGORY = LAYOUT.at("category")
ROW_KEY = LAYOUT.at("key")
ROW_FOLDED = LAYOUT.at("folded")
ROW_INVESTED = LAYOUT.at("invested")
ROW_RAISES = LAYOUT.at("raises")
ROW_ALLIN = LAYOUT.at("allin")
ROW_CHIPS = LAYOUT.at("chips")
ROW_LEN = LAYOUT.length

CENSUS_BANKER = CENSUS_LAYOUT.at("banker_2")
CENSUS_WINNER = CENSUS_LAYOUT.at("winner")
CENSUS_ALT_WINNER = CENSUS_LAYOUT.at("alt_winner")
CENSUS_CARDS = CENSUS_LAYOUT.at("cards")
CENSUS_CATEGORY = CENSUS_LAYOUT.at("category")
CENSUS_KEY = CENSUS_LAYOUT.at("key")
CENSUS_LEN = CENSUS_LAYOUT.length
