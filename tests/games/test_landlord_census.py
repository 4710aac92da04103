"""Landlord-family census (斗地主 3p/4p, 上海三打一): the kernel row for row against its pure-Python
twin (``tests.reference.landlord_census``), with and without fixed cards, and every feature within
5σ of its exact value (``sim.games.landlord.exact``) at fixed seeds — unconditional and given
``--fix`` cards."""

import math

import numpy as np
import pytest

from kernels.landlord.census import census_range
from kernels.landlord.layout import CENSUS_SEAT
from sim.dealing import fix_tables, parse_fix
from sim.games.landlord import exact as E
from sim.games.landlord.play import card_ranks
from sim.registry import load_game
from tests.reference.landlord_census import census_row

GAMES = ("doudizhu", "doudizhu4", "shanghai")
KITTY = ("kitty_jokers", "kitty_twos", "kitty_max_same")


def rules_of(game):
    return load_game(game).rules()


def run_census(game, seed, start, count, fix=(), blocks=4):
    g, r = load_game(game), rules_of(game)
    fix_card, fix_slots = fix_tables(g.dealing, r, parse_fix(g, r, list(fix)))
    out = np.zeros((len(CENSUS_SEAT), r.n_players, count), np.int8)
    kitty = np.zeros((3, count), np.int8)
    run = np.array([start, count, r.n_players, r.hand_size, blocks], np.int64)
    census_range(np.uint64(seed), run, np.arange(54 * r.n_decks, dtype=np.int16), card_ranks(r.n_decks), fix_card,
                 fix_slots, out, kitty)
    return out, kitty


def twin_fixed(game, fix):
    """The twin's form of a ``--fix``: (card ids, deck positions) per group, as the kernel gets them."""
    g, r = load_game(game), rules_of(game)
    fix_card, fix_slots = fix_tables(g.dealing, r, parse_fix(g, r, list(fix)))
    return [([int(c) for c in row if c >= 0], [int(p) for p in slots if p >= 0])
            for row, slots in zip(fix_card, fix_slots)]


FIXES = {"doudizhu": ["0=AA2B", "kitty=S"], "doudizhu4": ["1=SSBB2222", "0=A"], "shanghai": ["3=7777777"]}


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("fixed", [False, True])
def test_census_equals_twin(game, fixed):
    r = rules_of(game)
    fix = FIXES[game] if fixed else []
    out, kitty = run_census(game, 7, 500, 40, fix)
    for i in range(40):
        seats, kit, deck = census_row(7, 500 + i, r.n_decks, r.n_players, r.hand_size, twin_fixed(game, fix))
        for s in range(r.n_players):
            assert tuple(int(x) for x in out[:, s, i]) == seats[s], (game, i, s)
        assert tuple(int(x) for x in kitty[:, i]) == kit


def z(values, exact, var):
    return (values.mean() - exact) / math.sqrt(var / values.shape[0]) if var > 0 else (values.mean() - exact) * math.inf


def check_against_exact(game, out, kitty, fixed):
    """Every feature's mean and every P(feature = k) with p > 1e-4 of every seat and the kitty within 5σ."""
    r = rules_of(game)
    draws = E.groups(r, fixed)
    checked = 0
    for s in range(r.n_players):
        pmfs = E.seat_pmfs(draws[str(s)])
        feats = {name: out[f, s].astype(np.float64) for f, name in enumerate(CENSUS_SEAT)}
        feats["jokers"] = feats["small_jokers"] + feats["big_jokers"]
        feats["rocket"] = ((feats["small_jokers"] >= 1) & (feats["big_jokers"] >= 1)).astype(np.float64)
        for name, pmf in pmfs.items():
            for k, p in pmf.items():
                p = float(p)
                if 1e-4 < p < 1:
                    assert abs(z((feats[name] == k).astype(float), p, p * (1 - p))) < 5, (game, s, name, k)
                    checked += 1
                elif p == 1:
                    assert (feats[name] == k).all(), (game, s, name, k)
    for f, (name, pmf) in enumerate(E.kitty_pmfs(draws["kitty"]).items()):
        assert name == KITTY[f]
        for k, p in pmf.items():
            p = float(p)
            if 1e-4 < p < 1:
                assert abs(z((kitty[f] == k).astype(float), p, p * (1 - p))) < 5, (game, name, k)
                checked += 1
    return checked


@pytest.mark.parametrize("game", GAMES)
def test_census_agrees_with_exact(game):
    out, kitty = run_census(game, 20261203, 0, 200_000, blocks=8)
    assert check_against_exact(game, out, kitty, {}) > 100


@pytest.mark.parametrize("game", GAMES)
def test_fixed_census_agrees_with_conditional_exact(game):
    g, r = load_game(game), rules_of(game)
    fixed = parse_fix(g, r, FIXES[game])
    out, kitty = run_census(game, 20261204, 0, 100_000, FIXES[game], blocks=8)
    assert check_against_exact(game, out, kitty, fixed) > 100


def test_exact_known_values():
    """Closed forms: P(火箭) = 17·16 / (54·53) for a 17-card hand; the kitty's jokers are hypergeometric."""
    r = rules_of("doudizhu")
    g = E.groups(r)
    assert E.seat_pmfs(g["0"])["rocket"][1] == E.Fraction(17 * 16, 54 * 53)
    assert E.kitty_pmfs(g["kitty"])["kitty_jokers"][2] == E.Fraction(3 * 2, 54 * 53)
    r4 = rules_of("doudizhu4")
    p4 = E.seat_pmfs(E.groups(r4)["0"])["jokers"][4]
    assert p4 == E.Fraction(math.comb(104, 21), math.comb(108, 25))
    # given 小王 小王 大王 fixed to seat 0, seat 0 holds 天王炸 iff it draws the last 大王: 22 of the 105 left
    g4 = E.groups(r4, {"0": ["小王", "小王", "大王"]})
    assert E.seat_pmfs(g4["0"])["jokers"][4] == E.Fraction(22, 105)
    assert E.seat_pmfs(g4["1"])["jokers"].get(1) == E.Fraction(25, 105)
