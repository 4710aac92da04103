"""No silent waits (issue 26 item 1): a run says what it compiles before compiling, says nothing
when it only loads cached code, the warm-up stops on Ctrl-C, and rates keep their figures."""

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

from typer.testing import CliRunner

from sim.cli import app
from sim.progress import rate, significant

ROOT = Path(__file__).resolve().parents[2]

KERNEL = textwrap.dedent('''
    import numba

    @numba.njit(cache=True)
    def bump(x):
        return x + 1
''')

SCRIPT = textwrap.dedent('''
    import sys
    sys.path.insert(0, sys.argv[1])
    from sim.compiling import compile_notice
    import kern
    with compile_notice("the test kernel", print):
        kern.bump(1)
    print("done")
''')


def _run_kernel(tmp_path):
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path / "cache")}
    out = subprocess.run([sys.executable, "-c", SCRIPT, str(tmp_path)], capture_output=True, text=True,
                         env=env, cwd=ROOT, check=True)
    return out.stdout.splitlines()


def test_a_cold_run_says_what_it_compiles_and_a_warm_run_says_nothing(tmp_path):
    (tmp_path / "kern.py").write_text(KERNEL)
    cold = _run_kernel(tmp_path)
    assert cold[0].startswith("compiling the test kernel (once") and "paiju warm-up" in cold[0]
    assert cold[1].startswith("compiled the test kernel in ") and cold[2] == "done"
    warm = _run_kernel(tmp_path)  # the same kernel, now loaded from the disk cache
    assert warm == ["done"]


def _sleepy(games):
    time.sleep(3)
    return 3.0, 1


def test_run_groups_names_each_engine_as_it_finishes():
    from sim.warmup import run_groups

    lines = []
    run_groups({"a": ["a"], "b": ["b", "c"]}, 2, lines.append, _fast)
    assert sorted(lines) == ["  a: compiled in 0 s", "  b (b, c): already cached (loaded in 0.0 s)"]


def _fast(games):
    return 0.01, 1 if games == ["a"] else 0


INTERRUPTED = textwrap.dedent('''
    import signal
    import time
    signal.signal(signal.SIGINT, signal.default_int_handler)  # a shell's background job inherits SIGINT ignored
    from sim.warmup import run_groups
    from tests.sim.test_cli_compile_notice import _sleepy
    t0 = time.perf_counter()
    try:
        run_groups({str(i): [str(i)] for i in range(6)}, 1, print, _sleepy)
    except KeyboardInterrupt:
        print(f"interrupted after {time.perf_counter() - t0:.1f} s", flush=True)
        raise SystemExit(130)
''')


def test_ctrl_c_stops_the_warm_up_at_once():
    """Six engines of 3 s one at a time take 18 s; Ctrl-C after 2 s must end it within seconds
    (before the fix the pool went on starting the remaining engines)."""
    proc = subprocess.Popen([sys.executable, "-c", INTERRUPTED], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    time.sleep(4)  # the spawned process has started and is sleeping in the first engine
    t0 = time.perf_counter()
    proc.send_signal(signal.SIGINT)
    out, _ = proc.communicate(timeout=30)
    assert proc.returncode == 130 and "interrupted after" in out, out
    assert time.perf_counter() - t0 < 8


def test_warm_up_command_exits_130_with_a_line(monkeypatch):
    import sim.warmup

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(sim.warmup, "warm_up", interrupted)
    result = CliRunner().invoke(app, ["warm-up"])
    assert result.exit_code == 130 and "warm-up interrupted" in result.output


def test_rates_keep_three_significant_figures():
    assert significant(0.72) == "0.720"
    assert significant(0.0123456) == "0.0123"
    assert significant(12.34) == "12.3"
    assert significant(1_234_567.8) == "1,234,568"


def test_manifest_rates_keep_four_significant_figures():
    assert rate(72, 100) == 0.72 and rate(1, 3) == 0.3333 and rate(5_000_000, 2) == 2_500_000.0
    assert rate(10, 0) is None


PLAY_TOY = textwrap.dedent('''
    import sys
    from typer.testing import CliRunner
    from sim import registry
    from sim.cli import app
    registry.register("toy", "tests.toy")
    result = CliRunner().invoke(app, ["play", "toy", "-n", "50", "--out", sys.argv[1], "-q"])
    print(result.output)
    raise SystemExit(result.exit_code)
''')


def test_a_play_run_says_it_compiles_once_and_a_warm_run_says_nothing(tmp_path):
    """Through the real runner: a fresh numba cache compiles (and says so first), the next run
    of the same kernels loads them and prints only its result line."""
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path / "cache")}

    def play(name):
        out = subprocess.run([sys.executable, "-c", PLAY_TOY, str(tmp_path / name)], capture_output=True, text=True,
                             env=env, cwd=ROOT)
        assert out.returncode == 0, out.stdout + out.stderr
        return [line for line in out.stdout.splitlines() if line.strip()]

    cold = play("a")
    assert cold[0].startswith("compiling the toy play kernels (once") and cold[1].startswith("compiled the toy play")
    warm = play("b")
    assert len(warm) == 1 and warm[0].startswith("wrote 50 hands")


REPLAY_TOY = textwrap.dedent('''
    import sys
    from typer.testing import CliRunner
    from sim import registry
    from sim.cli import app
    registry.register("toy", "tests.toy")
    result = CliRunner().invoke(app, ["replay", sys.argv[1], "--game", "3"])
    print(result.output)
    raise SystemExit(result.exit_code)
''')


def test_a_replay_says_it_compiles_on_a_cold_cache_and_nothing_on_a_warm_one(tmp_path):
    """``paiju replay`` plays the hand again (twice: its log, and the stored row's check), which
    compiles the play kernels where the cache lacks them: it says so first, as a run does."""
    def run(script, *args, cache):
        env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path / cache)}
        out = subprocess.run([sys.executable, "-c", script, *args], capture_output=True, text=True, env=env,
                             cwd=ROOT)
        assert out.returncode == 0, out.stdout + out.stderr
        return [line for line in out.stdout.splitlines() if line.strip()]

    run(PLAY_TOY, str(tmp_path / "r"), cache="played")
    cold = run(REPLAY_TOY, str(tmp_path / "r"), cache="fresh")
    assert cold[0].startswith("compiling the toy play kernels (once") and cold[1].startswith("compiled the toy play")
    assert cold[2].startswith("hand 3 of ")
    warm = run(REPLAY_TOY, str(tmp_path / "r"), cache="fresh")
    assert warm[0].startswith("hand 3 of ") and not any(line.startswith("compil") for line in warm)
