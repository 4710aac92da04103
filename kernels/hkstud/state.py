"""港式五张's declared state (``kernels.state``): the ruleset's tables and players, shared by every
table, and one table's cards, stakes and the players' work arrays. ``sim.games.hkstud.kernel_rows``
fills the shared slots from ``sim.games.hkstud.rules.compile_rules``."""

from __future__ import annotations

from kernels.hkstud.betting import LOG_WIDTH
from kernels.hkstud.cards import HAND_SIZE, N_CARDS
from kernels.state import Slot, StateLayout

HKSTUD_TABLE = StateLayout("HKStudTable", __name__, (
    Slot("params", "int64", ("params",), "the ruleset's numbers (kernels.hkstud.betting P_*)", shared=True),
    Slot("plain", "int32", ("index",), "evaluation table, hands without a flush (kernels.hkstud.tables)", shared=True),
    Slot("flush", "int32", ("index",), "evaluation table, flushes", shared=True),
    Slot("alt_plain", "int32", ("index",), "the same with high_card_kickers flipped (the alt_winner fact)",
         shared=True),
    Slot("alt_flush", "int32", ("index",), "the same, flushes", shared=True),
    Slot("base_policy", "int64", ("seats",), "the run's player of each seat, before rotation", shared=True),
    Slot("base_pp", "float64", ("seats", "params_pp"), "their parameters (kernels.hkstud.policies PP_*)",
         shared=True),
    Slot("policy", "int64", ("seats",), "the player of each seat at this table"),
    Slot("pp", "float64", ("seats", "params_pp"), "its parameters"),
    Slot("rng", "uint64", (4,), "the table's random stream (kernels.rng)"),
    Slot("deck", "int64", (N_CARDS,), "the shuffled local card ids"),
    Slot("cards", "int64", ("seats", HAND_SIZE), "each seat's five local ids, hole card first"),
    Slot("keys", "int64", ("seats",), "each seat's hand key (larger wins)"),
    Slot("alt_keys", "int64", ("seats",), "the same under the flipped high_card_kickers"),
    Slot("cats", "int64", ("seats",), "each seat's hand category"),
    Slot("live", "bool", ("seats",), "still in"),
    Slot("allin", "bool", ("seats",), "all in"),
    Slot("invested", "int64", ("seats",), "chips put in"),
    Slot("folded", "int64", ("seats",), "round folded in (0: not)"),
    Slot("raises", "int64", ("seats",), "bets and raises made"),
    Slot("street_bet", "int64", ("seats",), "chips put in this round"),
    Slot("need", "int64", ("seats",), "1: still to act this round"),
    Slot("hole_view", "int64", ("seats",), "the hole cards an equity seat sees (-1: hidden)"),
    Slot("shown", "int64", ("seats",), "up-cards each seat shows"),
    Slot("wins", "int64", ("seats",), "showdown completions won (equity)"),
    Slot("eq_key", "int64", ("seats",), "the round and seats an equity seat's value was computed for"),
    Slot("eq_value", "float64", ("seats",), "that equity"),
    Slot("log", "int64", ("log_rows", LOG_WIDTH), "the actions (kernels.hkstud.betting LOG_*); 0 rows: none",
         scratch=True),
    Slot("n_log", "int64", (1,), "actions logged"),
), "One 港式五张 table: the ruleset's tables and players (shared) and the table's state.")
HKStudTable = HKSTUD_TABLE.cls
