"""A run directory is plain Parquet: pandas, pyarrow and DuckDB read it without paiju.

Small real census and play runs (several part files each) are read by the three readers, which
must agree with each other on row counts and values; docs/schema.md must equal its generator.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.dataset as pads
import pytest

ROOT = Path(__file__).resolve().parents[2]
N_CENSUS, N_PLAY = 5_000, 1_200


def _run(path: Path, kind: str, n: int, shard: int, options=None) -> Path:
    from sim.games.xiantao.rules import Rules
    from sim.runner import RunSpec, run_local

    spec = RunSpec("xiantao", kind, "default", Rules(), 5, n, shard, options or {})
    run_local(spec, path, resume=False, overwrite=False, threads=1, log=lambda _: None)
    return path


@pytest.fixture(scope="module")
def census_dir(tmp_path_factory):
    return _run(tmp_path_factory.mktemp("readable") / "census", "census", N_CENSUS, 2_000)


@pytest.fixture(scope="module")
def play_dir(tmp_path_factory):
    options = {"policies": ["smart", "greedy", "smart", "greedy"], "policy_params": [{}] * 4,
               "hands_per_session": 1, "rotate": True}
    return _run(tmp_path_factory.mktemp("readable") / "play", "play", N_PLAY, 500, options)


def _three_readers(run: Path, column: str):
    """(rows, mean of column) as pandas, pyarrow and DuckDB see the directory."""
    duckdb = pytest.importorskip("duckdb")
    df = pd.read_parquet(run)
    dataset = pads.dataset(run)  # `_run.json` is skipped: leading underscore
    table = dataset.to_table(columns=[column])
    glob = str(run / "*.parquet").replace("'", "''")
    count, avg = duckdb.sql(f"select count(*), avg({column}) from '{glob}'").fetchall()[0]
    return ((len(df), float(df[column].mean())),
            (dataset.count_rows(), float(np.mean(table.column(column).to_numpy()))),
            (count, float(avg)))


@pytest.mark.parametrize("kind, column", [("census", "s0_wilds"), ("census", "s3_points"),
                                          ("play", "s0_money"), ("play", "s2_finish")])
def test_pandas_pyarrow_duckdb_agree(census_dir, play_dir, kind, column):
    run, n = (census_dir, N_CENSUS) if kind == "census" else (play_dir, N_PLAY)
    assert len(list(run.glob("part-*.parquet"))) > 1  # several part files, read as one
    readings = _three_readers(run, column)
    for rows, mean in readings:
        assert rows == n
        assert mean == pytest.approx(readings[0][1], rel=1e-12, abs=1e-12)


def test_the_files_carry_the_documented_schema(census_dir, play_dir):
    from sim.games.xiantao.columns import census_columns, play_columns

    for run, columns in ((census_dir, census_columns()), (play_dir, play_columns())):
        schema = pads.dataset(run).schema
        assert schema.names == [c.name for c in columns]
        for c in columns:
            assert schema.field(c.name).type == c.type, c.name


def test_money_sums_to_zero_and_strings_read_everywhere(play_dir):
    """Dictionary columns come back as categories (pandas) and strings (DuckDB), with the same
    counts; each hand's money sums to 0 in every reader."""
    duckdb = pytest.importorskip("duckdb")
    df = pd.read_parquet(play_dir)
    glob = str(play_dir / "*.parquet").replace("'", "''")
    grades = dict(duckdb.sql(f"select grade, count(*) from '{glob}' group by grade").fetchall())
    assert grades == {k: v for k, v in df["grade"].value_counts().items() if v}
    worst = duckdb.sql(f"select max(abs(s0_money + s1_money + s2_money + s3_money)) from '{glob}'")
    assert worst.fetchall()[0][0] == pytest.approx(0.0, abs=1e-9)
    roles = pads.dataset(play_dir).to_table(columns=["s0_role"]).column("s0_role")
    assert pa.types.is_dictionary(roles.type)
    assert set(roles.to_pylist()) == set(df["s0_role"].astype(str))


def test_schema_doc_is_generated_and_current():
    from sim import docs

    text = docs.schema_doc()
    assert (ROOT / "docs" / "schema.md").read_text(encoding="utf-8") == text, \
        "docs/schema.md is stale: run python -m sim.docs --write"
    from sim.registry import GAMES, load_game

    for name in GAMES:
        for kind, job in load_game(name).jobs.items():
            assert f"`paiju {kind} {name}`" in text
            _, _, spec = docs.default_spec(name, kind)
            for c in job.columns(spec):  # every column appears, folded per seat or by name
                seat = c.name[0] == "s" and c.name[1:].split("_", 1)[0].isdigit()
                shown = f"`s{{k}}_{c.name.split('_', 1)[1]}`" if seat else f"`{c.name}`"
                assert shown in text, c.name
    assert "`dictionary<int8, string>`" in text and "| `s{k}_money` | `double` |" in text
