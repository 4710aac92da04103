"""Plain-numpy 仙桃千分 deals and synthetic run directories for the analysis tests.

Independent of kernels/ and of analysis.exact: a shuffled 108-card pack, cut into 27-card hands,
counted with bincount. Card ids here (local to the tests): 0..95 naturals of ranks 4..2
(rank 1 + id//8, suit (id%8)//2), 96..99 natural 3s, 100..105 wilds, 106 小王, 107 大王.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

N_CARDS, HAND = 108, 27
WILD, SJ, BJ = 13, 14, 15  # labels after the 13 ranks 3..2 (0..12)
LABEL = np.array([1 + c // 8 for c in range(96)] + [0] * 4 + [WILD] * 6 + [SJ, BJ])
SUIT = np.array([(c % 8) // 2 for c in range(96)] + [-1] * 12)  # 0♠ 1♥ 2♣ 3♦
POINTS = np.zeros(16, dtype=np.int64)
POINTS[[2, 7, 10]] = [5, 10, 10]  # 5, 10, K
I5, I10, IK = 2, 7, 10


def shuffled(n_games: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return rng.permuted(np.tile(np.arange(N_CARDS, dtype=np.int16), (n_games, 1)), axis=1)


def hand_features(hands: np.ndarray) -> dict[str, np.ndarray]:
    """Census features of each row of ``hands`` (n, 27) card ids."""
    n = len(hands)
    lab = LABEL[hands]
    counts = np.bincount((np.arange(n)[:, None] * 16 + lab).ravel(), minlength=16 * n).reshape(n, 16)
    nat = counts[:, :13]
    wilds = counts[:, WILD]
    max_nat = nat.max(axis=1)
    reach = max_nat + wilds
    seven, eight = (nat == 7).sum(1), (nat == 8).sum(1)
    wangzha = (counts[:, SJ] == 1) & (counts[:, BJ] == 1)
    # simplified 510K (naturals only): 杂 = 1, 正 by suit ♦ 2, ♣ 3, ♥ 4, ♠ 5
    suit_has = np.zeros((n, 3, 4), dtype=bool)
    r, s = LABEL[hands], SUIT[hands]
    for j, rank in enumerate((I5, I10, IK)):
        for suit in range(4):
            suit_has[:, j, suit] = ((r == rank) & (s == suit)).any(axis=1)
    best = np.where(suit_has.any(axis=2).all(axis=1), 1, 0)
    for suit, value in ((3, 2), (2, 3), (1, 4), (0, 5)):
        best = np.where(suit_has[:, :, suit].all(axis=1), value, best)
    return {
        "wilds": wilds.astype(np.int8),
        "max_natural": max_nat.astype(np.int8),
        "seven": seven.astype(np.int8),
        "eight": eight.astype(np.int8),
        "wangzha": wangzha,
        "points": (counts * POINTS).sum(1).astype(np.int16),
        "natural_bombs": (nat >= 4).sum(1).astype(np.int8),
        "max_bomb": np.where(reach >= 4, reach, 0).astype(np.int8),
        "best_510k": best.astype(np.int8),
        "xi_units": (3 * wangzha + 3 * seven + 6 * eight).astype(np.int16),
    }


def census_columns(n_games: int, seed: int, first_index: int = 0) -> dict[str, np.ndarray]:
    """Census columns of ``n_games`` four-seat deals, in schema order."""
    deck = shuffled(n_games, seed)
    cols = {"game_index": np.arange(first_index, first_index + n_games, dtype=np.int64)}
    for k in range(4):
        for name, arr in hand_features(deck[:, k * HAND:(k + 1) * HAND]).items():
            cols[f"s{k}_{name}"] = arr
    return cols


def manifest(n: int, shard_size: int, n_shards: int, columns, /, **over) -> dict:
    m = {
        "format": "paiju-run", "schema_version": 1, "game": "xiantao", "variant": "default",
        "kind": "census", "ruleset": {"xi.wangzha": 3, "xi.seven": 3, "xi.eight": 6},
        "seed": 7, "n": n, "shard_size": shard_size, "n_shards": n_shards, "status": "complete",
        "paiju_version": "0.0.test", "numba_version": "-", "numpy_version": np.__version__,
        "pyarrow_version": pa.__version__, "threads": 1, "backend": "local",
        "wall_time_s": 1.0, "rate_per_s": float(n), "created": "2025-01-01T00:00:00Z",
        "finished": "2025-01-01T00:00:01Z", "columns": list(columns),
    }
    m.update(over)
    return m


def write_run(root: Path, cols: dict[str, np.ndarray], shard_size: int, /,
              manifest_name: str = "_run.json", **over) -> Path:
    """A run directory: ``part-NNNNN.parquet`` shards of ``cols`` plus the manifest
    (``_run.json`` as sim.writer names it)."""
    root.mkdir(parents=True, exist_ok=True)
    n = len(cols["game_index"])
    n_shards = max(1, -(-n // shard_size))
    for i in range(n_shards):
        sl = slice(i * shard_size, (i + 1) * shard_size)
        pq.write_table(pa.table({k: v[sl] for k, v in cols.items()}), root / f"part-{i:05d}.parquet")
    (root / manifest_name).write_text(json.dumps(manifest(n, shard_size, n_shards, cols, **over)))
    return root


@pytest.fixture(scope="session")
def census_cols():
    """20k synthetic four-seat deals (shared by the report tests)."""
    return census_columns(20_000, seed=2024)


@pytest.fixture
def census_run(tmp_path, census_cols):
    return write_run(tmp_path / "run", census_cols, 6_000)


@pytest.fixture
def make_run(tmp_path):
    """Factory: ``make_run(cols, shard_size, name="run", **manifest_overrides) -> Path``."""

    def make(cols, shard_size=10_000, name="run", **over):
        return write_run(tmp_path / name, cols, shard_size, **over)

    return make


@pytest.fixture(scope="session")
def deal():
    """The numpy dealer: ``deal.census_columns``, ``deal.hand_features``, ``deal.shuffled``."""
    import types

    return types.SimpleNamespace(census_columns=census_columns, hand_features=hand_features,
                                 shuffled=shuffled, HAND=HAND)
