"""上海三打一 as data (docs/rules/shanghai.md, SH-1..SH-8): the family's deck and pattern options
with this game's defaults, its bomb limits and its settlement options, and its variants."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from sim.game import Variant
from sim.games.landlord.rules import LandlordRules
from sim.ruleset import rule, scoring


@dataclass(frozen=True)
class ShanghaiRules(LandlordRules):
    """上海三打一: 108 cards, 25 each + 8 底牌, 叫档 1-3 (§2), settlement §7."""

    n_players: int = rule(4, "players at the table (the landlord against the rest)")
    n_decks: int = rule(2, "54-card decks shuffled together")
    hand_size: int = rule(25, "cards dealt to each player")
    kitty_size: int = rule(8, "底牌 (kitty) cards the landlord takes after the auction")
    max_bomb_size: int = rule(8, "most cards of one rank a bomb may hold (more cards beat fewer)")
    joker_pairs: bool = rule(True, "two identical jokers (小王小王 or 大王大王) are a pair above 22")
    rocket: bool = rule(False, "火箭 (rocket): one 大王 + one 小王 is the top bomb (two decks: below 天王炸)")
    tianwang: bool = rule(True, "天王炸: all four jokers together are the top play")
    a_low_sequences: bool = rule(True, "straights and pair chains may run from A low (A2345 .. 10JQKA), as in 上海")
    trio_chain_a_low: bool = rule(
        True, "trio chains and airplanes may also run from A low (docs/rules/shanghai.md#sh-5)"
    )
    trio_single: bool = rule(False, "三带一: a trio may carry one single")
    airplane_singles: bool = rule(False, "an airplane (trio chain) may carry one single wing per trio")
    airplane_pairs_consecutive: bool = rule(True, "an airplane's pair wings must be consecutive ranks (上海)")
    four_two_singles: bool = rule(False, "四带二: four of a kind may carry two singles (not a bomb then)")
    four_two_pairs: bool = rule(False, "四带二对: four of a kind may carry two pairs (not a bomb then)")
    bomb_limits: bool = rule(
        True, "farmers may play only as many bombs as their bid allows: 1 after 不叫 or 1档, 2 after 2档, unlimited"
        " if never asked (docs/rules/shanghai.md#s2-1)"
    )
    tianwang_counts_for_limit: bool = rule(
        True, "天王炸 counts against a farmer's bomb limit (docs/rules/shanghai.md#sh-2)"
    )
    touliao_rule: Literal["as_4_dang", "extra_x4"] = scoring(
        "as_4_dang", "头撂 (first bidder bids 3档 at once): counts 4 档 when the landlord wins and 3 when he loses, or ×4 "
        "on top of 3 档 on a win (docs/rules/shanghai.md#sh-8)"
    )
    huangfan_stacks: bool = scoring(
        False, "荒番 (deal after an all-pass redeal) doubles once per consecutive all-pass deal instead of once "
        "(docs/rules/shanghai.md#sh-1)"
    )
    baodao_count_multiplies: bool = scoring(
        False, "报到 with two monster sets (双报到) multiplies the stake by the number of sets "
        "(docs/rules/shanghai.md#sh-7)"
    )
    pz_baodao_settlement: bool = scoring(
        False, "PZ server settlement of 报到: × the number of sets, and no 头撂 bonus on 不打 "
        "(docs/rules/shanghai.md#sh-7)"
    )
    bombs_multiply: bool = scoring(
        False, "every bomb played doubles the stake (PZ server; the rules have no bomb factor)"
    )


VARIANTS: dict[str, Variant] = {
    "default": Variant("the Shanghai rules: 头撂 = 4 档 won / 3 lost, 荒番 ×2 not cumulative, no bomb multiplier"),
    "extra-x4": Variant("头撂 ×4 on top of 3 档 when the landlord wins (touliao_rule = extra_x4)",
                        {"touliao_rule": "extra_x4"}),
    "pz": Variant("PZ_GameServer settlement: ×2 per bomb played, 报到 × sets, no 头撂 bonus on 不打",
                  {"bombs_multiply": True, "pz_baodao_settlement": True}),
    "no-limits": Variant("farmers' bomb limits off (to measure what they do)", {"bomb_limits": False}),
    "stacks": Variant("荒番 ×2 per consecutive all-pass deal (huangfan_stacks)", {"huangfan_stacks": True}),
}

# default policy parameters (kernels.landlord.policies.PARAM_ORDER) under the user's --policy-param:
# 上海 hands are 25 cards of two decks, so hand strengths run higher than in 斗地主
POLICY_DEFAULTS: dict[str, dict[str, float]] = {
    "greedy": {"bid1": 9.0, "bid2": 12.0, "bid3": 15.0, "mingpai": 22.0},
    # smart's landlord (never breaking a bomb, bombing for the lead while it holds two) wins most
    # deals, so smart bids low, and straight to 3 (a bid of 1 or 2 is outbid by the next strong hand
    # and earned its bidder -0.3): one smart seat gains +0.51 ± 0.07 per hand bidding from 4 / 7 / 10
    # over seats bidding from 12 / 15 / 18, then +0.10 ± 0.05 bidding 3 from 8 over 4 / 7 / 10.
    # Farmers answer the landlord with a bomb whenever they hold one: +0.14 ± 0.03 per hand for one
    # seat (in 4-player 斗地主, where bombs double the stake, it loses). 36,000 duplicate hands each.
    "smart": {"bid1": 8.0, "bid2": 8.0, "bid3": 8.0, "mingpai": 14.0, "farmer_bombs": 1},
}
POLICY_DEFAULTS["search"] = dict(POLICY_DEFAULTS["smart"])  # search bids and declares as smart


def validate(rules: ShanghaiRules) -> None:
    from sim.errors import UserError
    from sim.games.landlord.rules import validate as family_validate

    family_validate(rules)
    if rules.n_players != 4 or rules.n_decks != 2:
        raise UserError("上海三打一 is played by 4 players with two decks (n_players = 4, n_decks = 2)")
