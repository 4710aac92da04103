"""Output columns, defined once with explicit Arrow types (DESIGN principle 7).

A ``Column`` names one Parquet column, its Arrow type and its meaning; per-seat features expand
to ``s{k}_{feature}`` for every seat. Record batches are built from numpy columns by
``sim.writer``; the README's schema tables are generated from these definitions.
"""

from __future__ import annotations

from dataclasses import dataclass

import pyarrow as pa


@dataclass(frozen=True)
class Column:
    name: str
    type: pa.DataType
    doc: str
    categories: tuple[str, ...] | None = None  # dictionary column: code i is categories[i]
    lo: int | None = None  # smallest value a stored row may hold (None: no bound); checked on read
    hi: int | None = None  # largest


def per_seat(feature: str, type_: pa.DataType, doc: str, n_seats: int,
             categories: tuple[str, ...] | None = None, lo: int | None = None, hi: int | None = None) -> list[Column]:
    return [Column(f"s{k}_{feature}", type_, f"seat {k}: {doc}", categories, lo, hi) for k in range(n_seats)]


ARROW_TYPES = {"bool": pa.bool_(), "int8": pa.int8(), "int16": pa.int16(), "int32": pa.int32(),
               "int64": pa.int64(), "float64": pa.float64()}
DICT = pa.dictionary(pa.int8(), pa.string())


def layout_columns(layout, n_seats: int) -> list[Column]:
    """The Parquet columns of a kernel row layout (``kernels.layout.RowLayout``) for ``n_seats``."""
    cols = []
    for f in layout.fields:
        type_ = DICT if f.categories else ARROW_TYPES[f.type]
        lo, hi = f.bounds(n_seats)
        for i, name in enumerate(f.column_names(n_seats)):
            # a vector field's doc may name its slot: "{i}" (1-based) or "{label}"
            doc = f"seat {i}: {f.doc}" if f.per_seat else f.doc.format(i=i + 1, label=name) if f.width > 1 else f.doc
            cols.append(Column(name, type_, doc, f.categories, lo, hi))
    return cols


def to_arrow_schema(columns: list[Column], metadata: dict[str, str] | None = None) -> pa.Schema:
    return pa.schema([pa.field(c.name, c.type, nullable=False) for c in columns], metadata=metadata)


def table_from_values(columns: list[Column], values: dict) -> pa.Table:
    """An Arrow table of ``columns`` from numpy arrays (cast to each column's type) or ready Arrow
    arrays (dictionary columns), keyed by column name."""
    import numpy as np

    arrays = []
    for col in columns:
        v = values[col.name]
        if isinstance(v, pa.Array):
            arrays.append(v)
        elif col.categories is not None:
            codes = pa.array(np.asarray(v).astype(np.int8))
            arrays.append(pa.DictionaryArray.from_arrays(codes, pa.array(list(col.categories), pa.string())))
        elif col.type == pa.bool_():
            arrays.append(pa.array(np.asarray(v, dtype=bool)))
        else:
            arrays.append(pa.array(np.asarray(v).astype(col.type.to_pandas_dtype())))
    return pa.Table.from_arrays(arrays, schema=to_arrow_schema(columns))


# columns every play run has, whatever the game (values: ``play_index_values``)
PLAY_INDEX_COLUMNS = [
    Column("game_index", pa.int64(), "index of the hand in the run; its stream is (seed, game_index)", lo=0),
    Column("session", pa.int64(), "session number (game_index // hands_per_session)", lo=0),
    Column("deal_index", pa.int64(), "deal played: game_index, or game_index // n_seats with --duplicate", lo=0),
    Column("rotation", pa.int8(), "with --duplicate: seat k holds the hand dealt to seat k + rotation; else 0",
           lo=0),
]


def play_index_values(spec, start: int, n: int, n_seats: int) -> dict:
    """Values of ``PLAY_INDEX_COLUMNS`` for hands ``start .. start+n-1`` of a play ``spec``."""
    import numpy as np

    game_index = np.arange(start, start + n, dtype=np.int64)
    duplicate = bool(spec.options.get("duplicate"))
    return {
        "game_index": game_index,
        "session": game_index // spec.options.get("hands_per_session", 1),
        "deal_index": game_index // n_seats if duplicate else game_index,
        "rotation": game_index % n_seats if duplicate else np.zeros(n, np.int64),
    }


def policy_columns(names: tuple[str, ...], n_seats: int) -> list[Column]:
    """``s{k}_policy``: the player policy of each seat (``sim.players.seat_policies``)."""
    return per_seat("policy", DICT, "player policy of the seat in this hand", n_seats, categories=names)


def game_index_column() -> Column:
    return Column("game_index", pa.int64(), "index of the deal in the run; its stream is (seed, game_index)", lo=0)
