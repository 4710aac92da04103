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
    from kernels.guanpai.census import N_FEATURES, census_range
    from kernels.guanpai.deal import deal_counts, first_lead
    from kernels.guanpai.movegen import empty_moves, gp_beats, gp_generate, keep_with_rank
    from kernels.guanpai.policies import SCRATCH_LEN, gp_choose, params_matrix
    from sim.games.guanpai.rules import MAX_MOVES, GuanpaiRules, compile_rules

    comp = compile_rules(GuanpaiRules())
    counts = np.zeros((2, 16), np.int64)
    deal_counts(comp.deck, 2, 17, counts)
    first_lead(comp.deck, 2, 17, comp.lead_order, np.zeros(54, np.int64))
    moves, top = empty_moves(MAX_MOVES), np.zeros(7, np.int64)
    n = gp_generate(counts[0], top, comp.rules, moves)
    gp_beats(moves[0], top, comp.rules)
    keep_with_rank(moves, n, 0)
    pp, state = params_matrix(["smart", "greedy"], [{}, {}]), np.ones(4, np.uint64)
    for policy in range(3):
        gp_choose(policy, 0, moves, n, True, counts, counts.sum(axis=1), pp, comp.rules, state,
                  np.zeros(SCRATCH_LEN, np.int64))
    none = np.zeros((0, 0), np.int64)  # no --fix
    census_range(np.uint64(1), 0, 10, comp.deck, none, none, comp.lead_order, comp.rules,
                 np.zeros((N_FEATURES, 2, 10), np.int16), np.zeros(10, np.int16), 2)


def warm_gandengyan():
    from kernels.gandengyan.census import N_FEATURES, census_range
    from kernels.gandengyan.deal import deal_hands, draw_card, first_leader
    from kernels.gandengyan.movegen import dengyan, empty_moves, empty_work, gd_beats, gd_generate, remove_move
    from kernels.gandengyan.policies import SCRATCH_LEN, gd_choose, params_matrix
    from sim.games.gandengyan.rules import GandengyanRules, compile_rules, max_moves

    rules = GandengyanRules()
    comp = compile_rules(rules)
    counts, lowest = np.zeros((4, 16), np.int64), np.zeros(4, np.int64)
    pos = deal_hands(comp.deck, 4, 0, comp.rules, counts, lowest)
    first_leader(4, 0, lowest, comp.rules)
    draw_card(comp.deck, pos, counts, 0)
    moves, top = empty_moves(max_moves(rules)), np.zeros(7, np.int64)
    n = gd_generate(counts[0], top, comp.rules, moves, empty_work())
    gd_beats(moves[0], top, comp.rules)
    dengyan(counts[0], moves[0], comp.rules)
    pp, state = params_matrix(["smart"] * 4, [{}] * 4), np.ones(4, np.uint64)
    for policy in range(3):
        gd_choose(policy, 0, moves, n, True, counts, counts.sum(axis=1), -1, np.zeros(16, np.int64), pp, comp.rules,
                  state, np.zeros(SCRATCH_LEN, np.int64))
    remove_move(counts[0], moves[0])
    none = np.zeros((0, 0), np.int64)  # no --fix
    census_range(np.uint64(1), 0, 10, comp.deck, none, none, comp.rules, np.zeros((N_FEATURES, 4, 10), np.int16), 2)


if __name__ == "__main__":
    t0 = time.perf_counter()
    for game in sys.argv[1:] or ["guanpai", "gandengyan"]:
        t = time.perf_counter()
        {"guanpai": warm_guanpai, "gandengyan": warm_gandengyan}[game]()
        print(f"{game}: {time.perf_counter() - t:.1f} s")
    print(f"total {time.perf_counter() - t0:.1f} s")
