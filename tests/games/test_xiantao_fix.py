"""仙桃千分 with ``--fix``: the card text is read in replay's notation (with its ASCII spelling),
the census kernel with fixed cards equals the pure-Python twin (deal, ``place_fixed`` twin,
census), and the fixed seat's wilds agree with the exact conditional (hypergeometric) values at a
fixed seed; the play job keeps the fixed cards in the fixed seat's hand."""

import math
from math import comb

import numpy as np

from kernels.cards import card_points_5_10_k
from sim.dealing import fix_tables, parse_fix
from sim.games.xiantao import rules as xiantao
from sim.games.xiantao.census import compute_census
from sim.registry import load_game
from sim.runner import RunSpec
from tests.reference.census import census_row
from tests.reference.deal import fixed_groups, place_fixed
from tests.reference.rng import Stream, deal, shuffle

FIX = ["0=癞♥3 WD3 ♠A SA dw", "2=♣10 ct"]


def spec(kind, n, seed, fix, options=None):
    g = load_game("xiantao")
    rules = g.rules()
    return RunSpec("xiantao", kind, "default", rules, seed, n, n, {**(options or {}), "fix": parse_fix(g, rules, fix)})


def test_notation():
    g = load_game("xiantao")
    assert parse_fix(g, g.rules(), FIX) == {"0": ["癞♥3", "癞♦3", "♠A", "♠A", "大王"], "2": ["♣10", "♣10"]}


def test_census_with_fixed_cards_equals_twin():
    g = load_game("xiantao")
    rules = g.rules()
    s = spec("census", 300, 77, FIX)
    table = compute_census(s, 0, 300).to_pandas()
    groups = fixed_groups(*fix_tables(g.dealing, rules, s.options["fix"]))
    wild = set(xiantao.wild_ids(rules))
    points_of = lambda c: 0 if c in wild else card_points_5_10_k(c)  # noqa: E731
    for i in range(300):
        deck = list(range(108))
        stream = Stream(77, i)
        shuffle(stream, deck)
        place_fixed(stream, deck, groups)
        hands, _ = deal(deck, 4, 27)
        ref = census_row(hands, wild, points_of, (rules.xi.wangzha, rules.xi.seven, rules.xi.eight),
                         rules.max_wilds_in_510k if rules.wild_in_510k else 0)
        got = {k: int(v) for k, v in table.iloc[i].items() if k != "game_index"}
        assert got == {k: int(v) for k, v in ref.items()}, i


def test_fixed_seat_wilds_agree_with_conditional_exact():
    """Seven cards are fixed (two of them wilds, in seat 0's five); the other four wilds are among
    the 101 cards left and seat 0 draws 22 of them: P(seat 0 has 2 + w wilds) = C(4, w)
    C(97, 22 - w) / C(101, 22)."""
    n = 60_000
    table = compute_census(spec("census", n, 20261203, FIX), 0, n)
    w0 = table.column("s0_wilds").to_numpy().astype(np.int64)
    w1 = table.column("s1_wilds").to_numpy().astype(np.int64)
    assert (w0 >= 2).all()
    for w in range(5):
        p = comb(4, w) * comb(97, 22 - w) / comb(101, 22)
        z = ((w0 == 2 + w).mean() - p) / math.sqrt(p * (1 - p) / n)
        assert abs(z) < 5, (w, z)
    # seat 1 has nothing fixed: 27 cards from the 101 left, which hold 4 wilds
    for w in range(5):
        p = comb(4, w) * comb(97, 27 - w) / comb(101, 27)
        z = ((w1 == w).mean() - p) / math.sqrt(p * (1 - p) / n)
        assert abs(z) < 5, (w, z)
