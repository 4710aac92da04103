"""关牌 and 干瞪眼 phase-1 kernels: move generation against the pure-Python reference, and census.

* move generation: the same random positions (a hand and a top play: leading, or following a play
  of another hand) through the kernel (``gp_generate`` / ``gd_generate``, looped inside numba)
  and through the reference ``legal_moves``; positions/s and the ratio;
* census: deals/s on one numba thread and on all cores.

    python benchmarks/bench_guanpai_gandengyan.py [--positions 20000] [--deals 2000000]

Cold compile time and peak memory are measured from the shell (see the printed command).
"""

from __future__ import annotations

import argparse
import os
import sys
import time

import numpy as np
from numba import njit, set_num_threads, config

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from benchmarks._util import fmt  # noqa: E402
from kernels.gandengyan.movegen import gd_generate  # noqa: E402
from kernels.gandengyan.policies import gd_choose  # noqa: E402
from kernels.guanpai.movegen import gp_generate  # noqa: E402
from kernels.guanpai.policies import gp_choose  # noqa: E402


@njit(cache=False, nogil=True)
def _gp_loop(hands, tops, rules, out):
    total = 0
    for i in range(hands.shape[0]):
        total += gp_generate(hands[i], tops[i], rules, out)
    return total


@njit(cache=False, nogil=True)
def _gd_loop(hands, tops, rules, out, work):
    total = 0
    for i in range(hands.shape[0]):
        total += gd_generate(hands[i], tops[i], rules, out, work)
    return total


@njit(cache=False, nogil=True)
def _gp_turns(hands, tops, rules, out, policy, pp, state, scratch):
    """One 关牌 turn per position: generate, then the player's choice."""
    total = 0
    counts = np.zeros((2, 16), np.int64)
    hand_left = np.array([10, 10])
    for i in range(hands.shape[0]):
        counts[0] = hands[i]
        n = gp_generate(hands[i], tops[i], rules, out)
        lead = tops[i, 0] == 0
        if n > 0 or lead:
            total += gp_choose(policy, 0, out, n, lead, counts, hand_left, pp, rules, state, scratch)
    return total


@njit(cache=False, nogil=True)
def _gd_turns(hands, tops, rules, out, work, policy, pp, state, scratch):
    """One 干瞪眼 turn per position (4 seats): generate, then the player's choice."""
    total = 0
    counts = np.zeros((4, 16), np.int64)
    hand_left = np.array([6, 5, 5, 5])
    played = np.zeros(16, np.int64)
    for i in range(hands.shape[0]):
        counts[0] = hands[i]
        hand_left[0] = hands[i].sum()
        n = gd_generate(hands[i], tops[i], rules, out, work)
        lead = tops[i, 0] == 0
        if n > 0:
            total += gd_choose(policy, 0, out, n, lead, counts, hand_left, -1 if lead else 1, played, pp, rules,
                               state, scratch)
    return total


