"""The landlord family's rules as data: the options every landlord game shares, the 斗地主 bidding
and scoring options (3p R3/R1/OpenSpiel and 4p two decks), and the compiler into the climbing
engine's ``rules`` vector (layout ``LL_*`` in ``kernels.landlord.movegen``).

Option names are those of the pure-Python reference (``tests/reference/landlord_presets.py``).
Each game's ruleset class holds only the options that game reads, so an option given to a game
that ignores it (``--set bomb_factor=4`` on 上海三打一) is refused by name. What a class lacks
the engine takes from ``ENGINE_DEFAULTS``.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import SimpleNamespace
from typing import Literal

import numpy as np

from sim.game import Variant
from sim.ruleset import flatten, rule, scoring


@dataclass(frozen=True)
class LandlordRules:
    """Options every landlord game reads: deck, deal, patterns and the top bid (defaults: 斗地主 3p)."""

    n_players: int = rule(3, "players")
    n_decks: int = rule(1, "54-card decks")
    hand_size: int = rule(17, "cards dealt to each player")
    kitty_size: int = rule(3, "底牌 taken by the landlord")
    # patterns (A3 / Part B / 上海 §3)
    max_bomb_size: int = rule(4, "largest bomb (cards of one rank)")
    joker_pairs: bool = rule(False, "SJSJ / BJBJ are pairs (two decks)")
    rocket: bool = rule(True, "火箭 BJ+SJ (Part B option two_deck_rocket)")
    tianwang: bool = rule(False, "天王炸: all four jokers")
    a_low_sequences: bool = rule(False, "chains on A2345..10JQKA (上海)")
    trio_chain_a_low: bool = rule(False, "SH-5: trio chains / airplanes also A-low")
    trio_single: bool = rule(True, "三带一")
    trio_pair: bool = rule(True, "三带二")
    airplane_singles: bool = rule(True, "飞机带单翅膀")
    airplane_pairs: bool = rule(True, "飞机带对翅膀")
    airplane_pairs_consecutive: bool = rule(False, "上海: pair wings consecutive")
    four_two_singles: bool = rule(True, "四带二")
    four_two_pairs: bool = rule(True, "四带二对")
    wing_singles_rule: Literal["any", "distinct_ranks", "s001_literal"] = rule("any", "D-5")
    four_two_singles_may_pair: bool = rule(True, "D-6: 5555+33 is a 四带二")
    pair_kickers_distinct: bool = rule(False, "pair kickers of distinct ranks (OpenSpiel)")
    kickers_no_joker_bomb: bool = rule(True, "kickers never hold a whole joker bomb (S001)")
    wing_single_max_per_rank: int = rule(0, "cap on single wings of one rank, 0 = none (OpenSpiel: 3)")
    joker_pair_in_sandaier: bool = rule(True, "SH-4: joker pairs may be pair kickers")
    chain_head_not_bomb: bool = rule(False, "OpenSpiel quirk: no chain starting at a rank held 4 times")
    bombs_beat_rocket: bool = rule(False, "OpenSpiel quirk: any bomb may follow the rocket")
    max_bid: int = rule(3, "top bid; it ends the auction")
    base: int = scoring(1, "底注 B")


@dataclass(frozen=True)
class DoudizhuRules(LandlordRules):
    """斗地主 3 players, rule set R3 (S003 tournament): bidding (A2 / A2') and scoring (A6)."""

    auction: Literal["one_round", "openspiel"] = rule("one_round", "one turn each, or OpenSpiel's re-bidding")
    qiang: Literal["none", "after_bidding", "after_three"] = rule("none", "抢地主: R3 带抢 room / R1 after x3")
    mingpai_allowed: bool = rule(False, "landlord may 明牌 (×2)")
    all_pass: Literal["redeal", "no_game"] = rule("redeal", "all pass: redeal (spec) or a hand with no score (OpenSpiel)")
    qiang_factor: int = scoring(2, "per 抢地主")
    mingpai_factor: int = scoring(2, "明牌")
    bomb_factor: int = scoring(2, "per bomb played")
    rocket_factor: int = scoring(2, "per rocket played (R1: 4)")
    tianwang_factor: int = scoring(2, "per 天王炸 played")
    spring_factor: int = scoring(2, "春天 (R1: 4)")
    fanchun_factor: int = scoring(2, "反春")


# what the engine reads of an option a game's ruleset does not have
ENGINE_DEFAULTS = {"auction": "one_round", "qiang": "none", "mingpai_allowed": False, "all_pass": "redeal",
                   "bomb_limits": False, "tianwang_counts_for_limit": True}

# 斗地主 3p presets (rule sets R3 / R1 and OpenSpiel's dou_dizhu) as overrides of the defaults
DOUDIZHU_VARIANTS: dict[str, Variant] = {
    "default": Variant("rule set R3 (S003 tournament): 叫分 1/2/3 one turn each, redeal on all pass"),
    "r3-qiang": Variant("R3 in a 带抢地主 room: 抢地主 ×2 each and 明牌 ×2",
                        {"qiang": "after_bidding", "mingpai_allowed": True}),
    "r1": Variant("rule set R1 (S001 Hubei): x1/x2/x3, 抢 after x3, 明牌, rocket ×4, 春天 ×4",
                  {"qiang": "after_three", "mingpai_allowed": True, "rocket_factor": 4, "spring_factor": 4}),
    "openspiel": Variant("OpenSpiel dou_dizhu: no 四带二, wing caps, re-bidding auction, all pass = 0",
                         {"four_two_singles": False, "four_two_pairs": False, "wing_single_max_per_rank": 3,
                          "pair_kickers_distinct": True, "chain_head_not_bomb": True, "bombs_beat_rocket": True,
                          "auction": "openspiel", "all_pass": "no_game"}),
}
DOUDIZHU4_VARIANTS: dict[str, Variant] = {
    "default": Variant("Part B defaults (D-8): bombs 4-8, 天王炸, no two-deck rocket"),
    "rocket": Variant("two_deck_rocket: one 大王 + one 小王 is a rocket above every bomb, below 天王炸",
                      {"rocket": True}),
    "qiang": Variant("with 抢地主 and 明牌 (R3 带抢 room)", {"qiang": "after_bidding", "mingpai_allowed": True}),
}


def engine_values(rules: LandlordRules) -> dict:
    """Every option the engine reads, flat: the ruleset's own, the rest from ``ENGINE_DEFAULTS``."""
    return {**ENGINE_DEFAULTS, **flatten(rules)}


def validate(rules: LandlordRules) -> None:
    from sim.errors import UserError

    if rules.n_players * rules.hand_size + rules.kitty_size != 54 * rules.n_decks:
        raise UserError(f"n_players × hand_size + kitty_size must be {54 * rules.n_decks} cards; got "
                        f"{rules.n_players} × {rules.hand_size} + {rules.kitty_size}")
    if not 1 <= rules.max_bid <= 3:
        raise UserError(f"option 'max_bid' must be 1..3; got {rules.max_bid}")
    if not 4 <= rules.max_bomb_size <= 4 * rules.n_decks:
        raise UserError(f"option 'max_bomb_size' must be 4..{4 * rules.n_decks}; got {rules.max_bomb_size}")
    if rules.base <= 0:
        raise UserError(f"option 'base' must be positive; got {rules.base}")
    if rules.wing_single_max_per_rank < 0:
        raise UserError("option 'wing_single_max_per_rank' must be >= 0 (0 = no cap)")


def engine_rules(rules: LandlordRules, flow: str, max_moves: int) -> np.ndarray:
    """The climbing engine's ``rules`` vector for a landlord game: ``flow`` is the game's phases
    (``auction`` or ``marker_dang``), ``max_moves`` the move buffer its hands need."""
    from kernels.climb.loop import CL_HAND_SIZE
    from kernels.landlord import movegen as L

    rules = SimpleNamespace(**engine_values(rules))
    v = np.zeros(L.RULES_LEN, np.int64)
    v[CL_HAND_SIZE] = rules.hand_size
    v[L.LL_ROCKET] = rules.rocket
    v[L.LL_TIANWANG] = rules.tianwang
    v[L.LL_JOKER_PAIRS] = rules.joker_pairs
    v[L.LL_MAX_BOMB] = rules.max_bomb_size
    v[L.LL_A_LOW] = rules.a_low_sequences
    v[L.LL_TRIO_A_LOW] = rules.trio_chain_a_low
    v[L.LL_TRIO_SINGLE] = rules.trio_single
    v[L.LL_TRIO_PAIR] = rules.trio_pair
    v[L.LL_AIR_SINGLES] = rules.airplane_singles
    v[L.LL_AIR_PAIRS] = rules.airplane_pairs
    v[L.LL_AIR_PAIRS_CONSEC] = rules.airplane_pairs_consecutive
    v[L.LL_FOUR_TWO_SINGLES] = rules.four_two_singles
    v[L.LL_FOUR_TWO_PAIRS] = rules.four_two_pairs
    v[L.LL_WING_RULE] = ("any", "distinct_ranks", "s001_literal").index(rules.wing_singles_rule)
    v[L.LL_FOUR_SINGLES_MAY_PAIR] = rules.four_two_singles_may_pair
    v[L.LL_PAIR_KICKERS_DISTINCT] = rules.pair_kickers_distinct
    v[L.LL_KICKERS_NO_JOKER_BOMB] = rules.kickers_no_joker_bomb
    v[L.LL_WING_CAP] = rules.wing_single_max_per_rank
    v[L.LL_JOKER_PAIR_KICKER] = rules.joker_pair_in_sandaier
    v[L.LL_CHAIN_HEAD_NOT_BOMB] = rules.chain_head_not_bomb
    v[L.LL_BOMBS_BEAT_ROCKET] = rules.bombs_beat_rocket
    v[L.LL_N_SEATS] = rules.n_players
    v[L.LL_KITTY] = rules.kitty_size
    v[L.LL_AUCTION] = ("one_round", "openspiel").index(rules.auction)
    v[L.LL_MAX_BID] = rules.max_bid
    v[L.LL_QIANG] = ("none", "after_bidding", "after_three").index(rules.qiang)
    v[L.LL_MINGPAI] = rules.mingpai_allowed
    v[L.LL_ALL_PASS] = ("redeal", "no_game").index(rules.all_pass)
    v[L.LL_FLOW] = {"auction": L.FLOW_AUCTION, "marker_dang": L.FLOW_MARKER_DANG}[flow]
    v[L.LL_BOMB_LIMITS] = rules.bomb_limits
    v[L.LL_TW_LIMIT] = rules.tianwang_counts_for_limit
    v[L.LL_MAX_MOVES] = max_moves
    return v


@dataclass(frozen=True)
class Doudizhu4Rules(DoudizhuRules):
    """斗地主 4 players, two decks (Part B, interpretation D-8)."""

    n_players: int = rule(4, "players")
    n_decks: int = rule(2, "54-card decks")
    hand_size: int = rule(25, "cards dealt to each player")
    kitty_size: int = rule(8, "底牌 taken by the landlord")
    max_bomb_size: int = rule(8, "largest bomb (cards of one rank)")
    joker_pairs: bool = rule(True, "SJSJ / BJBJ are pairs (two decks)")
    rocket: bool = rule(False, "火箭 BJ+SJ (Part B option two_deck_rocket)")
    tianwang: bool = rule(True, "天王炸: all four jokers")
