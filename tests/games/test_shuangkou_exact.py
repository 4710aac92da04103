"""双扣 exact values against closed forms and inclusion–exclusion."""

from fractions import Fraction
from math import comb

from sim.games.shuangkou.exact import census_exact, census_pmfs

ALL = comb(108, 27)


def test_closed_forms():
    ex = census_exact("both")
    assert ex["E[jokers]"] == 1 and ex["E[wild jokers]"] == 1
    assert census_exact("big_only")["E[wild jokers]"] == Fraction(1, 2)
    assert census_exact("none")["E[wild jokers]"] == 0
    assert ex["P(天王 held)"] == Fraction(comb(104, 23), ALL)
    assert ex["P(三王 held)"] == Fraction(4 * comb(104, 24) + comb(104, 23), ALL)
    for k in range(4, 9):
        assert ex[f"E[natural {k}-card bombs]"] == Fraction(13 * comb(8, k) * comb(100, 27 - k), ALL)
    # 12相: eight of a rank and all four wild jokers (two ranks of eight can share a hand)
    twelve = 13 * comb(96, 15) - comb(13, 2) * comb(88, 7)
    assert ex["P(bomb ≥ 12相)"] == Fraction(twelve, ALL)
    # without wild jokers the largest bomb is the largest natural count
    none = census_pmfs("none")
    assert {k: p for k, p in none["max_bomb"].items() if k >= 4} == \
        {k: p for k, p in none["max_natural"].items() if k >= 4}
    # 大王-only: 11相 is impossible, 10相 needs eight of a rank and both 大王 (up to three ranks of
    # eight fit in a hand with them)
    big = census_exact("big_only")
    assert big["P(bomb ≥ 11相)"] == 0
    ten = 13 * comb(98, 17) - comb(13, 2) * comb(90, 9) + comb(13, 3) * comb(82, 1)
    assert big["P(bomb ≥ 10相)"] == Fraction(ten, ALL)
    for mode in ("both", "big_only", "none"):
        for name, pmf in census_pmfs(mode).items():
            assert sum(pmf.values()) == 1, (mode, name)
