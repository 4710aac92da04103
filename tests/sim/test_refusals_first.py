"""Refusals come before any work and say what is true (issue 24 items 5, 6, 7 and 10).

A sweep that cannot finish refuses before its first run; a game's own refusal of an option comes
before a remark on ``-n``; an option value no hand can reach is refused; every mistake made
through the Python API is a ``sim.PaijuError`` with the command line's one line.
"""

from __future__ import annotations


import pytest
from typer.testing import CliRunner

import sim
from sim.cli import app

runner = CliRunner()


def _refused(args: list[str]) -> str:
    result = runner.invoke(app, args)
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert result.exit_code == 2 and len(lines) == 1 and lines[0].startswith("error: "), (args, result.output)
    return lines[0]


def test_a_sweep_refused_by_the_game_plays_nothing(tmp_path):
    out = tmp_path / "sweep"
    line = _refused(["sweep", "tractor", "-n", "10", "--players", "smart,greedy", "--out", str(out), "-q"])
    assert "whole matches" in line
    assert not out.exists(), "the sweep played runs before refusing"


def test_a_sweep_with_one_bad_setting_plays_none_of_them(tmp_path):
    out = tmp_path / "sweep"
    line = _refused(["sweep", "guanpai", "-n", "10", "--policy-param", "near_out=3,many", "--out", str(out), "-q"])
    assert "near_out" in line
    assert not out.exists(), "the sweep played the first setting before refusing the second"


def test_a_sweep_into_an_occupied_directory_plays_nothing(tmp_path):
    out = tmp_path / "sweep"
    (out / "near_out=4").mkdir(parents=True)
    (out / "near_out=4" / "notes.txt").write_text("mine")
    line = _refused(["sweep", "guanpai", "-n", "10", "--policy-param", "near_out=3,4", "--out", str(out), "-q"])
    assert "not empty" in line
    assert sorted(p.name for p in out.iterdir()) == ["near_out=4"]


def test_the_game_refusal_comes_before_the_session_multiple():
    line = _refused(["play", "tractor", "--hands-per-session", "4", "-n", "10", "-q"])
    assert "with matches = true a game index is already a whole match" in line, line


def test_a_level_threshold_no_hand_can_reach_is_refused(tmp_path):
    line = _refused(["play", "tractor", "--set", "levels.threshold=250", "-n", "2", "-o", str(tmp_path / "r"), "-q"])
    assert "levels.threshold" in line and "200" in line
    assert not (tmp_path / "r").exists()


def test_the_sessions_refusal_does_not_say_a_match_carries_nothing():
    line = _refused(["play", "wushik", "--hands-per-session", "4", "-n", "8", "-q"])
    assert "carry nothing" not in line and "game indices" in line, line


@pytest.fixture(scope="module")
def niuniu_run(tmp_path_factory):
    path = tmp_path_factory.mktemp("api") / "run"
    return sim.play("niuniu", 40, seed=3, out=path, progress=False, log=lambda s: None)


@pytest.mark.parametrize("call, message", [
    (lambda run: run.balance([5]), "scenario 1 must be"),
    (lambda run: run.balance(5), "scenarios must be a list"),
    (lambda run: run.rescore({"multipliers.niuniu": 8}, out=5), "out must be a path"),
    (lambda run: run.replay("3"), "game_index must be a whole number"),
    (lambda run: run.report(out=5), "out must be a path"),
    (lambda run: run.to_pandas(columns="s0_money"), "columns must be a list"),
    (lambda run: sim.play("niuniu", "100"), "-n must be a whole number"),
    (lambda run: sim.play("niuniu", 10, seed="1"), "--seed must be a whole number"),
    (lambda run: sim.play("niuniu", 10, out=5), "out must be a path"),
    (lambda run: sim.play("niuniu", 10, threads="2"), "--threads must be a whole number"),
    (lambda run: sim.play("niuniu", 10, policy=5), "policy must be a list"),
    (lambda run: sim.play("niuniu", 10, hands_per_session="2"), "--hands-per-session must be a whole number"),
    (lambda run: sim.play("niuniu", 10, policy_params=5), "policy_params must be a list"),
    (lambda run: sim.sweep("guanpai", 10, "near_out", 3), "values must be a list"),
    (lambda run: sim.census("niuniu", 10, shard_size="5"), "--shard-size must be a whole number"),
    (lambda run: sim.open_run(5), "needs the path of a run directory"),
])
def test_python_api_mistakes_are_paiju_errors(niuniu_run, call, message):
    with pytest.raises(sim.PaijuError, match=message.replace("(", r"\(")):
        call(niuniu_run)


def test_balance_takes_a_list_of_option_mappings(niuniu_run):
    """``run.balance([{...}])`` raised a TypeError from pathlib: a list of mappings is scenarios 1, 2, …"""
    frame = niuniu_run.balance([{"multipliers.niuniu": 3}, {"multipliers.niuniu": 8}]).to_pandas()
    assert {"scenario1", "scenario2"} <= set(frame["scenario"])
