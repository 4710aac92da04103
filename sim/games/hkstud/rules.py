"""港式五张 rules as data: every option of the spec (``docs/rules/hkstud.md`` §7 and the
stakes its §4 leaves open), named variants, checks, and ``compile_rules`` to kernel arrays.

Interpretations and their options:

* HK-1 deal order from the current 庄家, counter-clockwise: a deal starts at seat 0 (the first
  player to enter is the first hand's 庄家); no option (the order of a fair deal changes nothing).
* HK-2 庄家 after each round = the best visible up-cards, with the §5 tie-breaks.
* HK-3 flush ties: next cards high to low, then the suit of the highest card.
* HK-4 (ours; the spec lists straight and flush among four up-cards without defining them): four
  consecutive ranks (A-8-9-10 lowest) and four of a suit count → ``four_card_draws`` (false:
  only pairs, trips and four of a kind among the up-cards).
* ``flush_beats_full_house`` (default false, per the sources) and ``high_card_kickers`` (default
  false: literally the highest card and its suit).
* Betting (§4 gap): ``betting = none`` (showdown equity only), ``fixed_limit`` or ``pot_limit``
  with the ``stakes`` group; the all-in cap is the (equal) ``stack``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

import numpy as np

from sim.errors import UserError
from sim.game import Variant
from sim.ruleset import rule, scoring

NAME = "hkstud"
TITLE = "港式五张 Hong Kong five-card stud"
MAX_SEATS = 4


@dataclass(frozen=True)
class Stakes:
    """Chips of the betting (the spec gives none: spec §4 gap)."""

    ante: int = rule(1, "each seat's ante before the deal (the whole pot when betting = none)")
    bet: int = rule(
        2, "fixed_limit: the bet and raise in rounds 2–3; pot_limit: the smallest bet "
        "(docs/rules/hkstud.md#s4)"
    )
    big_bet: int = rule(4, "fixed_limit: the bet and raise in rounds 4–5")
    max_raises: int = rule(3, "raises allowed after the opening bet in each round")
    stack: int = rule(100, "every seat's stack, which caps an all-in (全押)")


@dataclass(frozen=True)
class HKStudRules:
    """Every option of spec §7, with its default."""

    players: int = rule(4, "seats at the table (2..4)")
    flush_beats_full_house: bool = rule(
        False, "rank 同花 (flush) above 葫芦 (full house), as a flush is rarer in 28 cards; the sources rank it "
        "below (docs/rules/hkstud.md#s5)"
    )
    high_card_kickers: bool = rule(
        False, "散牌 (high card) hands compare card by card as in poker; default: the top card and its suit only "
        "(docs/rules/hkstud.md#s5)"
    )
    four_card_draws: bool = rule(
        True, "four up-cards may show a straight or a flush when choosing who acts first "
        "(docs/rules/hkstud.md#hk-4)"
    )
    betting: Literal["none", "fixed_limit", "pot_limit"] = rule(
        "none", "no betting (showdown equity only), fixed-limit or pot-limit betting; the sources give no stakes "
        "(docs/rules/hkstud.md#s4)"
    )
    stakes: Stakes = field(default_factory=Stakes)
    chip_value: float = scoring(1.0, "money per chip")


Rules = HKStudRules

VARIANTS: dict[str, Variant] = {
    "default": Variant("spec defaults: 4 players, 葫芦 > 同花, literal 散牌, showdown without betting", {}),
    "poker-order": Variant("同花 > 葫芦 and 散牌 by kickers (short-deck poker habits)",
                    {"flush_beats_full_house": True, "high_card_kickers": True}),
    "kickers": Variant("散牌 compared card by card", {"high_card_kickers": True}),
    "fixed-limit": Variant("betting in fixed limits: 2 in rounds 2–3, 4 in rounds 4–5, three raises",
                    {"betting": "fixed_limit"}),
    "pot-limit": Variant("pot-limit betting, stacks of 100 antes", {"betting": "pot_limit"}),
    "heads-up": Variant("two players, fixed-limit betting", {"players": 2, "betting": "fixed_limit"}),
}


def validate(rules: HKStudRules) -> None:
    """Cross-field checks a type alone cannot express; one-line ``UserError``."""
    if not 2 <= rules.players <= MAX_SEATS:
        raise UserError(f"option 'players' must be 2..{MAX_SEATS}; got {rules.players}")
    st = rules.stakes
    if st.ante < 0:
        raise UserError(f"option 'stakes.ante' must be >= 0; got {st.ante}")
    if st.bet <= 0 or st.big_bet <= 0:
        raise UserError(f"options 'stakes.bet' and 'stakes.big_bet' must be positive; got {st.bet}, {st.big_bet}")
    if st.max_raises < 0:
        raise UserError(f"option 'stakes.max_raises' must be >= 0; got {st.max_raises}")
    if st.stack < max(st.ante, 1):
        raise UserError(f"option 'stakes.stack' must be at least the ante and 1; got {st.stack}")
    if rules.chip_value < 0:
        raise UserError(f"option 'chip_value' must be >= 0; got {rules.chip_value}")


BETTING_CODES = {"none": 0, "fixed_limit": 1, "pot_limit": 2}


def compile_rules(rules: HKStudRules) -> dict[str, np.ndarray]:
    """The arrays of ``kernels.hkstud.play.play_range`` after ``seed, start, count``, in order:
    ``params, plain, flush, alt_plain, alt_flush`` (the ``alt_`` tables flip high_card_kickers)."""
    from kernels.hkstud.betting import N_PARAMS, P_ANTE, P_BET, P_BETTING, P_BIG_BET, P_MAX_RAISES, P_N_SEATS, \
        P_STACK

    validate(rules)
    params = np.zeros(N_PARAMS, np.int64)
    params[P_N_SEATS] = rules.players
    params[P_BETTING] = BETTING_CODES[rules.betting]
    params[P_ANTE] = rules.stakes.ante
    params[P_BET] = rules.stakes.bet
    params[P_BIG_BET] = rules.stakes.big_bet
    params[P_MAX_RAISES] = rules.stakes.max_raises
    params[P_STACK] = rules.stakes.stack
    plain, flush = tables(rules.flush_beats_full_house, rules.high_card_kickers, rules.four_card_draws)
    alt_plain, alt_flush = tables(rules.flush_beats_full_house, not rules.high_card_kickers, rules.four_card_draws)
    return {"params": params, "plain": plain, "flush": flush, "alt_plain": alt_plain, "alt_flush": alt_flush}


_TABLES: dict[tuple[bool, bool, bool], tuple[np.ndarray, np.ndarray]] = {}


def tables(flush_beats_full_house: bool, high_card_kickers: bool, four_card_draws: bool):
    """(plain, flush) evaluation tables (``kernels.hkstud.tables``), built once per process."""
    from kernels.hkstud.tables import build_tables

    k = (bool(flush_beats_full_house), bool(high_card_kickers), bool(four_card_draws))
    if k not in _TABLES:
        _TABLES[k] = build_tables(*k)
    return _TABLES[k]
