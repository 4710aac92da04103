"""``paiju rescore``: rescoring stored hands equals re-simulating them under the new scoring.

Principle 6 (store raw events, score late): a run played with the default ruleset and rescored
under other multipliers must equal, column by column and part by part, the run simulated from the
same seed with those multipliers. Plus the refusals: play options, unknown keys, census and
foreign runs, unusable outputs — none of which may leave output behind.
"""

from __future__ import annotations

import json
import shutil

import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from sim.rescore import rescore_run
from sim.games.xiantao.columns import SCORED

SCORED_COLUMNS = [c.name for c in SCORED]
from analysis.runs import RunError
from sim.cli import app
from sim.errors import UserError

# every scoring option changed at once (grade, 喜, contributions, 硬牌, base, settlement)
OVERRIDES = {"grade.normal": 2, "grade.xiao_qing": 3, "grade.da_qing": 6, "xi.wangzha": 1, "xi.seven": 5,
             "xi.eight": 8, "contribution.a": 40, "contribution.b": 20, "hard_multiplier": 2, "base": 3,
             "settlement": "per_team"}
POLICIES = ["smart", "greedy", "random", "smart"]  # about half 硬牌 hands, every grade and case
N, SEED, SHARD = 2000, 21, 800

runner = CliRunner()


def simulate(path, rules_overrides=None):
    from sim.games.xiantao.rules import Rules
    from sim.ruleset import apply_overrides
    from sim.runner import RunSpec, run_local

    rules = apply_overrides(Rules(), rules_overrides or {})
    options = {"policies": POLICIES, "policy_params": [{}] * 4, "hands_per_session": 1, "rotate": True}
    spec = RunSpec("xiantao", "play", "default", rules, SEED, N, SHARD, options)
    run_local(spec, path, resume=False, overwrite=False, threads=1, log=lambda _: None)
    return path


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    root = tmp_path_factory.mktemp("rescore")
    return simulate(root / "base"), simulate(root / "alt", OVERRIDES)


@pytest.fixture
def src(runs):
    return runs[0]


def _parts(path):
    return sorted(p.name for p in path.glob("part-*.parquet"))


def _manifest(path):
    return json.loads((path / "_run.json").read_text())


def test_rescore_equals_resimulation(runs, tmp_path):
    src, alt = runs
    out = tmp_path / "rescored"
    manifest = rescore_run(src, out, OVERRIDES, batch_size=300)  # several batches per part
    assert _parts(out) == _parts(src) == _parts(alt) and len(_parts(out)) == 3
    for name in _parts(out):
        got, want, orig = (pq.read_table(p / name) for p in (out, src, alt))
        assert got.schema.equals(want.schema)
        for col in got.column_names:
            assert got.column(col).equals(orig.column(col)), f"{name} column {col} differs from re-simulation"
    # and the rescoring did change money (the test is not vacuous)
    a, b = pq.read_table(src / _parts(src)[0]), pq.read_table(out / _parts(out)[0])
    assert not a.column("s0_money").equals(b.column("s0_money"))
    assert set(SCORED_COLUMNS) <= set(a.column_names)

    m_alt = _manifest(alt)
    assert manifest == _manifest(out)
    assert manifest["kind"] == "play" and manifest["status"] == "complete"
    for key in ("game", "variant", "ruleset", "seed", "n", "shard_size", "n_shards", "options"):
        assert manifest[key] == m_alt[key], key
    frm = manifest["rescored_from"]
    assert frm["path"] == str(src.resolve())
    assert set(frm["ruleset_diff"]) == set(OVERRIDES)
    assert frm["ruleset_diff"]["grade.da_qing"] == {"from": 4, "to": 6}
    assert frm["ruleset_diff"]["settlement"] == {"from": "per_player", "to": "per_team"}


def test_no_overrides_reproduces_the_run(src, tmp_path):
    out = tmp_path / "same"
    manifest = rescore_run(src, out, {})
    assert manifest["rescored_from"]["ruleset_diff"] == {}
    for name in _parts(src):
        assert pq.read_table(out / name).equals(pq.read_table(src / name))


def test_rescoring_a_rescored_run_chains(runs, tmp_path):
    src, alt = runs
    half = {k: v for k, v in list(OVERRIDES.items())[:5]}
    rest = {k: v for k, v in list(OVERRIDES.items())[5:]}
    rescore_run(src, tmp_path / "one", half)
    manifest = rescore_run(tmp_path / "one", tmp_path / "two", rest)
    assert set(manifest["rescored_from"]["ruleset_diff"]) == set(rest)
    assert set(manifest["rescored_from"]["source_rescored_from"]["ruleset_diff"]) == set(half)
    for name in _parts(alt):
        assert pq.read_table(tmp_path / "two" / name).equals(pq.read_table(alt / name))


