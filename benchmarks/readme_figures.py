"""Reprint the README's figures, to find the stale ones.

    python benchmarks/readme_figures.py                 # every registered figure (minutes: compiles, benchmarks)
    python benchmarks/readme_figures.py --quick         # the cheap ones
    python benchmarks/readme_figures.py --only census-e2e-cpu --only tests
    python benchmarks/readme_figures.py --list          # ids, commands, README text

Each figure the README quotes is registered below: its id, the text the README prints, the
command that measures it, how its number is read from the command's output, and what counts as
the same figure today:

- ``exact``: a statistical estimate with its interval. Runs are bit-identical for a seed, so
  re-running the README's command must print the README's text exactly.
- ``band``: speed, compile time, a count: the ratio now / README must lie in ``band`` (the noise a
  shared 2-core machine allows). Rates per CPU-second are used where the machine is loaded.

Prints the README value against the value now and flags the ones outside (STALE); exits 1 when
any is. ``tests/test_readme_figures.py`` checks that every registered text is in the README and
that every block of results in the README starts with the command that prints them.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"


@dataclass(frozen=True)
class Figure:
    id: str
    readme: str  # the text as the README prints it (the test checks it is there)
    command: str  # shell command run in the checkout; {tmp} is a fresh temporary directory
    pattern: str  # regex over the output (stdout and stderr); group 1 is the figure
    expect: str | float  # exact: the README's text of group 1; band: the README's number
    band: tuple[float, float] | None = None  # allowed ratio now / README; None: the text must be identical
    per_cpu: float = 0.0  # > 0: the figure is per_cpu / (the command's CPU seconds), not group 1
    scale: float = 1.0  # exact figures: group 1 times this is what the README prints (100: a percentage)
    quick: bool = False
    measured: str = "2026-12-03"


def _report(job: str, args: str) -> str:
    return f"paiju {job} {args} --out {{tmp}}/r -q && paiju report {{tmp}}/r"


FIGURES = [
    # statistical estimates: same seed, same bytes, the same text
    Figure("ddz-census-bomb", "P(a bomb) 0.0960 (exact 0.09602)",
           _report("census", "doudizhu -n 1000000 --seed 1"),
           r"P\(a bomb: a rank 4\+ times\)\s*│\s*([\d.]+)", "0.0960", quick=True),
    Figure("fix-rocket", "money a hand +12.86 [12.70, 13.03]",
           _report("play", "doudizhu -n 20000 --seed 1 --fix 0=SB2222"),
           r"holds 小王 大王 2 2 2 2: money a hand\s*│\s*([-\d.]+)", "12.86", quick=True),
    Figure("fix-junk", "money a hand -1.160 [-1.212, -1.108]",
           _report("play", "doudizhu -n 20000 --seed 1 --fix 0=34568TJ"),
           r"holds 3 4 5 6 8 10 J: money a hand\s*│\s*([-\d.]+)", "-1.160", quick=True),
    Figure("guanpai-skill", "14.274 [14.13, 14.41]",
           _report("play", "guanpai -n 20000 --seed 5 --policy smart,random --duplicate"),
           r"skill: smart − random, money per hand \(paired\)\s*│\s*([-\d.]+)", "14.274", quick=True),
    Figure("gandengyan-dealer", "win rate 0.387 [0.380, 0.394]",
           _report("play", "gandengyan --variant sichuan -n 20000 --seed 7"),
           r"role 庄家 / 东家 \(dealt the larger share\): win rate\s*│\s*([\d.]+)", "0.387", quick=True),
    Figure("xiantao-daqing", "大清 2.59% [2.56, 2.62]", _report("play", "xiantao -n 1000000 --seed 7"),
           r"P\(grade = da_qing\) 大清\s*│\s*([\d.]+)", "2.59", scale=100),
    Figure("xiantao-hard", "硬牌 0.116% [0.110, 0.123]", _report("play", "xiantao -n 1000000 --seed 7"),
           r"P\(硬牌\)\s*│\s*([\d.]+)", "0.116", scale=100),
    # speed: noise bands (a shared machine); CPU seconds where its load makes wall time meaningless
    Figure("census-e2e-cpu", "0.68M deals per CPU-second",
           "paiju census xiantao -n 4000000 --seed 42 --out {tmp}/r -q", r"()", 0.68e6,
           band=(0.75, 1.33), per_cpu=4_000_000, quick=True),
    Figure("census-kernel", "2.97M deals/s on 2 threads",
           "python benchmarks/bench_census.py --n 2000000 --repeats 3 --rss-n 0",
           r"paiju ([\d.]+)M deals/s on", 2.97, band=(0.67, 1.5)),
    Figure("census-rss", "565 MB at 2M deals and at 20M deals",
           "python benchmarks/bench_census.py --n 100000 --repeats 1 --rss-n 20000000",
           r"(\d+) MB at 20,000,000 deals", 565, band=(0.85, 1.15)),
    Figure("compile-census", "4.7 s CPU for the 仙桃千分 census",
           "python benchmarks/bench_compile.py --only 'xiantao census'",
           r"xiantao census\s+[\d.]+\s+([\d.]+)", 4.7, band=(0.67, 1.5), measured="2026-12-04"),
    Figure("tests", "2,930 tests",
           "python -m pytest --collect-only -q -p no:cacheprovider tests",
           r"(\d+) tests? collected", 2930, band=(0.9, 1.15), quick=True, measured="2026-12-05"),
]


def number(x: float) -> str:
    return f"{x / 1e6:.3g}M" if x >= 1e5 else f"{x:,.4g}"


def same_text(now: str, readme: str) -> bool:
    """``now`` prints as ``readme``: identical, or a number that rounds to the README's digits."""
    if now == readme:
        return True
    try:
        digits = len(readme.split(".")[1]) if "." in readme else 0
        return f"{float(now):.{digits}f}" == readme
    except ValueError:
        return False


