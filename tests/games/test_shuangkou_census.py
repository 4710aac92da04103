"""双扣 census kernel: row for row against a plain per-card census of the same deals, and its
means against the exact hypergeometric values (5 sigma, fixed seeds), for each wild mode."""

import math
from collections import Counter

import numpy as np
import pytest

from kernels.cards import card_rank
from kernels.shuangkou.census import census
from kernels.shuangkou.layout import CENSUS_FEATURES
from sim.games.shuangkou.exact import census_exact, census_pmfs
from sim.games.shuangkou.rules import ShuangkouRules, compile_rules
from sim.ruleset import apply_overrides
from tests.reference.rng import Stream, deal, shuffle

MODES = ("both", "big_only", "none")


def run_census(mode, seed, start, count, n_blocks=4):
    return census(compile_rules(apply_overrides(ShuangkouRules(), {"wild_jokers": mode})), seed, start, count, n_blocks)


def reference_features(hand, mode):
    c = Counter(card_rank(x) for x in hand)
    sj, bj = c[13], c[14]
    wild = (sj if mode == "both" else 0) + (bj if mode != "none" else 0)
    best = max(c[r] for r in range(13))
    f = {f"bombs{k}": sum(1 for r in range(13) if c[r] == k) for k in range(4, 9)}
    f.update(max_natural=best, max_bomb=best + wild if best + wild >= 4 else 0, jokers=sj + bj, big_jokers=bj,
             wild_jokers=wild)
    return f


@pytest.mark.parametrize("mode", MODES)
def test_rows_equal_reference(mode):
    seed, start, count = 99, 70, 600
    out = run_census(mode, seed, start, count)
    for i in range(count):
        deck = list(range(108))
        shuffle(Stream(seed, start + i), deck)
        hands, kitty = deal(deck, 4, 27)
        assert not kitty
        for seat in range(4):
            got = {name: int(out[f, seat, i]) for f, name in enumerate(CENSUS_FEATURES)}
            assert got == reference_features(hands[seat], mode), (start + i, seat)


@pytest.mark.parametrize("mode", MODES)
def test_means_match_exact(mode):
    """Every feature's mean over 100k deals x 4 seats within 5 sigma of the exact mean (sigma from
    one seat's variance over the deal count: an upper bound for the 4-seat average)."""
    out = run_census(mode, 31337, 0, 100_000)
    n = out.shape[2]
    for f, name in enumerate(CENSUS_FEATURES):
        pmf = census_pmfs(mode)[name]
        mean = float(sum(k * p for k, p in pmf.items()))
        var = float(sum((k - mean) ** 2 * p for k, p in pmf.items()))
        got = out[f].astype(np.float64).mean()
        assert abs(got - mean) <= 5 * math.sqrt(var / n) + 1e-12, (mode, name, got, mean)
    jokers = out[CENSUS_FEATURES.index("jokers")].sum(axis=0)
    assert (jokers == 4).all()
    ex = census_exact(mode)
    p = float(ex["P(bomb ≥ 6相)"])
    got = (out[CENSUS_FEATURES.index("max_bomb")] >= 6).mean()
    assert abs(got - p) <= 5 * math.sqrt(p * (1 - p) / n)
