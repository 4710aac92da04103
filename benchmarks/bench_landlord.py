"""斗地主 throughput: paiju against OpenSpiel (C++) and RLCard, uniform random players.

For the same time budget each engine plays as many whole games as it can:

* OpenSpiel: ``pyspiel.evaluate_bots`` with three C++ uniform random bots (``dou_dizhu``);
* RLCard: ``rlcard.make('doudizhu')`` with ``RandomAgent``s (skipped if rlcard is missing);
* paiju: ``doudizhu`` variant ``openspiel`` with ``random`` players (the same rules and the same
  random semantics as OpenSpiel's bots: uniform over bids and over every legal move), on one
  numba thread and on all cores.

Prints games/s and the ratios, then the landlord win rate under uniform random play from paiju
and from OpenSpiel with 95% Wilson intervals (hands where somebody bid; OpenSpiel ends an
all-pass auction with returns 0), which should agree.

    python benchmarks/bench_landlord.py [--seconds 3]
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float, float]:
    if n == 0:
        return float("nan"), float("nan"), float("nan")
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return p, c - h, c + h


def bench_openspiel(seconds: float):
    import pyspiel

    game = pyspiel.load_game("dou_dizhu")
    bots = [pyspiel.make_uniform_random_bot(p, 1000 + p) for p in range(3)]
    state = game.new_initial_state()
    pyspiel.evaluate_bots(state, bots, 0)  # warm up
    n = wins = games_with_landlord = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        for _ in range(200):
            ret = pyspiel.evaluate_bots(game.new_initial_state(), bots, n)
            n += 1
            if any(ret):  # somebody bid: the landlord's return is the one of the other sign
                games_with_landlord += 1
                wins += sum(1 for r in ret if r > 0) == 1
    dt = time.perf_counter() - t0
    return n / dt, wins, games_with_landlord


def bench_rlcard(seconds: float):
    try:
        import rlcard
        from rlcard.agents import RandomAgent
    except ImportError:
        return None
    env = rlcard.make("doudizhu", config={"seed": 0})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
    env.run(is_training=False)
    n = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        env.run(is_training=False)
        n += 1
    return n / (time.perf_counter() - t0)


def bench_paiju(seconds: float, threads: int):
    import numba

    from kernels.landlord import rows as W
    from sim.games.doudizhu import VARIANTS, Rules
    from sim.games.landlord_play import kernel_inputs, run_kernel
    from sim.ruleset import apply_overrides
    from sim.runner import RunSpec

    rules = apply_overrides(Rules(), VARIANTS["openspiel"][1])
    spec = RunSpec("doudizhu", "play", "openspiel", rules, 1, 0, 0,
                   {"policies": ["random"] * 3, "policy_params": [{}] * 3, "hands_per_session": 1})
    numba.set_num_threads(threads)
    inputs = kernel_inputs(spec)
    run_kernel(spec, 0, 1000, inputs)  # compile / load
    chunk = 20000 * threads
    n = wins = has = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        rows = run_kernel(spec, n, n + chunk, inputs)
        n += chunk
        ok = rows[:, W.ROW_LANDLORD] >= 0
        has += int(ok.sum())
        wins += int(rows[ok, W.ROW_LANDLORD_WON].sum())
    return n / (time.perf_counter() - t0), wins, has


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=3.0)
    args = ap.parse_args()
    import numba

    cores = numba.config.NUMBA_NUM_THREADS
    os_rate, os_w, os_n = bench_openspiel(args.seconds)
    rl_rate = bench_rlcard(args.seconds)
    p1_rate, p1_w, p1_n = bench_paiju(args.seconds, 1)
    pa_rate, pa_w, pa_n = bench_paiju(args.seconds, cores)
    print(f"budget {args.seconds:.1f} s per engine; uniform random players; 斗地主 3p")
    print(f"  OpenSpiel C++ evaluate_bots      {os_rate:12,.0f} games/s")
    if rl_rate is None:
        print("  RLCard doudizhu                  (rlcard not importable: pip install rlcard)")
    else:
        print(f"  RLCard doudizhu RandomAgent      {rl_rate:12,.0f} games/s")
    print(f"  paiju doudizhu (openspiel) 1 thr {p1_rate:12,.0f} games/s   x{p1_rate / os_rate:.1f} OpenSpiel"
          + (f", x{p1_rate / rl_rate:.0f} RLCard" if rl_rate else ""))
    print(f"  paiju doudizhu {cores} threads      {pa_rate:12,.0f} games/s   x{pa_rate / os_rate:.1f} OpenSpiel"
          + (f", x{pa_rate / rl_rate:.0f} RLCard" if rl_rate else ""))
    print("landlord win rate (hands with a landlord), 95% Wilson CI:")
    for name, w, n in (("OpenSpiel", os_w, os_n), ("paiju", p1_w + pa_w, p1_n + pa_n)):
        p, lo, hi = wilson(w, n)
        print(f"  {name:<10} {p:.4f}  [{lo:.4f}, {hi:.4f}]  (n = {n:,})")
    pa, po = (p1_w + pa_w) / (p1_n + pa_n), os_w / os_n
    se = math.sqrt(pa * (1 - pa) / (p1_n + pa_n) + po * (1 - po) / os_n)
    print(f"  difference {pa - po:+.4f}, z = {(pa - po) / se:+.2f}")


if __name__ == "__main__":
    main()
