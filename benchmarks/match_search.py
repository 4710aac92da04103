"""Strength of the ``search`` player, and its speed, for any game that has one.

    python benchmarks/match_search.py xiantao --worlds 4,12 -n 2000
    python benchmarks/match_search.py doudizhu --worlds 4 -n 600 --threads 1
    python benchmarks/match_search.py wushik --variant single-hands --worlds 4,12 -n 1200
    python benchmarks/match_search.py guanpai --worlds 4,12 -n 4000 --threads 1
    python benchmarks/match_search.py gandengyan --worlds 4,12 -n 4000 --threads 1   # 4 seats (qq)

``--variant``: a game whose game index is a match of several hands (五十K's default) is compared
on single hands (its ``single-hands`` variant): the pairing needs one row per game index.

Duplicate deals (``--duplicate``: every deal played once from every seat, hands rotated): one run
with ``search`` in seat 0 and ``smart`` elsewhere, one with ``smart`` everywhere, on the same seed.
Seat 0 holds the same cards in both, so the paired difference of its money is search's margin
over smart per hand; the 95% CI treats the deal (its rotations together) as the unit. The same
for ``smart`` against ``greedy``. Also prints the fraction of searched decisions where search chose
what smart would have (where the game's rows record it), search's hands/s and decisions/s, and the
ratio of search's hands/s to the plain all-smart engine's in the same process (the baseline, timed
on ``--base-n`` hands: at least 20,000 by default, as a few hundred take milliseconds). Where the
rows count the search seat's rollouts (``s{k}_search_rollouts``) it prints rollouts/s: that exact count
over the search run's wall time (a lower bound on the rollout speed still, as the time includes the
rest of each hand), its ratio to the plain engine's hands/s, and the mean rollouts per searched
decision; elsewhere a lower bound on the count (2 candidates x worlds per searched decision).
"""

from __future__ import annotations

import argparse
import time

import numpy as np


VARIANT = "default"


def _play(game: str, policies: list[str], n: int, seed: int, params: list[dict], threads: int | None):
    from sim import api

    t0 = time.perf_counter()
    run = api.play(game, n, seed=seed, variant=VARIANT, policy=policies, policy_params=params, duplicate=True,
                   threads=threads, progress=False)
    df = run.to_pandas()
    if len(df) != n:
        raise SystemExit(f"{game}: {len(df)} rows for {n} game indices (matches of several hands?); "
                         "pass --variant with one hand per game index, e.g. single-hands")
    return df, time.perf_counter() - t0


def _paired(a, b, seats: int) -> tuple[float, float]:
    """Mean of seat 0's money in ``a`` minus in ``b`` per hand, and its 95% half-width by deal."""
    key = ["deal_index", "rotation"]
    a, b = a.sort_values(key).reset_index(drop=True), b.sort_values(key).reset_index(drop=True)
    diff = a["s0_money"].to_numpy(np.float64) - b["s0_money"].to_numpy(np.float64)
    per_deal = diff.reshape(-1, seats).mean(axis=1)
    return float(per_deal.mean()), float(1.96 * per_deal.std(ddof=1) / np.sqrt(len(per_deal)))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game")
    ap.add_argument("--worlds", default="4,12", help="search budgets: sampled worlds per decision")
    ap.add_argument("-n", type=int, default=2000, help="hands per run (a multiple of the seats)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--variant", default="default", help="the game's variant (one hand per game index)")
    ap.add_argument("--threads", type=int, default=None)
    ap.add_argument("--base-n", type=int, default=20000,
                    help="hands the plain engine's speed is timed on, at least -n (a few hundred hands take "
                         "milliseconds, and the run's fixed costs would halve its rate)")
    ap.add_argument("--search-param", action="append", default=[], metavar="NAME=VALUE",
                    help="a parameter of the search seat (repeatable), e.g. confidence=2")
    args = ap.parse_args()

    from sim.registry import load_game, resolve_rules

    global VARIANT
    VARIANT = args.variant
    g = load_game(args.game)
    if "search" not in g.players.names:
        raise SystemExit(f"{args.game} has no search player")
    seats = g.seats(resolve_rules(g, args.variant, None))
    smart = [{} for _ in range(seats)]
    _play(args.game, ["smart"] * seats, 4 * seats, args.seed, smart, args.threads)  # compile
    base, t_base = _play(args.game, ["smart"] * seats, args.n, args.seed, smart, args.threads)
    speed_n = -(-max(args.n, args.base_n) // seats) * seats
    if speed_n > args.n:
        _, t_speed = _play(args.game, ["smart"] * seats, speed_n, args.seed, smart, args.threads)
        plain = speed_n / t_speed
    else:
        plain = args.n / t_base
    greedy, _ = _play(args.game, ["greedy"] + ["smart"] * (seats - 1), args.n, args.seed, smart, args.threads)
    m, h = _paired(base, greedy, seats)
    print(f"{args.game} ({args.variant}): {args.n} hands, duplicate deals, seed {args.seed}; money per hand, 95% CI by deal")
    print(f"smart - greedy (seat 0, others smart): {m:+.3f} ± {h:.3f}")
    print(f"plain engine (all smart): {plain:,.0f} hands/s over {speed_n:,} hands "
          f"({args.n / t_base:,.0f} hands/s over the {args.n:,} compared)")
    for worlds in [int(w) for w in args.worlds.split(",")]:
        extra = {k: float(v) for k, v in (p.split("=", 1) for p in args.search_param)}
        params = [{"worlds": worlds, **extra}] + [{} for _ in range(seats - 1)]
        _play(args.game, ["search"] + ["smart"] * (seats - 1), seats, args.seed, params, args.threads)  # compile
        run, t = _play(args.game, ["search"] + ["smart"] * (seats - 1), args.n, args.seed, params, args.threads)
        m, h = _paired(run, base, seats)
        line = f"worlds={worlds}: search - smart {m:+.3f} ± {h:.3f}; {args.n / t:,.1f} hands/s " \
               f"({args.n / t / plain:.4f} x the plain engine)"
        if "s0_search_decisions" in run:
            dec, agree = run["s0_search_decisions"].sum(), run["s0_search_agree"].sum()
            line += f"; {dec / t:,.0f} decisions/s, {dec / args.n:.1f} per hand, smart agrees {agree / max(dec, 1):.1%}"
            if "s0_search_rollouts" in run:
                # the rollouts the search seat played, counted exactly; the run's time includes
                # everything else the hands do, so the rate is still a lower bound on rollout speed
                played = run["s0_search_rollouts"].sum()
                rollouts = played / t
                line += f"; {rollouts:,.0f} rollouts/s ({rollouts / plain:.2f} x the plain engine's " \
                        f"hands/s), {played / max(dec, 1):.1f} per searched decision"
            else:
                # every searched decision rolls out at least 2 candidates in every world: a lower bound
                rollouts = 2 * worlds * dec / t
                line += f"; rollouts >= {rollouts:,.0f}/s ({rollouts / plain:.2f} x the plain engine's " \
                        "hands/s)"
        print(line, flush=True)


if __name__ == "__main__":
    main()
