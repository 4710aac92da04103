"""Cold compile cost of each game's engine: wall time, CPU time and peak RSS, against the budget.

    python benchmarks/bench_compile.py                      # every engine of the registry
    python benchmarks/bench_compile.py --only "xiantao play" --only "doudizhu play"
    python benchmarks/bench_compile.py --root /path/to/other/checkout   # measure another tree
    python benchmarks/bench_compile.py --only "doudizhu play" --top 15  # where its compile time goes

Each engine is warmed up through the sim API (``spec.job.warm_up(spec)``, what the CLI runs
before the first shard) in a fresh Python subprocess with an empty ``NUMBA_CACHE_DIR`` and
``NUMBA_NUM_THREADS`` = ``--threads`` (2, the reference machine), so nothing is loaded from a
cache. The parent collects the child's own resource usage (``os.wait4``): CPU time (user + sys)
and peak RSS (``ru_maxrss``); the child reports the wall time of its warm-up alone. On a shared,
loaded machine wall time says more about the neighbours than about the compiler: the CPU time is
the figure to compare with the budget (DESIGN principle 4: one minute and 2 GB on 2 cores).

The engines are every job of every registered game (``engines()``: census and play, each with
the game's default player), so a game registered is measured with no edit here. A game with a
``search`` player also gets a ``play search`` engine: a run that seats no search player never
compiles it (the kernels prune it), so its cost is a separate engine, paid only when one is seated.

``--top N`` also lists, per engine, the N functions that took longest to compile on their own
(CPU seconds of numba's ``numba:compile`` event less the functions compiled inside it), which
is where to look for code an engine compiles but its run does not need.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BUDGET_S = 60.0
BUDGET_RSS_GB = 2.0


@dataclass(frozen=True)
class Engine:
    label: str
    game: str
    kind: str  # "census" | "play"
    variant: str = "default"
    policy: str = "smart"  # the policy id is a run-time value: any one compiles every player


def engines() -> list[Engine]:
    """One per job of every registered game, with the game's default player, and a ``play search``
    engine for each game that has a ``search`` player."""
    sys.path.insert(0, str(ROOT))
    from sim.registry import GAMES, load_game

    out = []
    for name in GAMES:
        game = load_game(name)
        for kind in game.jobs:
            out.append(Engine(f"{name} {kind}", name, kind, policy=game.players.default if game.players else ""))
            if kind == "play" and game.players and "search" in game.players.names:
                out.append(Engine(f"{name} play search", name, kind, policy="search"))
    return out


CHILD = """
import json, sys, time
t0 = time.perf_counter()
from sim.registry import load_game, resolve_rules
from sim.runner import RunSpec
game_name, kind, variant, policy = sys.argv[1:5]
game = load_game(game_name)
rules = resolve_rules(game, variant, None)
seats = game.seats(rules)
options = {} if kind == "census" else {
    "policies": [policy] * seats, "policy_params": [{}] * seats, "hands_per_session": 1,
    "rotate": False, "duplicate": False}
spec = RunSpec(game_name, kind, variant, rules, 0, 4, 4, options)
own, stack = {}, []
if int(sys.argv[5]):  # --top: each function's own compile time (its callees compile inside it)
    from numba.core import event

    class Own(event.Listener):
        def on_start(self, ev):
            stack.append([time.process_time(), 0.0])

        def on_end(self, ev):
            t, inner = stack.pop()
            d = time.process_time() - t
            if stack:
                stack[-1][1] += d
            py = ev.data["dispatcher"].py_func
            name = str(py.__module__) + "." + py.__qualname__  # generated functions have no module
            own[name] = own.get(name, 0.0) + d - inner

    event.register("numba:compile", Own())
t1 = time.perf_counter()
spec.job.warm_up(spec)
t2 = time.perf_counter()
top = sorted(own.items(), key=lambda kv: -kv[1])[:int(sys.argv[5])]
print("RESULT " + json.dumps({"import_s": t1 - t0, "warm_up_s": t2 - t1, "top": top}))
"""


def measure(engine: Engine, root: Path, threads: int, top: int = 0) -> dict:
    """Compile ``engine`` cold in a child process; its wall, CPU and peak RSS."""
    with tempfile.TemporaryDirectory(prefix="paiju-numba-cache-") as cache, \
            tempfile.TemporaryFile("w+") as fout, tempfile.TemporaryFile("w+") as ferr:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache, NUMBA_NUM_THREADS=str(threads), PYTHONPATH=str(root))
        t0 = time.perf_counter()
        child = subprocess.Popen([sys.executable, "-c", CHILD, engine.game, engine.kind, engine.variant, engine.policy,
                                  str(top)],
                                 cwd=root, env=env, stdout=fout, stderr=ferr)
        _, status, usage = os.wait4(child.pid, 0)  # this child's own usage (not every child's, as getrusage)
        child.returncode = os.waitstatus_to_exitcode(status)
        wall = time.perf_counter() - t0
        fout.seek(0)
        ferr.seek(0)
        out, err = fout.read(), ferr.read()
    if child.returncode != 0:
        raise RuntimeError(f"{engine.label}: warm-up failed\n{err[-3000:]}")
    line = next(x for x in out.splitlines() if x.startswith("RESULT "))
    res = json.loads(line[len("RESULT "):])
    res.update(label=engine.label, cpu_s=usage.ru_utime + usage.ru_stime, rss_gb=usage.ru_maxrss / 2**20,
               process_wall_s=wall)
    return res


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", action="append", help="engine label (repeatable); default every engine")
    ap.add_argument("--root", type=Path, default=ROOT, help="checkout to measure (default: this one)")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--json", type=Path, help="also write the results here")
    ap.add_argument("--top", type=int, default=0, help="also list the N functions slowest to compile")
    args = ap.parse_args()
    every = engines()
    chosen = [e for e in every if not args.only or e.label in args.only]
    if args.only and len(chosen) != len(args.only):
        sys.exit(f"unknown engine; known: {', '.join(e.label for e in every)}")
    print(f"cold compile, empty NUMBA_CACHE_DIR, NUMBA_NUM_THREADS={args.threads}, root {args.root}")
    print(f"budget per engine: {BUDGET_S:.0f} s and {BUDGET_RSS_GB:.0f} GB (ratio = measured / budget; "
          "CPU = the child's user + sys)")
    head = f"{'engine':<22} {'warm-up wall s':>14} {'CPU s':>8} {'CPU/budget':>10} {'peak RSS GB':>11} {'RSS/budget':>10}"
    print(head)
    print("-" * len(head))
    results = []
    for e in chosen:
        r = measure(e, args.root, args.threads, args.top)
        results.append(r)
        print(f"{e.label:<22} {r['warm_up_s']:>14.1f} {r['cpu_s']:>8.1f} {r['cpu_s'] / BUDGET_S:>10.2f} "
              f"{r['rss_gb']:>11.2f} {r['rss_gb'] / BUDGET_RSS_GB:>10.2f}", flush=True)
        for name, seconds in r.get("top", []):
            print(f"    {seconds:7.1f} s  {name}", flush=True)
    if args.json:
        args.json.write_text(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
