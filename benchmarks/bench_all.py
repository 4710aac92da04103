"""Every game and player of the registry: hands/s per thread and on all cores, against the references.

    python benchmarks/bench_all.py                             # every game, every player (a few s a cell)
    python benchmarks/bench_all.py --only guanpai --only doudizhu --seconds 0.3
    python benchmarks/bench_all.py --json /tmp/main.json       # the table as JSON, to compare commits
    python benchmarks/bench_all.py --compare /tmp/old.json /tmp/main.json   # ratios new / old

To compare two commits, check them out at paths of the same length (``git worktree add
/tmp/wt-old OLD`` and ``/tmp/wt-new NEW``). numba compiles each source's path into the error
messages of the code, so a path one character shorter moves the machine code's data and shifts
a hot loop's layout: the same 五十K code read 0.95 of itself on ``smart`` from a checkout at
``/tmp/wt-new`` against ``/tmp/wt-base`` and 1.01 from ``/tmp/wt-head`` (2026-12-05).

A cell is one job of one game on its default variant: ``census``, or ``play`` with one player in
every seat. Its rate is hands (tables, boards) per second of the job's ``compute`` (what a shard
of ``paiju census/play`` runs: the kernels, the scoring and the Arrow table; no Parquet writing),
the median of ``--repeats`` timings of about ``--seconds`` each after a warm-up (cached kernels
are loaded, a kernel not yet cached is compiled then, outside the timings):

* ``1 thread``: ``numba.set_num_threads(1)``, hands per wall second and per CPU second of the
  process (``per CPU s``: what one thread gives whatever the neighbours on a shared machine take);
* ``all cores``: every numba thread, hands per wall second.

``reference``: hands per CPU second of the game's pure-Python reference engine
(``tests/reference``) with random players, timed here on a few hands through the game's own
benchmark (``REFERENCES``), and ``x ref`` the ratio of paiju's ``random`` player on one thread
(per CPU s, under the same rules as the reference: 五十K and 八十分 single hands) to it. A 五十K
or 八十分 ``play`` cell counts game indices, each a match by default. For 斗地主 a last line compares the kernel
with OpenSpiel's C++ ``dou_dizhu`` in this process
(``benchmarks/bench_landlord.py``: uniform random bots, variant ``openspiel``) when ``pyspiel``
imports. A game without a reference benchmark shows ``-``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the references live in tests/
sys.path.insert(0, str(ROOT / "benchmarks"))  # the per-game benchmarks import ``_util`` plainly

from _util import fmt  # noqa: E402


def _per_cpu_second(fn, n: int) -> float:
    """``n`` hands per CPU second of ``fn()`` (the reference benchmarks time the wall clock, which
    on a shared machine counts the neighbours too)."""
    c0 = time.process_time()
    fn()
    return n / (time.process_time() - c0)


def _ref_xiantao(spec, n):
    import bench_play

    return _per_cpu_second(lambda: bench_play.reference_rate(n), n)


def _ref_climb_logged(spec, n):
    import bench_play_guanpai_gandengyan

    return bench_play_guanpai_gandengyan.reference_rate(spec, n)


def _ref_wushik_shuangkou(spec, n):
    import bench_wushik_shuangkou_play

    return _per_cpu_second(lambda: bench_wushik_shuangkou_play.reference_rate(spec.game, n), n)


def _ref_trick(spec, n):
    import bench_trick

    return bench_trick.reference_rate(spec.game, n)[1]  # per CPU second


# game -> (hands per CPU second of its reference engine with random players, given a spec of them;
# the --set options under which paiju plays what the reference plays: the 五十K and 八十分
# references play single hands, their default game index is a match)
REFERENCES = {"xiantao": (_ref_xiantao, []), "guanpai": (_ref_climb_logged, []),
              "gandengyan": (_ref_climb_logged, []), "wushik": (_ref_wushik_shuangkou, ["matches=false"]),
              "shuangkou": (_ref_wushik_shuangkou, []), "tractor": (_ref_trick, ["matches=false"]), "hongwu": (_ref_trick, [])}


def make_spec(game, kind: str, player: str | None, n: int, sets: list[str] | None = None):
    from sim.registry import resolve_rules
    from sim.runner import RunSpec

    rules = resolve_rules(game, "default", None, sets or None)
    seats = game.seats(rules)
    options = {} if kind == "census" else {
        "policies": [player] * seats, "policy_params": [{}] * seats, "hands_per_session": 1,
        "rotate": False, "duplicate": False}
    return RunSpec(game.name, kind, "default", rules, 1, n, n, options)


def _timed(spec, n: int) -> tuple[float, float]:
    """(wall s, CPU s of this process) of computing hands 0..n-1."""
    t0, c0 = time.perf_counter(), time.process_time()
    spec.job.compute(spec, 0, n, None)
    return time.perf_counter() - t0, time.process_time() - c0


def rates(spec, threads: int, seconds: float, repeats: int) -> tuple[float, float, int]:
    """Median (hands per wall s, hands per CPU s) on ``threads`` threads, and the hands a timing."""
    import numba

    numba.set_num_threads(threads)
    _timed(spec, 2)  # load (or compile) the kernels
    n = 2  # a search player plays a few hands a second: start small
    while True:  # grow the timing to about ``seconds``
        wall, _ = _timed(spec, n)
        if wall >= seconds / 2 or n >= 1 << 22:
            break
        n = min(1 << 22, n * max(2, min(16, int(seconds / max(wall, 1e-4)))))
    walls, cpus = [], []
    for _ in range(repeats):
        wall, cpu = _timed(spec, n)
        walls.append(n / wall)
        cpus.append(n / cpu)
    return statistics.median(walls), statistics.median(cpus), n


def openspiel_cell(seconds: float) -> dict | None:
    """斗地主 (variant openspiel, random players, kernel only) against OpenSpiel's C++ in this process."""
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        return None
    import bench_landlord

    os_rate, _, _ = bench_landlord.bench_openspiel(seconds)
    one, _, _ = bench_landlord.bench_paiju(seconds, 1)
    return {"game": "doudizhu", "variant": "openspiel", "job": "play kernel", "player": "random",
            "per_thread": one, "openspiel": os_rate, "x_openspiel": one / os_rate}


