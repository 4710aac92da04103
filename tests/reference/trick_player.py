"""A pure-Python engine that plays whole hands of the trick family with uniformly random players,
built only on tests/reference/trick_rules.py: the baseline the kernels' speed is compared with
(benchmarks/bench_trick.py). Declaration: the first level card (八十分, level "2") or the first 10
(红五) dealt is shown; 庄家 buries random cards; every lead is a random simple lead (single, pair,
triple or tractor), every follow a random set of cards accepted by ``legal_follow``.
"""

from __future__ import annotations

import random
from collections import Counter

from tests.reference import trick_rules as ref
from tests.reference.rng import Stream, shuffle

GAMES = {"tractor": (108, 25, 8), "hongwu": (162, 39, 6)}


def _simple_leads(order: ref.Order, hand: Counter) -> list[list[int]]:
    leads = []
    for c in range(5):
        held = Counter({k: n for k, n in hand.items() if n and order.cls[k] == c})
        for k, n in held.items():
            leads += [[k] * w for w in range(1, min(n, 3) + 1)]
        for w in (2, 3):
            for length in range(2, 20):
                found = list(ref.placements(order, c, held, w, length))
                if not found:
                    break
                leads += [[kk for kk in kinds for _ in range(w)] for _, kinds in found]
    return leads


def _random_follow(order, must, lead_cls, comps, hand: Counter, rng: random.Random) -> list[int]:
    n = sum(w * k for w, k, _, _ in comps)
    cards = list(hand.elements())
    in_cls = [k for k in cards if order.cls[k] == lead_cls]
    while True:
        if len(in_cls) >= n:
            play = rng.sample(in_cls, n)
        else:
            rest = [k for k in cards if order.cls[k] != lead_cls]
            play = in_cls + rng.sample(rest, n - len(in_cls))
        if ref.legal_follow(order, must, lead_cls, comps, hand, play):
            return play


def play_random_hand(game: str, seed: int, deal: int, rng: random.Random, must: bool = False) -> int:
    """Play one hand; returns the points the side against 庄家 captured (kitty excluded)."""
    n_ids, hand_size, kitty_size = GAMES[game]
    deck = list(range(n_ids))
    shuffle(Stream(seed, deal), deck)
    trump, banker = None, None
    for p in range(4 * hand_size):
        k = ref.kind(deck[p])
        if k < 52 and ((game == "tractor" and k // 4 == 12) or (game == "hongwu" and k // 4 == 7)):
            trump, banker = k % 4, p % 4
            break
    if trump is None:
        trump, banker = 0, 0
    order = ref.tractor_order(0, trump) if game == "tractor" else ref.hongwu_order(trump)
    hands = [Counter(ref.kind(deck[p]) for p in range(s, 4 * hand_size, 4)) for s in range(4)]
    hands[banker] += Counter(ref.kind(c) for c in deck[4 * hand_size:])
    for k in rng.sample(list(hands[banker].elements()), kitty_size):
        hands[banker][k] -= 1
    side = {banker, (banker + 2) % 4}
    leader, captured = banker, 0
    while sum(hands[leader].values()):
        lead = rng.choice(_simple_leads(order, hands[leader]))
        lead_cls = order.cls[lead[0]]
        comps = ref.decompose(order, Counter(lead))
        plays, seats = [lead], [leader]
        hands[leader] -= Counter(lead)
        for j in range(1, 4):
            seat = (leader + j) % 4
            play = _random_follow(order, must, lead_cls, comps, hands[seat], rng)
            hands[seat] -= Counter(play)
            plays.append(play)
            seats.append(seat)
        winner = seats[ref.trick_winner(order, lead_cls, comps, plays)]
        if winner not in side:
            captured += sum(ref.kind_points(k) for p in plays for k in p)
        leader = winner
    return captured
