"""干瞪眼 with ``--fix``: the card text (ranks as replay prints them; suited where suits decide the
first lead), the census kernel with
fixed cards equal to its pure-Python twin (shuffle, banker, ``place_fixed`` twin into the seat's
positions under that banker, deal, first leader), and the rest of the pack uniform: a seat with
nothing fixed gets the free jokers and 2s at the exact conditional (hypergeometric) rates, by role
(5σ, fixed seed). The play job and replay keep the fixed cards in the fixed seat's hand."""

import math
from math import comb

import numpy as np
import pytest

from kernels.gandengyan.census import N_FEATURES, census_range
from kernels.gandengyan.state import new_state
from sim.dealing import parse_fix
from sim.errors import UserError
from sim.games.gandengyan.dealing import fix_tables
from sim.games.gandengyan.rules import VARIANTS, GandengyanRules, compile_rules
from sim.registry import load_game
from sim.ruleset import apply_overrides
from tests.reference import gandengyan_game as G
from tests.reference.deal import place_fixed
from tests.reference.rng import Stream, shuffle


def rules_of(variant, players, extra=None):
    return apply_overrides(GandengyanRules(), {**VARIANTS[variant].overrides, "players": players, **(extra or {})})


def run(rules, fix, seed, start, count):
    fix_card, fix_slots = fix_tables(rules, parse_fix(load_game("gandengyan"), rules, fix))
    out = np.zeros((N_FEATURES, rules.players, count), np.int16)
    comp = compile_rules(rules)
    census_range(np.uint64(seed), start, count, new_state(comp.rules, comp.deck, fix_card=fix_card, fix_slots=fix_slots),
                 out, 4)
    return out.astype(np.int64), fix_card


def test_notation_and_refusals():
    """By rank as replay prints them (suits never matter when the banker leads); suited under
    ``first_leader = lowest_card``, where ♠3 leads before ♥3."""
    g = load_game("gandengyan")
    rules = g.rules()
    assert parse_fix(g, rules, ["0=22 joker t", "2=A,3 q"]) == {"0": ["2", "2", "Joker", "T"], "2": ["A", "3", "Q"]}
    with pytest.raises(UserError, match="6 cards, but seat 1 is dealt 5"):  # 6 only as the banker
        parse_fix(g, rules, ["1=345678"])
    with pytest.raises(UserError, match="unknown card at '♠3'"):
        parse_fix(g, rules, ["0=♠3"])
    with pytest.raises(UserError, match="no seat '4'"):
        parse_fix(g, rules, ["4=3"])
    with pytest.raises(UserError, match="Joker is fixed 3 times, but the deck has only 2"):
        parse_fix(g, rules, ["0=Joker Joker", "1=Joker"])
    low = rules_of("qq", 4, {"first_leader": "lowest_card"})
    assert parse_fix(g, low, ["0=♠3 HT s2 xw", "2=大王"]) == {"0": ["♠3", "♥10", "♠2", "小王"], "2": ["大王"]}
    with pytest.raises(UserError, match="fixed 2 times, but the deck has only one"):
        parse_fix(g, low, ["0=S3", "1=S3"])
    two = rules_of("two-deck", 5, {"first_leader": "lowest_card"})
    assert parse_fix(g, two, ["0=S3", "1=S3"]) == {"0": ["♠3"], "1": ["♠3"]}  # two packs: two ♠3