def cells(names: list[str]):
    """(game, job, player) of every cell: census, then play with each player."""
    from sim.registry import load_game

    for name in names:
        game = load_game(name)
        for kind in game.jobs:
            players = game.players.names if kind == "play" and game.players else (None,)
            for player in players:
                yield game, kind, player


def run(names: list[str], seconds: float, repeats: int, reference_n: int, log=print) -> list[dict]:
    import numba

    cores = numba.config.NUMBA_NUM_THREADS
    out = []
    head = (f"{'game':<11}{'job':<7}{'player':<16}{'1 thread':>10}{'per CPU s':>11}{'all cores':>11}"
            f"{'reference':>11}{'x ref':>8}")
    log(f"hands/s of each job's compute, default variant; median of {repeats} timings of ~{seconds:g} s; "
        f"all cores = {cores} threads")
    log(head)
    log("-" * len(head))
    for game, kind, player in cells(names):
        cell = {"game": game.name, "variant": "default", "job": kind, "player": player or "-"}
        try:
            spec = make_spec(game, kind, player, 1)
            one, one_cpu, n = rates(spec, 1, seconds, repeats)
            every, _, _ = rates(spec, cores, seconds, repeats) if cores > 1 else (one, one_cpu, n)
        except Exception as exc:  # a player the default variant refuses: say so, go on
            cell["error"] = f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}"
            log(f"{game.name:<11}{kind:<7}{cell['player']:<16}  {cell['error']}")
            out.append(cell)
            continue
        cell.update(per_thread=one, per_thread_cpu=one_cpu, all_cores=every, hands_per_timing=n)
        if kind == "play" and player == "random" and game.name in REFERENCES:
            fn, sets = REFERENCES[game.name]
            ref = fn(make_spec(game, kind, player, reference_n, sets), reference_n)
            same = rates(make_spec(game, kind, player, 1, sets), 1, seconds, repeats)[1] if sets else one_cpu
            cell.update(reference=ref, x_reference=same / ref, reference_sets=sets)
        ref_txt = fmt(cell["reference"]) if "reference" in cell else "-"
        x_txt = f"{cell['x_reference']:,.0f}x" if "reference" in cell else "-"
        log(f"{game.name:<11}{kind:<7}{cell['player']:<16}{fmt(one):>10}{fmt(one_cpu):>11}{fmt(every):>11}"
            f"{ref_txt:>11}{x_txt:>8}")
        out.append(cell)
    if "doudizhu" in names:
        cell = openspiel_cell(max(1.0, seconds * repeats))
        if cell is None:
            log("doudizhu vs OpenSpiel: pyspiel does not import (pip install open_spiel)")
        else:
            out.append(cell)
            log(f"doudizhu (openspiel variant, random, kernel, 1 thread) {fmt(cell['per_thread'])} hands/s; "
                f"OpenSpiel C++ {fmt(cell['openspiel'])}; x{cell['x_openspiel']:.2f}")
    return out


