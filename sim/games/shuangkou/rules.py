"""百变双扣 rules as data: every option of spec §9, named variants, checks, compiled tables.

Defaults follow the spec's chosen interpretations (SK-1 .. SK-9); every alternative is an option,
and the gaps the spec leaves (see each option's doc) are options too. ``compile_rules`` turns a
ruleset into the plain arrays the kernels read (layouts documented where defined: ``S_*`` in
``kernels.shuangkou.movegen``, ``P_*`` in ``kernels.shuangkou.census``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import numpy as np

from kernels.cards import CARDS_PER_DECK, card_rank, card_suit
from sim.errors import UserError
from sim.game import Variant
from sim.ruleset import rule, scoring

NAME = "shuangkou"
TITLE = "百变双扣 Baibian Shuangkou (4 players, 108 cards, wild jokers)"
N_SEATS = 4
HAND_SIZE = 27
N_DECKS = 2
WILD_MODES = ("both", "big_only", "none")


@dataclass(frozen=True)
class ShuangkouRules:
    """Every option of spec §9, with its default, and the interpretations of the spec's gaps."""

    wild_jokers: Literal["both", "big_only", "none"] = rule(
        "both", "which jokers are wild: all four, the two 大王 only (千变), or none (docs/rules/shuangkou.md#s2)"
    )
    tianwang_rank: Literal["top", "smallest_7xiang"] = rule(
        "top", "天王炸弹 (four jokers) is the top play, or the smallest 7相 bomb (docs/rules/shuangkou.md#s4)"
    )
    allow_lianzha: bool = rule(
        False, "连炸 is legal: 3+ bombs of equal size on consecutive ranks (千变) (docs/rules/shuangkou.md#s3)"
    )
    contribution_table: Literal["s001_extrapolated", "qianbian"] = scoring(
        "s001_extrapolated", "tribute for a 6相+ level: 6相 1B, 7相 3B, +2B a 相; or 千变's 2^(相-5) × the hand value "
        "(docs/rules/shuangkou.md#sk-8)"
    )
    xiang_level_scope: Literal["per_player_max", "side_total_bombs"] = scoring(
        "per_player_max", "the winning side's 相 level is its better player's, or counts the side's bombs together "
        "(docs/rules/shuangkou.md#sk-7)"
    )
    bomb_count_rule: Literal["s001", "qianbian", "none"] = scoring(
        "s001", "how many bombs played count as a 相 level: s001 3 bombs = 5相 (+1 a bomb); qianbian 4 bombs or two"
        " 5相+ = 6相; none (docs/rules/shuangkou.md#sk-7)"
    )
    tianwang_xiang: int = scoring(7, "相 a 天王炸弹 counts for 翻倍 and tribute (the rules only rank it)")
    base: int = scoring(1, "base stake B (基础分) of a hand: 双扣 3B, 单扣 2B, 平扣 1B")
    jiefeng: Literal["partner", "next"] = rule(
        "partner", "who leads when the trick winner is out: his partner, or the next active player "
        "(docs/rules/shuangkou.md#s5)"
    )
    direction: Literal["counter_clockwise", "clockwise"] = rule(
        "counter_clockwise", "turn order: counter-clockwise or clockwise (docs/rules/shuangkou.md#sk-1)"
    )
    partner_draw: bool = rule(
        True, "partners by an announced card, the second holder swapping to sit opposite; false: seats as "
        "dealt, seat 0 leads (docs/rules/shuangkou.md#s1)"
    )


Rules = ShuangkouRules

VARIANTS: dict[str, Variant] = {
    "default": Variant("defaults: both jokers wild, 天王 on top, no 连炸, the tribute table extrapolated", {}),
    "qianbian": Variant("千变双扣: 大王 wild only, 连炸, 天王 the smallest 7相, 千变 tribute and bomb counts",
                 {"wild_jokers": "big_only", "allow_lianzha": True, "tianwang_rank": "smallest_7xiang",
                  "contribution_table": "qianbian", "bomb_count_rule": "qianbian"}),
    "literal": Variant("the base text read literally: no wild jokers", {"wild_jokers": "none"}),
    "big-wild": Variant("only the 大王 is wild", {"wild_jokers": "big_only"}),
    "lianzha": Variant("连炸 allowed on the default rules", {"allow_lianzha": True}),
    "side-bombs": Variant("the winning side's bombs counted together for 翻倍", {"xiang_level_scope": "side_total_bombs"}),
}


