"""牛牛 rules as data: every option of the spec (``docs/rules/niuniu.md`` §7), named variants, checks,
and ``compile_rules`` to the arrays ``kernels.niuniu.play`` reads.

Interpretations (spec §1–§5) and their options:

* N-1 jokers count 10 → ``jokers`` (false: 52 cards).
* N-2 the best arrangement is always taken (every valid triple gives the same value, so this is
  not a choice a player could get wrong; no option).
* N-3 banker advantage: on equal values 庄家 wins when both highest cards are Q or lower →
  ``banker_advantage`` (false: pure highest-card comparison, as [X-779]). It changes money only,
  so it is a scoring option: stored rows rescore with and without it.
* N-4 the multiplier is the *winning* hand's → ``payout_hand = "winner"``; ``"player"`` pays by
  the 闲家's own hand either way (a common home rule).
* Banker seat: ``banker = "fixed_seat"`` (``banker_seat``, default 0) or ``"rotate"``: deal ``i``
  has 庄家 ``(banker_seat + i) % players``. [X-779]'s offer-and-decline is modelled as every
  offer accepted, so each seat banks equally often.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

import numpy as np

from kernels.cards import card_rank, card_suit
from sim.errors import UserError
from sim.game import Variant
from sim.ruleset import rule, scoring

NAME = "niuniu"
TITLE = "牛牛 Niu Niu"
MAX_SEATS = 4


@dataclass(frozen=True)
class Multipliers:
    """Chips per unit bet paid on the paying hand's category (N-4), spec §5 defaults."""

    niuniu: int = scoring(5, "multiplier of a 牛牛 hand (docs/rules/niuniu.md#s5)")
    niu9: int = scoring(4, "multiplier of 牛9")
    niu8: int = scoring(3, "multiplier of 牛8")
    niu7: int = scoring(2, "multiplier of 牛7")
    niu6: int = scoring(1, "multiplier of 牛6")
    niu5: int = scoring(1, "multiplier of 牛5")
    niu4: int = scoring(1, "multiplier of 牛4")
    niu3: int = scoring(1, "multiplier of 牛3")
    niu2: int = scoring(1, "multiplier of 牛2")
    niu1: int = scoring(1, "multiplier of 牛1")
    meiniu: int = scoring(1, "multiplier of 没牛 (no bull)")


@dataclass(frozen=True)
class Bets:
    """Chips each seat stakes when it is a 闲家 (the banker's own entry is not used)."""

    seat0: int = scoring(1, "bet of seat 0")
    seat1: int = scoring(1, "bet of seat 1")
    seat2: int = scoring(1, "bet of seat 2")
    seat3: int = scoring(1, "bet of seat 3")


@dataclass(frozen=True)
class NiuniuRules:
    """Every option of spec §7, with its default."""

    players: int = rule(4, "seats: one banker (庄家) and 1..3 players (闲家)")
    jokers: bool = rule(True, "54 cards with 大王/小王 counting 10; false: 52 cards (docs/rules/niuniu.md#n-1)")
    banker: Literal["fixed_seat", "rotate"] = rule(
        "fixed_seat", "庄家 stays at banker_seat, or the bank passes counter-clockwise every deal "
        "(docs/rules/niuniu.md#s1)"
    )
    banker_seat: int = rule(0, "庄家's seat (fixed_seat), or the first deal's (rotate)")
    banker_advantage: bool = scoring(
        True, "on equal values 庄家 wins when both highest cards are Q or lower, and a 没牛 player with a top card "
        "of Q or lower always loses (docs/rules/niuniu.md#n-3)"
    )
    payout_hand: Literal["winner", "player"] = scoring(
        "winner", "whose multiplier is paid: the winning hand's, or always the player's own hand "
        "(docs/rules/niuniu.md#n-4)"
    )
    multipliers: Multipliers = field(default_factory=Multipliers)
    bets: Bets = field(default_factory=Bets)


Rules = NiuniuRules

VARIANTS: dict[str, Variant] = {
    "default": Variant("spec defaults: 54 cards, fixed 庄家 at seat 0, banker advantage, ×5/×4/×3/×2/×1", {}),
    "no-jokers": Variant("52 cards, no 大王/小王", {"jokers": False}),
    "no-advantage": Variant("pure highest-card comparison on ties (the second platform)", {"banker_advantage": False}),
    "rotate": Variant("庄家 passes counter-clockwise every deal", {"banker": "rotate"}),
    "room-779": Variant("the second platform's room: rotating 庄家, no banker advantage", {"banker": "rotate", "banker_advantage": False}),
    "flat": Variant("every hand pays ×1", {"multipliers": {"niuniu": 1, "niu9": 1, "niu8": 1, "niu7": 1}}),
    "heads-up": Variant("庄家 and one 闲家", {"players": 2}),
}

