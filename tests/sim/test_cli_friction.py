"""Friction at the command line (issue 26 items 6 and 7): --version, "did you mean", Chinese game
names, a fresh run directory per run, `paiju resume RUN`, flags shown as flags, one line per game,
balance roles named as the report prints them, inline scenarios, and a refused seat count that
names the variants allowing it."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pyarrow.dataset as ds
import pytest
from typer.testing import CliRunner

import tests.toy
from sim import registry
from sim.cli import app

runner = CliRunner()
GAME = dataclasses.replace(tests.toy.GAME, names=("玩具",))  # the toy, with a Chinese name


@pytest.fixture(scope="module", autouse=True)
def toy_registered():
    registry.register("toy", __name__)
    yield
    registry.GAMES.pop("toy", None)


def _run(*args):
    return runner.invoke(app, [str(a) for a in args])


def _ok(*args):
    result = _run(*args)
    assert result.exit_code == 0, result.output
    return result.output


def _one_line_error(*args) -> str:
    result = _run(*args)
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert result.exit_code == 2 and len(lines) == 1, result.output
    return lines[0]


def _rows(path):
    return ds.dataset(path, format="parquet").to_table().sort_by("game_index").to_pylist()


def test_version():
    import sim

    assert _ok("--version").strip() == f"paiju {sim.__version__}"


@pytest.mark.parametrize("args, hint", [
    (["play", "doudizu", "-n", "10"], "did you mean 'doudizhu'?"),
    (["play", "斗地", "-n", "10"], "did you mean '斗地主'?"),
    (["play", "gandengyan", "--variant", "onedeck", "-n", "10"], "did you mean 'one-deck'?"),
    (["play", "doudizhu", "--set", "bomb_factr=3", "-n", "10"], "did you mean 'bomb_factor'?"),
    (["play", "doudizhu", "--policy", "smrt", "-n", "10"], "did you mean 'smart'?"),
    (["options", "xiantao", "--variant", "uniform_call"], "did you mean 'uniform-call'?"),
    (["sweep", "doudizhu", "--players", "greedy,smrt", "-n", "10"], "did you mean 'smart'?"),
])
def test_did_you_mean(tmp_path, args, hint):
    line = _one_line_error(*args, *(["--out", tmp_path / "x"] if args[0] == "play" else []))
    assert hint in line
    assert not (tmp_path / "x").exists()


def test_no_suggestion_for_a_name_far_from_every_choice():
    assert "did you mean" not in _one_line_error("options", "qwertyuiop")


def test_every_game_answers_to_its_chinese_names():
    seen = set(registry.GAMES)
    for name in list(registry.GAMES):
        game = registry.load_game(name)
        assert game.names or name == "toy", name
        for alias in game.names:
            assert alias not in seen, alias  # an alias names one game only
            seen.add(alias)
            assert registry.canonical(alias) == name and registry.load_game(alias) is game
    assert registry.canonical("斗地主") == "doudizhu" and registry.canonical("四人斗地主") == "doudizhu4"
    assert _ok("options", "斗地主").splitlines()[1:] == _ok("options", "doudizhu").splitlines()[1:]


def test_a_run_by_chinese_name_is_stored_under_the_games_name(tmp_path):
    _ok("play", "玩具", "-n", 40, "--out", tmp_path / "r", "-q")
    assert json.loads((tmp_path / "r" / "_run.json").read_text())["game"] == "toy"


def test_runs_without_out_get_fresh_directories(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    first = _ok("play", "toy", "-n", 30, "-q")
    second = _ok("play", "toy", "-n", 30, "-q")  # failed before: runs/play existed
    dirs = sorted(p for p in (tmp_path / "runs").iterdir())
    assert len(dirs) == 2 and all(p.name.startswith("play-toy-") for p in dirs)
    assert {str(d.relative_to(tmp_path)) for d in dirs} == {line.split(" to ")[1].split(" in ")[0]
                                                            for line in (first, second)}
    assert _rows(dirs[0]) == _rows(dirs[1])


def _interrupt(run: Path, parts: list[int]) -> None:
    """What an interrupted run looks like: some part files missing, the manifest still running."""
    for i in parts:
        (run / f"part-{i:05d}.parquet").unlink()
    manifest = json.loads((run / "_run.json").read_text())
    manifest["status"] = "running"
    (run / "_run.json").write_text(json.dumps(manifest))


def test_resume_reads_the_runs_own_arguments(tmp_path):
    run = tmp_path / "r"
    _ok("play", "toy", "-n", 400, "--seed", 9, "--policy", "random,high", "--rotate", "--shard-size", 100,
        "--set", "ace_multiplier=3", "--out", run, "-q")
    whole = _rows(run)
    _interrupt(run, [1, 3])
    text = _ok("resume", run, "-q")
    assert "wrote 400 hands" in text
    assert json.loads((run / "_run.json").read_text())["status"] == "complete"
    assert _rows(run) == whole
    assert "is complete" in _ok("resume", run)
    assert "is complete" in _ok("play", "toy", "-n", 400, "--out", run, "--resume")


def test_resume_needs_a_run(tmp_path):
    assert "not a paiju run" in _one_line_error("resume", tmp_path)
    assert "--resume needs --out" in _one_line_error("play", "toy", "-n", 10, "--resume")


def test_flags_are_shown_as_flags():
    text = _run("play", "--help").output
    for flag in ("--rotate", "--duplicate", "--resume", "--overwrite", "--quiet"):
        line = next(line for line in text.splitlines() if flag in line)
        assert "<bool>" not in line, line


def test_games_is_one_line_per_game_and_long_lists_variants():
    short = _ok("games").splitlines()
    assert [line.split()[0] for line in short] == list(registry.GAMES)
    long = _ok("games", "--long")
    offers = f"offers: {', '.join(registry.load_game('toy').offers())}"
    assert "--variant one-deck" in long and offers in long and "also: 斗地主" in long


def test_balance_roles_as_the_report_prints_them():
    from analysis.balance import role_key
    from sim.errors import UserError

    cases = {"niuniu": {"庄家": "banker", "闲家": "player", "banker": "banker"},
             "tractor": {"庄家": "banker", "庄家's partner (庄 team)": "partner", "闲 (抓分方, the opponents)": "opponent"},
             "doudizhu": {"地主": "landlord", "农民 (farmer)": "farmer"},
             "bridge": {"明手": "dummy"}}
    for game, names in cases.items():
        scoring = registry.load_game(game).scoring
        for text, key in names.items():
            assert role_key(scoring, text, game) == key, (game, text)
    with pytest.raises(UserError, match="did you mean 'landlord'"):
        role_key(registry.load_game("doudizhu").scoring, "landlrd", "doudizhu")


def test_inline_scenarios_and_role_labels_in_balance(tmp_path):
    run = tmp_path / "r"
    _ok("play", "toy", "-n", 600, "--seed", 4, "--out", run, "-q")
    data = json.loads(_ok("balance", run, "--scenario", "stake=1", "--scenario", "ace_multiplier=4,stake=2",
                          "--role", "shows second", "--format", "json"))
    compare = next(s for s in data["sections"] if s["title"].startswith("Against the first scenario"))
    assert "shows second (player)" in " ".join(compare["notes"])
    scenarios = {s["scenario"] for sec in data["sections"] for s in sec["stats"]}
    assert scenarios == {"stake=1", "ace_multiplier=4,stake=2"}
    role = {(s["scenario"], s["name"]): s["estimate"] for sec in data["sections"] for s in sec["stats"]
            if sec["title"].startswith("Money per hand by role")}
    base = role[("stake=1", "shows second (player)")]
    assert base != 0 and role[("ace_multiplier=4,stake=2", "shows second (player)")] != 2 * base  # aces pay 4, not 2


def test_a_refused_seat_count_names_the_variants_that_allow_it(tmp_path):
    line = _one_line_error("play", "gandengyan", "--set", "players=6", "-n", 10, "--out", tmp_path / "x")
    assert "played by 2–5 players" in line and line.endswith("--variant one-deck and two-deck allow it")
    line = _one_line_error("play", "gandengyan", "--set", "players=12", "-n", 10, "--out", tmp_path / "x")
    assert "allow" not in line  # no variant seats 12


def test_ctrl_c_points_to_paiju_resume_and_it_finishes_the_run(tmp_path, monkeypatch):
    import sim.runner

    whole = tmp_path / "whole"
    _ok("play", "toy", "-n", 300, "--shard-size", 100, "--seed", 2, "--out", whole, "-q")
    real = sim.runner.compute_shard

    def stop_at_third(spec, index, on_progress=None):
        if index == 2:
            raise KeyboardInterrupt
        return real(spec, index, on_progress)

    monkeypatch.setattr(sim.runner, "compute_shard", stop_at_third)
    run = tmp_path / "run"
    line = _one_line_error("play", "toy", "-n", 300, "--shard-size", 100, "--seed", 2, "--out", run, "-q")
    assert f"`paiju resume {run}`" in line
    monkeypatch.setattr(sim.runner, "compute_shard", real)
    _ok("resume", run, "-q")
    assert _rows(run) == _rows(whole)


def test_ctrl_c_while_compiling_leaves_nothing(tmp_path, monkeypatch):
    import sim.runner

    def interrupted(spec, log=None):
        raise KeyboardInterrupt

    monkeypatch.setattr(sim.runner, "warm_up", interrupted)
    line = _one_line_error("play", "toy", "-n", 10, "--out", tmp_path / "r", "-q")
    assert "interrupted before any hand was written" in line and not (tmp_path / "r").exists()
