"""Part files written piece by piece (``sim.writer.PartStream``, what lets a run write a shard while
it computes it) are byte for byte the file written from the whole table at once, and a run that
fails mid-shard leaves no part file behind."""

from __future__ import annotations

import hashlib

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

import sim.runner
import sim.writer
from sim import registry
from sim.writer import ROW_GROUP, PartStream, write_part_file


@pytest.fixture(scope="module", autouse=True)
def toy_registered():
    registry.register("toy", "tests.toy")
    yield
    registry.GAMES.pop("toy", None)


def _table(n: int) -> pa.Table:
    rng = np.random.default_rng(5)
    return pa.table({"game_index": np.arange(n, dtype=np.int64),
                     "a": rng.integers(0, 9, n).astype(np.int16),
                     "b": rng.random(n) < 0.3})


def _digest(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.mark.parametrize("cuts", [[1], [ROW_GROUP], [7, ROW_GROUP - 7, 1], [ROW_GROUP + 5, 3, ROW_GROUP - 1], [2 * ROW_GROUP + 1]])
def test_pieces_give_the_bytes_of_the_whole_table(tmp_path, cuts):
    n = 2 * ROW_GROUP + 10
    whole = _table(n)
    pq.write_table(whole, tmp_path / "whole.parquet", compression="zstd", row_group_size=ROW_GROUP,
                   write_page_checksum=True)
    part = PartStream(tmp_path / ".tmp", tmp_path / "pieces.parquet")
    at = 0
    while at < n:
        for cut in cuts:
            part.append(whole.slice(at, min(cut, n - at)))
            at += cut
            if at >= n:
                break
    part.close()
    assert _digest(tmp_path / "pieces.parquet") == _digest(tmp_path / "whole.parquet")
    assert not (tmp_path / ".tmp").exists()
    assert pq.ParquetFile(tmp_path / "pieces.parquet").metadata.num_row_groups == 3


def test_write_part_file_of_an_empty_table(tmp_path):
    write_part_file(_table(0), tmp_path / ".tmp", tmp_path / "p.parquet")
    assert pq.read_table(tmp_path / "p.parquet").num_rows == 0


def test_a_census_shard_comes_in_pieces_with_the_rows_of_the_whole_shard(tmp_path):
    from sim import api

    run = api.census("toy", 2 * 1000 + 3, seed=4, out=tmp_path / "r", shard_size=1000, progress=False)
    pieces_were = sim.runner.PIECE
    try:
        sim.runner.PIECE = 300  # several pieces per shard, the last one short
        again = api.census("toy", 2 * 1000 + 3, seed=4, out=tmp_path / "p", shard_size=1000, progress=False)
    finally:
        sim.runner.PIECE = pieces_were
    for name in ("part-00000.parquet", "part-00001.parquet", "part-00002.parquet"):
        assert _digest(tmp_path / "p" / name) == _digest(tmp_path / "r" / name)
    assert again.to_pandas().equals(run.to_pandas())


def test_a_failure_mid_shard_leaves_no_part_file(tmp_path, monkeypatch):
    from sim import api
    from sim.errors import PaijuError

    real = sim.runner.RunSpec.job.fget
    calls = []

    class Failing:
        def __init__(self, job):
            self.job = job

        def __getattr__(self, name):
            return getattr(self.job, name)

        def compute(self, spec, start, stop, on_progress=None):
            calls.append(start)
            if len(calls) == 4:  # the second piece of the second shard
                raise PaijuError("stop here")
            return self.job.compute(spec, start, stop, on_progress)

    monkeypatch.setattr(sim.runner, "PIECE", 500)
    monkeypatch.setattr(sim.writer, "ROW_GROUP", 200)  # so the failing shard's file is already open
    monkeypatch.setattr(sim.runner.RunSpec, "job", property(lambda spec: Failing(real(spec))))
    with pytest.raises(PaijuError, match="stop here"):
        api.census("toy", 3000, seed=4, out=tmp_path / "r", shard_size=1000, progress=False)
    assert sorted(p.name for p in (tmp_path / "r").iterdir()) == ["_run.json", "part-00000.parquet"]


@pytest.mark.parametrize("game", [g for g in registry.GAMES if g != "toy"])
def test_every_census_in_pieces_writes_the_bytes_of_the_whole_shard(tmp_path, monkeypatch, game):
    """What lets the runner cut a census shard anywhere: its rows depend on the game index alone."""
    from sim import api

    api.census(game, 700, seed=3, out=tmp_path / "whole", shard_size=700, progress=False, log=lambda s: None)
    monkeypatch.setattr(sim.runner, "PIECE", 128)
    api.census(game, 700, seed=3, out=tmp_path / "pieces", shard_size=700, progress=False, log=lambda s: None)
    assert _digest(tmp_path / "pieces" / "part-00000.parquet") == _digest(tmp_path / "whole" / "part-00000.parquet")
