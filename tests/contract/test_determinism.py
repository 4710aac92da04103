"""Same rows for any thread count and shard size, a different seed gives different rows, and a
run resumed after a part file is lost is the uninterrupted run (every game index once)."""

from __future__ import annotations

import numpy as np
import pyarrow.dataset as ds
import pytest

import sim.api as api
from tests.contract import cases as C

VARIANTS = C.variant_cases()
JOBS = C.job_cases()


@pytest.mark.parametrize("game,variant,kind", VARIANTS, ids=C.ids(VARIANTS))
def test_rows_are_the_same_for_any_threads_and_shards(game, variant, kind):
    base = C.table(game, variant, kind)
    assert base.num_rows >= C.N[kind]
    assert C.table(game, variant, kind, threads=2, shard_size=5).equals(base), "2 threads, shards of 5"
    assert C.table(game, variant, kind, threads=2, shard_size=2).equals(base), "2 threads, shards of 2"


@pytest.mark.parametrize("game,variant,kind", VARIANTS, ids=C.ids(VARIANTS))
def test_another_seed_gives_other_rows(game, variant, kind):
    base = C.table(game, variant, kind)
    other = C.table(game, variant, kind, seed=C.SEED + 1)
    fields = [f for f in base.column_names if f not in ("game_index", "session", "deal_index", "rotation")]
    assert not base.select(fields).equals(other.select(fields))


def _game_indices_once(table, n):
    """Every game index 0..n-1 appears, in order, its rows together (a match writes several)."""
    idx = table.column("game_index").to_numpy()
    assert (np.diff(idx) >= 0).all(), "rows out of game order"
    assert np.array_equal(np.unique(idx), np.arange(n)), "a game index is missing"


@pytest.mark.parametrize("game,kind", JOBS, ids=C.ids(JOBS))
def test_resume_after_a_lost_part_rewrites_the_same_rows(game, kind, tmp_path):
    variant, n = C.default_variant(game), C.N[kind]
    call = api.census if kind == "census" else api.play
    args = dict(seed=C.SEED, variant=variant, shard_size=4, threads=1, progress=False, log=lambda _msg: None)
    out = tmp_path / "run"
    call(game, n, out=out, **args)
    whole = ds.dataset(out, format="parquet").to_table()
    parts = sorted(out.glob("part-*.parquet"))
    assert len(parts) == n // 4
    parts[1].unlink()  # as if the run had been killed before writing it
    call(game, n, out=out, resume=True, **args)
    resumed = api.open_run(out).to_arrow()
    _game_indices_once(resumed, n)
    assert resumed.equals(C.table(game, variant, kind)), "the resumed run differs from the run made in memory"
    assert resumed.num_rows == whole.num_rows
