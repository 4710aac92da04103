"""Suite-wide setup: before a whole-suite run, compile every game's kernels on every core.

Most of a cold run's time is numba compiling. Left to the tests, each engine compiles inside
whichever test reaches it first, and with ``-n auto`` two workers may compile the same engine at
once. ``sim.warmup`` instead compiles each engine once, engines in parallel, into numba's disk
cache, which every worker then loads. It runs only when the whole suite is collected (no test
paths given, or ``tests/``), or when ``PAIJU_WARM_UP=1``; ``PAIJU_WARM_UP=0`` turns it off.
"""

from __future__ import annotations

import os
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def _whole_suite(config) -> bool:
    flag = os.environ.get("PAIJU_WARM_UP")
    if flag is not None:
        return flag == "1"
    paths = [Path(str(arg).split("::")[0]) for arg in config.args]
    return all((p if p.is_absolute() else Path(config.invocation_params.dir, p)).resolve() in (TESTS, TESTS.parent)
               for p in paths)


def pytest_sessionstart(session) -> None:
    config = session.config
    if hasattr(config, "workerinput") or not _whole_suite(config):  # xdist workers: the controller did it
        return
    from sim.warmup import warm_up

    reporter = config.pluginmanager.get_plugin("terminalreporter")
    log = reporter.write_line if reporter else print
    try:
        seconds = warm_up(log=log)
    except KeyboardInterrupt:  # the warm-up ended its processes; stop the session here, not in a test
        import pytest

        pytest.exit("interrupted during the kernel warm-up (sim.warmup)", returncode=2)
    log(f"kernels compiled or loaded in {seconds:.0f} s")