def validate(rules: ShuangkouRules) -> None:
    """Cross-field checks a type alone cannot express; a problem is one ``UserError`` line."""
    if rules.base <= 0:
        raise UserError(f"option 'base' must be positive; got {rules.base}")
    if not 5 <= rules.tianwang_xiang <= 12:
        raise UserError(f"option 'tianwang_xiang' must be between 5 and 12; got {rules.tianwang_xiang}")


def deck_ids() -> np.ndarray:
    """Physical ids of the 108 cards (two 54-card decks)."""
    return np.arange(N_DECKS * CARDS_PER_DECK, dtype=np.int16)


def card_table() -> np.ndarray:
    """int64 [4, 108]: rank, suit, is_wild, points per physical id. No card is flagged wild: the
    jokers keep their ranks (13, 14) and the kernels read which are wild from ``S_WILD_MODE``."""
    t = np.zeros((4, N_DECKS * CARDS_PER_DECK), np.int64)
    for c in range(t.shape[1]):
        t[0, c] = card_rank(c)
        t[1, c] = card_suit(c)
    return t


def engine_rules(rules: ShuangkouRules) -> np.ndarray:
    """The ``rules`` int64 vector of the 双扣 kernels (layout ``S_*`` in kernels.shuangkou.movegen)."""
    from kernels.shuangkou import movegen as m

    from kernels.climb import loop as cl

    v = np.zeros(m.S_LEN, np.int64)
    v[cl.CL_PASS_LOCKS] = 0  # a pass does not lock (usual climbing rules, §5)
    v[cl.CL_JIEFENG_SKIPS_BANKER] = 0
    v[cl.CL_HAND_SIZE] = HAND_SIZE
    v[m.S_WILD_MODE] = WILD_MODES.index(rules.wild_jokers)
    v[m.S_TIANWANG_TOP] = int(rules.tianwang_rank == "top")
    v[m.S_LIANZHA] = int(rules.allow_lianzha)
    v[m.S_JIEFENG] = ("partner", "next").index(rules.jiefeng)
    v[m.S_DIRECTION] = ("counter_clockwise", "clockwise").index(rules.direction)
    v[m.S_PARTNER_DRAW] = int(rules.partner_draw)
    v[m.S_TIANWANG_XIANG] = rules.tianwang_xiang
    v[m.S_BASE] = rules.base
    v[m.S_COUNT_RULE] = ("s001", "qianbian", "none").index(rules.bomb_count_rule)
    v[m.S_SIDE_SCOPE] = ("per_player_max", "side_total_bombs").index(rules.xiang_level_scope)
    v[m.S_TRIBUTE_TABLE] = ("s001_extrapolated", "qianbian").index(rules.contribution_table)
    return v


def compile_rules(rules: ShuangkouRules) -> dict[str, np.ndarray]:
    """Every array the 双扣 kernels read.

    ``rules``: the engine vector (``S_*``); ``deck``: unshuffled physical ids (int16, 108);
    ``card``: [4, 108] rank/suit/wild/points; ``inc_rank``/``inc_fk``: packed-count increments
    (``kernels.hand``); ``card_points``: zeros (双扣 has no point cards); ``census_params``: ``P_*``
    of ``kernels.shuangkou.census``.
    """
    from kernels.hand import packed_increments
    from kernels.shuangkou.census import N_PARAMS, P_HAND_SIZE, P_N_SEATS, P_WILD_MODE

    card = card_table()
    inc_rank, inc_fk = packed_increments(card)
    params = np.zeros(N_PARAMS, np.int64)
    params[P_N_SEATS], params[P_HAND_SIZE] = N_SEATS, HAND_SIZE
    params[P_WILD_MODE] = WILD_MODES.index(rules.wild_jokers)
    return {
        "rules": engine_rules(rules), "deck": deck_ids(), "card": card, "inc_rank": inc_rank, "inc_fk": inc_fk,
        "card_points": card[3].copy(), "census_params": params,
    }
