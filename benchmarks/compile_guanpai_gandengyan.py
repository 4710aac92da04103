"""Warm up every phase-1 kernel of 关牌 or 干瞪眼 once (move generation, beat rule, players,
deal, census), so that a run under an empty ``NUMBA_CACHE_DIR`` measures the cold compile:

    NUMBA_CACHE_DIR=$(mktemp -d) /usr/bin/time -v python benchmarks/compile_guanpai_gandengyan.py guanpai
"""

from __future__ import annotations

import os
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def warm_guanpai():
    from kernels.guanpai.census import census
    from kernels.guanpai.deal import deal_counts, first_lead
    from kernels.guanpai.movegen import gp_beats, gp_generate, keep_with_rank
    from kernels.guanpai.policies import gp_choose, params_matrix
    from kernels.guanpai.state import new_state
    from sim.games.guanpai.rules import GuanpaiRules, compile_rules

    comp = compile_rules(GuanpaiRules())
    none = np.zeros((0, 0), np.int64)  # no --fix
    st = new_state(comp, none, none, [2, 1], params_matrix(["smart", "greedy"], [{}, {}]))
    counts, moves, top = st.counts, st.moves, st.top
    deal_counts(comp.deck, 2, 17, counts)
    first_lead(comp.deck, 2, 17, comp.lead_order, np.zeros(54, np.int64))
    st.hand_left[:] = counts.sum(axis=1)
    st.rng[:] = 1
    n = gp_generate(counts[0], top, comp.rules, moves)
    gp_beats(moves[0], top, comp.rules)
    keep_with_rank(moves, n, 0)
    for policy in range(3):
        st.policies[0] = policy
        gp_choose(st, 0, n, True)
    census(comp, 1, 0, 10, 2)


def warm_gandengyan():
    from kernels.climb.loop import GS_TOP_SEAT
    from kernels.gandengyan.census import N_FEATURES, census_range
    from kernels.gandengyan.deal import deal_hands, draw_card, first_leader
    from kernels.gandengyan.movegen import dengyan, gd_beats, gd_generate, remove_move
    from kernels.gandengyan.policies import gd_choose, params_matrix
    from kernels.gandengyan.state import new_state
    from sim.games.gandengyan.rules import GandengyanRules, compile_rules

    rules = GandengyanRules()
    comp = compile_rules(rules)
    st = new_state(comp.rules, comp.deck, [2] * 4, params_matrix(["smart"] * 4, [{}] * 4))
    counts = st.counts
    pos = deal_hands(comp.deck, 4, 0, comp.rules, counts, st.lowest)
    first_leader(4, 0, st.lowest, comp.rules)
    draw_card(comp.deck, pos, counts, 0)
    st.hand_left[:] = counts.sum(axis=1)
    st.rng[:] = 1
    st.gs[GS_TOP_SEAT] = -1
    n = gd_generate(counts[0], st.top, comp.rules, st.moves, st.work)
    moves = st.moves
    gd_beats(moves[0], st.top, comp.rules)
    dengyan(counts[0], moves[0], comp.rules)
    for policy in range(3):
        st.policies[0] = policy
        gd_choose(st, 0, n, True)
    remove_move(counts[0], moves[0])
    census_range(np.uint64(1), 0, 10, new_state(comp.rules, comp.deck), np.zeros((N_FEATURES, 4, 10), np.int16), 2)


if __name__ == "__main__":
    t0 = time.perf_counter()
    for game in sys.argv[1:] or ["guanpai", "gandengyan"]:
        t = time.perf_counter()
        {"guanpai": warm_guanpai, "gandengyan": warm_gandengyan}[game]()
        print(f"{game}: {time.perf_counter() - t:.1f} s")
    print(f"total {time.perf_counter() - t0:.1f} s")
