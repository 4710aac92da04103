"""Reading the columns of a record batch as numpy: numbers, per-seat matrices, dictionary codes."""

from __future__ import annotations

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc


def codes(col, names: tuple[str, ...]) -> np.ndarray:
    """Positions in ``names`` of a dictionary (or string) column's values; -1 for others."""
    if isinstance(col, pa.ChunkedArray):
        col = col.combine_chunks()
    if not pa.types.is_dictionary(col.type):
        col = pc.dictionary_encode(col)
    values = col.dictionary.to_pylist()
    lut = np.array([names.index(v) if v in names else -1 for v in values] or [-1], np.int64)
    idx = col.indices.to_numpy(zero_copy_only=False)
    return lut[idx.astype(np.int64)]


def strings(col) -> tuple[np.ndarray, list[str]]:
    """(codes, names) of a dictionary or string column."""
    if isinstance(col, pa.ChunkedArray):
        col = col.combine_chunks()
    if not pa.types.is_dictionary(col.type):
        col = pc.dictionary_encode(col)
    return col.indices.to_numpy(zero_copy_only=False).astype(np.int64), col.dictionary.to_pylist()


def num(batch: pa.RecordBatch, name: str) -> np.ndarray:
    """A numeric or boolean column as a numpy array."""
    return batch.column(name).to_numpy(zero_copy_only=False)


def seat_matrix(batch: pa.RecordBatch, feature: str, n_seats: int) -> np.ndarray:
    """(rows, n_seats) array of the per-seat columns ``s{k}_{feature}``."""
    return np.stack([num(batch, f"s{k}_{feature}") for k in range(n_seats)], axis=1)


def seat_codes(batch: pa.RecordBatch, feature: str, names: tuple[str, ...], n_seats: int) -> np.ndarray:
    """(rows, n_seats) codes of the per-seat dictionary columns ``s{k}_{feature}``."""
    return np.stack([codes(batch.column(f"s{k}_{feature}"), names) for k in range(n_seats)], axis=1)


def run_seats(columns: list[str], feature: str = "money") -> int:
    """How many seats a run has: the number of ``s{k}_{feature}`` columns."""
    k = 0
    while f"s{k}_{feature}" in columns:
        k += 1
    return k


def decode_batch(batch: pa.RecordBatch, columns) -> dict[str, np.ndarray]:
    """Named numpy arrays of ``columns`` (``sim.schema.Column``) from a batch: dictionary columns
    as their codes (positions in ``Column.categories``; a value outside them is an error)."""
    out = {}
    for col in columns:
        arr = batch.column(col.name)
        if col.categories is not None:
            c = codes(arr, col.categories)
            if (c < 0).any():
                raise ValueError(f"column {col.name!r} holds a value outside {', '.join(col.categories)}")
            out[col.name] = c
        else:
            out[col.name] = num(batch, col.name)
    return out


def whole_games(batches):
    """The record batches of ``batches`` re-cut so that no game index is split between two: a
    game index of several rows (the hands of a match) is scored as a whole, in row order. Batches
    without a ``game_index`` column pass through as they are."""
    held = None
    for batch in batches:
        if "game_index" not in batch.schema.names:
            yield batch
            continue
        if held is not None:
            batch = pa.Table.from_batches([held, batch]).combine_chunks().to_batches()[0]
            held = None
        games = batch.column("game_index").to_numpy(zero_copy_only=False)
        if len(games) == 0:
            continue
        other = np.flatnonzero(games != games[-1])
        cut = int(other[-1]) + 1 if len(other) else 0  # the last game index's rows start here
        if cut > 0:
            yield batch.slice(0, cut)
        held = batch.slice(cut)
    if held is not None and held.num_rows:
        yield held
