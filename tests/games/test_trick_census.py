"""Census kernels of both games: each deal's features against a pure-Python count, and the
Monte Carlo means and distributions against exact values (5 sigma, fixed seeds)."""

import math
from collections import Counter

import numpy as np
import pytest

from kernels.hongwu import play as HP
from kernels.run_vector import run_vector
from kernels.tractor import play as TP
from kernels.trick.census import FEATURE_NAMES, N_FEATURES
from kernels.trick.players import params_matrix
from sim.games.hongwu import exact as HX
from sim.games.hongwu.rules import HongwuRules
from sim.games.hongwu.rules import compile_rules as hongwu_rules
from sim.games.tractor import exact as TX
from sim.games.tractor.rules import TractorRules
from sim.games.tractor.rules import compile_rules as tractor_rules
from analysis.exact.deck import pmf_mean, pmf_var
from tests.reference import trick_rules as ref
from tests.reference.rng import Stream, shuffle

GAMES = {"tractor": (TP, 108, 25, tractor_rules(TractorRules())["rules"]),
         "hongwu": (HP, 162, 39, hongwu_rules(HongwuRules())["rules"])}


def census(game, n, trump, seed=1, start=0):
    mod, _, _, rules = GAMES[game]
    out = np.zeros((n, mod.CENSUS_COLS), np.int64)
    pp = params_matrix(["smart"] * 4)
    mod.census_range(mod.census_template(rules, pp), run_vector(seed, start, n, 2), out, trump)
    return out


def feature(out, name):
    f = FEATURE_NAMES.index(name)
    return out[:, 2 + f * 4: 2 + f * 4 + 4]


def reference_features(game, seed, g, trump):
    _, n_ids, hand, _ = GAMES[game]
    deck = list(range(n_ids))
    shuffle(Stream(seed, g), deck)
    order = ref.tractor_order(0, trump) if game == "tractor" else ref.hongwu_order(trump)
    rows = []
    for s in range(4):
        h = Counter(ref.kind(deck[p]) for p in range(s, 4 * hand, 4))
        tractors = 0
        for c in range(5):
            for chain in order.chains[c]:
                run = 0
                for lvl in chain + [None]:
                    paired = lvl is not None and any(h[k] >= 2 for k in order.levels[c][lvl])
                    if paired:
                        run += 1
                    else:
                        tractors += run >= 2
                        run = 0
        rows.append({"trumps": sum(n for k, n in h.items() if order.cls[k] == ref.TRUMP),
                     "pairs": sum(1 for n in h.values() if n >= 2), "triples": sum(1 for n in h.values() if n >= 3),
                     "runs": tractors, "points": sum(ref.kind_points(k) * n for k, n in h.items()),
                     "hot": h[9] if game == "hongwu" else 0, "jokers": h[52] + h[53]})
    return rows


@pytest.mark.parametrize("game", ["tractor", "hongwu"])
def test_census_features_match_reference(game):
    for trump in (0, 1):
        out = census(game, 12, trump, seed=4)
        for g in range(12):
            want = reference_features(game, 4, g, trump)
            for name in FEATURE_NAMES:
                assert feature(out, name)[g].tolist() == [w[name] for w in want], (game, g, name)
    assert N_FEATURES == len(FEATURE_NAMES)


def within(samples, mean, var, sigmas=5.0):
    """|sample mean - exact mean| within ``sigmas`` standard errors (seats counted as independent:
    the within-deal correlation is negative, so this is conservative)."""
    se = math.sqrt(var / samples.size)
    assert abs(samples.mean() - mean) < sigmas * se, (samples.mean(), mean, se)


def test_tractor_census_against_exact():
    out = census("tractor", 20_000, 0, seed=7)
    tp, pp, pts = TX.trumps_pmf(), TX.pairs_pmf(), TX.points_pmf()
    within(feature(out, "trumps"), float(pmf_mean(tp)), float(pmf_var(tp)))
    within(feature(out, "pairs"), float(pmf_mean(pp)), float(pmf_var(pp)))
    within(feature(out, "points"), float(pmf_mean(pts)), float(pmf_var(pts)))
    assert float(pmf_mean(pp)) == pytest.approx(float(TX.expected_pairs()))
    # the whole distribution of pairs, cell by cell (seat 0: independent deals)
    seat0 = feature(out, "pairs")[:, 0]
    for k, p in pp.items():
        if p > 1e-4:
            within((seat0 == k).astype(float), float(p), float(p * (1 - p)))


def test_hongwu_census_against_exact():
    out = census("hongwu", 20_000, 0, seed=8)
    h5 = feature(out, "hot")[:, 0]
    for k, p in HX.hearts5_pmf().items():
        within((h5 == k).astype(float), float(p), float(p * (1 - p)))
    for name, pmf in (("trumps", HX.trumps_pmf(0)), ("pairs", HX.pairs_pmf()), ("triples", HX.triples_pmf()),
                      ("points", HX.points_pmf())):
        within(feature(out, name), float(pmf_mean(pmf)), float(pmf_var(pmf)))
    hearts = census("hongwu", 5_000, 1, seed=9)  # ♥ trump: ♥5 counted once, 57 trumps
    within(feature(hearts, "trumps"), float(pmf_mean(HX.trumps_pmf(1))), float(pmf_var(HX.trumps_pmf(1))))


def test_declared_trump_matches_play():
    """The census's trump suit by declaration is the one the first hand of play uses."""
    import kernels.tractor.codes as C
    from kernels.tractor.layout import LAYOUT

    out = census("tractor", 6, -1, seed=12)
    rules = GAMES["tractor"][3]
    pol = np.full(4, 2, np.int64)
    for g in range(6):
        ms = np.zeros(C.MS_LEN, np.int64)
        ms[C.MS_BANKER_TEAM] = -1
        row, _ = TP.play_logged(np.uint64(12), g, 0, ms, rules, pol, params_matrix(["smart"] * 4))
        d = LAYOUT.unpack(row[None, :], 4)
        assert out[g, 0] == d["trump_suit"][0] and out[g, 1] == d["declarer"][0]


@pytest.mark.parametrize("game", ["tractor", "hongwu"])
def test_census_blocks_on_threads_agree(game):
    """Many small blocks on two threads give the rows of one block. Each block deals on a borrowed
    view of its own clone, which must outlive the block: a clone freed right after ``borrow``
    (numba drops a variable after its last use) had its memory handed to the next block's clone
    on the other thread (seen: heap corruption, malloc aborts)."""
    import numba

    mod, _, _, rules = GAMES[game]
    pp = params_matrix(["smart"] * 4)
    threads = numba.get_num_threads()
    numba.set_num_threads(min(2, numba.config.NUMBA_NUM_THREADS))
    try:
        outs = []
        for n_blocks in (200, 1):
            out = np.zeros((40000, mod.CENSUS_COLS), np.int64)
            mod.census_range(mod.census_template(rules, pp), run_vector(3, 0, len(out), n_blocks), out, -1)
            outs.append(out)
    finally:
        numba.set_num_threads(threads)
    assert np.array_equal(outs[0], outs[1])