CATEGORY_FIELDS = ("meiniu", "niu1", "niu2", "niu3", "niu4", "niu5", "niu6", "niu7", "niu8", "niu9", "niuniu")
ADVANTAGE_LIMIT = 48  # strength of K♦, the lowest card above Q


def validate(rules: NiuniuRules) -> None:
    """Cross-field checks a type alone cannot express; one-line ``UserError``."""
    if not 2 <= rules.players <= MAX_SEATS:
        raise UserError(f"option 'players' must be 2..{MAX_SEATS} (1 banker + 1..3 players); got {rules.players}")
    if not 0 <= rules.banker_seat < rules.players:
        raise UserError(f"option 'banker_seat' must be 0..{rules.players - 1}; got {rules.banker_seat}")
    for name in CATEGORY_FIELDS:
        if getattr(rules.multipliers, name) < 0:
            raise UserError(f"option 'multipliers.{name}' must be >= 0; got {getattr(rules.multipliers, name)}")
    for s in range(MAX_SEATS):
        if getattr(rules.bets, f"seat{s}") < 0:
            raise UserError(f"option 'bets.seat{s}' must be >= 0; got {getattr(rules.bets, f'seat{s}')}")


def card_value(card: int) -> int:
    """Counting value of a shared card id: A 1, 2..9 face, 10/J/Q/K and jokers 10."""
    r = card_rank(card)
    if r >= 13:
        return 10
    if r == 11:
        return 1
    if r == 12:
        return 2
    return min(r + 3, 10)


def card_strength(card: int) -> int:
    """Single-card order 0..53: 4 * (A 0 .. K 12) + (3 - suit); 小王 52, 大王 53."""
    r, s = card_rank(card), card_suit(card)
    if r >= 13:
        return 52 + (r - 13)
    order = 0 if r == 11 else 1 if r == 12 else r + 2
    return 4 * order + (3 - s)


def multiplier_table(rules: NiuniuRules) -> np.ndarray:
    """``mult[category]`` (int64[11]) from the ``multipliers`` group."""
    return np.array([getattr(rules.multipliers, n) for n in CATEGORY_FIELDS], np.int64)


def bet_table(rules: NiuniuRules) -> np.ndarray:
    return np.array([getattr(rules.bets, f"seat{s}") for s in range(MAX_SEATS)], np.int64)


def compile_rules(rules: NiuniuRules) -> dict[str, np.ndarray]:
    """The arrays of ``kernels.niuniu.play.play_range`` after ``seed, start, count``, in its order:
    ``params, deck, card_info, card_of_strength, multipliers, bets`` (small int types for the
    per-card tables keep a table's working set in L1)."""
    from kernels.niuniu.evaluate import INFO_SHIFT
    from kernels.niuniu.play import BANKER_FIXED, BANKER_ROTATE, N_PARAMS, P_ADVANTAGE, P_BANKER_MODE, \
        P_BANKER_SEAT, P_LIMIT, P_N_SEATS, P_PAYOUT_HAND, PAY_PLAYER, PAY_WINNER

    validate(rules)
    params = np.zeros(N_PARAMS, np.int64)
    params[P_N_SEATS] = rules.players
    params[P_BANKER_MODE] = BANKER_ROTATE if rules.banker == "rotate" else BANKER_FIXED
    params[P_BANKER_SEAT] = rules.banker_seat
    params[P_ADVANTAGE] = int(rules.banker_advantage)
    params[P_PAYOUT_HAND] = PAY_PLAYER if rules.payout_hand == "player" else PAY_WINNER
    params[P_LIMIT] = ADVANTAGE_LIMIT
    n_ids = 54 if rules.jokers else 52
    strength = np.array([card_strength(c) for c in range(54)], np.int64)
    residue = np.array([card_value(c) % 10 for c in range(54)], np.int64)
    return {
        "params": params,
        "deck": np.arange(n_ids, dtype=np.int16),
        "card_info": ((strength << INFO_SHIFT) | residue).astype(np.int16),
        "card_of_strength": np.argsort(strength).astype(np.int16),
        "multipliers": multiplier_table(rules),
        "bets": bet_table(rules),
    }
