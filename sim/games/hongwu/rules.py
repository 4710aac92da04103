"""仙居红五 rules as data: every option of spec §9 (defaults = the spec's chosen interpretations),
the score bands of §7 and the ♥5 bonus, named variants, checks, and the compiled rules array.

Scoring options (``scoring(...)``) change only money computed from a hand's stored raw facts
(``sim.games.hongwu.scoring``): the kitty multiplier, the bands, the ♥5 bonus and the stake B.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

import numpy as np

from kernels.hongwu import codes as C
from kernels.trick.codes import KM_BY_LEAD, KM_X1, KM_X2
from sim.game import Variant
from sim.ruleset import rule, scoring

NAME = "hongwu"
TITLE = "仙居红五 Xianju Hong Wu"
N_SEATS = 4


@dataclass(frozen=True)
class ScoreBands:
    """Spec §7: what each 闲 player wins (+) or pays (-), in units of B, by the 闲 side's points P.
    Band 1: P <= 0; band k (2..6): (k-2)·width <= P < (k-1)·width, P > 0; band 7: P >= 5·width."""

    width: int = scoring(60, "band width in points: bands 0 / 1-55 / 60-115 / ... / 300 (docs/rules/hongwu.md#s7)")
    band1: int = scoring(
        -3, "each 闲 player's result in units of B (negative: he pays) when the 闲 side's points P <= 0"
    )
    band2: int = scoring(-2, "each 闲 player's result in B when 0 < P < width")
    band3: int = scoring(-1, "each 闲 player's result in B when width <= P < 2 width")
    band4: int = scoring(1, "each 闲 player's result in B when 2 width <= P < 3 width")
    band5: int = scoring(2, "each 闲 player's result in B when 3 width <= P < 4 width")
    band6: int = scoring(3, "each 闲 player's result in B when 4 width <= P < 5 width")
    band7: int = scoring(5, "each 闲 player's result in B when P >= 5 width (all 300 points)")


@dataclass(frozen=True)
class HongwuRules:
    """Every option of spec §9, with its default."""

    teams: Literal["two_vs_two", "one_vs_three"] = rule(
        "two_vs_two", "庄家 and the seat opposite against the other two, or 庄家 alone against three "
        "(docs/rules/hongwu.md#xj-3)"
    )
    no_declaration: Literal["redeal", "flip_kitty"] = rule(
        "redeal", "when nobody shows a 10 during the deal: redeal, or take trump from the kitty "
        "(docs/rules/hongwu.md#xj-4)"
    )
    must_follow_structure: bool = rule(
        False, "a led pair, triple or tractor must be followed in kind when held (docs/rules/hongwu.md#xj-7)"
    )
    allow_throw: bool = rule(True, "throws (甩牌) may be led (docs/rules/hongwu.md#xj-7)")
    failed_throw: Literal["penalty_and_smallest", "penalty_only"] = rule(
        "penalty_and_smallest", "after a failed throw's penalty the thrower leads its smallest failing part, or the throw stands "
        "(docs/rules/tractor.md#tr-6)"
    )
    tractor_adjacency: Literal["skip_removed", "natural_only"] = rule(
        "skip_removed", "tractor neighbours follow the card order with removed cards skipped, or natural neighbours only "
        "(docs/rules/hongwu.md#xj-6)"
    )
    census_trump: Literal["declared", "spades", "hearts", "clubs", "diamonds"] = rule(
        "declared", "census: the trump suit hands are counted under — the suit of the first 10 shown, as in play, "
                    "or a fixed suit (exact trump counts apply)")
    kitty_multiplier: Literal["x2", "x1", "by_last_lead_size"] = scoring(
        "x2", "kitty points the 闲 side adds when it wins the last trick: ×2, ×1, or ×(2 × cards of the last "
        "lead) (docs/rules/hongwu.md#xj-7)"
    )
    hongwu_bonus_per_card: int = scoring(
        1, "bonus per ♥5 a side captures, in units of B, paid by the other side (docs/rules/hongwu.md#xj-9)"
    )
    base: int = scoring(1, "base stake B (底注) that every payment multiplies")
    bands: ScoreBands = field(default_factory=ScoreBands)


VARIANTS: dict[str, Variant] = {
    "default": Variant("the platform rules with the default interpretations (2 v 2, redeal without a 10)"),
    "one-vs-three": Variant("庄家 alone against three 闲家", {"teams": "one_vs_three"}),
    "must-follow": Variant("pairs, triples and tractors must be followed in kind", {"must_follow_structure": True}),
    "flip-kitty": Variant("no 10 shown: trump from the kitty instead of a redeal", {"no_declaration": "flip_kitty"}),
    "kitty-x1": Variant("kitty points counted once", {"kitty_multiplier": "x1"}),
    "no-throw": Variant("no throws", {"allow_throw": False}),
}


def validate(rules: HongwuRules) -> None:
    """Cross-field checks a type cannot express; a ``UserError`` in one line."""
    from sim.errors import UserError

    if rules.base <= 0:
        raise UserError(f"option 'base' must be positive; got {rules.base}")
    if rules.bands.width <= 0:
        raise UserError(f"option 'bands.width' must be positive; got {rules.bands.width}")
    if rules.hongwu_bonus_per_card < 0:
        raise UserError(f"option 'hongwu_bonus_per_card' must not be negative; got {rules.hongwu_bonus_per_card}")


KITTY_CODES = {"x2": KM_X2, "by_last_lead_size": KM_BY_LEAD, "x1": KM_X1}


def compile_rules(rules: HongwuRules) -> dict[str, np.ndarray]:
    """The arrays the kernels read: ``rules`` (int64[N_RULES], ``kernels.hongwu.codes``)."""
    r = np.zeros(C.N_RULES, np.int64)
    r[C.R_MUST_FOLLOW] = int(rules.must_follow_structure)
    r[C.R_NO_DECLARATION] = C.NO_DECL_FLIP_KITTY if rules.no_declaration == "flip_kitty" else C.NO_DECL_REDEAL
    r[C.R_ADJACENCY] = 1 if rules.tractor_adjacency == "natural_only" else 0
    r[C.R_KITTY_MULTIPLIER] = KITTY_CODES[rules.kitty_multiplier]
    r[C.R_FAILED_THROW] = C.FAILED_PENALTY_ONLY if rules.failed_throw == "penalty_only" else C.FAILED_SMALLEST
    r[C.R_ALLOW_THROW] = int(rules.allow_throw)
    r[C.R_TEAMS] = C.TEAMS_ONE_VS_THREE if rules.teams == "one_vs_three" else C.TEAMS_TWO_VS_TWO
    return {"rules": r}
