"""Strength and speed of the landlord family's ``search`` player (斗地主 3p/4p, 上海三打一).

Matches are paired and seat-rotated: every deal is played once from every seat (``--duplicate``
rows: deal ``g // n``, hands rotated by ``g % n``) with the tested player in seat 0 and the
others as opponents, and the same duplicate deals again with seat 0 replaced by the baseline. The
margin per hand is seat 0's money with the tested player minus with the baseline on the same deal,
same seat and same opponents (rows of one deal are averaged first: the CI is over deals).

* search vs smart: ``search`` (at each ``--worlds`` budget) against smart opponents, baseline smart;
* smart vs greedy: ``smart`` against greedy opponents, baseline greedy.

Also: the fraction of search's decisions where smart would have played the same move, and
decisions/s and hands/s of the search runs against the plain engine (all smart) on one thread and
on all threads.

    python benchmarks/match_landlord.py [--games doudizhu,doudizhu4,shanghai] [--deals 200]
        [--worlds 4,12,32] [--candidates 6] [--search-bids 0|1] [--seed 1]
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def spec_for(game: str, seat0: str, others: str, deals: int, seed: int, params: dict):
    from sim.registry import load_game
    from sim.runner import RunSpec

    rules = load_game(game).rules()
    n_seats = rules.n_players
    policies = [seat0] + [others] * (n_seats - 1)
    pp = [dict(params) if p == "search" else {} for p in policies]
    options = {"policies": policies, "policy_params": pp, "hands_per_session": 1, "rotate": False, "duplicate": True}
    n = deals * n_seats
    return RunSpec(game, "play", "default", rules, seed, n, n, options)


def run(spec):
    """(rows, seat money (n, seats), wall seconds) of a whole spec."""
    import importlib

    from kernels.landlord.layout import PLAY
    from sim.games.landlord.play import run_kernel

    family = importlib.import_module(f"sim.games.{spec.game}").FAMILY
    run_kernel(spec, family, 0, spec.rules.n_players)  # compile / warm
    t0 = time.perf_counter()
    rows = run_kernel(spec, family, 0, spec.n)
    dt = time.perf_counter() - t0
    n_seats = spec.rules.n_players
    s = family.score(PLAY.unpack(rows, n_seats), spec.rules, n_seats)
    return rows, np.stack([s[f"s{k}_money"] for k in range(n_seats)], axis=1), dt


def paired_margin(tested: np.ndarray, baseline: np.ndarray, n_seats: int) -> tuple[float, float, int]:
    """Mean seat-0 margin per hand and its 95% half-width over deals."""
    d = (tested[:, 0] - baseline[:, 0]).reshape(-1, n_seats).mean(axis=1)
    return float(d.mean()), 1.96 * float(d.std(ddof=1)) / math.sqrt(len(d)), len(d)


def main(argv=None) -> None:
    import numba

    from kernels.landlord import rows as W

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", default="doudizhu,doudizhu4,shanghai")
    ap.add_argument("--deals", default="200", help="deals per game (a number, or one per game: 400,150,150)")
    ap.add_argument("--worlds", default="4,12,32")
    ap.add_argument("--candidates", type=float, default=6)
    ap.add_argument("--search-bids", type=float, default=1)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--speed", action="store_true", help="also time search on one thread vs all threads")
    a = ap.parse_args(argv)
    games = a.games.split(",")
    deals = [int(x) for x in a.deals.split(",")]
    deals = deals * len(games) if len(deals) == 1 else deals
    threads = numba.get_num_threads()
    print(f"threads: {threads}; seat-rotated duplicate deals; margins per hand, 95% CI over deals")
    for game, n_deals in zip(games, deals):
        base_rows, base, t_plain = run(spec_for(game, "smart", "smart", n_deals, a.seed, {}))
        n_seats = base.shape[1]
        hands = base.shape[0]
        print(f"\n== {game}: {n_deals} deals x {n_seats} seats = {hands} hands; plain engine (all smart) "
              f"{hands / t_plain:.0f} hands/s on {threads} threads")
        _, greedy_base, _ = run(spec_for(game, "greedy", "greedy", n_deals, a.seed, {}))
        _, smart_vs_greedy, _ = run(spec_for(game, "smart", "greedy", n_deals, a.seed, {}))
        m, h, k = paired_margin(smart_vs_greedy, greedy_base, n_seats)
        print(f"smart vs greedy: {m:+.3f} ± {h:.3f} per hand (n = {k} deals)")
        for worlds in (int(x) for x in a.worlds.split(",")):
            params = {"worlds": worlds, "candidates": a.candidates, "search_bids": a.search_bids}
            rows, money, dt = run(spec_for(game, "search", "smart", n_deals, a.seed, params))
            m, h, k = paired_margin(money, base, n_seats)
            dec = rows[:, W.ROW_SEARCH_DECISIONS].sum()
            agree = rows[:, W.ROW_SEARCH_AGREE].sum() / max(dec, 1)
            line = (f"search(worlds={worlds}) vs smart: {m:+.3f} ± {h:.3f} per hand (n = {k} deals); "
                    f"smart agrees on {agree:.1%} of {dec} searched decisions; {dec / dt:.0f} decisions/s, "
                    f"{hands / dt:.1f} hands/s ({hands / dt / (hands / t_plain):.3f} of the plain engine)")
            if a.speed:
                numba.set_num_threads(1)
                try:
                    _, _, dt1 = run(spec_for(game, "search", "smart", n_deals, a.seed, params))
                finally:
                    numba.set_num_threads(threads)
                line += f"; one thread {dec / dt1:.0f} decisions/s, {hands / dt1:.1f} hands/s"
            print(line, flush=True)


if __name__ == "__main__":
    main()
