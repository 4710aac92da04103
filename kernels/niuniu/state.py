"""牛牛's declared state (``kernels.state``): the ruleset's tables, shared by every table dealt,
and one table's work arrays. ``sim.games.niuniu.rules.compile_rules`` fills the shared slots."""

from __future__ import annotations

from kernels.niuniu.layout import MAX_SEATS
from kernels.state import Slot, StateLayout

NIUNIU_TABLE = StateLayout("NiuniuTable", __name__, (
    Slot("params", "int64", ("params",), "the ruleset's numbers (kernels.niuniu.play P_*)", shared=True),
    Slot("deck_template", "int16", ("cards",), "the card ids of the deck in id order", shared=True),
    Slot("card_info", "int16", (54,), "per card: strength << INFO_SHIFT | value mod 10 (kernels.niuniu.evaluate)",
         shared=True),
    Slot("card_of_strength", "int16", (54,), "the card of each strength", shared=True),
    Slot("multipliers", "int64", ("categories",), "chips per unit bet of each hand category", shared=True),
    Slot("bets", "int64", (MAX_SEATS,), "each seat's bet", shared=True),
    Slot("rng", "uint64", (4,), "the table's random stream (kernels.rng)"),
    Slot("deck", "int16", ("cards",), "the shuffled deck"),
    Slot("cats", "int64", (MAX_SEATS,), "each seat's hand category"),
    Slot("tops", "int64", (MAX_SEATS,), "each seat's top card"),
    Slot("packed", "int64", (MAX_SEATS,), "each seat's five cards, 6 bits each"),
), "One 牛牛 table: the ruleset's tables (shared) and the deal's work arrays.")
NiuniuTable = NIUNIU_TABLE.cls