def _key(cell: dict) -> tuple:
    return cell["game"], cell["variant"], cell["job"], cell["player"]


def compare(old_path: Path, new_path: Path, log=print) -> None:
    """Each cell's rates in two tables and new / old."""
    old, new = (json.loads(Path(p).read_text()) for p in (old_path, new_path))
    before = {_key(c): c for c in old["cells"]}
    log(f"old: {old.get('commit', '?')} {old.get('date', '')}   new: {new.get('commit', '?')} {new.get('date', '')}")
    head = f"{'game':<11}{'job':<12}{'player':<16}{'per CPU s old':>14}{'new':>9}{'new/old':>8}{'all cores':>10}"
    log(head)
    log("-" * len(head))
    for c in new["cells"]:
        o = before.get(_key(c))
        field = "per_thread_cpu" if "per_thread_cpu" in c else "per_thread"
        if o is None or field not in o or field not in c:
            log(f"{c['game']:<11}{c['job']:<12}{c['player']:<16}  (not in both)")
            continue
        every = f"{c['all_cores'] / o['all_cores']:.2f}" if "all_cores" in c and "all_cores" in o else "-"
        log(f"{c['game']:<11}{c['job']:<12}{c['player']:<16}{fmt(o[field]):>14}{fmt(c[field]):>9}"
            f"{c[field] / o[field]:>8.2f}{every:>10}")


def _commit() -> str:
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True,
                              check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "?"


def main(argv: list[str] | None = None) -> None:
    from sim.registry import GAMES

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", action="append", metavar="GAME", help="only this game (repeatable)")
    ap.add_argument("--seconds", type=float, default=0.5, help="about this long a timing (default 0.5)")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--reference-n", type=int, default=10, help="hands the reference engine plays (default 10)")
    ap.add_argument("--json", type=Path, help="also write the table here")
    ap.add_argument("--compare", nargs=2, type=Path, metavar=("OLD", "NEW"), help="compare two --json tables")
    args = ap.parse_args(argv)
    if args.compare:
        compare(*args.compare)
        return
    unknown = [g for g in args.only or [] if g not in GAMES]
    if unknown:
        sys.exit(f"unknown game {unknown[0]!r}; known: {', '.join(GAMES)}")
    import numba

    table = run(args.only or list(GAMES), args.seconds, args.repeats, args.reference_n)
    if args.json:
        args.json.write_text(json.dumps({
            "commit": _commit(), "date": datetime.now(timezone.utc).isoformat(timespec="seconds"),
            "threads": numba.config.NUMBA_NUM_THREADS, "seconds": args.seconds, "repeats": args.repeats,
            "cells": table}, indent=1))


if __name__ == "__main__":
    main()
