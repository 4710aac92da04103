"""牛牛 with ``--fix``: the notation is replay's (``♠A``, ``小王``; ASCII ``SA``, ``XW``), the play
kernel with fixed cards equals its pure-Python twin (the partial deal, the ``place_fixed`` twin,
the comparison and the chips), the fixed cards are always the fixed seat's, every other card lands
in each seat at the exact conditional rate (5σ, fixed seed), and a fixed run replays."""

import math

import numpy as np
import pytest

from kernels.showdown.deal import unpack_cards
from sim.dealing import fix_tables, parse_fix
from sim.errors import UserError
from sim.games.niuniu.kernel_rows import census_rows, kernel_values, play_rows
from sim.registry import load_game
from sim.ruleset import apply_overrides
from tests.reference import niuniu as ref
from tests.reference.deal import fixed_groups


def tables(rules, texts):
    g = load_game("niuniu")
    return fix_tables(g.dealing, rules, parse_fix(g, rules, texts))


def test_notation_and_the_deck():
    g = load_game("niuniu")
    rules = g.rules()
    assert parse_fix(g, rules, ["1=♠A ht,xw 大王"]) == {"1": ["♠A", "♥10", "小王", "大王"]}
    no_jokers = apply_overrides(rules, {"jokers": False})
    with pytest.raises(UserError, match="unknown card at 'XW'"):
        parse_fix(g, no_jokers, ["0=XW"])
    with pytest.raises(UserError, match="6 cards, but seat 0 is dealt 5"):
        parse_fix(g, rules, ["0=SA SK SQ SJ ST S9"])
    with pytest.raises(UserError, match="no seat '3'"):
        parse_fix(g, apply_overrides(rules, {"players": 3}), ["3=SA"])


@pytest.mark.parametrize("overrides", [{}, {"players": 3, "jokers": False, "banker": "rotate"}])
def test_play_with_fixed_cards_equals_twin(overrides):
    rules = apply_overrides(load_game("niuniu").rules(), overrides)
    fix = tables(rules, ["1=♠K ♥K", "0=♦5"])
    rows = play_rows(rules, 9, 700, 150, fix=fix)
    facts = kernel_values(rows, rules.players)
    groups = fixed_groups(*fix)
    ids = load_game("niuniu").dealing.cards(rules)
    for i in range(150):
        t = ref.play_table(9, 700 + i, rules, groups)
        hands = [unpack_cards(facts[f"s{s}_cards"][i:i + 1], 5)[0].tolist() for s in range(rules.players)]
        assert hands == t["hands"]
        assert {ids["♠K"][0], ids["♥K"][0]} <= set(hands[1]) and ids["♦5"][0] in hands[0]
        assert [int(facts[f"s{s}_chips"][i]) for s in range(rules.players)] == t["chips"]
        assert [int(facts[f"s{s}_category"][i]) for s in range(rules.players)] == t["categories"]
    census = census_rows(rules, 9, 700, 150, fix=fix)
    from kernels.niuniu.layout import CENSUS_LAYOUT

    cols = CENSUS_LAYOUT.unpack(census, rules.players)
    for s in range(rules.players):
        assert (cols[f"s{s}_cards"] == facts[f"s{s}_cards"]).all()


def test_without_fix_the_rows_are_unchanged():
    rules = load_game("niuniu").rules()
    empty = (np.zeros((0, 0), np.int64), np.zeros((0, 0), np.int64))
    assert (play_rows(rules, 5, 0, 500) == play_rows(rules, 5, 0, 500, fix=empty)).all()
    facts = kernel_values(play_rows(rules, 5, 0, 50), 4)
    for i in range(50):
        t = ref.play_table(5, i, rules)  # the full shuffle of the twin: the deal before --fix existed
        assert [int(facts[f"s{s}_chips"][i]) for s in range(4)] == t["chips"]


def test_fixed_cards_stay_and_the_rest_is_uniform():
    """1=小王 大王: both jokers are seat 1's in every deal; each of the other 52 cards is seat 0's
    with p = 5/52 and seat 1's with p = 3/52 (5σ on every card's count, fixed seed)."""
    rules = load_game("niuniu").rules()
    n = 40_000
    rows = census_rows(rules, 20261203, 0, n, fix=tables(rules, ["1=小王 大王"]))
    from kernels.niuniu.layout import CENSUS_LAYOUT

    cols = CENSUS_LAYOUT.unpack(rows, 4)
    hands = {s: unpack_cards(cols[f"s{s}_cards"], 5) for s in range(4)}
    assert ((hands[1] == 52).any(axis=1) & (hands[1] == 53).any(axis=1)).all()
    for s, p in ((0, 5 / 52), (1, 3 / 52), (3, 5 / 52)):
        counts = np.bincount(hands[s].ravel(), minlength=54)[:52]
        z = (counts / n - p) / math.sqrt(p * (1 - p) / n)
        assert np.abs(z).max() < 5, (s, z)
    assert not (hands[0] >= 52).any()


def test_a_fixed_run_replays(tmp_path):
    from sim import api

    run = api.play("niuniu", 300, seed=3, fix=["2=SA SK"], out=tmp_path / "r", progress=False, log=lambda line: None)
    text = run.replay(17)
    line = next(x for x in text.splitlines() if x.startswith("seat 2"))
    assert "♠A" in line and "♠K" in line
    assert any("seat 2 holds ♠A ♠K" in s for s in run.report().summary)
