"""干瞪眼 census kernel: equal to a card-by-card twin on seeded deals (banker, deal, first leader),
and within 5σ of the exact hypergeometric values per role on 200k deals (fixed seeds)."""

import math

import numpy as np
import pytest

from kernels.gandengyan.census import CENSUS_FEATURES, N_FEATURES, census_range
from kernels.gandengyan.state import new_state
from sim.games.gandengyan import exact as E
from sim.games.gandengyan.rules import VARIANTS, GandengyanRules, compile_rules
from sim.ruleset import apply_overrides
from tests.reference import gandengyan_game as G
from tests.reference.rng import Stream, shuffle

CASES = [("qq", 4, {}), ("qq", 2, {}), ("one-deck", 6, {}), ("two-deck", 10, {}),
         ("two-deck", 5, {"first_leader": "lowest_card"}), ("sichuan", 5, {})]


def rules_of(variant, players, extra):
    return apply_overrides(GandengyanRules(), {**VARIANTS[variant].overrides, "players": players, **extra})


def run(rules, seed, start, count, blocks=4):
    comp = compile_rules(rules)
    out = np.zeros((N_FEATURES, rules.players, count), np.int16)
    census_range(np.uint64(seed), start, count, new_state(comp.rules, comp.deck), out, blocks)  # no --fix
    return out


@pytest.mark.parametrize("variant,players,extra", CASES)
def test_census_equals_twin(variant, players, extra):
    rules = rules_of(variant, players, extra)
    out = run(rules, 5, 300, 40)
    for i in range(40):
        stream = Stream(5, 300 + i)
        deck = list(range(54 * rules.decks))
        shuffle(stream, deck)
        banker = stream.bounded(players)
        hands, _stock = G.deal(deck, rules, banker)
        leader = G.first_leader(hands, rules, banker)
        for s in range(players):
            nat, j = G.holding(hands[s])
            want = (len(hands[s]), int(s == banker), int(s == leader), j, nat[12],
                    sum(1 for x in nat if x >= rules.bomb_min))
            assert tuple(int(out[f, s, i]) for f in range(N_FEATURES)) == want


def z(hit, p):
    return (hit.mean() - p) / math.sqrt(p * (1 - p) / hit.shape[0])


@pytest.mark.parametrize("variant,players,extra", [c for c in CASES if not c[2]])
def test_census_agrees_with_exact(variant, players, extra):
    rules = rules_of(variant, players, extra)
    out = run(rules, 20260602, 0, 200_000, blocks=8).astype(np.int64)
    f = {name: out[i] for i, name in enumerate(CENSUS_FEATURES)}
    banker = f["banker"].astype(bool)
    assert (banker.sum(axis=0) == 1).all() and (f["leads"] == f["banker"]).all()
    for s in range(players):
        assert abs(z(banker[s], float(E.prob_banker(rules)))) < 5
    for role, mask in (("banker", banker), ("other", ~banker)):
        hand = E.hand_sizes(rules)[role]
        assert (f["cards"][mask] == hand).all()
        for name, pmf in (("jokers", E.jokers_pmf(rules, hand)), ("twos", E.twos_pmf(rules, hand)),
                          ("bombs", E.bombs_pmf(rules, hand))):
            values = f[name][mask]
            items = pmf.items() if isinstance(pmf, dict) else enumerate(pmf)
            for k, p in items:
                if p > 1e-4:
                    assert abs(z((values == k).astype(float), float(p))) < 5, (role, name, k)
        p2 = float(E.prob_joker_bomb(rules, hand))
        if p2 > 0:
            assert abs(z((f["jokers"][mask] >= 2).astype(float), p2)) < 5
