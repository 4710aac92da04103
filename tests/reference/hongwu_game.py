"""Pure-Python 仙居红五 hand from a kernel's action log: the deal from the same stream, the first
10 shown (or a redeal / the turned kitty), the sides (XJ-3), the kitty and tricks
(tests/reference/trick_replay.py), P, the ♥5 captures (XJ-9) and the money of spec §7.
"""

from __future__ import annotations

from tests.reference import trick_rules as ref
from tests.reference.rng import Stream, shuffle
from tests.reference.trick_replay import DECLARE, FLIP, REDEAL, check, log_actions, replay_tricks

HAND, KITTY, N_IDS = 39, 6, 162
HEART5 = 9
BANDS = {1: -3, 2: -2, 3: -1, 4: 1, 5: 2, 6: 3, 7: 5}


def deal_seat(p: int, rotation: int) -> int:
    return (p % 4 - rotation) % 4


def natural(kind: int) -> int:
    return (kind // 4 + 1) % 13


def band(p: int) -> int:
    """Spec §7 table, read literally: 0 / 1–55 / 60–115 / 120–175 / 180–235 / 240–295 / 300."""
    if p <= 0:
        return 1
    if p >= 300:
        return 7
    for b, top in ((2, 55), (3, 115), (4, 175), (5, 235), (6, 295)):
        if p <= top:
            return b
    raise AssertionError(p)


def money(facts: dict, base: int = 1, bonus: int = 1) -> list[float]:
    """Per seat: the band amount and the ♥5 bonus, settled per player (XJ-8, XJ-9)."""
    amount = BANDS[band(facts["points"])] * base
    h5 = (facts["h5_opp"] - facts["h5_banker"]) * bonus * base
    out = [0.0] * 4
    banker_side = facts["banker_side"]
    opp = [s for s in range(4) if s not in banker_side]
    for s in opp:
        out[s] += amount + h5
    for s in banker_side:  # each 庄-side player settles with the 闲 players it faces
        out[s] -= (amount + h5) * len(opp) / len(banker_side)
    return out


def replay(seed: int, deal: int, rotation: int, log, rules: dict) -> dict:
    actions = log_actions(log)
    stream = Stream(seed, deal)
    deck = list(range(N_IDS))
    shuffle(stream, deck)
    decl = [a for a in actions if a[0] in (DECLARE, REDEAL, FLIP)]
    redeals = sum(1 for a in decl if a[0] == REDEAL)
    for _ in range(redeals):
        shuffle(stream, deck)
    shows = [a for a in decl if a[0] == DECLARE]
    check(len(shows) <= 1, "one 10 shown at most (the first shower is 庄家, no overriding)")
    kitty = deck[4 * HAND:]
    if shows:
        _, seat, p, aux, cards = shows[0]
        check(seat == deal_seat(p, rotation), "shown right after the shower's own card")
        received = [deck[q] for q in range(p + 1) if deal_seat(q, rotation) == seat]
        check(len(cards) == 1 and cards[0] in received, "the shown 10 is held")
        k = ref.kind(cards[0])
        check(k < 52 and k // 4 == 7, "a 10 is shown")
        trump, banker, from_kitty = k % 4, seat, 0
    else:
        check(rules.get("no_declaration", "redeal") == "flip_kitty" or redeals >= 100, "no 10 shown: redeal")
        tens = [i for i, c in enumerate(kitty) if ref.kind(c) < 52 and ref.kind(c) // 4 == 7]
        if tens:
            pick = tens[0]
        else:
            best = max(natural(ref.kind(c)) for c in kitty if ref.kind(c) < 52)
            pick = [i for i, c in enumerate(kitty) if ref.kind(c) < 52 and natural(ref.kind(c)) == best][0]
        check([a[4][0] for a in decl if a[0] == FLIP] == kitty[:pick + 1], "kitty turned card by card")
        trump, banker, from_kitty = kitty[pick] % 4, deal_seat(4 * HAND + pick, rotation), 1
    one_vs_three = rules.get("teams", "two_vs_two") == "one_vs_three"
    banker_side = {banker} if one_vs_three else {banker, (banker + 2) % 4}
    order = ref.hongwu_order(trump, rules.get("tractor_adjacency", "skip_removed") == "natural_only")
    hands = [[deck[p] for p in range(4 * HAND) if deal_seat(p, rotation) == s] for s in range(4)]
    facts = replay_tricks(order, hands, kitty, banker, banker_side, actions, rules, hot_kind=HEART5,
                          kitty_size=KITTY)
    check(sorted(facts["played"] + facts["buried"]) == list(range(N_IDS)), "every card played once or buried")
    facts.update(banker=banker, partner=-1 if one_vs_three else (banker + 2) % 4, trump_suit=trump,
                 trump_from_kitty=from_kitty, redeals=redeals, banker_side=sorted(banker_side),
                 kitty_points_dealt=sum(ref.kind_points(ref.kind(c)) for c in kitty))
    return facts
