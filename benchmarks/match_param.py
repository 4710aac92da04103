"""Paired duplicate-deal match of one player parameter: does a new value help the seats that use it?

Every deal is played once from every seat (``paiju play --duplicate``: deal ``g // n``, hands
rotated by ``g % n``) twice on the same seeds: with ``--seats`` playing ``--policy`` at
``NAME=NEW`` and the others at ``NAME=OLD``, and with every seat at ``OLD``. The margin of a deal
is the tested seats' money (mean over the rotations) with the new value minus with the old; the
standard error is over deals. A player fix that is a parameter (its old behaviour one value away)
is measured this way before it becomes a default.

    python benchmarks/match_param.py gandengyan --variant sichuan-huopin --players 4 \\
        --param last_guard --new 6 --old 0 --deals 2000 [--seats 0] [--policy smart] [--seed 1]

With ``--vs POLICY`` instead of ``--param``: one duplicate run, the tested seats playing ``--policy``
and the others ``POLICY``; the margin is the tested seats' money per hand (mean over the rotations),
e.g. 关牌 smart − greedy: ``python benchmarks/match_param.py guanpai --vs greedy --deals 3000 --seed 77``.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def seat_money(game: str, variant: str, players: int | None, policy, params: list[str], deals: int, seed: int,
               money: str):
    """(deals, n_seats) money of every seat, averaged over the deal's rotations."""
    import sim

    rules = {"players": players} if players else None
    n_seats = players or _seats_of(game, variant)
    run = sim.play(game, deals * n_seats, seed=seed, variant=variant, rules=rules, policy=policy,
                   policy_params=params, duplicate=True, progress=False)
    df = run.to_pandas().sort_values("game_index")
    cols = [money.format(seat=k) for k in range(n_seats)]
    m = df[cols].to_numpy(np.float64).reshape(deals, n_seats, n_seats)
    return m.mean(axis=1)


def _seats_of(game: str, variant: str) -> int:
    from sim.api import resolve_rules
    from sim.registry import load_game

    g = load_game(game)
    return g.seats(resolve_rules(g, variant, None))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game")
    ap.add_argument("--variant", default="default")
    ap.add_argument("--players", type=int, default=0, help="--set players=N (games with a player count)")
    ap.add_argument("--policy", default="smart")
    ap.add_argument("--param")
    ap.add_argument("--new")
    ap.add_argument("--old")
    ap.add_argument("--vs", help="the other seats' policy (instead of --param/--new/--old)")
    ap.add_argument("--seats", default="0", help="seats playing the new value, e.g. 0 or 0,2")
    ap.add_argument("--deals", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--money", default="s{seat}_money", help="money column of a seat")
    a = ap.parse_args()
    n_seats = a.players or _seats_of(a.game, a.variant)
    tested = [int(s) for s in a.seats.split(",")]
    t0 = time.perf_counter()
    if a.vs:
        policies = [a.policy if k in tested else a.vs for k in range(n_seats)]
        d = seat_money(a.game, a.variant, a.players, policies, [], a.deals, a.seed, a.money)[:, tested].sum(1)
        se = d.std(ddof=1) / math.sqrt(a.deals)
        print(f"{a.game} {a.variant} {n_seats} seats: seats {a.seats} {a.policy} against {a.vs}, {a.deals} duplicate "
              f"deals (seed {a.seed}, {time.perf_counter() - t0:.0f} s)")
        print(f"margin per hand {d.mean():+.3f} ± {se:.3f} (1 s.e.)")
        return
    if not (a.param and a.new is not None and a.old is not None):
        ap.error("give --param, --new and --old (or --vs)")
    new = [f"{k}:{a.param}={a.new if k in tested else a.old}" for k in range(n_seats)]
    old = [f"{k}:{a.param}={a.old}" for k in range(n_seats)]
    with_new = seat_money(a.game, a.variant, a.players, a.policy, new, a.deals, a.seed, a.money)[:, tested].sum(1)
    with_old = seat_money(a.game, a.variant, a.players, a.policy, old, a.deals, a.seed, a.money)[:, tested].sum(1)
    d = with_new - with_old
    se = d.std(ddof=1) / math.sqrt(a.deals)
    print(f"{a.game} {a.variant} {n_seats} seats, {a.policy}: seats {a.seats} at {a.param}={a.new} against "
          f"{a.param}={a.old}, {a.deals} duplicate deals (seed {a.seed}, {time.perf_counter() - t0:.0f} s)")
    print(f"margin per hand {d.mean():+.3f} ± {se:.3f} (1 s.e.; {d.mean() / se if se else 0:+.1f} s.e.); "
          f"deals changed {np.mean(d != 0):.1%}")


if __name__ == "__main__":
    main()
