"""Contract bridge (桥牌) rules as data: the options of spec ``docs/rules/bridge.md``, variants, tables.

Defaults follow the spec's chosen interpretations: BR-1 clockwise play, BR-2 the Laws' insult
(50 doubled, 100 redoubled), duplicate vulnerability and dealer from the board number.
``compile_rules`` turns a ruleset into the plain arrays ``kernels.bridge.board.play_range`` reads.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import numpy as np

from sim.errors import UserError
from sim.game import Variant
from sim.ruleset import rule, scoring

NAME = "bridge"
TITLE = "桥牌 contract bridge"
N_SEATS = 4
VUL_CYCLE = (0, 1, 2, 3, 1, 2, 3, 0, 2, 3, 0, 1, 3, 0, 1, 2)  # boards 1..16 (spec §4); codes of VULNERABILITY
FIXED_VUL_CODES = {"none": 0, "ns": 1, "ew": 2, "both": 3}
INSULT_DOUBLED = 50  # spec §4 (both readings of BR-2 agree on it)


@dataclass(frozen=True)
class BridgeRules:
    """Every option of the spec, with its default."""

    direction: Literal["clockwise", "counterclockwise"] = rule(
        "clockwise", "order of bidding and play: clockwise (the Laws) or counter-clockwise (docs/rules/bridge.md#br-1)"
    )
    vulnerability: Literal["duplicate_cycle", "fixed"] = rule(
        "duplicate_cycle", "vulnerability from the board number (16-board duplicate cycle), or the same on every board "
        "(docs/rules/bridge.md#s4)"
    )
    fixed_vulnerability: Literal["none", "ns", "ew", "both"] = rule(
        "none", "the vulnerability of every board when vulnerability = fixed")
    insult_redoubled: Literal[100, 50] = scoring(
        100, "bonus for making a redoubled contract: 100 (the Laws) or 50, as doubled (the source's reading) "
        "(docs/rules/bridge.md#br-2)"
    )
    dd: bool = rule(
        False, "double dummy: every row also gets the deal's 20-entry DD table and par (DDS through the optional "
               "package endplay); needed by the dd card play and the pass-out players")
    matchpoint_top: Literal[2, 1] = scoring(
        2, "matchpoints against par for a better result (a tie gets half): 2 European style, 1 ACBL style")
    money: Literal["points", "imps", "matchpoints"] = scoring(
        "points", "s{k}_money of a seat: its side's duplicate score (points), or its side's IMPs or matchpoints "
                  "above average (result − top/2) against par (these two need dd = true)")


Rules = BridgeRules

VARIANTS: dict[str, Variant] = {
    "default": Variant("spec defaults: clockwise, duplicate vulnerability cycle, insult 50 doubled / 100 redoubled"),
    "dd": Variant("the defaults with double-dummy tables and par on every row (needs endplay)", {"dd": True}),
    "seed-insult": Variant("as the source reads: a made redoubled contract also earns 50, not 100", {"insult_redoubled": 50}),
    "counterclockwise": Variant("bidding and play go counter-clockwise",
                                {"direction": "counterclockwise"}),
    "none-vul": Variant("no side vulnerable on any board", {"vulnerability": "fixed", "fixed_vulnerability": "none"}),
    "all-vul": Variant("both sides vulnerable on every board", {"vulnerability": "fixed", "fixed_vulnerability": "both"}),
}


def validate(rules: BridgeRules) -> None:
    """Cross-field checks that a type alone cannot express (one-line ``UserError``)."""
    if rules.vulnerability != "fixed" and rules.fixed_vulnerability != "none":
        raise UserError("option 'fixed_vulnerability' needs vulnerability = \"fixed\"; "
                        f"got vulnerability = {rules.vulnerability!r}")
    if rules.money != "points" and not rules.dd:
        raise UserError(f"money = {rules.money!r} scores against par, which needs dd = true (--set dd=true)")


def fixed_vul_code(rules: BridgeRules) -> int:
    """Vulnerability code of every board (``VULNERABILITY``), or -1 for the duplicate cycle."""
    return FIXED_VUL_CODES[rules.fixed_vulnerability] if rules.vulnerability == "fixed" else -1


def compile_rules(rules: BridgeRules) -> dict[str, np.ndarray]:
    """The arrays ``play_range`` reads: ``rules`` (int64 ``R_*``), ``holding``, ``pattern``, ``vul_cycle``."""
    from kernels.bridge.state import N_RULES, R_FIXED_VUL, R_INSULT_X, R_INSULT_XX, R_STEP
    from kernels.bridge.hand import holding_table, pattern_table

    validate(rules)
    params = np.zeros(N_RULES, np.int64)
    params[R_STEP] = 1 if rules.direction == "clockwise" else 3
    params[R_FIXED_VUL] = fixed_vul_code(rules)
    params[R_INSULT_X] = INSULT_DOUBLED
    params[R_INSULT_XX] = rules.insult_redoubled
    return {
        "rules": params,
        "holding": holding_table(),
        "pattern": pattern_table(),
        "vul_cycle": np.array(VUL_CYCLE, np.int64),
    }


