"""八十分 rules as data: every option of spec §11 (defaults = the spec's chosen interpretations),
the level table of §9 and the stake, how a run is cut into game indices (``matches``), the census
trump, named variants, checks, and the compiled rules array.

Scoring options (``scoring(...)``) change only the result of a hand computed from its stored raw
facts (``sim.games.tractor.scoring``): the kitty multiplier, the level table and the stake. In a
multi-hand session the stored levels before/after each hand are those of the table the run was
played with; rescoring recomputes each hand's level change and money, not the match that followed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

import numpy as np

from kernels.tractor import codes as C
from kernels.trick.codes import KM_BY_LEAD, KM_X1, KM_X2
from sim.game import Variant
from sim.ruleset import rule, scoring

NAME = "tractor"
TITLE = "八十分 Ba Shi Fen (升级 / Tractor)"
N_SEATS = 4
DECK_POINTS = 200  # 5s, 10s and Ks of the two decks


@dataclass(frozen=True)
class LevelTable:
    """Spec §9: levels by the opponents' points P."""

    shutout: int = scoring(5, "levels the 庄 team gains when the opponents' points P <= 0 (docs/rules/tractor.md#s9)")
    small: int = scoring(3, "levels the 庄 team gains when 0 < P < small_below")
    small_below: int = scoring(40, "upper bound (exclusive) of the 'small' band")
    mid: int = scoring(1, "levels the 庄 team gains when small_below <= P < threshold")
    threshold: int = scoring(
        80, "from this P the opponents take the deal (at their own level below threshold + step)"
    )
    step: int = scoring(20, "the new 庄 team goes up one level per step points above the threshold")


@dataclass(frozen=True)
class TractorRules:
    """Every option of spec §11, with its default."""

    must_follow_structure: bool = rule(
        False, "a led pair or tractor must be followed by pairs or tractors when held; false: 不必有对跟对, as the "
        "rule book says (docs/rules/tractor.md#s6)"
    )
    allow_override: bool = rule(
        True, "a pair of level cards of one suit overrides a single-card declaration (反主) "
        "(docs/rules/tractor.md#tr-1)"
    )
    no_declaration: Literal["flip_kitty", "redeal"] = rule(
        "flip_kitty", "when nobody declares trump during the deal: turn up the kitty for it, or redeal "
        "(docs/rules/tractor.md#tr-2)"
    )
    tractor_adjacency: Literal["skip_level_rank", "natural_only"] = rule(
        "skip_level_rank", "tractor neighbours skip the level rank (and 大王-小王-主级-副级-A are adjacent in trumps), or natural "
        "neighbours only (docs/rules/tractor.md#tr-3)"
    )
    kitty_multiplier: Literal["x2", "by_last_lead_size", "x1"] = scoring(
        "x2", "kitty points the opponents add when they win the last trick: ×2, ×(2 × cards of the last lead), "
        "or ×1 (docs/rules/tractor.md#tr-5)"
    )
    failed_throw: Literal["penalty_and_smallest", "penalty_only"] = rule(
        "penalty_and_smallest", "after a failed throw's penalty the thrower leads its smallest failing part, or the throw stands "
        "(docs/rules/tractor.md#tr-6)"
    )
    next_dealer: Literal["by_declaration", "rotation_80p"] = rule(
        "by_declaration", "acting 庄家 of later hands: by declaration (the rule book), or keep → partner, lose → right-hand "
        "opponent (80p rotation) (docs/rules/tractor.md#tr-7)"
    )
    allow_throw: bool = rule(True, "throws (甩牌) may be led (docs/rules/tractor.md#s5)")
    matches: bool = rule(True, "a game index is a whole match (both teams from '2' until one passes A), one row "
                               "per hand; false: a game index is one hand and --hands-per-session carries the "
                               "levels and the 庄 from hand to hand")
    census_trump: Literal["declared", "spades", "hearts", "clubs", "diamonds"] = rule(
        "declared", "census: the trump suit hands are counted under at level '2' — the smart bots' declaration "
                    "as in play, or a fixed suit (exact trump counts apply)")
    levels: LevelTable = field(default_factory=LevelTable)
    stake_per_level: int = scoring(
        1, "money per level gained, paid by each player of the other team (docs/rules/tractor.md#s9)"
    )