def gp_positions(n, rng):
    from sim.games.guanpai.rules import GuanpaiRules
    from tests.reference import guanpai_rules as ref

    rules = GuanpaiRules()
    deck = [c // 4 for c in ref.deck_cards(rules)]
    hands, tops = np.zeros((n, 16), np.int64), np.zeros((n, 7), np.int64)
    for i in range(n):
        rng.shuffle(deck)
        for r in deck[:rng.integers(5, 18)]:
            hands[i, r] += 1
        if i % 2:
            plays = sorted(ref.all_plays(ref.counts_of(deck[17:29]), rules))
            tops[i] = plays[rng.integers(len(plays))]
    return rules, hands, tops


def gd_positions(n, rng, variant):
    from kernels.gandengyan.moves import JOKER
    from sim.games.gandengyan.rules import VARIANTS, GandengyanRules
    from sim.ruleset import apply_overrides
    from tests.reference import gandengyan_rules as ref

    rules = apply_overrides(GandengyanRules(), VARIANTS[variant].overrides)
    pack = [r for r in range(13) for _ in range(4 * rules.decks)] + [JOKER] * (2 * rules.decks)
    hands, tops = np.zeros((n, 16), np.int64), np.zeros((n, 7), np.int64)
    for i in range(n):
        rng.shuffle(pack)
        for r in pack[:rng.integers(3, 9)]:
            hands[i, r] += 1
        if i % 2:
            other = pack[10:16]
            nat = tuple(sum(1 for x in other if x == r) for r in range(13))
            plays = sorted(ref.legal_moves(nat, sum(1 for x in other if x == JOKER), None, rules))
            tops[i] = plays[rng.integers(len(plays))]
    return rules, hands, tops


def rate(fn, items, repeats=3):
    best = 0.0
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        best = max(best, items / (time.perf_counter() - t0))
    return best


def bench_movegen(n):
    from kernels.gandengyan.movegen import empty_work
    from sim.games.gandengyan.rules import compile_rules as gd_compile, max_moves
    from sim.games.guanpai.rules import MAX_MOVES, compile_rules as gp_compile
    from tests.reference import gandengyan_rules as gd_ref, guanpai_rules as gp_ref

    rng = np.random.default_rng(1)
    rules, hands, tops = gp_positions(n, rng)
    v, out = gp_compile(rules).rules, np.zeros((MAX_MOVES, 7), np.int64)
    _gp_loop(hands[:2], tops[:2], v, out)
    k = rate(lambda: _gp_loop(hands, tops, v, out), n)
    m = min(n, 300)
    as_top = lambda t: None if t[0] == 0 else tuple(int(x) for x in t)  # noqa: E731
    r = rate(lambda: [gp_ref.legal_moves(tuple(int(x) for x in hands[i, :15]), as_top(tops[i]), rules)
                      for i in range(m)], m, 1)
    print(f"关牌 move generation: kernel {fmt(k)} positions/s, reference {fmt(r)}/s, ratio {k / r:,.0f}x")
    from kernels.guanpai.policies import SCRATCH_LEN as GPS, params_matrix as gp_pp

    state = np.ones(4, np.uint64)
    for policy, name in enumerate(("random", "greedy", "smart")):
        pp = gp_pp([name, name], [{}, {}])
        _gp_turns(hands[:2], tops[:2], v, out, policy, pp, state, np.zeros(GPS, np.int64))
        t = rate(lambda: _gp_turns(hands, tops, v, out, policy, pp, state, np.zeros(GPS, np.int64)), n)
        print(f"关牌 turn (generate + {name}): {fmt(t)} turns/s")
    for variant in ("qq", "two-deck"):
        rules, hands, tops = gd_positions(n, rng, variant)
        v, out, work = gd_compile(rules).rules, np.zeros((max_moves(rules), 7), np.int64), empty_work()
        _gd_loop(hands[:2], tops[:2], v, out, work)
        k = rate(lambda: _gd_loop(hands, tops, v, out, work), n)
        r = rate(lambda: [gd_ref.legal_moves(tuple(int(x) for x in hands[i, :13]), int(hands[i, 15]),
                                             as_top(tops[i]), rules) for i in range(m)], m, 1)
        print(f"干瞪眼 {variant} move generation: kernel {fmt(k)} positions/s, reference {fmt(r)}/s, "
              f"ratio {k / r:,.0f}x")
        from kernels.gandengyan.policies import SCRATCH_LEN as GDS, params_matrix as gd_pp

        state = np.ones(4, np.uint64)
        for policy, name in enumerate(("random", "greedy", "smart")):
            pp = gd_pp([name] * 4, [{}] * 4)
            _gd_turns(hands[:2], tops[:2], v, out, work, policy, pp, state, np.zeros(GDS, np.int64))
            t = rate(lambda: _gd_turns(hands, tops, v, out, work, policy, pp, state, np.zeros(GDS, np.int64)), n)
            print(f"干瞪眼 {variant} turn (generate + {name}): {fmt(t)} turns/s")


def bench_census(n):
    from kernels.gandengyan.census import N_FEATURES as GDF, census_range as gd_census
    from kernels.guanpai.census import N_FEATURES as GPF, census_range as gp_census
    from sim.games.gandengyan.rules import GandengyanRules, compile_rules as gd_compile
    from sim.games.guanpai.rules import GuanpaiRules, compile_rules as gp_compile

    gp = gp_compile(GuanpaiRules())
    out, lead = np.zeros((GPF, 2, n), np.int16), np.zeros(n, np.int16)
    gd = gd_compile(GandengyanRules())
    out2 = np.zeros((GDF, 4, n), np.int16)
    for threads in (1, config.NUMBA_NUM_THREADS):
        set_num_threads(threads)
        none = np.zeros((0, 0), np.int64)  # no --fix
        gp_census(np.uint64(1), 0, 1000, gp.deck, none, none, gp.lead_order, gp.rules, out, lead, 4 * threads)
        a = rate(lambda: gp_census(np.uint64(1), 0, n, gp.deck, none, none, gp.lead_order, gp.rules, out, lead,
                                   4 * threads), n)
        gd_census(np.uint64(1), 0, 1000, gd.deck, none, none, gd.rules, out2, 4 * threads)
        b = rate(lambda: gd_census(np.uint64(1), 0, n, gd.deck, none, none, gd.rules, out2, 4 * threads), n)
        print(f"census on {threads} thread(s): 关牌 {fmt(a)} deals/s, 干瞪眼 qq 4p {fmt(b)} deals/s")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--positions", type=int, default=20000)
    p.add_argument("--deals", type=int, default=2_000_000)
    a = p.parse_args()
    bench_movegen(a.positions)
    bench_census(a.deals)
    print("cold compile: NUMBA_CACHE_DIR=$(mktemp -d) /usr/bin/time -v python benchmarks/compile_guanpai_gandengyan.py")


if __name__ == "__main__":
    main()
