"""五十K exact values against independent computations: closed forms, inclusion–exclusion, and a
brute-force enumeration of every holding of the 24 point cards (5, 10, K by suit and copy)."""

from fractions import Fraction
from itertools import product
from math import comb

import numpy as np

from sim.games.wushik.exact import census_exact, census_pmfs, p_fu_510k

ALL = comb(104, 26)


def test_closed_forms():
    ex = census_exact()
    for k in range(4, 9):
        assert ex[f"E[{k}-card bombs]"] == Fraction(13 * comb(8, k) * comb(96, 26 - k), ALL)
    eight = sum((-1) ** (j + 1) * comb(13, j) * comb(104 - 8 * j, 26 - 8 * j) for j in (1, 2, 3))
    assert ex["P(bomb ≥ 8)"] == Fraction(eight, ALL) == ex["P(dealt 8 of a kind)"]
    assert ex["E[points]"] == 50
    # one suit's 5, 10, K (two copies each): P(at least one of each) by inclusion–exclusion
    one_each = ALL - 3 * comb(102, 26) + 3 * comb(100, 26) - comb(98, 26)
    all_six = comb(98, 20)
    assert ex["E[正510K]"] == 4 * Fraction(one_each + all_six, ALL)
    for name, pmf in census_pmfs().items():
        assert sum(pmf.values()) == 1, name


def test_point_card_holdings_by_enumeration():
    """Every holding of the 12 (rank, suit) point faces, 0..2 copies each (3^12 cases), weighted
    by the ways to pick them and the rest of the hand: zheng_510k, any_510k and fu_510k pmfs."""
    grid = np.array(list(product(range(3), repeat=12)), np.int64).reshape(-1, 3, 4)  # [case, rank, suit]
    ways = np.prod(np.where(grid == 1, 2, 1), axis=(1, 2))  # C(2, k): 1, 2, 1
    taken = grid.sum(axis=(1, 2))
    zheng = grid.min(axis=1).sum(axis=1)
    per_rank = grid.sum(axis=2)
    any510 = per_rank.min(axis=1)
    held = grid > 0
    single_suit = np.array([(held[:, :, s].all(axis=1)) & (held.sum(axis=(1, 2)) == held[:, :, s].sum(axis=1))
                            for s in range(4)]).any(axis=0)
    fu = (per_rank > 0).all(axis=1) & ~single_suit

    def pmf(values):
        out: dict[int, Fraction] = {}
        for v in np.unique(values):
            for t in np.unique(taken[values == v]):
                w = int(ways[(values == v) & (taken == t)].sum())
                if t <= 26:
                    out[int(v)] = out.get(int(v), Fraction(0)) + Fraction(w * comb(80, 26 - int(t)), ALL)
        return {k: p for k, p in out.items() if p}

    pmfs = census_pmfs()
    assert pmf(zheng) == {k: p for k, p in pmfs["zheng_510k"].items() if p}
    assert pmf(any510) == {k: p for k, p in pmfs["any_510k"].items() if p}
    assert pmf(fu.astype(np.int64))[1] == p_fu_510k()
