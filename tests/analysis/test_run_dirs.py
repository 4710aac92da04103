"""open_run on good and bad run directories: one clear RunError line per failure."""

from __future__ import annotations

import json

import numpy as np
import pytest

from analysis.runs import RunError, open_run


@pytest.fixture
def small_cols():
    n = 2_500
    return {"game_index": np.arange(n, dtype=np.int64),
            "s0_wilds": (np.arange(n) % 7).astype(np.int8)}


def _error(path) -> str:
    with pytest.raises(RunError) as info:
        open_run(path)
    msg = str(info.value)
    assert "\n" not in msg and str(path) in msg
    return msg


def test_open_good_run(make_run, small_cols):
    run = open_run(make_run(small_cols, shard_size=1_000))
    assert run.complete and run.kind == "census" and run.game == "xiantao"
    assert run.n_rows == 2_500 and len(run.parts) == 3
    assert run.manifest["schema_version"] == 1 and run.ruleset["xi.seven"] == 3
    df = run.to_pandas(["s0_wilds"])
    assert list(df.columns) == ["s0_wilds"] and df["s0_wilds"].sum() == small_cols["s0_wilds"].sum()
    sizes = [b.num_rows for b in run.iter_batches(["game_index"], batch_size=300)]
    assert sum(sizes) == 2_500 and max(sizes) <= 300
    got = np.concatenate([b.column(0).to_numpy() for b in run.iter_batches(["game_index"], 700)])
    assert np.array_equal(np.sort(got), small_cols["game_index"])
    with pytest.raises(RunError, match="no column"):
        run.to_pandas(["nope"])


def test_plain_run_json_is_accepted(make_run, small_cols):
    run = open_run(make_run(small_cols, manifest_name="run.json"))
    assert run.n_rows == 2_500 and run.manifest["format"] == "paiju-run"


def test_running_run_opens_flagged(make_run, small_cols):
    run = open_run(make_run(small_cols, status="running"))
    assert run.complete is False


def test_missing_and_not_directory(tmp_path):
    assert "run not found" in _error(tmp_path / "absent")
    f = tmp_path / "file.parquet"
    f.write_bytes(b"x")
    assert "not a run directory" in _error(f)


def test_no_manifest(tmp_path):
    assert "no _run.json or run.json" in _error(tmp_path)


@pytest.mark.parametrize("text,needle", [
    ("{not json", "cannot read"),
    ("[1, 2]", "not a paiju run manifest"),
    (json.dumps({"format": "other"}), "not a paiju run manifest"),
    (json.dumps({"format": "paiju-run", "schema_version": 2}), "unsupported schema_version 2"),
    (json.dumps({"format": "paiju-run"}), "unsupported schema_version None"),
])
def test_bad_manifest(tmp_path, text, needle):
    (tmp_path / "_run.json").write_text(text)
    assert needle in _error(tmp_path)


def test_no_parts(make_run, small_cols, tmp_path):
    root = make_run(small_cols)
    for p in root.glob("part-*.parquet"):
        p.unlink()
    assert "no part-*.parquet files" in _error(root)


def test_unreadable_part(make_run, small_cols):
    root = make_run(small_cols)
    (root / "part-00000.parquet").write_bytes(b"definitely not parquet")
    message = _error(root)
    assert "part-00000.parquet" in message and "is damaged" in message, message
