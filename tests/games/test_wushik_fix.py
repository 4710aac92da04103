"""五十K with ``--fix``: the card text is read in replay's notation (``♠K``, ASCII ``SK``, two copies
of each card), the census kernel with fixed cards equals its pure-Python twin (deal, the
``place_fixed`` twin, the census features), the rest of the deal is uniform (a free seat's and the
fixed seat's points against the exact conditional mean, 5σ, fixed seed), every hand of a match
keeps the fixed cards at the fixed seat, and a fixed run replays."""

import math

import numpy as np
import pytest

import sim
from kernels.wushik.census import census
from kernels.wushik.layout import CENSUS_FEATURES
from kernels.wushik.play import dealt_owners
from sim.dealing import fix_tables, parse_fix
from sim.errors import UserError
from sim.games.wushik.rules import compile_rules
from sim.registry import load_game
from tests.games.test_wushik_census import reference_features
from tests.reference.deal import fixed_groups, place_fixed
from tests.reference.rng import Stream, deal, shuffle
from tests.reference.wushik_rules import DECK, points

FIX = ["0=♠K SK HK hk ♣K ck", "3=♠5 D10"]


def tables(fix):
    g = load_game("wushik")
    rules = g.rules()
    return fix_tables(g.dealing, rules, parse_fix(g, rules, fix))


def run(fix, seed, start, count):
    t = compile_rules(load_game("wushik").rules())
    fix_card, fix_slots = tables(fix)
    return census(t, seed, start, count, 4, fix_card, fix_slots), fixed_groups(fix_card, fix_slots)


def test_notation():
    g = load_game("wushik")
    assert parse_fix(g, g.rules(), FIX) == {"0": ["♠K", "♠K", "♥K", "♥K", "♣K", "♣K"], "3": ["♠5", "♦10"]}


@pytest.mark.parametrize("text, message", [
    ("0=SK SK SK", "♠K is fixed 3 times, but the deck has only 2"),
    ("0=小王", "unknown card at '小王'"),  # 五十K has no jokers
    ("4=SA", "wushik has no seat '4'"),
    ("0=" + "SA HA CA DA " * 7, "28 cards, but seat 0 is dealt 26"),
])
def test_mistakes_are_one_line(text, message):
    g = load_game("wushik")
    with pytest.raises(UserError, match=message) as err:
        parse_fix(g, g.rules(), [text])
    assert "\n" not in str(err.value)


def test_census_with_fixed_cards_equals_twin():
    seed, start, count = 5, 300, 400
    out, groups = run(FIX, seed, start, count)
    (cards0, _), (cards3, _) = groups
    for i in range(count):
        deck = list(DECK)
        stream = Stream(seed, start + i)
        shuffle(stream, deck)
        place_fixed(stream, deck, groups)
        hands, _ = deal(deck, 4, 26)
        assert set(cards0) <= set(hands[0]) and set(cards3) <= set(hands[3])
        for seat in range(4):
            got = {name: int(out[f, seat, i]) for f, name in enumerate(CENSUS_FEATURES)}
            assert got == reference_features(hands[seat]), (start + i, seat)


def _sum_moments(values, n_draw):
    """Mean and variance of the sum of ``n_draw`` cards drawn without replacement from ``values``."""
    n = len(values)
    mu = sum(values) / n
    var = sum((v - mu) ** 2 for v in values) / n
    return n_draw * mu, n_draw * var * (n - n_draw) / (n - 1)


def test_rest_is_uniform():
    """0 = the six ♠♥♣ Ks (60 points): the other 98 cards (140 points) fall uniformly, 20 of them to
    seat 0 and 26 to seat 1; their points agree with the exact conditional mean (5σ)."""
    n = 40_000
    out, groups = run(["0=SK SK HK HK CK CK"], 20261203, 0, n)
    rest = [points(c) for c in DECK if c not in groups[0][0]]
    assert len(rest) == 98 and sum(rest) == 140
    pts = CENSUS_FEATURES.index("points")
    assert (out[CENSUS_FEATURES.index("max_bomb"), 0] >= 6).all()
    for seat, extra, n_draw in ((0, 60, 20), (1, 0, 26)):
        mean, var = _sum_moments(rest, n_draw)
        got = out[pts, seat].astype(np.float64).mean()
        assert abs(got - extra - mean) < 5 * math.sqrt(var / n), (seat, got, extra + mean)


def test_every_hand_of_a_match_keeps_the_fixed_cards():
    fix_card, fix_slots = tables(FIX)
    for g in range(30):
        owners = dealt_owners(np.uint64(11), g, 0, 3, fix_card, fix_slots)
        for seat, row in zip((0, 3), fix_card):
            assert (owners[:, row[row >= 0]] == seat).all(), g


def test_fixed_run_replays(tmp_path):
    run = sim.play("wushik", 6, seed=3, variant="single-hands", fix=FIX, out=tmp_path / "fix", progress=False)
    assert run.report().headline[0].name.startswith("seat 0 holds ♠K ♠K ♥K ♥K ♣K ♣K")
    text = run.replay(2)
    assert "♠K" in text
