"""Pure-Python replay of the kitty and trick phase of a hand of the trick family, from a kernel's
action log: every action is checked against the rules of tests/reference/trick_rules.py and the
hand's facts are recomputed from scratch.

Log rows (kernels/trick/state.py): (type, seat, trick, n, aux, cards...). Types used here:
PICKUP (the kitty handed to 庄家), BURY (the cards buried), THROW (an attempted throw, as kinds,
aux = higher cards found), PLAY (physical cards; aux 1 on the lead).
"""

from __future__ import annotations

from collections import Counter

from tests.reference import trick_rules as ref

DECLARE, FLIP, REDEAL, PICKUP, BURY, THROW, PLAY = 1, 2, 3, 4, 5, 6, 7


class ReplayError(AssertionError):
    pass


def check(cond: bool, msg: str) -> None:
    if not cond:
        raise ReplayError(msg)


def log_actions(log) -> list[tuple[int, int, int, int, list[int]]]:
    """(type, seat, trick, aux, cards) per log row."""
    return [(int(r[0]), int(r[1]), int(r[2]), int(r[4]), [int(c) for c in r[5:5 + int(r[3])]]) for r in log]


def replay_tricks(order: ref.Order, hands: list[list[int]], kitty: list[int], banker: int, banker_side: set[int],
                  actions: list, rules: dict, hot_kind: int = -1, kitty_size: int = 8) -> dict:
    """Replay PICKUP, BURY and the tricks; returns the hand's facts.

    ``rules``: must_follow_structure, failed_throw ('penalty_and_smallest' | 'penalty_only'),
    allow_throw, kitty_multiplier ('x2' | 'by_last_lead_size' | 'x1').
    """
    held = [list(h) for h in hands]
    acts = [a for a in actions if a[0] in (PICKUP, BURY, THROW, PLAY)]
    i = 0
    check(acts[i][0] == PICKUP and acts[i][1] == banker and acts[i][4] == list(kitty), "kitty handed to 庄家")
    held[banker] += kitty
    i += 1
    check(acts[i][0] == BURY and acts[i][1] == banker and len(acts[i][4]) == kitty_size, "bury row")
    buried = acts[i][4]
    for c in buried:
        check(c in held[banker], f"庄家 buries a card he does not hold: {c}")
        held[banker].remove(c)
    i += 1
    facts = Counter()
    seat_stats = {k: Counter() for k in range(4)}
    leader = banker
    trick = 0
    played_all: list[int] = []
    last_winner, last_n = None, 0
    while any(held):
        throw_kinds = None
        if acts[i][0] == THROW:
            _, seat, t, aux, kinds = acts[i]
            check(seat == leader and t == trick, f"trick {trick}: throw by the wrong seat")
            check(rules.get("allow_throw", True), "a throw although throws are off")
            throw_kinds = kinds
            throw_higher = aux
            i += 1
        typ, seat, t, aux, cards = acts[i]
        check(typ == PLAY and seat == leader and t == trick and aux == 1, f"trick {trick}: lead row")
        lead = [ref.kind(c) for c in cards]
        hand_kinds = Counter(ref.kind(c) for c in held[leader])
        check(all(Counter(lead)[k] <= hand_kinds[k] for k in set(lead)), f"trick {trick}: lead not held")
        classes = {order.cls[k] for k in lead}
        check(len(classes) == 1, f"trick {trick}: lead of several classes")
        lead_cls = classes.pop()
        comps = ref.decompose(order, Counter(lead))
        if throw_kinds is not None:
            tc = Counter(throw_kinds)
            check(all(tc[k] <= hand_kinds[k] for k in tc), f"trick {trick}: thrown cards not held")
            check(len({order.cls[k] for k in throw_kinds}) == 1, f"trick {trick}: throw of several classes")
            throw_comps = ref.decompose(order, tc)
            check(len(throw_comps) > 1, f"trick {trick}: a simple lead logged as a throw")
            others = [Counter(ref.kind(c) for c in held[q]) for q in range(4) if q != leader]
            higher, smallest = ref.throw_result(order, lead_cls, throw_comps, others)
            check(higher == throw_higher, f"trick {trick}: throw penalty cards {throw_higher} vs {higher}")
            seat_stats[leader]["throws"] += 1
            if smallest is None:
                check(Counter(lead) == tc, f"trick {trick}: a standing throw must be led as thrown")
            else:
                seat_stats[leader]["throws_failed"] += 1
                facts["throw_higher_cards"] += higher
                facts["penalty_banker" if leader in banker_side else "penalty_opp"] += 10 * higher
                if rules.get("failed_throw", "penalty_and_smallest") == "penalty_and_smallest":
                    w, k, _, kinds = smallest
                    check(Counter(lead) == Counter(kk for kk in kinds for _ in range(w)),
                          f"trick {trick}: a failed throw must be replaced by its smallest failing component")
                else:
                    check(Counter(lead) == tc, f"trick {trick}: penalty_only: the throw stands")
        else:
            check(len(comps) == 1, f"trick {trick}: a throw led without its check")
        if len(comps) == 1 and comps[0][1] >= 2:
            facts["tractors_led"] += 1
        elif len(comps) == 1 and comps[0][0] == 2:
            facts["pairs_led"] += 1
        elif len(comps) == 1 and comps[0][0] == 3:
            facts["triples_led"] += 1
        n = len(lead)
        plays = [lead]
        seats = [leader]
        for c in cards:
            held[leader].remove(c)
        played = list(cards)
        i += 1
        for j in range(1, 4):
            typ, seat, t, aux, cards = acts[i]
            want = (leader + j) % 4
            check(typ == PLAY and seat == want and t == trick and aux == 0, f"trick {trick}: play {j} by seat {want}")
            kinds = [ref.kind(c) for c in cards]
            for c in cards:
                check(c in held[seat], f"trick {trick}: seat {seat} plays a card it does not hold ({c})")
            hand = Counter(ref.kind(c) for c in held[seat])
            check(ref.legal_follow(order, rules.get("must_follow_structure", False), lead_cls, comps, hand, kinds),
                  f"trick {trick}: illegal follow {kinds} by seat {seat} (hand {sorted(hand.elements())})")
            for c in cards:
                held[seat].remove(c)
            plays.append(kinds)
            seats.append(seat)
            played += cards
            i += 1
        w = ref.trick_winner(order, lead_cls, comps, plays)
        winner = seats[w]
        if lead_cls != ref.TRUMP and ref.play_rank(order, lead_cls, comps, plays[w], is_lead=(w == 0))[0] == 2:
            facts["tricks_trumped"] += 1
        pts = sum(ref.kind_points(ref.kind(c)) for c in played)
        seat_stats[winner]["won_points"] += pts
        seat_stats[winner]["tricks_won"] += 1
        hot = sum(1 for c in played if ref.kind(c) == hot_kind)
        if winner in banker_side:
            facts["h5_banker"] += hot
        else:
            facts["captured"] += pts
            facts["h5_opp"] += hot
        played_all += played
        leader, last_winner, last_n = winner, winner, n
        trick += 1
    check(i == len(acts), "log rows after the last trick")
    kitty_pts = sum(ref.kind_points(ref.kind(c)) for c in buried)
    kitty_hot = sum(1 for c in buried if ref.kind(c) == hot_kind)
    kou_di = last_winner not in banker_side
    mult = {"x2": 2, "x1": 1, "by_last_lead_size": 2 * last_n}[rules.get("kitty_multiplier", "x2")]
    facts["h5_banker" if not kou_di else "h5_opp"] += kitty_hot
    bonus = kitty_pts * mult if kou_di else 0
    out = {key: facts[key] for key in ("captured", "penalty_banker", "penalty_opp", "throw_higher_cards", "tractors_led",
                                       "pairs_led", "triples_led", "tricks_trumped", "h5_banker", "h5_opp")}
    out.update(n_tricks=trick, kou_di=int(kou_di), last_lead_cards=last_n, kitty_multiplier=mult, kitty_bonus=bonus,
               kitty_points=kitty_pts, kitty_hearts5=kitty_hot, buried=buried, played=played_all,
               kitty_trumps=sum(1 for c in buried if order.cls[ref.kind(c)] == ref.TRUMP))
    out["points"] = facts["captured"] + bonus + facts["penalty_banker"] - facts["penalty_opp"]
    for k in range(4):
        for key in ("won_points", "tricks_won", "throws", "throws_failed"):
            out[f"s{k}_{key}"] = seat_stats[k][key]
    return out
