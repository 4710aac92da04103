"""关牌 as data: every option of docs/rules/guanpai.md §8 and the interpretations, variants, checks,
and the arrays the kernels read (``compile_rules``).

Defaults are the spec's chosen readings (GP-1 .. GP-8); each alternative is an option. Where the
spec is silent the choice is documented on the field (``first_lead_order``,
``first_play_includes_lead_card``, ``four_three_trio_kicker``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import numpy as np

from kernels.cards import card_id
from sim.game import Variant
from sim.ruleset import rule, scoring

NAME = "guanpai"
TITLE = "关牌 Guan Pai (2 players, 49/51/48 cards, 17 or 16 each)"
N_SEATS = 2
DEFAULT_VARIANT = "default"

# GP-1 decks: physical ids removed from one 54-card pack (suits 0♠ 1♥ 2♣ 3♦; ranks 11 A, 12 2)
DECKS = {
    "s001_49": {"removed": ((12, 1), (12, 2), (12, 3)), "hands": 2, "hand_size": 17},
    "s001_51": {"removed": ((12, 3),), "hands": 3, "hand_size": 17},
    "as_48": {"removed": ((12, 1), (12, 2), (12, 3), (11, 0)), "hands": 3, "hand_size": 16},
}
TCB_RANKS = {"Q": 9, "A": 11, "none": -1}
MAX_MOVES = 1024


@dataclass(frozen=True)
class GuanpaiRules:
    """Every option of spec §8, with its default (S001 with GP-1 .. GP-8)."""

    deck: Literal["s001_49", "s001_51", "as_48"] = rule(
        "s001_49", "which pack: 49 cards (♠2 the only 2), 17 each; 51 (no ♦2), three hands of 17, one unused; 48 (no"
        " ♥2 ♣2 ♦2 ♠A), three hands of 16, one unused (docs/rules/guanpai.md#gp-1)"
    )
    straights: Literal["3_to_A", "as_straights"] = rule(
        "3_to_A", "straights run 3..A, or A may also be low with 2 (A2345, 23456 .. 10JQKA) "
        "(docs/rules/guanpai.md#gp-5)"
    )
    three_card_bomb_rank: Literal["Q", "A", "none"] = rule(
        "Q", "three of this rank are a bomb: three Qs the smallest, three As the largest, or none "
        "(docs/rules/guanpai.md#s3)"
    )
    bomb_may_carry_single: bool = rule(True, "a bomb may be played as four + one single")
    three_card_bomb_may_carry_single: bool = rule(
        True, "the three-card bomb may carry one single (docs/rules/guanpai.md#gp-6)"
    )
    four_with_three: bool = rule(True, "四带三 (four + a pair + a single, not a bomb) is a pattern")
    four_three_trio_kicker: bool = rule(
        False, "8888 + 999 counts as a 四带三 (its pair and single of one rank); the rules are silent"
    )
    first_lead_order: Literal["spades_up", "rank_then_suit"] = rule(
        "spades_up", "who leads the first deal: the holder of ♠3, else ♠4 .. ♠2, then ♥3 ..; or ♠3, ♥3, ♣3, ♦3, ♠4 .. "
        "(docs/rules/guanpai.md#s2)"
    )
    first_play_includes_lead_card: bool = rule(
        False, "the first lead must contain the card that decided who leads (the rules are silent)"
    )
    next_lead: Literal["lead_card", "winner", "loser"] = rule(
        "lead_card", "who leads later deals of a session: the lead card's holder again, the previous winner, or the "
        "previous loser (docs/rules/guanpai.md#gp-2)"
    )
    base: int = scoring(1, "base stake B: the loser pays cards left × B")
    quanguan_factor: int = scoring(
        2, "payment factor for 全关: the loser never played a card (docs/rules/guanpai.md#gp-8)"
    )


VARIANTS: dict[str, Variant] = {
    "default": Variant("the platform rules: 49 cards, 17 each, 3Q smallest bomb, straights 3..A, 全关 ×2"),
    "s001-51": Variant("the literal 51-card pack (no ♦2), three hands of 17, one unused",
                       {"deck": "s001_51"}),
    "as-48": Variant("the app's 二人关牌: 48 cards, three hands of 16, three As the largest bomb, A2345 and 10JQKA",
                     {"deck": "as_48", "three_card_bomb_rank": "A", "straights": "as_straights"}),
}


def validate(rules: GuanpaiRules) -> None:
    """Cross-field checks a type cannot express; one-line ``UserError``."""
    from sim.errors import UserError

    if rules.base <= 0:
        raise UserError(f"option 'base' must be positive; got {rules.base}")
    if rules.quanguan_factor < 1:
        raise UserError(f"option 'quanguan_factor' must be >= 1; got {rules.quanguan_factor}")
    tcb = TCB_RANKS[rules.three_card_bomb_rank]
    if tcb >= 0 and deck_rank_copies(rules.deck)[tcb] < 3:
        raise UserError(f"three_card_bomb_rank {rules.three_card_bomb_rank!r} needs three such cards in deck "
                        f"{rules.deck!r}")


def deck_ids(deck: str) -> np.ndarray:
    """Physical ids (``kernels.cards``) of a GP-1 deck, in id order (int16)."""
    removed = {card_id(r, s) for r, s in DECKS[deck]["removed"]}
    return np.array([c for c in range(52) if c not in removed], np.int16)


def deck_rank_copies(deck: str) -> tuple[int, ...]:
    """Cards of each rank 3..2 in a GP-1 deck."""
    copies = [0] * 13
    for c in deck_ids(deck):
        copies[int(c) // 4] += 1
    return tuple(copies)


def lead_order(order: str) -> np.ndarray:
    """Card ids in first-lead order (§2): every card, so somebody always leads."""
    if order == "spades_up":
        ids = [card_id(r, s) for s in range(4) for r in range(13)]
    else:
        ids = [card_id(r, s) for r in range(13) for s in range(4)]
    return np.array(ids, np.int64)


@dataclass(frozen=True)
class Compiled:
    """What the kernels read: ``rules`` (``kernels.guanpai.rulevec`` layout), the unshuffled
    ``deck`` (int16 ids) and ``lead_order`` (int64 ids)."""

    rules: np.ndarray
    deck: np.ndarray
    lead_order: np.ndarray


def compile_rules(rules: GuanpaiRules) -> Compiled:
    from kernels.guanpai import rulevec as V

    d = DECKS[rules.deck]
    tcb = TCB_RANKS[rules.three_card_bomb_rank]
    from kernels.climb.loop import CL_HAND_SIZE, CL_PASS_LOCKS

    v = np.zeros(V.GP_LEN, np.int64)
    v[CL_PASS_LOCKS] = 0
    v[CL_HAND_SIZE] = d["hand_size"]
    v[V.GP_N_SEATS] = N_SEATS
    v[V.GP_N_HANDS] = d["hands"]
    v[V.GP_HAND_SIZE] = d["hand_size"]
    v[V.GP_A_LOW_STRAIGHTS] = rules.straights == "as_straights"
    v[V.GP_TCB_RANK] = tcb
    v[V.GP_TCB_HIGH] = tcb == 11  # X-as: three As are the largest bomb; 3Q the smallest
    v[V.GP_BOMB_SINGLE] = rules.bomb_may_carry_single
    v[V.GP_TCB_SINGLE] = rules.three_card_bomb_may_carry_single
    v[V.GP_FOUR_THREE] = rules.four_with_three
    v[V.GP_FOUR_THREE_TRIO] = rules.four_three_trio_kicker
    v[V.GP_LEAD_MUST_PLAY] = rules.first_play_includes_lead_card
    v[V.GP_MAX_MOVES] = MAX_MOVES
    v[V.GP_NEXT_LEAD] = ("lead_card", "winner", "loser").index(rules.next_lead)
    return Compiled(v, deck_ids(rules.deck), lead_order(rules.first_lead_order))


def hand_size(rules: GuanpaiRules) -> int:
    return DECKS[rules.deck]["hand_size"]


Rules = GuanpaiRules
