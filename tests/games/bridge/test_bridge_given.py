"""Bridge given hands (``--fix``, ``--hcp``, ``--shape``): deals equal the pure-Python twin
(``tests.reference.bridge_given``), every deal meets its constraints, the kept deals are
distributed as the exact conditional values say (5σ, fixed seed), nothing changes without them,
and impossible or too rare constraints are one-line refusals."""

import math

import numpy as np
import pytest

from sim.dealing import parse_given
from sim.errors import UserError
from sim.games.bridge.given import table
from sim.games.bridge.kernel_rows import census, deal_masks
from sim.registry import load_game
from tests.reference.bridge import mask_of
from tests.reference.bridge_given import given_deal
from tests.reference.deal import fixed_groups


def spec_of(fix=(), hcp=(), shape=()):
    from kernels.bridge.deal import no_deal_spec
    from sim.dealing import fix_tables

    g = load_game("bridge")
    rules = g.rules()
    given = parse_given(g, rules, list(fix), list(hcp), list(shape))
    fix_card, fix_slots = fix_tables(g.dealing, rules, given.get("fix"))
    cons = table(given) if ("hcp" in given or "shape" in given) else no_deal_spec()[2]
    return (fix_card, fix_slots, cons), given


CASES = [(["0=SA HK ♦Q c10"], [], []), ([], ["2=15..17"], ["2=x-x-x-x"]), (["1=SA"], ["0=12+"], ["0=5+-x-x-x"]),
         ([], [], ["3=4-4-x-x"])]


@pytest.mark.parametrize("fix, hcp, shape", CASES)
def test_deals_equal_twin(fix, hcp, shape):
    deal_spec, given = spec_of(fix, hcp, shape)
    masks = deal_masks(41, 100, 130, deal_spec)
    groups = fixed_groups(deal_spec[0], deal_spec[1])
    for i in range(30):
        hands = given_deal(41, 100 + i, groups, deal_spec[2].tolist())
        assert masks[i].tolist() == [mask_of(h) for h in hands], i


def test_nothing_given_changes_nothing():
    deal_spec, given = spec_of()
    assert given == {}
    assert (deal_masks(5, 0, 500, deal_spec) == deal_masks(5, 0, 500)).all()


def test_hcp_range_agrees_with_conditional_exact():
    """--hcp 0=15..17: seat 0's HCP is h with P(h) / P(15..17) of the exact unconditional HCP law;
    every fixed card is where it was fixed."""
    deal_spec, _ = spec_of(["0=SA"], ["0=15..17"], [])
    n = 60_000
    cols = census(20261203, 0, n, deal_spec)
    h = cols["s0_hcp"].astype(np.int64)
    assert h.min() >= 15 and h.max() <= 17
    # with ♠A fixed to seat 0, its other 12 cards are 12 of the other 51: the exact law of their HCP
    law = {k + 4: float(p) for k, p in _hcp_of_12_from_51().items()}
    total = sum(law.get(k, 0) for k in (15, 16, 17))
    for k in (15, 16, 17):
        p = law[k] / total
        z = ((h == k).mean() - p) / math.sqrt(p * (1 - p) / n)
        assert abs(z) < 5, (k, z)


def _hcp_of_12_from_51():
    """Exact HCP law of 12 cards from the 51 left when ♠A is taken: 3 aces, 4 kings, 4 queens, 4 jacks."""
    from fractions import Fraction
    from math import comb

    out = {}
    for a in range(4):
        for k in range(5):
            for q in range(5):
                for j in range(5):
                    rest = 12 - a - k - q - j
                    if rest < 0:
                        continue
                    ways = comb(3, a) * comb(4, k) * comb(4, q) * comb(4, j) * comb(36, rest)
                    pts = 4 * a + 3 * k + 2 * q + j
                    out[pts] = out.get(pts, 0) + ways
    total = comb(51, 12)
    return {p: Fraction(w, total) for p, w in out.items()}


def test_shape_constraint_holds_and_the_rest_is_uniform():
    """--shape 3=4-4-x-x: West always has four spades and four hearts; every other seat's spade
    length then has the law of 13 cards from the 39 others (9 spades): hypergeometric."""
    from math import comb

    deal_spec, _ = spec_of([], [], ["3=4-4-x-x"])
    n = 40_000
    cols = census(7, 0, n, deal_spec)
    assert (cols["s3_len_s"] == 4).all() and (cols["s3_len_h"] == 4).all()
    ln = cols["s0_len_s"].astype(np.int64)
    for k in range(10):
        p = comb(9, k) * comb(30, 13 - k) / comb(39, 13)
        if p > 1e-4:
            z = ((ln == k).mean() - p) / math.sqrt(p * (1 - p) / n)
            assert abs(z) < 5, (k, z)


@pytest.mark.parametrize("hcp, shape, message", [
    (["0=37"], [], "random deals meet it"),
    ([], ["1=13-0-0-0"], "random deals meet it"),
    ([], ["0=7-7-x-x"], "no 13-card hand has these suit lengths"),
    (["0=12..40"], [], "not a range within 0..37"),
    (["5=12"], [], "seat must be 0 N"),
    ([], ["0=5-3-3"], "--shape takes SEAT=S-H-D-C"),
])
def test_refusals_are_one_line(hcp, shape, message):
    g = load_game("bridge")
    with pytest.raises(UserError, match=message) as exc:
        parse_given(g, g.rules(), [], hcp, shape)
    assert "\n" not in str(exc.value)


def test_other_games_refuse_hcp():
    g = load_game("doudizhu")
    with pytest.raises(UserError, match="does not offer --hcp"):
        parse_given(g, g.rules(), [], ["0=12"], [])