def test_cli_rules_file_then_set(src, tmp_path):
    rules = tmp_path / "alt.toml"
    rules.write_text("[grade]\nda_qing = 8\n[xi]\neight = 7\n")
    out = tmp_path / "cli"
    result = runner.invoke(app, ["rescore", str(src), "--rules", str(rules), "--set", "xi.eight=9", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "grade.da_qing 4→8" in result.output and "xi.eight 6→9" in result.output
    m = _manifest(out)
    assert m["ruleset"]["grade.da_qing"] == 8 and m["ruleset"]["xi.eight"] == 9
    assert m["rescored_from"]["ruleset_diff"] == {"grade.da_qing": {"from": 4, "to": 8},
                                                  "xi.eight": {"from": 6, "to": 9}}


@pytest.mark.parametrize("args, message", [
    (["--set", "hand_size=20"], "option 'hand_size' changes how the game is played"),
    (["--set", "call_card_rule=uniform_eligible"], "re-run the simulation"),
    (["--set", "grade.bogus=2"], "unknown option 'grade.bogus' in --set grade.bogus=2"),
    (["--set", "grade.da_qing=big"], "option 'grade.da_qing' must be an integer"),
    (["--set", "base=0"], "option 'base' must be positive"),
])
def test_cli_refuses_options_in_one_line(src, tmp_path, args, message):
    out = tmp_path / "out"
    result = runner.invoke(app, ["rescore", str(src), *args, "--out", str(out)])
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert result.exit_code == 2 and len(lines) == 1 and message in lines[0], result.output
    assert not out.exists()


def test_play_option_in_rules_file_names_the_file(src, tmp_path):
    rules = tmp_path / "play.toml"
    rules.write_text("wild_single_value = 2\n")
    with pytest.raises(UserError, match=r"rules file .*play\.toml.*re-run the simulation"):
        rescore_run(src, tmp_path / "out", [(f"rules file {str(rules)!r}", {"wild_single_value": 2})])
    assert not (tmp_path / "out").exists()


def test_census_run_refused(make_run, deal, tmp_path):
    census = make_run(deal.census_columns(500, seed=1), 500)
    with pytest.raises(RunError, match="rescore needs a play run"):
        rescore_run(census, tmp_path / "out", {"grade.da_qing": 6})
    assert not (tmp_path / "out").exists()


def test_missing_and_foreign_runs_refused(tmp_path):
    with pytest.raises(RunError, match="run not found"):
        rescore_run(tmp_path / "nope", tmp_path / "out", {})
    foreign = tmp_path / "foreign"
    foreign.mkdir()
    (foreign / "_run.json").write_text(json.dumps({"format": "something-else"}))
    with pytest.raises(RunError, match="not a paiju run manifest"):
        rescore_run(foreign, tmp_path / "out", {})
    (foreign / "_run.json").unlink()
    with pytest.raises(RunError, match="not a paiju run directory"):
        rescore_run(foreign, tmp_path / "out", {})
    assert not (tmp_path / "out").exists()


def test_incomplete_run_refused(src, tmp_path):
    partial = tmp_path / "partial"
    shutil.copytree(src, partial)
    m = _manifest(partial)
    m["status"] = "running"
    (partial / "_run.json").write_text(json.dumps(m))
    with pytest.raises(RunError, match="not complete"):
        rescore_run(partial, tmp_path / "out", {})


def test_output_refusals(src, tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    (out / "keep.txt").write_text("mine")
    with pytest.raises(UserError, match="is not empty; use --overwrite"):
        rescore_run(src, out, {"grade.da_qing": 6})
    with pytest.raises(UserError, match="not part of a paiju run"):
        rescore_run(src, out, {"grade.da_qing": 6}, overwrite=True)
    assert [p.name for p in out.iterdir()] == ["keep.txt"]
    with pytest.raises(UserError, match="is the run being rescored"):
        rescore_run(src, src, {"grade.da_qing": 6}, overwrite=True)
    assert _parts(src) and _manifest(src)["status"] == "complete"
    (tmp_path / "a_file").write_text("x")
    with pytest.raises(UserError, match="is not a directory"):
        rescore_run(src, tmp_path / "a_file" / "such", {})
    rescore_run(src, tmp_path / "new" / "parents", {})  # missing parents are created
    assert _manifest(tmp_path / "new" / "parents")["status"] == "complete"
    # an earlier run in --out is replaced with --overwrite
    again = tmp_path / "again"
    rescore_run(src, again, {"grade.da_qing": 6})
    rescore_run(src, again, {"grade.da_qing": 8}, overwrite=True)
    assert _manifest(again)["ruleset"]["grade.da_qing"] == 8


def test_failure_midway_leaves_no_output(src, tmp_path, monkeypatch):
    import sim.rescore as rescore

    calls = []
    real = rescore.rescore_batch

    def flaky(batch, source, rules):
        calls.append(1)
        if len(calls) > 1:
            raise OSError("disk full")
        return real(batch, source, rules)

    monkeypatch.setattr(rescore, "rescore_batch", flaky)
    with pytest.raises(OSError):
        rescore_run(src, tmp_path / "out", {"grade.da_qing": 6})
    assert not (tmp_path / "out").exists()
