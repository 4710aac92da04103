"""Exact deal values of 百变双扣 for one seat (hypergeometric, exact fractions).

Deck: 108 cards = 13 ranks x 8 naturals + 2 小王 + 2 大王, 27 cards a seat. Given the jokers a
seat holds, its naturals are a uniform subset of the 104 naturals, so every value conditions on
(小王, 大王) held. ``census_pmfs(wild_jokers)`` gives the exact distribution of every census
feature of ``kernels.shuangkou.layout.CENSUS_FIELDS``; the census tests compare Monte Carlo
means with them.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import comb

from analysis.exact import DeckSpec, pmf_at_least, pmf_mean, prob_max_natural_at_least, ranks_with_count_pmf

N_CARDS = 108
HAND = 27
NATURALS = 104
COPIES = 8
SHUANGKOU_DECK = DeckSpec(rank_copies=(COPIES,) * 13, hand_size=HAND, jokers=4)  # jokers score nothing
Pmf = dict[int, Fraction]


def joker_split_pmf() -> dict[tuple[int, int], Fraction]:
    """P(小王 = s, 大王 = b held), s, b in 0..2."""
    all_hands = comb(N_CARDS, HAND)
    return {(s, b): Fraction(comb(2, s) * comb(2, b) * comb(NATURALS, HAND - s - b), all_hands)
            for s in range(3) for b in range(3)}


def wild_count(s: int, b: int, wild_jokers: str) -> int:
    return (s if wild_jokers == "both" else 0) + (b if wild_jokers in ("both", "big_only") else 0)


@lru_cache(maxsize=None)
def _max_natural_pmf(hand: int) -> tuple:
    """P(most naturals of one rank = m), m = 0..8, for ``hand`` naturals from the 104."""
    deck = DeckSpec(rank_copies=(COPIES,) * 13, hand_size=hand)
    at_least = [prob_max_natural_at_least(deck, m) if m >= 1 else Fraction(1) for m in range(COPIES + 2)]
    return tuple(at_least[m] - at_least[m + 1] for m in range(COPIES + 1))


def max_bomb_pmf(wild_jokers: str = "both") -> Pmf:
    """Largest one-rank bomb in 相: most naturals of a rank + wild jokers held, 0 under 4."""
    pmf: Pmf = {}
    for (s, b), p in joker_split_pmf().items():
        w = wild_count(s, b, wild_jokers)
        for m, q in enumerate(_max_natural_pmf(HAND - s - b)):
            v = m + w if m + w >= 4 else 0
            pmf[v] = pmf.get(v, Fraction(0)) + p * q
    return dict(sorted(pmf.items()))


def max_natural_pmf() -> Pmf:
    pmf: Pmf = {}
    for (s, b), p in joker_split_pmf().items():
        for m, q in enumerate(_max_natural_pmf(HAND - s - b)):
            pmf[m] = pmf.get(m, Fraction(0)) + p * q
    return pmf


@lru_cache(maxsize=None)
def census_pmfs(wild_jokers: str = "both") -> dict[str, Pmf]:
    """Exact per-seat distribution of every census feature (``CENSUS_FIELDS`` names)."""
    split = joker_split_pmf()
    jokers: Pmf = {}
    big: Pmf = {}
    wild: Pmf = {}
    for (s, b), p in split.items():
        jokers[s + b] = jokers.get(s + b, Fraction(0)) + p
        big[b] = big.get(b, Fraction(0)) + p
        w = wild_count(s, b, wild_jokers)
        wild[w] = wild.get(w, Fraction(0)) + p
    out = {f"bombs{k}": ranks_with_count_pmf(SHUANGKOU_DECK, (k,)) for k in range(4, 9)}
    out["max_natural"] = max_natural_pmf()
    out["max_bomb"] = max_bomb_pmf(wild_jokers)
    out["jokers"] = jokers
    out["big_jokers"] = big
    out["wild_jokers"] = wild
    return out


def census_exact(wild_jokers: str = "both") -> dict[str, Fraction]:
    """Headline exact values: P(a bomb of >= k 相) with wilds, expected natural bombs, jokers."""
    pmfs = census_pmfs(wild_jokers)
    out: dict[str, Fraction] = {}
    for k in range(4, 13):
        out[f"P(bomb ≥ {k}相)"] = pmf_at_least(pmfs["max_bomb"], k)
    for k in range(4, 9):
        out[f"E[natural {k}-card bombs]"] = pmf_mean(pmfs[f"bombs{k}"])
    out["E[natural bombs]"] = sum((out[f"E[natural {k}-card bombs]"] for k in range(4, 9)), Fraction(0))
    out["E[jokers]"] = pmf_mean(pmfs["jokers"])
    out["E[wild jokers]"] = pmf_mean(pmfs["wild_jokers"])
    out["P(三王 held)"] = pmf_at_least(pmfs["jokers"], 3)
    out["P(天王 held)"] = pmfs["jokers"].get(4, Fraction(0))
    return out
