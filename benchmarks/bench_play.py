"""仙桃千分 full-hand throughput per policy, and the ratio against the pure-Python reference engine.

    python benchmarks/bench_play.py                 # 40k hands per timing, 3 repeats
    python benchmarks/bench_play.py --n 10000 --reference-n 100

For each policy (random, greedy, smart, all four seats) prints hands/s on all cores and on one
thread (median of ``--repeats``, after warm-up), then plays ``--reference-n`` hands with uniformly
random players through the slow reference engine (tests/reference/xiantao_replay.py: every move
from its legal-move enumeration) and prints the ratio paiju random (one thread) / reference.
Both sides play 叫牌 hands only (paiju's random players get hard_prob = 0), as the reference
driver does not declare 硬牌.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the reference engine lives in tests/

from _util import fmt, median_rate  # noqa: E402


def paiju_rate(policy: str, n: int, repeats: int) -> float:
    from sim.games.xiantao.play import run_kernel
    from tests.games.xiantao_helpers import make_spec

    params = [{"hard_prob": 0.0}] * 4 if policy == "random" else None
    spec = make_spec([policy] * 4, n=n, seed=1, params=params)
    run_kernel(spec, 0, 200)
    return median_rate(lambda: (run_kernel(spec, 0, n), n)[1], repeats)


def reference_hand(seed: int, game_index: int, rng: random.Random) -> None:
    from tests.reference import xiantao_rules as ref
    from tests.reference.rng import Stream, deal, shuffle
    from tests.reference.xiantao_replay import XiantaoHand

    stream = Stream(seed, game_index)
    deck = list(range(108))
    shuffle(stream, deck)
    hands, _ = deal(deck, 4, 27)
    banker = stream.bounded(108) % 4
    picked = None
    while picked is None:
        picked = ref.call_card(hands[banker], stream.bounded(ref.n_call_picks(hands[banker])))
    card = picked[0]
    hand = XiantaoHand(hands, banker, "call", None, card, ref.partner_of(card, hands, banker))
    while not hand.ended:
        plays = hand.legal_plays()
        key = rng.choice(sorted(plays))
        hand.act(hand.to_act, key, plays[key] if key != ref.PASS_KEY else ())


def reference_rate(n: int) -> float:
    rng = random.Random(1)
    t0 = time.perf_counter()
    for g in range(n):
        reference_hand(1, g, rng)
    return n / (time.perf_counter() - t0)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=40_000)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--reference-n", type=int, default=200)
    args = ap.parse_args()

    import numba

    cores = numba.config.NUMBA_NUM_THREADS
    one = {}
    for policy in ("random", "greedy", "smart"):
        numba.set_num_threads(cores)
        all_cores = paiju_rate(policy, args.n, args.repeats)
        numba.set_num_threads(1)
        one[policy] = paiju_rate(policy, args.n // 2, args.repeats)
        print(f"{policy:>6}: {fmt(all_cores)} hands/s on {cores} threads, {fmt(one[policy])} hands/s on 1 thread")
    ref = reference_rate(args.reference_n)
    print(f"reference engine (pure Python, random players): {ref:.1f} hands/s")
    print(f"ratio paiju random (1 thread) / reference: {one['random'] / ref:,.0f}x")


if __name__ == "__main__":
    main()
