"""The numba 干瞪眼 hand loop (``kernels.gandengyan.play``, what ``paiju play`` runs) against the
reference: every stored hand of small runs (each variant, 2–10 seats, every player, rotated,
duplicate and in sessions) is re-simulated with its action log and replayed by
``tests/reference/gandengyan_game.py``: every move legal, cards conserved including the draws
from the stock (the same cards in the same order), the winner and finish order, cards left,
plays, bombs, tricks, 瞪眼 turns and the money in the stored row."""

import pytest

from kernels.climb.loop import LOG_CARDS, LOG_MOVE, LOG_SEAT
from kernels.gandengyan.moves import DRAW, LEAD_PASS, PASS
from sim.games.gandengyan.play import compute_play, play_logged
from sim.games.gandengyan.rules import VARIANTS, GandengyanRules
from sim.ruleset import apply_overrides
from sim.runner import RunSpec
from tests.reference import gandengyan_game as G
from tests.reference.gandengyan_rules import PASS_KEY

CASES = [("qq", 2, {"duplicate": True}), ("qq", 5, {"rotate": True}), ("one-deck", 6, {"hands_per_session": 3}),
         ("two-deck", 10, {"rotate": True}), ("sichuan", 4, {"hands_per_session": 4}),
         ("sichuan-huopin", 3, {})]
POLICIES = ["smart", "greedy", "random"]


def spec_of(variant, players, n, seed, **options):
    rules = apply_overrides(GandengyanRules(), {**VARIANTS[variant].overrides, "players": players})
    names = (POLICIES * 4)[:players]
    return RunSpec("gandengyan", "play", variant, rules, seed, n, n,
                   {"policies": names, "policy_params": [{}] * players, "hands_per_session": 1, **options})


def deal_of(spec, deck, banker):
    n = spec.rules.players
    share = [spec.rules.banker_cards if s == banker else spec.rules.other_cards for s in range(n)]
    hands, p = [[] for _ in range(n)], 0
    for k in range(max(share)):
        for i in range(n):
            s = (banker + i) % n
            if k < share[s]:
                hands[s].append(int(deck[p]))
                p += 1
    return hands, [int(c) for c in deck[p:]]


@pytest.mark.parametrize("variant,players,options", CASES)
def test_every_stored_hand_replays_in_the_reference(variant, players, options):
    n = 6 * players if players > 5 else 12 * players  # the reference is slow on big hands with many jokers
    spec = spec_of(variant, players, n, 17, **options)
    rows = compute_play(spec, 0, n).to_pylist()
    for g, stored in enumerate(rows):
        check_hand(spec, g, stored)


def check_hand(spec, g, stored):
    """Replay stored hand ``g`` in the reference: legal moves, the draws, every raw fact and the
    money of the row; cards conserved."""
    players = spec.rules.players
    row, log, deck = play_logged(spec, g, stored)
    banker, leader = stored["banker"], stored["first_leader"]
    hands, stock = deal_of(spec, deck, banker)
    actions = [PASS_KEY if a[LOG_MOVE] == PASS else tuple(int(x) for x in a[LOG_MOVE:LOG_MOVE + 7])
               for a in log if a[LOG_MOVE] not in (DRAW, LEAD_PASS)]
    draws = [(int(a[LOG_SEAT]), int(a[LOG_CARDS])) for a in log if a[LOG_MOVE] == DRAW]
    res = G.replay(hands, stock, banker, leader, actions, spec.rules)
    assert res.drawn == draws, g  # the same cards from the stock, to the same seats, in order
    assert res.winner == stored["winner"] and res.tricks == stored["n_tricks"], g
    assert (res.stock_left, res.dengyan, res.two_breaks) == (
        stored["stock_left"], stored["dengyan"], stored["two_breaks"]), g
    finish = sorted((stored[f"s{k}_finish"], k) for k in range(players) if stored[f"s{k}_finish"] > 0)
    assert res.finish == [k for _, k in finish], g
    for k in range(players):
        assert (res.cards_left[k], res.plays[k], res.draws[k], res.jokers_left[k]) == (
            stored[f"s{k}_cards_left"], stored[f"s{k}_plays"], stored[f"s{k}_draws"],
            stored[f"s{k}_jokers_left"]), (g, k)
        assert res.money[k] == pytest.approx(stored[f"s{k}_money"]), (g, k)
    dealt = sum(len(h) for h in hands)
    assert dealt + sum(res.draws) == sum(res.cards_left) + sum(sum(G.key_cards(a)[0]) + G.key_cards(a)[1]
                                                               for a in actions)
