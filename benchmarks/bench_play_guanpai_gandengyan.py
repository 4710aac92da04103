"""关牌 and 干瞪眼 full-hand throughput per variant and policy, and the ratio against the pure-Python
reference engine.

    python benchmarks/bench_play_guanpai_gandengyan.py [--n 20000] [--reference-n 40] [--repeats 3]

For each configuration (game, variant, players) and policy (every seat the same) prints hands/s of
the numba hand loop (``run_kernel``, what ``paiju play`` runs, Parquet writing excluded) on one
thread and on all cores (median of ``--repeats`` after a warm-up), then replays ``--reference-n``
hands of random players through the reference engine (tests/reference: every action checked
against its legal-move enumeration, the draws and the payment) and prints the ratio paiju random
(one thread) / reference.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the reference engine lives in tests/

import numba  # noqa: E402

from benchmarks._util import fmt  # noqa: E402
from sim.runner import RunSpec  # noqa: E402

CONFIGS = [("guanpai", "default", 2), ("gandengyan", "qq", 2), ("gandengyan", "qq", 4),
           ("gandengyan", "one-deck", 6), ("gandengyan", "two-deck", 6), ("gandengyan", "sichuan", 4)]
POLICIES = ("random", "greedy", "smart")


def make_spec(game, variant, players, policy, n):
    from sim.ruleset import apply_overrides

    if game == "guanpai":
        from sim.games.guanpai.rules import VARIANTS, GuanpaiRules as Rules

        over = dict(VARIANTS[variant].overrides)
    else:
        from sim.games.gandengyan.rules import VARIANTS, GandengyanRules as Rules

        over = {**VARIANTS[variant].overrides, "players": players}
    rules = apply_overrides(Rules(), over)
    return RunSpec(game, "play", variant, rules, 1, n, n,
                   {"policies": [policy] * players, "policy_params": [{}] * players, "hands_per_session": 1})


def kernel_rate(spec, n, threads, repeats):
    """(hands per wall second, hands per CPU second of this process) on ``threads`` threads; the
    CPU rate is what a thread gives when the shared machine's other jobs take cores away."""
    import importlib
    import statistics

    play = importlib.import_module(f"sim.games.{spec.game}.play")
    numba.set_num_threads(threads)
    inputs = play.kernel_inputs(spec)
    play.run_kernel(spec, 0, 200, inputs)
    wall, cpu = [], []
    for _ in range(repeats):
        t0, c0 = time.perf_counter(), time.process_time()
        play.run_kernel(spec, 0, n, inputs)
        wall.append(n / (time.perf_counter() - t0))
        cpu.append(n / (time.process_time() - c0))
    return statistics.median(wall), statistics.median(cpu)


def reference_rate(spec, n):
    """Hands per CPU second of the reference engine replaying ``n`` hands of random players."""
    import importlib

    import numpy as np

    from kernels.climb.loop import LOG_MOVE

    play = importlib.import_module(f"sim.games.{spec.game}.play")
    rows = play.compute_play(spec, 0, n).to_pylist()
    jobs = []
    for g, stored in enumerate(rows):
        row, log, deck = play.play_logged(spec, g, stored)
        jobs.append((stored, log, deck))
    t0 = time.process_time()
    if spec.game == "guanpai":
        from kernels.guanpai.moves import PASS
        from sim.games.guanpai.rules import DECKS, lead_order
        from tests.reference import guanpai_rules as ref

        info, order = DECKS[spec.rules.deck], lead_order(spec.rules.first_lead_order)
        for stored, log, deck in jobs:
            dealt = np.zeros((info["hands"], 15), np.int64)
            for p in range(info["hands"] * info["hand_size"]):
                dealt[p % info["hands"], (int(deck[p]) % 54) // 4] += 1
            actions = [ref.PASS_KEY if a[LOG_MOVE] == PASS else tuple(int(x) for x in a[LOG_MOVE:LOG_MOVE + 7])
                       for a in log]
            ref.replay([tuple(int(x) for x in dealt[k]) for k in range(2)], stored["first_leader"], actions,
                       spec.rules, int(order[stored["lead_card"]]) // 4)
    else:
        from kernels.gandengyan.moves import DRAW, LEAD_PASS, PASS
        from tests.games.test_gandengyan_conformance import deal_of
        from tests.reference import gandengyan_game as G
        from tests.reference.gandengyan_rules import PASS_KEY

        for stored, log, deck in jobs:
            hands, stock = deal_of(spec, deck, stored["banker"])
            actions = [PASS_KEY if a[LOG_MOVE] == PASS else tuple(int(x) for x in a[LOG_MOVE:LOG_MOVE + 7])
                       for a in log if a[LOG_MOVE] not in (DRAW, LEAD_PASS)]
            G.replay(hands, stock, stored["banker"], stored["first_leader"], actions, spec.rules)
    return n / (time.process_time() - t0)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--n", type=int, default=20_000)
    p.add_argument("--reference-n", type=int, default=40)
    p.add_argument("--repeats", type=int, default=3)
    p.add_argument("--only", default="", help="game or game:variant to run alone")
    a = p.parse_args()
    cores = numba.config.NUMBA_NUM_THREADS
    print(f"hands/s of the numba hand loop; all cores = {cores} threads (os.cpu_count() = {os.cpu_count()})")
    print("hands/s: wall clock; per CPU s: hands per CPU second of the process (1 thread); reference and ratio")
    print("per CPU second (the machine is shared: the wall clock counts other jobs)")
    print(f"{'game':<11}{'variant':<10}{'seats':>5}  {'policy':<7}{'1 thread':>10}{'per CPU s':>11}{'all cores':>11}"
          f"{'reference':>11}{'ratio':>9}")
    for game, variant, players in CONFIGS:
        if a.only and a.only not in (game, f"{game}:{variant}"):
            continue
        ref = None
        for policy in POLICIES:
            spec = make_spec(game, variant, players, policy, a.n)
            one, one_cpu = kernel_rate(spec, a.n, 1, a.repeats)
            every, _ = kernel_rate(spec, a.n, cores, a.repeats)
            ratio = ""
            if policy == "random":
                ref = reference_rate(make_spec(game, variant, players, policy, a.reference_n), a.reference_n)
                ratio = f"{one_cpu / ref:,.0f}x"
            print(f"{game:<11}{variant:<10}{players:>5}  {policy:<7}{fmt(one):>10}{fmt(one_cpu):>11}{fmt(every):>11}"
                  f"{fmt(ref) if policy == 'random' else '':>11}{ratio:>9}", flush=True)


if __name__ == "__main__":
    main()
