"""五十K rules as data: every option of spec §12, named variants, checks, compiled tables.

Defaults follow the spec's chosen interpretations (W-1 .. W-8); every alternative is an option.
``compile_rules`` turns a ruleset into the plain arrays the kernels read (layouts documented in
the kernel modules that read them: ``W_*`` in ``kernels.wushik.movegen``, ``P_*`` in
``kernels.wushik.census``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

import numpy as np

from kernels.cards import CARDS_PER_DECK, card_points_5_10_k, card_rank, card_suit
from sim.errors import UserError
from sim.game import Variant
from sim.ruleset import rule, scoring

NAME = "wushik"
TITLE = "五十K Wushik (4 players, 104 cards, 5/10/K points)"
N_SEATS = 4
HAND_SIZE = 26
N_DECKS = 2
MATCH_CAP = 500  # most hands a match may last (never reached in practice: a hand adds ~150 to the totals)


@dataclass(frozen=True)
class BombBonus:
    """Points a team gains for a bomb of its player that the other team did not over-bomb (§10.2)."""

    five: int = scoring(
        50, "team bonus for a 5-card bomb the other team did not over-bomb (docs/rules/wushik.md#s10-2)"
    )
    six: int = scoring(100, "team bonus for a 6-card bomb the other team did not over-bomb")
    seven: int = scoring(200, "team bonus for a 7-card bomb the other team did not over-bomb")
    eight: int = scoring(
        0, "team bonus for an 8-card bomb played (the rules name none; being dealt 8 is eight_bomb_rule)"
    )


@dataclass(frozen=True)
class WushikRules:
    """Every option of spec §12, with its default."""

    direction: Literal["counter_clockwise", "clockwise"] = rule(
        "counter_clockwise", "turn order: counter-clockwise or clockwise (docs/rules/wushik.md#w-1)"
    )
    zheng_beats_fu: bool = rule(
        True, "a one-suit 正五十K beats a mixed 副五十K; false: all 五十K are equal (docs/rules/wushik.md#w-2)"
    )
    allow_straights: bool = rule(False, "straights of 5+ singles within 3..A are legal (the 52-card game)")
    jiefeng: Literal["partner", "next"] = rule(
        "partner", "who leads when the trick winner is already out: his partner, or the next active player "
        "(docs/rules/wushik.md#w-4)"
    )
    terminal_trick_points: Literal["to_terminating_player", "void"] = scoring(
        "to_terminating_player", "the table's points in the trick that ends the hand go to the player who "
        "ended it, or are void (docs/rules/wushik.md#w-5)"
    )
    bomb_bonus: BombBonus = field(default_factory=BombBonus)
    bomb_bonus_zero_sum: bool = scoring(
        False, "a bomb bonus is also taken from the other team (docs/rules/wushik.md#w-6)"
    )
    eight_bomb_rule: Literal["win_hand_as_double_catch", "record_only", "win_match"] = rule(
        "win_hand_as_double_catch", "a player dealt 8 of a kind: his team wins the hand as 双抓 with all "
        "points, it is only counted, or his team wins the match (docs/rules/wushik.md#w-7)"
    )
    target_score: int = rule(800, "a match ends after the hand in which a team total reaches this")
    matches: bool = rule(True, "a game index is a whole match to target_score (one row per hand, the first lead by "
                               "the turned-up card, later ones by the last 一游); false: single hands, each led by "
                               "its turned-up card")


Rules = WushikRules

VARIANTS: dict[str, Variant] = {
    "default": Variant("the tournament rule book with the default interpretations", {}),
    "straights": Variant("straights of 5+ singles allowed (as in the 52-card game)", {"allow_straights": True}),
    "equal-510k": Variant("正510K and 副510K are equal (none beats another)", {"zheng_beats_fu": False}),
    "jiefeng-next": Variant("接风 to the next active player instead of the partner", {"jiefeng": "next"}),
    "void-terminal": Variant("the 终止牌 trick's table points are void too", {"terminal_trick_points": "void"}),
    "zero-sum-bonus": Variant("bomb bonuses are taken from the other team", {"bomb_bonus_zero_sum": True}),
    "eight-record-only": Variant("an 8 of a kind dealt only counts; the hand is played", {"eight_bomb_rule": "record_only"}),
    "eight-wins-match": Variant("an 8 of a kind dealt wins the whole match", {"eight_bomb_rule": "win_match"}),
    "short-match": Variant("matches to 400 instead of 800", {"target_score": 400}),
    "single-hands": Variant("one hand per game index, led by its turned-up card (no matches)", {"matches": False}),
}


def validate(rules: WushikRules) -> None:
    """Cross-field checks a type alone cannot express; a problem is one ``UserError`` line."""
    if rules.target_score <= 0:
        raise UserError(f"option 'target_score' must be positive; got {rules.target_score}")
    b = rules.bomb_bonus
    for name in ("five", "six", "seven", "eight"):
        if getattr(b, name) < 0:
            raise UserError(f"option 'bomb_bonus.{name}' must not be negative; got {getattr(b, name)}")


def deck_ids() -> np.ndarray:
    """Physical ids of the 104 cards (two 54-card decks, jokers 52/53 and 106/107 removed)."""
    return np.array([d * CARDS_PER_DECK + k for d in range(N_DECKS) for k in range(52)], np.int16)


def card_table() -> np.ndarray:
    """int64 [4, 108]: rank, suit, is_wild (always 0), points per physical id (jokers unused)."""
    t = np.zeros((4, N_DECKS * CARDS_PER_DECK), np.int64)
    for c in range(t.shape[1]):
        t[0, c] = card_rank(c)
        t[1, c] = card_suit(c)
        t[3, c] = card_points_5_10_k(c)
    return t


def engine_rules(rules: WushikRules) -> np.ndarray:
    """The ``rules`` int64 vector of the 五十K kernels (layout ``W_*`` in kernels.wushik.movegen)."""
    from kernels.wushik import movegen as m

    from kernels.climb import loop as cl

    v = np.zeros(m.W_LEN, np.int64)
    v[cl.CL_PASS_LOCKS] = 0  # W-3: a pass does not lock
    v[cl.CL_JIEFENG_SKIPS_BANKER] = 0
    v[cl.CL_HAND_SIZE] = HAND_SIZE
    v[m.W_ZHENG_BEATS_FU] = int(rules.zheng_beats_fu)
    v[m.W_STRAIGHTS] = int(rules.allow_straights)
    v[m.W_MIN_STRAIGHT] = 5
    v[m.W_MIN_PAIR_CHAIN] = 2
    v[m.W_MIN_TRIO_CHAIN] = 2
    v[m.W_MAX_BOMB] = 8
    v[m.W_JIEFENG] = ("partner", "next").index(rules.jiefeng)
    v[m.W_DIRECTION] = ("counter_clockwise", "clockwise").index(rules.direction)
    v[m.W_TERMINAL_POINTS] = ("to_terminating_player", "void").index(rules.terminal_trick_points)
    v[m.W_EIGHT_RULE] = ("win_hand_as_double_catch", "record_only", "win_match").index(rules.eight_bomb_rule)
    v[m.W_TARGET] = rules.target_score
    v[m.W_MAX_HANDS] = MATCH_CAP if rules.matches else 1
    v[m.W_ZERO_SUM] = int(rules.bomb_bonus_zero_sum)
    b = rules.bomb_bonus
    v[m.W_BONUS:m.W_BONUS + 4] = (b.five, b.six, b.seven, b.eight)
    return v


def compile_rules(rules: WushikRules) -> dict[str, np.ndarray]:
    """Every array the 五十K kernels read.

    ``rules``: the engine vector (``W_*``); ``deck``: the unshuffled physical ids (int16, 104);
    ``card``: [4, 108] rank/suit/wild/points per id; ``inc_rank``/``inc_fk``: per-id increments of
    the packed rank counts and 5/10/K-by-suit holdings (``kernels.hand``); ``card_points``: points
    per id; ``census_params``: ``P_*`` of ``kernels.wushik.census``.
    """
    from kernels.hand import packed_increments
    from kernels.wushik.census import N_PARAMS, P_HAND_SIZE, P_N_SEATS

    card = card_table()
    inc_rank, inc_fk = packed_increments(card)
    params = np.zeros(N_PARAMS, np.int64)
    params[P_N_SEATS], params[P_HAND_SIZE] = N_SEATS, HAND_SIZE
    return {
        "rules": engine_rules(rules), "deck": deck_ids(), "card": card, "inc_rank": inc_rank, "inc_fk": inc_fk,
        "card_points": card[3].copy(), "census_params": params,
    }
