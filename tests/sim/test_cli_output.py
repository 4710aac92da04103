"""Output a person can read and a program can take (issue 26 item 3): piped output is whole lines
(no wrapping at 80 columns, no cut intervals), and ``--format csv|json`` gives report, balance and
sweep figures as data, the same numbers as the tables."""

from __future__ import annotations

import csv
import io
import json

import pyarrow.dataset as ds
import pytest
from typer.testing import CliRunner

from sim import registry
from sim.cli import app

runner = CliRunner()


@pytest.fixture(scope="module", autouse=True)
def toy_registered():
    registry.register("toy", "tests.toy")
    yield
    registry.GAMES.pop("toy", None)


def _ok(*args):
    result = runner.invoke(app, [str(a) for a in args])
    assert result.exit_code == 0, result.output
    return result.output


@pytest.fixture(scope="module")
def toy_run(tmp_path_factory):
    out = tmp_path_factory.mktemp("toy_output") / "run"
    _ok("play", "toy", "-n", 3000, "--seed", 5, "--policy", "random,high", "--rotate", "--out", out, "-q")
    return out


def _seat0_wins(run) -> float:
    winner = ds.dataset(run, format="parquet").to_table(columns=["winner"]).column("winner").to_numpy()
    return float((winner == 0).mean())


def test_piped_tables_are_whole_lines(toy_run):
    """CliRunner's stdout is not a terminal: no line may be wrapped, so every interval opens and
    closes on one line and the widest table is wider than 80 columns."""
    for text in (_ok("balance", toy_run), _ok("report", toy_run, "--seats")):
        lines = text.splitlines()
        assert max(map(len, lines)) > 80, text
        for line in lines:
            assert line.count("[") == line.count("]"), line
            assert "…" not in line, line


def test_report_as_csv_and_json_holds_the_tables_numbers(toy_run, tmp_path):
    want = _seat0_wins(toy_run)
    rows = list(csv.DictReader(io.StringIO(_ok("report", toy_run, "--format", "csv"))))
    row = next(r for r in rows if r["name"] == "P(seat 0 wins)" and r["section"] == "Headline")
    assert float(row["estimate"]) == pytest.approx(want, abs=1e-12)
    assert 0 <= float(row["ci_low"]) < want < float(row["ci_high"]) <= 1 and int(row["n"]) == 3000
    data = json.loads(_ok("report", toy_run, "--format", "json"))
    stats = {s["name"]: s for sec in data["sections"] for s in sec["stats"]}
    assert stats["P(seat 0 wins)"]["estimate"] == pytest.approx(want, abs=1e-12)
    assert data["title"].startswith("toy play")
    out = tmp_path / "r.json"
    assert _ok("report", toy_run, "--format", "json", "--out", out).strip() == f"wrote {out}"
    assert json.loads(out.read_text()) == data


def test_balance_as_csv_and_json(toy_run, tmp_path):
    rows = list(csv.DictReader(io.StringIO(_ok("balance", toy_run, "--format", "csv"))))
    assert {"section", "scenario", "name", "estimate", "ci_low", "ci_high", "sd", "n"} <= set(rows[0])
    roles = {r["name"]: r for r in rows if r["section"].startswith("Money per hand by role")}
    assert roles and all(r["scenario"] == "run" for r in roles.values())
    out = tmp_path / "b.csv"
    _ok("balance", toy_run, "--format", "csv", "--out", out)
    assert list(csv.DictReader(out.open())) == rows
    data = json.loads(_ok("balance", toy_run, "--format", "json"))
    assert [s["title"] for s in data["sections"]] == list(dict.fromkeys(r["section"] for r in rows))


def test_sweep_report_as_data():
    from analysis.estimators import Stat
    from analysis.render_data import render_data
    from analysis.report import Section
    from analysis.sweep import SettingStat, SweepReport

    s = Stat.proportion("P(x)", 3, 10)
    stats = [SettingStat(s.name, s.estimate, s.ci_low, s.ci_high, None, None, s.n, s.se, None, setting)
             for setting in ("a=1", "a=2")]
    rep = SweepReport("Sweep of a on toy", ["summary"], [Section("Headline figures by setting", stats)],
                      per_seat=True)
    rows = list(csv.DictReader(io.StringIO(render_data(rep, "csv"))))
    assert [r["setting"] for r in rows] == ["a=1", "a=2"] and float(rows[0]["estimate"]) == 0.3
    assert json.loads(render_data(rep, "json"))["sections"][0]["stats"][1]["setting"] == "a=2"


def test_bad_formats_are_one_line(toy_run):
    for args in (["report", toy_run, "--format", "xml"], ["balance", toy_run, "--format", "html"],
                 ["sweep", "toy", "--players", "high", "--format", "yaml"]):
        result = runner.invoke(app, [str(a) for a in args])
        assert result.exit_code == 2 and len(result.output.strip().splitlines()) == 1, result.output
