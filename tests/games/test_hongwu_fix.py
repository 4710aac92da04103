"""仙居红五 with ``--fix``: the card text is read in replay's notation (with its ASCII spelling) and
mistakes are one line; the census kernel with fixed cards equals the pure-Python twin (shuffle,
``place_fixed`` twin, per-seat counts); the fixed seat holds its cards whatever the trump (also
when the bots show a 10) and the free cards land where the exact hypergeometric law
says (5σ, fixed seed); a played run keeps them and replays."""

import math
from collections import Counter
from math import comb

import numpy as np
import pyarrow.dataset as ds
import pytest
from typer.testing import CliRunner

from kernels.hongwu import play as HP
from kernels.run_vector import run_vector
from kernels.trick.census import FEATURE_NAMES
from kernels.trick.players import params_matrix
from sim.cli import app
from sim.dealing import fix_tables, parse_fix
from sim.errors import UserError
from sim.games.hongwu.rules import HongwuRules, compile_rules
from sim.registry import load_game
from tests.reference import trick_rules as ref
from tests.reference.deal import fixed_groups, place_fixed
from tests.reference.rng import Stream, shuffle

N_IDS, HAND = 162, 39
FIX = ["0=大王 DW h5", "kitty=♠10"]


def tables(fix):
    g = load_game("hongwu")
    rules = g.rules()
    return fix_tables(g.dealing, rules, parse_fix(g, rules, fix))


def census(fix, n, trump, seed):
    out = np.zeros((n, HP.CENSUS_COLS), np.int64)
    tpl = HP.census_template(compile_rules(HongwuRules())["rules"], params_matrix(["smart"] * 4), tables(fix))
    HP.census_range(tpl, run_vector(seed, 0, n, 2), out, trump)
    return out


def feature(out, name, seat):
    return out[:, 2 + FEATURE_NAMES.index(name) * 4 + seat]


def test_notation_and_mistakes():
    g = load_game("hongwu")
    rules = g.rules()
    assert parse_fix(g, rules, FIX) == {"0": ["大王", "大王", "♥5"], "kitty": ["♠10"]}
    assert parse_fix(g, rules, ["3=xw ST s10 H5 h5"]) == {"3": ["小王", "♠10", "♠10", "♥5", "♥5"]}
    for bad, says in ((["0=SA SA SA", "1=♠A"], "♠A is fixed 4 times, but the deck has only 3"),
                      (["4=SA"], "no seat '4'"), (["0=♠1"], "unknown card"),
                      (["kitty=" + "SA SK SQ SJ ST S9 S8"], "7 cards, but seat kitty is dealt 6")):
        with pytest.raises(UserError, match=says) as err:
            parse_fix(g, rules, bad)
        assert "\n" not in str(err.value)


def test_census_with_fixed_cards_equals_twin():
    """Fixed trump ♠ (no declarations): every seat's trumps, pairs, points and jokers from the
    twin's deck (``tests.reference.rng.shuffle`` then ``tests.reference.deal.place_fixed``)."""
    out = census(FIX, 200, 0, 77)
    groups = fixed_groups(*tables(FIX))
    order = ref.hongwu_order(0)
    for i in range(200):
        deck = list(range(N_IDS))
        stream = Stream(77, i)
        shuffle(stream, deck)
        place_fixed(stream, deck, groups)
        assert Counter(deck[p] % 54 for p in range(4 * HAND, N_IDS))[ref.kind(28)] >= 1  # ♠10 in the kitty
        for s in range(4):
            h = Counter(ref.kind(deck[p]) for p in range(s, 4 * HAND, 4))
            want = {"trumps": sum(n for k, n in h.items() if order.cls[k] == ref.TRUMP),
                    "pairs": sum(1 for n in h.values() if n >= 2),
                    "points": sum(ref.kind_points(k) * n for k, n in h.items()), "jokers": h[52] + h[53], "hot": h[9]}
            assert {k: int(feature(out, k, s)[i]) for k in want} == want, (i, s)


@pytest.mark.parametrize("trump", [-1, 0])
def test_fixed_seat_and_the_rest_at_the_exact_conditional_law(trump):
    """0=大王 大王 ♥5, kitty=♠10: seat 0 always has two 大王 and a ♥5 and draws 36 of the 158 free
    cards, which hold 4 jokers (a 大王, three 小王) and two ♥5: P(seat 0 has 2 + j jokers) =
    C(4, j) C(154, 36 - j) / C(158, 36), P(1 + h ♥5) = C(2, h) C(156, 36 - h) / C(158, 36); seat
    1 draws 39 of them. Trump -1 deals through the bots' showing of a 10."""
    n = 20_000
    out = census(FIX, n, trump, 20261203)
    j0, j1 = feature(out, "jokers", 0), feature(out, "jokers", 1)
    h0, h1 = feature(out, "hot", 0), feature(out, "hot", 1)
    assert (j0 >= 2).all() and (h0 >= 1).all()
    for got, draws, k in ((j0 - 2, 36, 4), (j1, 39, 4), (h0 - 1, 36, 2), (h1, 39, 2)):
        for j in range(k + 1):
            p = comb(k, j) * comb(158 - k, draws - j) / comb(158, draws)
            z = ((got == j).mean() - p) / math.sqrt(p * (1 - p) / n)
            assert abs(z) < 5, (j, draws, k, z)


def test_play_keeps_the_fixed_cards_and_replays(tmp_path):
    runner = CliRunner()
    out = tmp_path / "run"
    result = runner.invoke(app, ["play", "hongwu", "-n", "8", "--seed", "5", "--fix", "0=DW DW SA", "--out", str(out),
                                 "-q", "--threads", "1"])
    assert result.exit_code == 0, result.output
    rows = ds.dataset(out, format="parquet").to_table().to_pylist()
    assert len(rows) == 8 and all(r["s0_jokers"] >= 2 for r in rows)
    text = runner.invoke(app, ["replay", str(out), "--game", "3"])
    assert text.exit_code == 0, text.output
    seat0 = next(line for line in text.output.splitlines() if line.strip().startswith("seat 0"))
    assert seat0.count("大王") == 2 and "♠A" in seat0, seat0
    bad = runner.invoke(app, ["play", "hongwu", "-n", "8", "--fix", "0=SA", "--duplicate",
                              "--out", str(tmp_path / "dup"), "-q"])
    assert bad.exit_code == 2 and "--duplicate" in bad.output and not (tmp_path / "dup").exists()
