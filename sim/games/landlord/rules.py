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

    n_players: int = rule(3, "players at the table (the landlord against the rest)")
    n_decks: int = rule(1, "54-card decks shuffled together")
    hand_size: int = rule(17, "cards dealt to each player")
    kitty_size: int = rule(3, "底牌 (kitty) cards the landlord takes after the auction")
    # patterns (A3 / Part B / 上海 §3)
    max_bomb_size: int = rule(4, "most cards of one rank a bomb may hold (more cards beat fewer)")
    joker_pairs: bool = rule(False, "two identical jokers (小王小王 or 大王大王) are a pair above 22")
    rocket: bool = rule(True, "火箭 (rocket): one 大王 + one 小王 is the top bomb (two decks: below 天王炸)")
    tianwang: bool = rule(False, "天王炸: all four jokers together are the top play")
    a_low_sequences: bool = rule(False, "straights and pair chains may run from A low (A2345 .. 10JQKA), as in 上海")
    trio_chain_a_low: bool = rule(
        False, "trio chains and airplanes may also run from A low (docs/rules/shanghai.md#sh-5)"
    )
    trio_single: bool = rule(True, "三带一: a trio may carry one single")
    trio_pair: bool = rule(True, "三带二: a trio may carry one pair")
    airplane_singles: bool = rule(True, "an airplane (trio chain) may carry one single wing per trio")
    airplane_pairs: bool = rule(True, "an airplane may carry one pair wing per trio")
    airplane_pairs_consecutive: bool = rule(False, "an airplane's pair wings must be consecutive ranks (上海)")
    four_two_singles: bool = rule(True, "四带二: four of a kind may carry two singles (not a bomb then)")
    four_two_pairs: bool = rule(True, "四带二对: four of a kind may carry two pairs (not a bomb then)")
    wing_singles_rule: Literal["any", "distinct_ranks", "s001_literal"] = rule(
        "any", "which single wings an airplane may carry: any cards, all of distinct ranks, or the source's "
        "example read literally (all equal or all distinct) (docs/rules/doudizhu.md#d-5)"
    )
    four_two_singles_may_pair: bool = rule(
        True, "the two singles of a 四带二 may be a pair, as 5555+33 (docs/rules/doudizhu.md#d-6)"
    )
    pair_kickers_distinct: bool = rule(False, "the pairs carried by a play must be of distinct ranks (OpenSpiel)")
    kickers_no_joker_bomb: bool = rule(True, "carried cards never hold a whole joker bomb (both jokers)")
    wing_single_max_per_rank: int = rule(0, "most single wings of one rank in an airplane, 0 = no cap (OpenSpiel: 3)")
    joker_pair_in_sandaier: bool = rule(
        True, "a joker pair may be the pair a 三带二 or airplane carries (docs/rules/shanghai.md#sh-4)"
    )
    chain_head_not_bomb: bool = rule(False, "OpenSpiel quirk: no chain may start at a rank the player holds four of")
    bombs_beat_rocket: bool = rule(False, "OpenSpiel quirk: any bomb may be played on the rocket")
    max_bid: int = rule(3, "the top bid (1..3); bidding it ends the auction")
    base: int = scoring(1, "base stake B (底注) that every payment multiplies")


