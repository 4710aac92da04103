"""关牌 with ``--fix``: the census kernel with fixed cards equals its pure-Python twin (the deal,
the ``place_fixed`` twin, the first lead), fixing ♠3 to a player makes him lead every deal, and
every other card lands in a hand at the exact conditional rate (5σ, fixed seed)."""

import math

import pytest

from kernels.guanpai.census import census
from sim.dealing import fix_tables, parse_fix
from sim.errors import UserError
from sim.games.guanpai.rules import compile_rules
from sim.registry import load_game
from tests.reference import guanpai_rules as ref
from tests.reference.deal import fixed_groups, place_fixed
from tests.reference.rng import Stream, shuffle


def run(fix, seed, start, count):
    g = load_game("guanpai")
    rules = g.rules()
    comp = compile_rules(rules)
    fix_card, fix_slots = fix_tables(g.dealing, rules, parse_fix(g, rules, fix))
    out, lead = census(comp, seed, start, count, 4, fix_card, fix_slots)
    return out, lead, fixed_groups(fix_card, fix_slots)


def test_notation_and_the_deck():
    g = load_game("guanpai")
    assert parse_fix(g, g.rules(), ["0=♠3 HT s2"]) == {"0": ["♠3", "♥10", "♠2"]}
    with pytest.raises(UserError, match="unknown card at '♥2'"):  # the default deck has one 2, ♠2
        parse_fix(g, g.rules(), ["0=♥2"])


def test_census_with_fixed_cards_equals_twin():
    rules = load_game("guanpai").rules()
    out, lead, groups = run(["1=♠3 ♠2 ♥A"], 5, 300, 60)
    for i in range(60):
        deck = [int(c) for c in compile_rules(rules).deck]
        stream = Stream(5, 300 + i)
        shuffle(stream, deck)
        place_fixed(stream, deck, groups)
        hands, _ = ref.deal(deck, rules)
        seat, _card, idx = ref.first_lead_card(hands, rules)
        assert lead[i] == idx == 0 and seat == 1
        for s in (0, 1):
            c = ref.counts_of(card // 4 for card in hands[s])
            assert (int(out[0, s, i]), int(out[2, s, i]), int(out[3, s, i])) == (
                sum(1 for r in range(13) if c[r] == 4), c[12], int(s == seat))


def test_fixed_lead_and_uniform_rest():
    """1=♠3: player 1 leads every deal with ♠3; every other card is in player 0's hand with
    p = 17/48 and in player 1's with 16/48 (the other 15 are unused)."""
    n = 40_000
    out, lead, _ = run(["1=♠3"], 20261203, 0, n)
    assert (out[3, 1] == 1).all() and (lead == 0).all()
    # player 0's 2s: ♠2 (the deck's only 2) is his with p = 17/48
    p = 17 / 48
    assert abs((out[2, 0].mean() - p) / math.sqrt(p * (1 - p) / n)) < 5
    p = 16 / 48
    assert abs((out[2, 1].mean() - p) / math.sqrt(p * (1 - p) / n)) < 5
