"""港式五张 with ``--fix``: the notation is replay's (``♠A``, ``♥10``; ASCII ``SA``, ``HT``), the
play kernel with fixed cards equals its pure-Python twin (the partial deal, the ``place_fixed``
twin, then the players' draws and betting), the fixed cards are always the fixed seat's, every
other card lands in each seat at the exact conditional rate (5σ, fixed seed), and a fixed run
replays."""

import math

import numpy as np
import pytest

from kernels.hkstud.cards import to_local
from kernels.hkstud.layout import CENSUS_LAYOUT, LAYOUT
from kernels.showdown.deal import unpack_cards
from sim.dealing import fix_tables, parse_fix
from sim.errors import UserError
from sim.games.hkstud.kernel_rows import census_rows, play_rows
from sim.registry import load_game
from sim.ruleset import apply_overrides
from tests.reference import hkstud as ref
from tests.reference.deal import fixed_groups


def tables(rules, texts):
    g = load_game("hkstud")
    return fix_tables(g.dealing, rules, parse_fix(g, rules, texts))


def local_hands(cols, n):
    return {s: np.vectorize(to_local)(unpack_cards(cols[f"s{s}_cards"], 5)) for s in range(n)}


def test_notation_and_the_deck():
    g = load_game("hkstud")
    rules = g.rules()
    assert parse_fix(g, rules, ["0=♠A hk,D10 c8"]) == {"0": ["♠A", "♥K", "♦10", "♣8"]}
    with pytest.raises(UserError, match="unknown card at '♠7'"):  # the deck is 8..A
        parse_fix(g, rules, ["0=♠7"])
    with pytest.raises(UserError, match="♠A is fixed 2 times, but the deck has only one"):
        parse_fix(g, rules, ["0=SA", "1=SA"])


def test_play_with_fixed_cards_equals_twin():
    rules = apply_overrides(load_game("hkstud").rules(), {"betting": "fixed_limit", "players": 3})
    policies, params = ["random", "equity", "random"], [{"p_fold": 0.2, "p_raise": 0.4}, {"samples": 20}, {}]
    fix = tables(rules, ["1=SA HA", "2=D8"])
    ids = load_game("hkstud").dealing.cards(rules)
    rows = play_rows(rules, 31, 400, 60, policies, params, fix=fix)
    f = LAYOUT.unpack(rows, 3)
    groups = fixed_groups(*fix)
    folds = 0
    for i in range(60):
        want = ref.play_table(31, 400 + i, rules, policies, params, fixed=groups)
        hands = [[to_local(int(c)) for c in unpack_cards(f[f"s{s}_cards"][i:i + 1], 5)[0]] for s in range(3)]
        assert hands == want["cards"], i
        assert {ids["♠A"][0], ids["♥A"][0]} <= set(hands[1]) and ids["♦8"][0] in hands[2]
        assert [int(f[f"s{s}_chips"][i]) for s in range(3)] == want["chips"], i
        assert [int(f[f"s{s}_folded"][i]) for s in range(3)] == want["folded"], i
        folds += sum(1 for s in range(3) if want["folded"][s])
    assert folds > 0  # the players' draws after the placement were compared too
    census = CENSUS_LAYOUT.unpack(census_rows(rules, 31, 400, 60, fix=fix), 3)
    for s in range(3):
        assert (census[f"s{s}_cards"] == f[f"s{s}_cards"]).all()


def test_without_fix_the_rows_are_unchanged():
    rules = apply_overrides(load_game("hkstud").rules(), {"betting": "pot_limit"})
    empty = (np.zeros((0, 0), np.int64), np.zeros((0, 0), np.int64))
    pol = ["random", "equity", "random", "calling-station"]
    params = [{}, {"samples": 10}, {}, {}]
    assert (play_rows(rules, 5, 0, 300, pol, params) == play_rows(rules, 5, 0, 300, pol, params, fix=empty)).all()


def test_fixed_cards_stay_and_the_rest_is_uniform():
    """0=♠A ♥A (four seats): both are seat 0's every deal; each of the other 26 cards is seat 0's
    with p = 3/26 and seat 2's with p = 5/26 (5σ on every card's count, fixed seed)."""
    rules = load_game("hkstud").rules()
    n = 40_000
    ids = load_game("hkstud").dealing.cards(rules)
    aces = [ids["♠A"][0], ids["♥A"][0]]
    cols = CENSUS_LAYOUT.unpack(census_rows(rules, 20261203, 0, n, fix=tables(rules, ["0=♠A ♥A"])), 4)
    hands = local_hands(cols, 4)
    assert all((hands[0] == a).any(axis=1).all() for a in aces)
    others = [c for c in range(28) if c not in aces]
    for s, p in ((0, 3 / 26), (2, 5 / 26)):
        counts = np.bincount(hands[s].ravel(), minlength=28)[others]
        z = (counts / n - p) / math.sqrt(p * (1 - p) / n)
        assert np.abs(z).max() < 5, (s, z)
    # the fixed cards take a uniform slot of the hand: the hole card is one of them with p = 2/5
    p = 2 / 5
    hole = np.isin(hands[0][:, 0], aces).mean()
    assert abs(hole - p) / math.sqrt(p * (1 - p) / n) < 5


def test_a_fixed_run_replays(tmp_path):
    from sim import api

    run = api.play("hkstud", 200, seed=3, fix=["1=SK"], out=tmp_path / "r", progress=False, log=lambda line: None)
    text = run.replay(11)
    assert "♠K" in text
    assert any("seat 1 holds ♠K" in s for s in run.report().summary)
    with pytest.raises(UserError, match="--duplicate"):
        api.play("hkstud", 20, fix=["1=SK"], duplicate=True, progress=False, log=lambda line: None)
