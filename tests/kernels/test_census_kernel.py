"""The census kernel against the pure-Python census, row for row, plus deck invariants."""

import numpy as np
import pytest

from kernels.cards import card_points_5_10_k
from sim.games.xiantao import rules as xiantao
from sim.games.xiantao.census import compute_census as _compute
from sim.ruleset import apply_overrides
from sim.runner import RunSpec
from tests.reference.census import census_row, deal_game

N_GAMES = 1500


def compute_census(rules, seed, start, stop):
    return _compute(RunSpec("xiantao", "census", "default", rules, seed, stop, stop), start, stop)


def _reference_rows(rules, seed, start, stop):
    wild = set(xiantao.wild_ids(rules))
    points_of = lambda c: 0 if c in wild else card_points_5_10_k(c)  # noqa: E731
    max_w = rules.max_wilds_in_510k if rules.wild_in_510k else 0
    xi = (rules.xi.wangzha, rules.xi.seven, rules.xi.eight)
    n_ids = 108 if rules.pei_cards == "one_bj_one_sj" else 110
    for g in range(start, stop):
        hands, _ = deal_game(seed, g, n_ids=n_ids, hand_size=rules.hand_size)
        yield census_row(hands, wild, points_of, xi, max_w)


@pytest.mark.parametrize(
    "overrides",
    [{}, {"max_wilds_in_510k": 2, "xi": {"seven": 5, "eight": 11, "wangzha": 2}}, {"wild_in_510k": False},
     {"hand_size": 20}, {"pei_cards": "extra_cards"}],
    ids=["default", "two-wild-510k", "no-wild-510k", "28-undealt", "110-cards"],
)
def test_kernel_rows_equal_reference_rows(overrides):
    rules = apply_overrides(xiantao.Rules(), overrides)
    seed = 20261129
    table = compute_census(rules, seed, 1000, 1000 + N_GAMES).to_pandas()
    assert table["game_index"].tolist() == list(range(1000, 1000 + N_GAMES))
    for i, ref in enumerate(_reference_rows(rules, seed, 1000, 1000 + N_GAMES)):
        got = {k: (bool(v) if isinstance(v, (bool, np.bool_)) else int(v)) for k, v in table.iloc[i].items() if k != "game_index"}
        assert got == {k: (bool(v) if isinstance(v, bool) else int(v)) for k, v in ref.items()}, f"game {1000 + i}"


def test_rare_features_are_exercised():
    """The comparison above is only meaningful if rare features occur in the sample."""
    table = compute_census(xiantao.Rules(), 3, 0, 200_000).to_pandas()
    for feature in ("seven", "wangzha", "best_510k"):
        assert table[[f"s{k}_{feature}" for k in range(4)]].to_numpy().max() > 0, feature
    assert set(np.unique(table["s0_best_510k"])) >= {0, 1, 2, 3, 4, 5}


def test_deck_invariants_on_every_deal():
    """Each deal holds 200 points and 6 wilds in all; a seat never exceeds the deck's limits."""
    table = compute_census(xiantao.Rules(), 11, 0, 50_000).to_pandas()
    points = sum(table[f"s{k}_points"] for k in range(4))
    wilds = sum(table[f"s{k}_wilds"] for k in range(4))
    wangzha = sum(table[f"s{k}_wangzha"].astype(int) for k in range(4))
    assert (points == 200).all()
    assert (wilds == 6).all()
    assert (wangzha <= 1).all()
    assert table[[f"s{k}_max_natural" for k in range(4)]].to_numpy().max() <= 8


def test_every_card_dealt_once():
    """Every deal of the reference stream is a permutation of the 108 physical cards."""
    for g in range(200):
        hands, kitty = deal_game(7, g)
        cards = sorted(c for h in hands for c in h) + kitty
        assert sorted(cards) == list(range(108)) and not kitty