@pytest.mark.parametrize("variant,players,extra,fix", [
    ("qq", 4, {"first_leader": "lowest_card"}, ["1=♠3 ♠2", "3=大王 H9"]),
    ("one-deck", 6, {}, ["2=2 2 Joker", "5=A"]),
    ("two-deck", 5, {"first_leader": "lowest_card"}, ["0=S3 S3 XW", "4=DA DW"]),
])
def test_census_with_fixed_cards_equals_twin(variant, players, extra, fix):
    rules = rules_of(variant, players, extra)
    out, fix_card = run(rules, fix, 5, 300, 60)
    seats = [int(t.split("=")[0]) for t in fix]
    n_ids = 54 * rules.decks
    for i in range(60):
        stream = Stream(5, 300 + i)
        deck = list(range(n_ids))
        shuffle(stream, deck)
        banker = stream.bounded(players)
        positions, _ = G.deal(list(range(n_ids)), rules, banker)  # each seat's deck positions
        place_fixed(stream, deck, [([int(c) for c in row if c >= 0], positions[s]) for row, s in zip(fix_card, seats)])
        hands, _stock = G.deal(deck, rules, banker)
        for row, s in zip(fix_card, seats):
            assert all(int(c) in hands[s] for c in row if c >= 0)
        leader = G.first_leader(hands, rules, banker)
        for s in range(players):
            nat, j = G.holding(hands[s])
            want = (len(hands[s]), int(s == banker), int(s == leader), j, nat[12],
                    sum(1 for x in nat if x >= rules.bomb_min))
            assert tuple(int(out[f, s, i]) for f in range(N_FEATURES)) == want


def z(hit, p):
    return (hit.mean() - p) / math.sqrt(p * (1 - p) / hit.shape[0])


def test_fixed_lead_and_uniform_rest():
    """QQ, 4 players, lowest card leads, 1=♠3 小王: seat 1 leads every deal and holds a joker; the
    banker is still uniform; seat 0 draws its share h (6 as banker, else 5) from the 52 cards left,
    which hold 1 joker and 4 2s: P(joker) = h/52, P(k 2s) = C(4,k) C(48,h-k) / C(52,h)."""
    rules = rules_of("qq", 4, {"first_leader": "lowest_card"})
    n = 40_000
    out, _ = run(rules, ["1=♠3 小王"], 20261203, 0, n)
    cards, banker, leads, jokers, twos = out[0], out[1].astype(bool), out[2], out[3], out[4]
    assert (leads[1] == 1).all() and (jokers[1] >= 1).all()
    for s in range(4):
        assert abs(z(banker[s], 1 / 4)) < 5
    for mask, h in ((banker[0], 6), (~banker[0], 5)):
        assert (cards[0][mask] == h).all()
        assert abs(z(jokers[0][mask] == 1, h / 52)) < 5
        for k in range(4):
            assert abs(z(twos[0][mask] == k, comb(4, k) * comb(48, h - k) / comb(52, h))) < 5, (h, k)
    # seat 1 itself: its other h - 2 cards come from the same 52
    for mask, h in ((banker[1], 6), (~banker[1], 5)):
        assert abs(z(jokers[1][mask] == 2, (h - 2) / 52)) < 5


def test_play_and_replay_keep_the_fixed_cards():
    """Sessions of 3 (the banker carried from the previous winner): every hand replayed
    (``play_logged``, what ``paiju replay`` runs) deals seat 0 its 2 2 Joker, and replays legally
    in the reference with the stored facts and money."""
    from sim.games.gandengyan.play import compute_play, play_logged
    from sim.runner import RunSpec
    from tests.games.test_gandengyan_conformance import check_hand, deal_of

    g = load_game("gandengyan")
    rules = rules_of("qq", 4)
    fixed = parse_fix(g, rules, ["0=2 2 Joker"])
    spec = RunSpec("gandengyan", "play", "qq", rules, 11, 48, 48,
                   {"policies": ["smart", "greedy", "random", "smart"], "policy_params": [{}] * 4,
                    "hands_per_session": 3, "fix": fixed})
    rows = compute_play(spec, 0, 48).to_pylist()
    assert len({r["banker"] for r in rows}) > 1
    for i, stored in enumerate(rows):
        _row, _log, deck = play_logged(spec, i, stored)
        hands, _stock = deal_of(spec, deck, stored["banker"])
        ranks = [G.card_rank(c) for c in hands[0]]
        assert ranks.count(12) >= 2 and ranks.count(G.JOKER) >= 1, (i, ranks)
        check_hand(spec, i, stored)
