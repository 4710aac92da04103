"""Costs the showdown-family benchmarks report beside wall-clock rates.

``cold_compile`` runs ``snippet`` (which must compile every kernel of an engine on a tiny input)
in a child Python with an empty numba cache directory; the child reports its own CPU time and
peak RSS (``VmHWM`` of its own image: the parent's memory, which a forked child briefly
shares before exec, is not counted). ``median_cpu_rate`` is ``_util.median_rate`` on the
process's CPU clock: on a machine shared with other jobs, items per CPU-second of a one-thread
run is what the code costs, where the wall clock also measures the neighbours.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REPORT = """
import resource
_u = resource.getrusage(resource.RUSAGE_SELF)
try:  # VmHWM: this image's peak (ru_maxrss would keep the forked parent's size from before exec)
    _peak = [int(ln.split()[1]) for ln in open("/proc/self/status") if ln.startswith("VmHWM")][0]
except OSError:
    _peak = _u.ru_maxrss
print("ENGINE_COST", _u.ru_utime + _u.ru_stime, _peak / 1024)
"""


def median_cpu_rate(fn, repeats: int) -> float:
    """Median items per CPU-second of ``repeats`` runs (``fn`` returns how many items it did)."""
    import statistics

    rates = []
    for _ in range(repeats):
        t0 = time.process_time()
        n = fn()
        rates.append(n / (time.process_time() - t0))
    return statistics.median(rates)


def cold_compile(snippet: str) -> tuple[float, float, float]:
    """(wall seconds, CPU seconds, peak RSS in MB) of ``snippet`` with an empty numba cache."""
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "NUMBA_CACHE_DIR": cache, "PYTHONPATH": str(ROOT)}
        t0 = time.perf_counter()
        done = subprocess.run([sys.executable, "-c", snippet + REPORT], check=True, env=env, cwd=ROOT,
                              capture_output=True, text=True)
        wall = time.perf_counter() - t0
    line = [ln for ln in done.stdout.splitlines() if ln.startswith("ENGINE_COST")][-1]
    _, cpu, rss = line.split()
    return wall, float(cpu), float(rss)