@dataclass(frozen=True)
class DoudizhuRules(LandlordRules):
    """斗地主 3 players, rule set R3 (S003 tournament): bidding (A2 / A2') and scoring (A6)."""

    auction: Literal["one_round", "openspiel"] = rule(
        "one_round", "one bidding turn each (the rules), or OpenSpiel's auction that goes round until settled"
    )
    qiang: Literal["none", "after_bidding", "after_three"] = rule(
        "none", "抢地主 (snatch the landlord) round: none, after the bidding (R3 带抢 rooms), or after a bid of x3 "
        "(R1)"
    )
    mingpai_allowed: bool = rule(
        False, "the landlord may 明牌 (show his hand) before his first play, doubling the stake"
    )
    all_pass: Literal["redeal", "no_game"] = rule(
        "redeal", "when everyone passes: redeal, or a hand that scores nothing (OpenSpiel)"
    )
    qiang_factor: int = scoring(2, "stake factor for each 抢地主")
    mingpai_factor: int = scoring(2, "stake factor when the landlord plays 明牌")
    bomb_factor: int = scoring(2, "stake factor for each bomb played")
    rocket_factor: int = scoring(2, "stake factor for each rocket played (R1: 4)")
    tianwang_factor: int = scoring(2, "stake factor for each 天王炸 played")
    spring_factor: int = scoring(2, "stake factor for 春天: the landlord goes out and no farmer played a card (R1: 4)")
    fanchun_factor: int = scoring(
        2, "stake factor for 反春: a farmer goes out while the landlord played only his opening lead"
    )


# what the engine reads of an option a game's ruleset does not have
ENGINE_DEFAULTS = {"auction": "one_round", "qiang": "none", "mingpai_allowed": False, "all_pass": "redeal",
                   "bomb_limits": False, "tianwang_counts_for_limit": True}

# 斗地主 3p presets (rule sets R3 / R1 and OpenSpiel's dou_dizhu) as overrides of the defaults
DOUDIZHU_VARIANTS: dict[str, Variant] = {
    "default": Variant("rule set R3 (the tournament rule book): 叫分 1/2/3 one turn each, redeal on all pass"),
    "r3-qiang": Variant("R3 in a 带抢地主 room: 抢地主 ×2 each and 明牌 ×2",
                        {"qiang": "after_bidding", "mingpai_allowed": True}),
    "r1": Variant("rule set R1 (the Hubei platform): x1/x2/x3, 抢 after x3, 明牌, rocket ×4, 春天 ×4",
                  {"qiang": "after_three", "mingpai_allowed": True, "rocket_factor": 4, "spring_factor": 4}),
    "openspiel": Variant("OpenSpiel dou_dizhu: no 四带二, wing caps, re-bidding auction, all pass = 0",
                         {"four_two_singles": False, "four_two_pairs": False, "wing_single_max_per_rank": 3,
                          "pair_kickers_distinct": True, "chain_head_not_bomb": True, "bombs_beat_rocket": True,
                          "auction": "openspiel", "all_pass": "no_game"}),
}
DOUDIZHU4_VARIANTS: dict[str, Variant] = {
    "default": Variant("the two-deck reading: bombs 4-8, 天王炸, no two-deck rocket (docs/rules/doudizhu4.md#d-8)"),
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


def engine_rules(rules: LandlordRules, flow: str, max_moves: int | None = None) -> np.ndarray:
    """The climbing engine's ``rules`` vector for a landlord game: ``flow`` is the game's phases
    (``auction`` or ``marker_dang``); ``max_moves`` the rows of the move buffer, by default the
    bound that no hand of these rules can exceed (``kernels.landlord.bounds``)."""
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
    if max_moves is None:
        from kernels.landlord.bounds import max_moves as bound

        max_moves = bound(v, rules.n_decks)
    v[L.LL_MAX_MOVES] = max_moves
    return v


@dataclass(frozen=True)
class Doudizhu4Rules(DoudizhuRules):
    """斗地主 4 players, two decks (Part B, interpretation D-8)."""

    n_players: int = rule(4, "players at the table (the landlord against the rest)")
    n_decks: int = rule(2, "54-card decks shuffled together")
    hand_size: int = rule(25, "cards dealt to each player")
    kitty_size: int = rule(8, "底牌 (kitty) cards the landlord takes after the auction")
    max_bomb_size: int = rule(8, "most cards of one rank a bomb may hold (more cards beat fewer)")
    joker_pairs: bool = rule(True, "two identical jokers (小王小王 or 大王大王) are a pair above 22")
    rocket: bool = rule(False, "火箭 (rocket): one 大王 + one 小王 is the top bomb (two decks: below 天王炸)")
    tianwang: bool = rule(True, "天王炸: all four jokers together are the top play")