def run(fig: Figure) -> tuple[str, str]:
    """(the figure now as text, OK / STALE / FAILED)."""
    with tempfile.TemporaryDirectory(prefix="paiju-figure-") as tmp, open(Path(tmp) / "output", "w+") as log:
        child = subprocess.Popen(fig.command.format(tmp=tmp), shell=True, cwd=ROOT, stdout=log, stderr=log)
        _, status, usage = os.wait4(child.pid, 0)  # its usage and its children's: the command's CPU seconds
        cpu = max(usage.ru_utime + usage.ru_stime, 1e-6)
        log.seek(0)
        out = log.read()
    if os.waitstatus_to_exitcode(status) != 0:
        return (out.strip().splitlines() or [""])[-1][:60], "FAILED"
    m = re.search(fig.pattern, out)
    if not m:
        return "(not in the output)", "FAILED"
    if fig.band is None:
        now = m.group(1) if fig.scale == 1 else repr(float(m.group(1)) * fig.scale)
        return now, "OK" if same_text(now, str(fig.expect)) else "STALE"
    now = fig.per_cpu / cpu if fig.per_cpu else float(m.group(1).replace(",", ""))
    ratio = now / float(fig.expect)
    return f"{number(now)} ({ratio:.2f}x)", "OK" if fig.band[0] <= ratio <= fig.band[1] else "STALE"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", action="append", help="figure id (repeatable)")
    ap.add_argument("--quick", action="store_true", help="only the cheap figures (seconds each once compiled)")
    ap.add_argument("--list", action="store_true", help="list the figures and their commands, run nothing")
    args = ap.parse_args()
    ids = [f.id for f in FIGURES]
    if args.only and not set(args.only) <= set(ids):
        sys.exit(f"unknown figure {sorted(set(args.only) - set(ids))}; known: {', '.join(ids)}")
    chosen = [f for f in FIGURES if (not args.only or f.id in args.only) and (f.quick or not args.quick)]
    if not chosen:
        sys.exit("no figure is both quick and among --only; drop --quick to run those")
    if args.list:
        for f in chosen:
            print(f"{f.id:<16} README: {f.readme}\n{'':<16} {f.command}  (measured {f.measured})")
        return
    print(f"{'figure':<16} {'README':<28} {'now':<28} check")
    stale = 0
    for f in chosen:
        t0 = time.perf_counter()
        now, verdict = run(f)
        stale += verdict != "OK"
        readme = str(f.expect) if f.band is None else number(float(f.expect))
        limits = "same text" if f.band is None else f"ratio {f.band[0]}..{f.band[1]}"
        print(f"{f.id:<16} {readme[:28]:<28} {now[:28]:<28} {verdict} ({limits}, {time.perf_counter() - t0:.0f} s)",
              flush=True)
    if stale:
        print(f"{stale} of {len(chosen)} figures are stale or failed: re-measure them with their commands "
              "(--list) and update README.md and this file")
        sys.exit(1)


if __name__ == "__main__":
    main()
