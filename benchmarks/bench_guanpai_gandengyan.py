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
def _gp_turns(hands, tops, st):
    """One 关牌 turn per position (seat 0's player ``st.policies[0]``): generate, then the choice."""
    total = 0
    st.hand_left[:] = 10
    for i in range(hands.shape[0]):
        st.counts[0] = hands[i]
        n = gp_generate(st.counts[0], tops[i], st.rules, st.moves)
        lead = tops[i, 0] == 0
        if n > 0 or lead:
            total += gp_choose(st, 0, n, lead)
    return total


@njit(cache=False, nogil=True)
def _gd_turns(hands, tops, st):
    """One 干瞪眼 turn per position (4 seats, seat 0's player ``st.policies[0]``): generate, then the
    player's choice."""
    total = 0
    st.hand_left[:] = 5
    st.hand_left[1] = 6
    st.played[:] = 0
    for i in range(hands.shape[0]):
        st.counts[0] = hands[i]
        st.hand_left[0] = hands[i].sum()
        st.top[:] = tops[i]
        n = gd_generate(st.counts[0], st.top, st.rules, st.moves, st.work)
        lead = tops[i, 0] == 0
        st.gs[1] = -1 if lead else 1  # GS_TOP_SEAT
        if n > 0:
            total += gd_choose(st, 0, n, lead)
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
    from kernels.climb.moves import empty_moves
    from kernels.gandengyan.movegen import empty_work
    from sim.games.gandengyan.rules import compile_rules as gd_compile, max_moves
    from sim.games.guanpai.rules import MAX_MOVES, compile_rules as gp_compile
    from tests.reference import gandengyan_rules as gd_ref, guanpai_rules as gp_ref

    rng = np.random.default_rng(1)
    rules, hands, tops = gp_positions(n, rng)
    v, out = gp_compile(rules).rules, empty_moves(MAX_MOVES)
    _gp_loop(hands[:2], tops[:2], v, out)
    k = rate(lambda: _gp_loop(hands, tops, v, out), n)
    m = min(n, 300)
    as_top = lambda t: None if t[0] == 0 else tuple(int(x) for x in t)  # noqa: E731
    r = rate(lambda: [gp_ref.legal_moves(tuple(int(x) for x in hands[i, :15]), as_top(tops[i]), rules)
                      for i in range(m)], m, 1)
    print(f"关牌 move generation: kernel {fmt(k)} positions/s, reference {fmt(r)}/s, ratio {k / r:,.0f}x")
    from kernels.guanpai.policies import params_matrix as gp_pp
    from kernels.guanpai.state import new_state as gp_state

    none = np.zeros((0, 0), np.int64)
    for policy, name in enumerate(("random", "greedy", "smart")):
        st = gp_state(gp_compile(rules), none, none, [policy] * 2, gp_pp([name, name], [{}, {}]))
        st.rng[:] = 1
        _gp_turns(hands[:2], tops[:2], st)
        t = rate(lambda: _gp_turns(hands, tops, st), n)
        print(f"关牌 turn (generate + {name}): {fmt(t)} turns/s")
    for variant in ("qq", "two-deck"):
        rules, hands, tops = gd_positions(n, rng, variant)
        v, out, work = gd_compile(rules).rules, empty_moves(max_moves(rules)), empty_work()
        _gd_loop(hands[:2], tops[:2], v, out, work)
        k = rate(lambda: _gd_loop(hands, tops, v, out, work), n)
        r = rate(lambda: [gd_ref.legal_moves(tuple(int(x) for x in hands[i, :13]), int(hands[i, 15]),
                                             as_top(tops[i]), rules) for i in range(m)], m, 1)
        print(f"干瞪眼 {variant} move generation: kernel {fmt(k)} positions/s, reference {fmt(r)}/s, "
              f"ratio {k / r:,.0f}x")
        from kernels.gandengyan.policies import params_matrix as gd_pp
        from kernels.gandengyan.state import new_state as gd_state

        for policy, name in enumerate(("random", "greedy", "smart")):
            st = gd_state(v, gd_compile(rules).deck, [policy] * 4, gd_pp([name] * 4, [{}] * 4))
            st.rng[:] = 1
            _gd_turns(hands[:2], tops[:2], st)
            t = rate(lambda: _gd_turns(hands, tops, st), n)
            print(f"干瞪眼 {variant} turn (generate + {name}): {fmt(t)} turns/s")


def bench_census(n):
    from kernels.gandengyan.census import N_FEATURES as GDF, census_range as gd_census
    from kernels.guanpai.census import census as gp_census
    from sim.games.gandengyan.rules import GandengyanRules, compile_rules as gd_compile
    from sim.games.guanpai.rules import GuanpaiRules, compile_rules as gp_compile

    gp = gp_compile(GuanpaiRules())
    from kernels.gandengyan.state import new_state as gd_state

    gd = gd_compile(GandengyanRules())
    gd_template = gd_state(gd.rules, gd.deck)
    out2 = np.zeros((GDF, 4, n), np.int16)
    for threads in (1, config.NUMBA_NUM_THREADS):
        set_num_threads(threads)
        none = np.zeros((0, 0), np.int64)  # no --fix
        gp_census(gp, 1, 0, 1000, 4 * threads)
        a = rate(lambda: gp_census(gp, 1, 0, n, 4 * threads), n)
        gd_census(np.uint64(1), 0, 1000, gd_template, out2, 4 * threads)
        b = rate(lambda: gd_census(np.uint64(1), 0, n, gd_template, out2, 4 * threads), n)
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
