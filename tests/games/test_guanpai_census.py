"""关牌 census kernel: equal to a card-by-card twin on seeded deals, and within 5σ of the exact
hypergeometric values on 300k deals per deck (fixed seeds)."""

import math

import numpy as np
import pytest

from kernels.guanpai.census import CENSUS_FEATURES, N_FEATURES, census
from sim.games.guanpai import exact as E
from sim.games.guanpai.rules import VARIANTS, GuanpaiRules, compile_rules
from sim.ruleset import apply_overrides
from tests.reference import guanpai_rules as ref
from tests.reference.rng import Stream, shuffle


def run_census(rules, seed, start, count, blocks=4):
    comp = compile_rules(rules)
    return census(comp, seed, start, count, blocks)  # no --fix


def twin_row(rules, seed, game):
    """Features of one deal, card by card, from the pure-Python stream and deal."""
    deck = [int(c) for c in compile_rules(rules).deck]
    shuffle(Stream(seed, game), deck)
    hands, _unused = ref.deal(deck, rules)
    seat, _card, idx = ref.first_lead_card(hands, rules)
    tcb = ref.TCB_RANK[rules.three_card_bomb_rank]
    feats = []
    for s in (0, 1):
        c = ref.counts_of(card // 4 for card in hands[s])
        feats.append((sum(1 for r in range(13) if c[r] == 4), int(tcb is not None and c[tcb] >= 3), c[12],
                      int(s == seat)))
    return feats, idx


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_census_equals_twin(variant):
    rules = apply_overrides(GuanpaiRules(), VARIANTS[variant].overrides)
    out, lead = run_census(rules, 99, 1000, 60)
    for i in range(60):
        feats, idx = twin_row(rules, 99, 1000 + i)
        assert lead[i] == idx
        for s in (0, 1):
            assert tuple(int(out[f, s, i]) for f in range(N_FEATURES)) == feats[s]


def z_mean(x, mean, var):
    return (x.mean() - mean) / math.sqrt(var / x.shape[0])


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_census_agrees_with_exact(variant):
    rules = apply_overrides(GuanpaiRules(), VARIANTS[variant].overrides)
    n = 400_000 if variant == "default" else 300_000  # 1M deals over the three decks
    out, lead = run_census(rules, 20260601, 0, n, blocks=8)
    f = {name: out[i].astype(np.float64) for i, name in enumerate(CENSUS_FEATURES)}
    for s in (0, 1):
        for k, p in E.bombs_pmf(rules).items():
            if p > 1e-4:
                hit = (f["bombs"][s] == k).astype(float)
                assert abs(z_mean(hit, float(p), float(p * (1 - p)))) < 5, ("bombs", k, s)
        for k, p in E.twos_pmf(rules).items():
            hit = (f["twos"][s] == k).astype(float)
            assert abs(z_mean(hit, float(p), float(p * (1 - p)))) < 5, ("twos", k, s)
        p = float(E.prob_three_bomb(rules))
        if p > 0:
            assert abs(z_mean(f["three_bomb"][s], p, p * (1 - p))) < 5
        assert abs(z_mean(f["leads"][s], 0.5, 0.25)) < 5
    assert (f["leads"].sum(axis=0) == 1).all()
    p = float(E.prob_holds_card(rules))  # P(a given player holds ♠3)
    for s in (0, 1):
        hit = ((lead == 0) & (f["leads"][s] == 1)).astype(float)
        assert abs(z_mean(hit, p, p * (1 - p))) < 5
    pmf = E.lead_card_pmf(rules)
    for i in range(4):
        p = float(pmf[i])
        hit = (lead == i).astype(float)
        assert abs(z_mean(hit, p, p * (1 - p))) < 5, ("lead card", i)
    assert float(sum(pmf)) == pytest.approx(1.0)