VARIANTS: dict[str, Variant] = {
    "default": Variant("the tournament rule book with the default interpretations"),
    "must-follow": Variant("pairs and tractors must be followed in kind (common Sheng Ji rule)", {"must_follow_structure": True}),
    "common": Variant("the common modern table: follow in kind, kitty x(2 x last lead size)",
                   {"must_follow_structure": True, "kitty_multiplier": "by_last_lead_size"}),
    "80p": Variant("dealer rotation of 80p.flpvvvv.com: keep → partner, lose → right-hand opponent",
                   {"next_dealer": "rotation_80p"}),
    "no-override": Variant("no 反主: the first declaration stands", {"allow_override": False}),
    "redeal": Variant("redeal when nobody declares", {"no_declaration": "redeal"}),
    "natural-tractors": Variant("tractors of natural neighbours only", {"tractor_adjacency": "natural_only"}),
    "penalty-only": Variant("a failed throw is penalised but stands", {"failed_throw": "penalty_only"}),
    "hands": Variant("one hand per game index (matches = false); --hands-per-session carries levels and 庄",
                     {"matches": False}),
}


def validate(rules: TractorRules) -> None:
    """Cross-field checks a type cannot express; a ``UserError`` in one line."""
    from sim.errors import UserError

    lv = rules.levels
    if lv.step <= 0:
        raise UserError(f"option 'levels.step' must be positive; got {lv.step}")
    if not 0 < lv.small_below <= lv.threshold:
        raise UserError(f"options 'levels.small_below' ({lv.small_below}) and 'levels.threshold' ({lv.threshold}) "
                        "must satisfy 0 < small_below <= threshold")
    for key in ("shutout", "small", "mid"):
        if getattr(lv, key) < 0:
            raise UserError(f"option 'levels.{key}' must not be negative; got {getattr(lv, key)}")
    if rules.stake_per_level < 0:
        raise UserError(f"option 'stake_per_level' must not be negative; got {rules.stake_per_level}")
    if lv.threshold > DECK_POINTS:
        raise UserError(f"option 'levels.threshold' ({lv.threshold}) must be at most {DECK_POINTS}, the points in the "
                        "two decks: above that the opponents could take the deal only through the kitty bonus")


def sweep_check(rules: TractorRules) -> None:
    """``paiju sweep`` pairs rows hand by hand, which whole matches cannot do: refused up front."""
    from sim.errors import UserError

    if rules.matches:
        raise UserError("tractor: sweep pairs hands one by one, and whole matches differ in length from setting to "
                        "setting; sweep with --variant hands (a game index is one hand)")


KITTY_CODES = {"x2": KM_X2, "by_last_lead_size": KM_BY_LEAD, "x1": KM_X1}


def compile_rules(rules: TractorRules) -> dict[str, np.ndarray]:
    """The arrays the kernels read: ``rules`` (int64[N_RULES], ``kernels.tractor.codes``)."""
    r = np.zeros(C.N_RULES, np.int64)
    r[C.R_MUST_FOLLOW] = int(rules.must_follow_structure)
    r[C.R_ALLOW_OVERRIDE] = int(rules.allow_override)
    r[C.R_NO_DECLARATION] = C.NO_DECL_REDEAL if rules.no_declaration == "redeal" else C.NO_DECL_FLIP_KITTY
    r[C.R_ADJACENCY] = 1 if rules.tractor_adjacency == "natural_only" else 0
    r[C.R_KITTY_MULTIPLIER] = KITTY_CODES[rules.kitty_multiplier]
    r[C.R_FAILED_THROW] = C.FAILED_PENALTY_ONLY if rules.failed_throw == "penalty_only" else C.FAILED_SMALLEST
    r[C.R_NEXT_DEALER] = C.NEXT_ROTATION_80P if rules.next_dealer == "rotation_80p" else C.NEXT_BY_DECLARATION
    lv = rules.levels
    r[C.R_SHUTOUT], r[C.R_SMALL], r[C.R_SMALL_BELOW] = lv.shutout, lv.small, lv.small_below
    r[C.R_MID], r[C.R_THRESHOLD], r[C.R_STEP] = lv.mid, lv.threshold, lv.step
    r[C.R_ALLOW_THROW] = int(rules.allow_throw)
    return {"rules": r}
