"""仙桃千分 (Xiantao Qianfen) as data: deck, seats, options of spec §12, variants, tables.

Defaults follow the spec's chosen interpretations (X-Q1..X-Q13); every alternative is an option.
``compile_tables`` turns a ruleset into the plain arrays the kernels read.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

import numpy as np

from kernels.cards import CARDS_PER_DECK, card_points_5_10_k, card_rank, card_suit
from sim.game import Variant
from sim.ruleset import rule, scoring

N_SEATS = 4


@dataclass(frozen=True)
class GradeMultipliers:
    normal: int = scoring(1, "normal win (找朋友 ×1)")
    xiao_qing: int = scoring(2, "小清: winning team total > 200 and < 260")
    da_qing: int = scoring(4, "大清: 双杀 with all 200 points (260)")


@dataclass(frozen=True)
class XiBonus:
    """喜 units the holder receives; the other three pay equal shares."""

    wangzha: int = scoring(3, "dealt natural 大王 + 小王")
    seven: int = scoring(3, "dealt 7 natural cards of one rank (7张)")
    eight: int = scoring(6, "dealt 8 natural cards of one rank (8张)")


@dataclass(frozen=True)
class Contribution:
    a: int = scoring(60, "case A (双杀): points the losing team gives")
    b: int = scoring(30, "case B (一游 & 三游): points the 二游/末游 team gives")


@dataclass(frozen=True)
class XiantaoRules:
    """Every option of spec §12, with its default."""

    pei_cards: Literal["one_bj_one_sj", "extra_cards"] = rule("one_bj_one_sj", "which cards are the two 配牌 wilds: one 大王 + one 小王, or two extra marked cards (docs/rules/xiantao.md#x-q1)")
    hand_size: int = rule(27, "cards dealt to each player; play needs all 108 dealt (docs/rules/xiantao.md#x-q2)")
    wild_single_value: Literal[3, 2] = rule(3, "rank of a lone wild played as a single")
    wild_can_be_joker: bool = rule(False, "a wild may complete 王炸 with one natural joker (docs/rules/xiantao.md#x-q5)")
    wild_in_510k: bool = rule(True, "a wild may stand for the 5, 10 or K of a 五十K")
    max_wilds_in_510k: Literal[1, 2] = rule(1, "most wilds one 五十K may hold (docs/rules/xiantao.md#x-q7)")
    two_jokers_is_bomb: bool = rule(True, "natural 大王 + 小王 is a bomb (王炸)")
    zheng510k_beats_4bomb: bool = rule(False, "正五十K ranks above 4-card bombs")
    call_card_rule: Literal["literal_recall", "uniform_eligible", "daguong_opposite"] = rule(
        "literal_recall", "how 庄家's call card is chosen: the source's re-call walk, uniform among eligible cards, or "
        "the 打拱 rule (both copies held → the opposite seat is partner) (docs/rules/xiantao.md#x-q4)"
    )
    pass_locks_trick: bool = rule(False, "a pass locks the player out of the rest of the trick (docs/rules/xiantao.md#x-q8)")
    banker_no_jiefeng: bool = rule(False, "接风 before the partner is known skips 庄家 (docs/rules/xiantao.md#s8)")
    settlement: Literal["per_player", "per_team"] = scoring("per_player", "each winner gets (each loser pays) B × grade, or each side's B × grade is shared "
                                          "by its two players (docs/rules/xiantao.md#x-q11)")
    hard_multiplier: int = scoring(1, "硬牌 stake: the lone player wins or pays B × this to each opponent (docs/rules/xiantao.md#x-q12)")
    bonus_requires_play: bool = rule(False, "喜 bonuses count only when the holding is played, not when dealt (docs/rules/xiantao.md#s10-3)")
    base: int = scoring(1, "base stake B (底金) that every payment multiplies")
    grade: GradeMultipliers = field(default_factory=GradeMultipliers)
    xi: XiBonus = field(default_factory=XiBonus)
    contribution: Contribution = field(default_factory=Contribution)


VARIANTS: dict[str, Variant] = {
    "default": Variant("spec defaults: literal call-card re-call, 1 wild per 五十K, per-player settlement"),
    "uniform-call": Variant("call card chosen uniformly among eligible cards", {"call_card_rule": "uniform_eligible"}),
    "dagong-room": Variant(
        "打拱-family room: both copies → opposite seat is partner, 庄家 skipped on 接风, 正五十K over 4-bombs",
        {"call_card_rule": "daguong_opposite", "banker_no_jiefeng": True, "zheng510k_beats_4bomb": True},
    ),
    "wild-two": Variant("a lone wild is a 2, up to two wilds per 五十K", {"wild_single_value": 2, "max_wilds_in_510k": 2}),
    "play-to-score": Variant("喜 bonuses only when played (打出算)", {"bonus_requires_play": True}),
}


def validate(rules: XiantaoRules) -> None:
    """Cross-field checks that a type alone cannot express."""
    from sim.errors import UserError

    n_cards = 108 if rules.pei_cards == "one_bj_one_sj" else 110
    if not 1 <= rules.hand_size <= n_cards // N_SEATS:
        raise UserError(f"option 'hand_size' must be between 1 and {n_cards // N_SEATS}; got {rules.hand_size}")
    if rules.base <= 0:
        raise UserError(f"option 'base' must be positive; got {rules.base}")


def validate_play(rules: XiantaoRules) -> None:
    """Play scores against the 200 points of a full deal (the 大清/小清 thresholds of §10): refuse
    options that leave cards undealt (a census of them is fine)."""
    from sim.errors import UserError

    if rules.pei_cards != "one_bj_one_sj":
        raise UserError("option 'pei_cards' = 'extra_cards' leaves two cards undealt, so a hand's points need not add "
                        "up to the 200 that 大清/小清 are measured against; it is for `paiju census` only")
    if rules.hand_size != 27:
        raise UserError(f"option 'hand_size' = {rules.hand_size} leaves {108 - 4 * rules.hand_size} cards undealt, so a "
                        "hand's points need not add up to the 200 that 大清/小清 are measured against; play needs 27 "
                        "(`paiju census` takes any size)")


@dataclass(frozen=True)
class Tables:
    """The arrays kernels read: the deck and per-card (rank, suit, wild, points) rows."""

    deck: np.ndarray  # int16 physical ids in their unshuffled order
    card: np.ndarray  # int16 [4, n_ids]: rank, suit, is_wild, points
    n_seats: int
    hand_size: int

    @property
    def rank(self) -> np.ndarray:
        return self.card[0]

    @property
    def suit(self) -> np.ndarray:
        return self.card[1]

    @property
    def wild(self) -> np.ndarray:
        return self.card[2]

    @property
    def points(self) -> np.ndarray:
        return self.card[3]


PEI_EXTRA_IDS = (108, 109)  # the two marked cards of pei_cards = "extra_cards"


def wild_ids(rules: XiantaoRules) -> tuple[int, ...]:
    """Physical ids of the wild cards: four red 3s and the two 配牌."""
    red3 = (1, 3, CARDS_PER_DECK + 1, CARDS_PER_DECK + 3)  # ♥3, ♦3 of both decks
    if rules.pei_cards == "one_bj_one_sj":
        return red3 + (CARDS_PER_DECK + 52, CARDS_PER_DECK + 53)
    return red3 + PEI_EXTRA_IDS


def compile_tables(rules: XiantaoRules) -> Tables:
    n_ids = 108 if rules.pei_cards == "one_bj_one_sj" else 110
    card = np.zeros((4, n_ids), np.int16)
    wilds = set(wild_ids(rules))
    for c in range(n_ids):
        if c >= 108:  # extra marked 配牌: wild, no rank of its own
            card[:, c] = (0, -1, 1, 0)
            continue
        is_wild = c in wilds
        card[0, c] = card_rank(c)
        card[1, c] = card_suit(c)
        card[2, c] = 1 if is_wild else 0
        card[3, c] = 0 if is_wild else card_points_5_10_k(c)
    deck = np.arange(n_ids, dtype=np.int16)
    return Tables(deck=deck, card=card, n_seats=N_SEATS, hand_size=rules.hand_size)


def deck_description(rules: XiantaoRules) -> dict:
    """Composition used by the exact-value formulas in ``analysis.exact``."""
    n_ids = 108 if rules.pei_cards == "one_bj_one_sj" else 110
    natural_jokers = 2 if rules.pei_cards == "one_bj_one_sj" else 4
    return {
        "n_cards": n_ids,
        "hand_size": rules.hand_size,
        "ranks_copies": [8] * 12,  # ranks 4..2, eight natural copies each
        "natural_threes": 4,
        "wilds": 6,
        "natural_jokers": natural_jokers,
        "points_total": 200,
    }


Rules = XiantaoRules  # the registry's name for every game's ruleset class


def census_params(rules: XiantaoRules) -> np.ndarray:
    """The ``params`` row of ``kernels.xiantao.census`` (layout ``P_*`` there)."""
    wilds_510k = rules.max_wilds_in_510k if rules.wild_in_510k else 0
    return np.array(
        [N_SEATS, rules.hand_size, 4, 14, wilds_510k, rules.xi.wangzha, rules.xi.seven, rules.xi.eight],
        dtype=np.int64,
    )


def engine_rules(rules: XiantaoRules) -> np.ndarray:
    """The ``rules`` int64 vector of the climbing engine (layout ``R_*`` in kernels.xiantao.movegen)."""
    from kernels.xiantao.ladder import default_level_strength
    from kernels.climb.loop import CL_HAND_SIZE, CL_JIEFENG_SKIPS_BANKER, CL_PASS_LOCKS
    from kernels.xiantao.movegen import (
        LEVEL_TABLE, R_BONUS_REQUIRES_PLAY, R_CALL_RULE, R_JOKER_BOMB, R_WILD_JOKER, R_WILD_SINGLE_RANK, R_WILDS_510K,
        RULES_LEN,
    )

    v = np.zeros(RULES_LEN, np.int64)
    v[R_WILD_SINGLE_RANK] = 0 if rules.wild_single_value == 3 else 12
    v[R_WILD_JOKER] = int(rules.wild_can_be_joker and rules.two_jokers_is_bomb)
    v[R_WILDS_510K] = rules.max_wilds_in_510k if rules.wild_in_510k else 0
    v[R_JOKER_BOMB] = int(rules.two_jokers_is_bomb)
    v[CL_PASS_LOCKS] = int(rules.pass_locks_trick)
    v[CL_JIEFENG_SKIPS_BANKER] = int(rules.banker_no_jiefeng)
    v[R_CALL_RULE] = ("literal_recall", "uniform_eligible", "daguong_opposite").index(rules.call_card_rule)
    v[R_BONUS_REQUIRES_PLAY] = int(rules.bonus_requires_play)
    v[CL_HAND_SIZE] = rules.hand_size
    v[LEVEL_TABLE:LEVEL_TABLE + 20] = default_level_strength(rules.zheng510k_beats_4bomb)
    return v


def play_tables(rules: XiantaoRules) -> dict[str, np.ndarray]:
    """Every array ``kernels.xiantao.play`` reads, compiled from the ruleset."""
    from kernels.hand import packed_increments
    from kernels.xiantao.money import money_vector

    t = compile_tables(rules)
    n_ids = t.deck.shape[0]
    nat_ids = np.full((15, 4, 2), -1, np.int64)
    for c in range(min(n_ids, 108)):
        if t.wild[c]:
            continue
        r, s, d = int(t.rank[c]), int(t.suit[c]), c // CARDS_PER_DECK
        nat_ids[r, max(s, 0), d] = c
    wilds = np.array(wild_ids(rules), np.int64)
    call_excluded = np.zeros(n_ids, np.bool_)
    for c in range(n_ids):
        # 配牌 and the jokers can never be drawn for the call (§5.2); red 3s can, and are re-called
        call_excluded[c] = c >= 108 or int(t.rank[c]) >= 13
    inc_rank, inc_fk = packed_increments(t.card)
    rank_points = np.zeros(16, np.int64)
    rank_points[2], rank_points[7], rank_points[10] = 5, 10, 10
    return {
        "deck": t.deck, "card": t.card.astype(np.int64), "nat_ids": nat_ids, "wild_ids": wilds,
        "call_excluded": call_excluded, "inc_rank": inc_rank, "inc_fk": inc_fk,
        "census_params": census_params(rules), "rules": engine_rules(rules), "rank_points": rank_points,
        "money": money_vector(rules),
    }
