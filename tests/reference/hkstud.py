"""Pure-Python 港式五张, slow and obviously correct: the twin of kernels.hkstud.

Hands are lists of local card ids (``kernels.hkstud.cards``: rank = id >> 2 with 0 = 8 .. 6 = A,
suit = id & 3 with 0 = ♠ the best). Evaluation follows the words of rules/hk-five-card-stud.md
§3 and §5 and returns a tuple that Python compares; the table, the betting round and the players
follow the kernel's documented conventions step by step, drawing from the same stream.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from tests.reference.deal import place_fixed
from tests.reference.rng import Stream

HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)
ACE = 6


def rank(c: int) -> int:
    return c >> 2


def suit_strength(c: int) -> int:
    return 3 - (c & 3)  # ♠ 3 > ♥ 2 > ♣ 1 > ♦ 0


def best_suit(cards: list[int], r: int) -> int:
    return max(suit_strength(c) for c in cards if rank(c) == r)


def evaluate(cards: list[int], flush_beats_full_house=False, high_card_kickers=False, four_card_draws=True):
    """(category, comparison tuple) of 1..5 cards; a larger tuple is a better hand."""
    k = len(cards)
    ranks = sorted((rank(c) for c in cards), reverse=True)
    count = Counter(ranks)
    by_count = sorted(count.items(), key=lambda rc: (-rc[1], -rc[0]))
    draws = k == 5 or (k == 4 and four_card_draws)
    distinct = len(count) == k
    is_flush = draws and len({c & 3 for c in cards}) == 1
    straight_top = None  # rank of the straight's top for ordering; the A of A-8-9-10(-J) plays low
    if draws and distinct:
        if ranks[0] - ranks[-1] == k - 1:
            straight_top = ranks[0]
        elif set(ranks) == {ACE, *range(k - 1)}:
            straight_top = k - 2  # A-8-9-10-J ranks below 8-9-10-J-Q: its "top" is the J - 1
    order = list(range(9))
    if flush_beats_full_house:
        order[FLUSH], order[FULL_HOUSE] = FULL_HOUSE, FLUSH
    if straight_top is not None:
        decider = ACE if set(ranks) == {ACE, *range(k - 1)} else ranks[0]  # suit of the highest card (the A)
        cat = STRAIGHT_FLUSH if is_flush else STRAIGHT
        return cat, (order[cat], straight_top, best_suit(cards, decider))
    if by_count[0][1] == 4:
        return QUADS, (order[QUADS], by_count[0][0])
    if by_count[0][1] == 3 and len(by_count) > 1 and by_count[1][1] == 2:
        return FULL_HOUSE, (order[FULL_HOUSE], by_count[0][0])
    if is_flush:
        return FLUSH, (order[FLUSH], *ranks, best_suit(cards, ranks[0]))
    if by_count[0][1] == 3:
        return TRIPS, (order[TRIPS], by_count[0][0])
    if by_count[0][1] == 2 and len(by_count) > 1 and by_count[1][1] == 2:
        hi, lo = by_count[0][0], by_count[1][0]
        kickers = [r for r in ranks if r not in (hi, lo)]
        return TWO_PAIR, (order[TWO_PAIR], hi, lo, *kickers, best_suit(cards, hi))
    if by_count[0][1] == 2:
        p = by_count[0][0]
        kickers = [r for r in ranks if r != p]
        return PAIR, (order[PAIR], p, *kickers, best_suit(cards, p))
    if high_card_kickers:
        return HIGH_CARD, (order[HIGH_CARD], *ranks, best_suit(cards, ranks[0]))
    return HIGH_CARD, (order[HIGH_CARD], ranks[0], best_suit(cards, ranks[0]))


def key(cards, rules) -> tuple:
    return evaluate(cards, rules.flush_beats_full_house, rules.high_card_kickers, rules.four_card_draws)[1]


# ---------------------------------------------------------------------------------------------
# tables: deal, 庄家, betting, players, showdown (kernels.hkstud.play / betting / policies / equity)

RANDOM, CALLING_STATION, EQUITY = "random", "calling-station", "equity"
DEFAULTS = {"p_fold": 1 / 3, "p_raise": 1 / 3, "raise_at": 1.5, "call_at": 0.9, "pot_odds": 1.0,
            "samples": 200, "exact_max": 1000, "size": 1.0}


def deal(stream: Stream, n_seats: int, fixed=None) -> list[list[int]]:
    """The first 5 * n_seats steps of the shared shuffle on 0..27, then ``--fix``'s cards placed
    (``fixed``: groups of ``tests.reference.deal``); cards from the top, seat 0 first."""
    deck = list(range(28))
    for i in range(27, 27 - 5 * n_seats, -1):
        j = stream.bounded(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    if fixed:
        place_fixed(stream, deck, fixed)
    top = deck[::-1]
    return [[top[j * n_seats + s] for j in range(5)] for s in range(n_seats)]


def uniform(stream: Stream) -> float:
    return (stream.next_u64() >> 11) * 2.0**-53


def _splits(cards: list[int], needs: list[int]):
    """Every way to hand ``cards`` to seats needing ``needs[i]`` cards each."""
    if not needs:
        yield []
        return
    for mine in combinations(cards, needs[0]):
        rest = [c for c in cards if c not in mine]
        for tail in _splits(rest, needs[1:]):
            yield [list(mine)] + tail


def showdown_wins(hole, ups, shown, live, rules, exact_max, samples, stream):
    """Wins per seat and the number of completions (see kernels.hkstud.equity)."""
    n = len(hole)
    known = {h for h in hole if h >= 0} | {ups[s][j] for s in range(n) for j in range(shown[s])}
    pool = [c for c in range(28) if c not in known]
    k = next(shown[s] for s in range(n) if live[s])
    seats = [s for s in range(n) if live[s]]
    needs = [(4 - k) + (1 if hole[s] < 0 else 0) for s in seats]
    t = sum(needs)
    count = 1.0
    for i in range(t):
        count *= len(pool) - i
    for need in needs:
        for i in range(2, need + 1):
            count /= i
    wins = [0] * n

    def winner(extra):
        best, best_key = None, None
        for s, cards in zip(seats, extra):
            hand = ([hole[s]] if hole[s] >= 0 else []) + list(ups[s][:k]) + cards
            kk = key(hand, rules)
            if best_key is None or kk > best_key:
                best, best_key = s, kk
        return best

    if count <= exact_max:
        total = 0
        for chosen in combinations(pool, t):
            for extra in _splits(list(chosen), needs):
                wins[winner(extra)] += 1
                total += 1
        return wins, total
    u = len(pool)
    for _ in range(samples):
        for i in range(u - 1, u - 1 - t, -1):
            j = stream.bounded(i + 1)
            pool[i], pool[j] = pool[j], pool[i]
        drawn = [pool[u - 1 - d] for d in range(t)]
        extra, p = [], 0
        for need in needs:
            extra.append(drawn[p:p + need])
            p += need
        wins[winner(extra)] += 1
    return wins, samples


def play_table(seed: int, game_index: int, rules, policies: list[str], params: list[dict] | None = None,
               rotate: bool = False, duplicate: bool = False, fixed=None) -> dict:
    """One table (rules: ``HKStudRules``); the row's facts by name, and its ``actions``; ``fixed``:
    ``--fix``'s groups (``tests.reference.deal``).

    ``rotate``: seat k is played by ``policies[(k + game_index) % n]`` (with its parameters);
    ``duplicate``: the table plays deal ``game_index // n`` with seat k holding the hand dealt to
    seat ``k + game_index % n``."""
    n = rules.players
    params = params or [{}] * n
    if rotate:
        policies = [policies[(k + game_index) % n] for k in range(n)]
        params = [params[(k + game_index) % n] for k in range(n)]
    pp = [{**DEFAULTS, **params[s]} for s in range(n)]
    stream = Stream(seed, game_index // n if duplicate else game_index)
    dealt = deal(stream, n, fixed)
    turn = game_index % n if duplicate else 0
    cards = [dealt[(k + turn) % n] for k in range(n)]
    actions = []
    st = rules.stakes
    cap = st.stack
    ante = min(st.ante, cap)
    live, allin = [True] * n, [ante == cap] * n
    invested, folded, raises = [ante] * n, [0] * n, [0] * n
    bankers = [-1] * 4
    eq_cache = [None] * n
    end_street = 5

    def visible_key(s, k):
        return key(cards[s][1:1 + k], rules)

    for street in range(2, 6):
        k = street - 1
        banker = max((s for s in range(n) if live[s]), key=lambda s: visible_key(s, k))
        bankers[street - 2] = banker
        if rules.betting == "none":
            continue
        size = st.bet if street <= 3 else st.big_bet
        street_bet = [0] * n
        need = [live[s] and not allin[s] for s in range(n)]
        cur, n_bets, last_inc = 0, 0, size
        n_in = sum(live)
        seat = banker
        while any(need):
            if need[seat]:
                need[seat] = False
                to_call = cur - street_bet[seat]
                left = cap - invested[seat]
                others = sum(1 for s in range(n) if s != seat and live[s] and not allin[s])
                if to_call > 0 or others > 0:
                    can_raise = left > to_call and n_bets < 1 + st.max_raises and others > 0
                    pot = sum(invested)
                    action = _decide(policies[seat], pp[seat], seat, street, to_call, can_raise, pot, n_in, cards,
                                     live, folded, rules, stream, eq_cache)
                    if action == "fold" and to_call > 0:
                        live[seat] = False
                        folded[seat] = street
                        n_in -= 1
                        actions.append((street, seat, "fold", 0))
                        if n_in == 1:
                            break
                    elif action == "raise" and can_raise:
                        if rules.betting == "pot_limit":
                            largest = pot + to_call
                            inc = max(max(size, last_inc), min(largest, int(pp[seat]["size"] * largest + 0.5)))
                        else:
                            inc = size
                        pay = min(cur + inc - street_bet[seat], left)
                        invested[seat] += pay
                        street_bet[seat] += pay
                        last_inc = max(last_inc, street_bet[seat] - cur)
                        cur = street_bet[seat]
                        n_bets += 1
                        raises[seat] += 1
                        allin[seat] = invested[seat] == cap
                        actions.append((street, seat, "bet", pay))
                        for s in range(n):
                            if s != seat and live[s] and not allin[s]:
                                need[s] = True
                    else:
                        pay = min(to_call, left)
                        invested[seat] += pay
                        street_bet[seat] += pay
                        if pay > 0 and invested[seat] == cap:
                            allin[seat] = True
                        actions.append((street, seat, "call" if to_call > 0 else "check", pay))
            seat = (seat + 1) % n
        if sum(live) == 1:
            end_street = street
            break
    in_hand = [s for s in range(n) if live[s]]
    winner = max(in_hand, key=lambda s: key(cards[s], rules))
    flipped = type(rules)(**{**rules.__dict__, "high_card_kickers": not rules.high_card_kickers})
    alt_winner = max(in_hand, key=lambda s: key(cards[s], flipped)) if len(in_hand) > 1 else winner
    pot = sum(invested)
    return {
        "bankers": bankers, "winner": winner, "alt_winner": alt_winner, "showdown": len(in_hand) > 1,
        "end_street": end_street, "pot": pot, "cards": cards,
        "categories": [evaluate(c, rules.flush_beats_full_house, rules.high_card_kickers, rules.four_card_draws)[0]
                       for c in cards],
        "folded": folded, "invested": invested, "raises": raises, "allin": allin,
        "chips": [(pot if s == winner else 0) - invested[s] for s in range(n)],
        "actions": actions,
    }


def _decide(policy, pp, seat, street, to_call, can_raise, pot, n_in, cards, live, folded, rules, stream, eq_cache):
    if policy == CALLING_STATION:
        return "call"
    if policy == RANDOM:
        w_fold = pp["p_fold"] if to_call > 0 else 0.0
        w_raise = pp["p_raise"] if can_raise else 0.0
        w_call = max(0.0, 1.0 - pp["p_fold"] - pp["p_raise"])
        total = w_fold + w_raise + w_call
        if total <= 0:
            return "call"
        x = uniform(stream) * total
        return "fold" if x < w_fold else "raise" if x < w_fold + w_raise else "call"
    n = len(cards)
    state_key = (street, tuple(live))
    if eq_cache[seat] is None or eq_cache[seat][0] != state_key:
        hole = [cards[s][0] if s == seat else -1 for s in range(n)]
        ups = [cards[s][1:] for s in range(n)]
        shown = [street - 1 if live[s] else folded[s] - 1 for s in range(n)]
        wins, total = showdown_wins(hole, ups, shown, live, rules, pp["exact_max"], int(pp["samples"]), stream)
        eq_cache[seat] = (state_key, wins[seat] / total)
    e = eq_cache[seat][1]
    share = e * n_in
    if can_raise and share >= pp["raise_at"]:
        return "raise"
    if to_call == 0:
        return "call"
    if share >= pp["call_at"] or e >= pp["pot_odds"] * to_call / (pot + to_call):
        return "call"
    return "fold"
