"""``paiju tune`` cost: seconds per candidate setting on a stored play run, against rescoring the
same run once with ``Run.rescore`` (the streamed Arrow rescoring ``paiju balance`` scenarios use).

    python benchmarks/bench_tune.py                                  # 牛牛, 1M hands played in memory
    python benchmarks/bench_tune.py --run runs/ddz --vary bomb_factor=1..4 --target money.landlord=0

Prints the one-time load of the run's raw facts, then the median wall and CPU seconds per
candidate (a target over the role's money; then with a ``share.X`` figure too, which needs the
game's component split), and the ratio of one in-memory rescoring to one candidate. On a shared
machine the CPU-clock figures are the code's cost; the wall-clock ones include the neighbours.
"""

from __future__ import annotations

import argparse
import statistics
import time


def timed(fn, repeats: int) -> tuple[float, float]:
    """Median (wall, CPU) seconds of ``fn()`` over ``repeats`` calls."""
    walls, cpus = [], []
    for _ in range(repeats):
        w, c = time.perf_counter(), time.process_time()
        fn()
        walls.append(time.perf_counter() - w)
        cpus.append(time.process_time() - c)
    return statistics.median(walls), statistics.median(cpus)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--run", help="a play run directory (default: 牛牛 played in memory)")
    ap.add_argument("--n", type=int, default=1_000_000, help="hands of the in-memory 牛牛 run")
    ap.add_argument("--vary", default="multipliers.niu7=1..5", help="the option varied")
    ap.add_argument("--target", default="money.banker=0")
    ap.add_argument("--share", default="share.niu7", help="a share figure for the second measure")
    ap.add_argument("--repeats", type=int, default=3)
    args = ap.parse_args()

    import sim
    from analysis import tune as lib
    from sim import tuning

    if args.run:
        run = sim.open_run(args.run)
    else:
        run = sim.play("niuniu", args.n, seed=1, progress=False)
    raw = run._run
    wall, cpu = timed(lambda: tuning.model(raw), 1)
    model = tuning.model(raw)
    print(f"{raw.game}: {model.n_rows:,} hands; loading the raw facts once: {wall:.2f} s wall, {cpu:.2f} s CPU")
    source = tuning.source_rules(raw, "tune")
    vary = tuning.parse_varies([args.vary], source.rules, replay=False)[0]
    values = vary.points(args.repeats)
    sample = model.sample()
    for goals_text in ([args.target], [args.target, f"{args.share}<=1"]):
        goals = [lib.parse_goal(goals_text[0], "target", model.names)]
        goals += [lib.parse_goal(t, "constraint", model.names) for t in goals_text[1:]]
        it = iter(values * 2)
        w, c = timed(lambda: lib.score_candidate(sample, {vary.key: next(it)}, goals), args.repeats)
        print(f"one candidate ({'; '.join(goals_text)}): {w:.2f} s wall, {c:.2f} s CPU")
        if len(goals_text) == 1:
            per_candidate = c
    base_wall, base_cpu = timed(lambda: run.rescore({vary.key: values[0]}), 1)
    print(f"baseline: Run.rescore into memory (one setting): {base_wall:.2f} s wall, {base_cpu:.2f} s CPU; "
          f"ratio rescore / tune candidate (CPU) = {base_cpu / per_candidate:.1f}x")


if __name__ == "__main__":
    main()
