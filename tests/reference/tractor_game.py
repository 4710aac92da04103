"""Pure-Python 八十分 hand from a kernel's action log: the deal from the same stream, the
declarations (legality of every shown card, TR-1 overrides, TR-2), 庄家 (§4, next_dealer), the
kitty and tricks (tests/reference/trick_replay.py), P and the level change (§9).
"""

from __future__ import annotations

from tests.reference import trick_rules as ref
from tests.reference.rng import Stream, shuffle
from tests.reference.trick_replay import DECLARE, FLIP, REDEAL, check, log_actions, replay_tricks

HAND, KITTY, N_IDS = 25, 8, 108


def natural(kind: int) -> int:
    return (kind // 4 + 1) % 13


def deal_seat(p: int, rotation: int) -> int:
    return (p % 4 - rotation) % 4


def level_change(p: int, table: dict) -> tuple[bool, int]:
    """(庄 team keeps, levels gained by the team that goes up), spec §9."""
    if p <= 0:
        return True, table["shutout"]
    if p < table["small_below"]:
        return True, table["small"]
    if p < table["threshold"]:
        return True, table["mid"]
    return False, (p - table["threshold"]) // table["step"]


LEVELS = {"shutout": 5, "small": 3, "small_below": 40, "mid": 1, "threshold": 80, "step": 20}


def replay(seed: int, deal: int, rotation: int, match: dict, log, rules: dict) -> dict:
    """Replay one hand. ``match``: levels [team0, team1], banker_team (None: a match's first hand),
    prev_banker. Returns the hand's facts and the match state after it."""
    actions = log_actions(log)
    stream = Stream(seed, deal)
    deck = list(range(N_IDS))
    shuffle(stream, deck)
    first = match["banker_team"] is None
    levels = [0, 0] if first else list(match["levels"])
    level = 0 if first else levels[match["banker_team"]]
    # -- declarations, deal by deal (a REDEAL row means: nobody declared, shuffle again)
    decl = [a for a in actions if a[0] in (DECLARE, REDEAL, FLIP)]
    redeals = sum(1 for a in decl if a[0] == REDEAL)
    if rules.get("no_declaration", "flip_kitty") == "flip_kitty":
        check(redeals == 0, "redeal under flip_kitty")
    for _ in range(redeals):
        shuffle(stream, deck)
    cur, cur_seat, cur_suit, first_decl, count = 0, None, None, None, 0
    last_p = -1
    for typ, seat, p, aux, cards in [a for a in decl if a[0] == DECLARE]:
        check(p > last_p and 0 <= p < 4 * HAND, "declarations in deal order")
        last_p = p
        check(seat == deal_seat(p, rotation), "a declaration right after the declarer's own card")
        received = [deck[q] for q in range(p + 1) if deal_seat(q, rotation) == seat]
        check(len(cards) == aux and aux in (1, 2), "one or two cards shown")
        check(all(c in received for c in cards) and len(set(cards)) == len(cards), "shown cards held at that point")
        kinds = {ref.kind(c) for c in cards}
        check(len(kinds) == 1, "one kind shown")
        k = kinds.pop()
        check(k < 52 and natural(k) == level, "a level-rank card is shown")
        suit = k % 4
        if cur == 0:
            pass
        elif cur == 1:
            check(rules.get("allow_override", True) and aux == 2, "only a pair overrides a single (TR-1)")
            check(suit != cur_suit or seat == cur_seat, "a pair of another suit, or the declarer's own reinforcement")
        else:
            check(False, "nothing overrides a pair")
        cur, cur_seat, cur_suit = aux, seat, suit
        count += 1
        first_decl = seat if first_decl is None else first_decl
    kitty = deck[4 * HAND:]
    if cur == 0:  # TR-2: turn the kitty
        levels_up = [i for i, c in enumerate(kitty) if ref.kind(c) < 52 and natural(ref.kind(c)) == level]
        if levels_up:
            pick = levels_up[0]
        else:
            best = max(natural(ref.kind(c)) for c in kitty if ref.kind(c) < 52)
            pick = [i for i, c in enumerate(kitty) if ref.kind(c) < 52 and natural(ref.kind(c)) == best][0]
        flips = [a for a in decl if a[0] == FLIP]
        check([a[4][0] for a in flips] == kitty[:pick + 1], "kitty turned card by card")
        trump, declarer, kitty_seat = kitty[pick] % 4, None, deal_seat(4 * HAND + pick, rotation)
    else:
        trump, declarer, kitty_seat = cur_suit, cur_seat, None
    # -- 庄家 (§4, next_dealer)
    if first:
        banker = declarer if declarer is not None else kitty_seat
    else:
        team, prev = match["banker_team"], match["prev_banker"]
        if rules.get("next_dealer", "by_declaration") == "rotation_80p":
            banker = (prev + 2) % 4 if prev % 2 == team else (prev + 1) % 4
        else:
            r = declarer if declarer is not None else prev
            banker = r if r % 2 == team else (r + 1) % 4
    team = banker % 2
    order = ref.tractor_order(level, trump, rules.get("tractor_adjacency", "skip_level_rank") == "natural_only")
    hands = [[deck[p] for p in range(4 * HAND) if deal_seat(p, rotation) == s] for s in range(4)]
    facts = replay_tricks(order, hands, kitty, banker, {banker, (banker + 2) % 4}, actions, rules)
    check(sorted(facts["played"] + facts["buried"]) == list(range(N_IDS)), "every card played once or buried")
    keeps, up = level_change(facts["points"], rules.get("levels", LEVELS))
    riser = team if keeps else 1 - team
    after = list(levels)
    after[riser] = min(13, after[riser] + up)
    over = after[riser] >= 13
    facts.update(banker=banker, banker_team=team, level=level, trump_suit=trump,
                 declarer=-1 if declarer is None else declarer, declared_with=cur,
                 first_declarer=-1 if first_decl is None else first_decl, declarations=count,
                 trump_from_kitty=int(cur == 0), redeals=redeals, keeps=int(keeps), level_up=up,
                 team0_level_before=levels[0], team1_level_before=levels[1],
                 team0_level_after=after[0], team1_level_after=after[1], match_over=int(over),
                 match_winner=riser if over else -1,
                 kitty_points_dealt=sum(ref.kind_points(ref.kind(c)) for c in kitty))
    facts["next_match"] = {"levels": after, "banker_team": None if over else riser, "prev_banker": banker}
    return facts
