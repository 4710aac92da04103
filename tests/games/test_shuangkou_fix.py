"""百变双扣 with ``--fix``: the card text is read in replay's notation (ranks only, ``小王``/``大王``,
ASCII ``XW``/``DW``, ``T`` for 10; ``SA`` is refused, not read as 小王 A), the census kernel with
fixed cards equals its pure-Python twin (deal, the ``place_fixed`` twin, the census features), the rest of the deal is uniform (jokers of
the fixed and of a free player against the exact hypergeometric values, 5σ, fixed seed), the
fixed player keeps his cards through the partner draw's seat swap, and a fixed run replays."""

import math
from math import comb

import numpy as np
import pytest

import sim
from kernels.shuangkou.census import census
from kernels.shuangkou.layout import CENSUS_FEATURES
from kernels.shuangkou.play import dealt_owner
from sim.dealing import fix_tables, parse_fix
from sim.errors import UserError
from sim.games.shuangkou.rules import compile_rules, engine_rules
from sim.registry import load_game
from tests.games.test_shuangkou_census import reference_features
from tests.reference.deal import fixed_groups, place_fixed
from tests.reference.rng import Stream, deal, shuffle

FIX = ["0=大王 dw 2 2 2 2", "2=XW t 10"]


def tables(fix):
    g = load_game("shuangkou")
    rules = g.rules()
    return fix_tables(g.dealing, rules, parse_fix(g, rules, fix))


def run(fix, seed, start, count):
    t = compile_rules(load_game("shuangkou").rules())
    fix_card, fix_slots = tables(fix)
    return census(t, seed, start, count, 4, fix_card, fix_slots), fixed_groups(fix_card, fix_slots)


def test_notation():
    g = load_game("shuangkou")
    assert parse_fix(g, g.rules(), FIX) == {"0": ["大王", "大王", "2", "2", "2", "2"], "2": ["小王", "10", "10"]}
    assert parse_fix(g, g.rules(), ["1=dw xw"]) == {"1": ["大王", "小王"]}


@pytest.mark.parametrize("text, message", [
    ("0=DW DW DW", "大王 is fixed 3 times, but the deck has only 2"),
    ("0=♠A", "unknown card at '♠A'"),  # suits never matter in 双扣: ranks only
    ("0=SA", "unknown card at 'SA'"),  # and no S for 小王, which would read ♠A as 小王 A
    ("kitty=A", "shuangkou has no seat 'kitty'"),
    ("0=" + "A" * 28, "28 cards, but seat 0 is dealt 27"),
])
def test_mistakes_are_one_line(text, message):
    g = load_game("shuangkou")
    with pytest.raises(UserError, match=message) as err:
        parse_fix(g, g.rules(), [text])
    assert "\n" not in str(err.value)


def test_census_with_fixed_cards_equals_twin():
    seed, start, count = 9, 40, 400
    mode = load_game("shuangkou").rules().wild_jokers
    out, groups = run(FIX, seed, start, count)
    (cards0, _), (cards2, _) = groups
    for i in range(count):
        deck = list(range(108))
        stream = Stream(seed, start + i)
        shuffle(stream, deck)
        place_fixed(stream, deck, groups)
        hands, _ = deal(deck, 4, 27)
        assert set(cards0) <= set(hands[0]) and set(cards2) <= set(hands[2])
        for seat in range(4):
            got = {name: int(out[f, seat, i]) for f, name in enumerate(CENSUS_FEATURES)}
            assert got == reference_features(hands[seat], mode), (start + i, seat)


def test_rest_is_uniform():
    """0 = both 大王 and four 2s: the two 小王 are among the 102 cards left, of which player 0
    draws 21 and player 1 draws 27: P(k 小王) = C(2, k) C(100, d - k) / C(102, d)."""
    n = 40_000
    out, _ = run(["0=DW DW 2222"], 20261203, 0, n)
    jokers, big = CENSUS_FEATURES.index("jokers"), CENSUS_FEATURES.index("big_jokers")
    assert (out[big, 0] == 2).all() and (out[big, 1:] == 0).all()
    for player, fixed, d in ((0, 2, 21), (1, 0, 27)):
        for k in range(3):
            p = comb(2, k) * comb(100, d - k) / comb(102, d)
            z = ((out[jokers, player] == fixed + k).mean() - p) / math.sqrt(p * (1 - p) / n)
            assert abs(z) < 5, (player, k, z)


def test_fixed_player_keeps_his_cards_through_the_swap():
    """``owner`` is by seat after the partner draw's swap, ``player_at[seat]`` the player there:
    the fixed cards are always with the player they were fixed to, swapped or not."""
    rules = engine_rules(load_game("shuangkou").rules())
    fix_card, fix_slots = tables(FIX)
    moved = 0
    for g in range(60):
        owner, player_at = dealt_owner(np.uint64(13), g, 0, rules, fix_card, fix_slots)
        for player, row in zip((0, 2), fix_card):
            assert (player_at[owner[row[row >= 0]]] == player).all(), g
        moved += int((player_at != np.arange(4)).any())
    assert moved > 0  # some of these deals did swap seats


def test_fixed_run_replays(tmp_path):
    run = sim.play("shuangkou", 6, seed=3, fix=FIX, out=tmp_path / "fix", progress=False)
    assert run.report().headline[0].name.startswith("seat 0 holds 大王 大王 2 2 2 2")
    assert "大王" in run.replay(2)
