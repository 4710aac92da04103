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


def per_seat(feature: str, type_: pa.DataType, doc: str, n_seats: int) -> list[Column]:
    return [Column(f"s{k}_{feature}", type_, f"seat {k}: {doc}") for k in range(n_seats)]


ARROW_TYPES = {"bool": pa.bool_(), "int8": pa.int8(), "int16": pa.int16(), "int32": pa.int32(),
               "int64": pa.int64(), "float64": pa.float64()}
DICT = pa.dictionary(pa.int8(), pa.string())


def layout_columns(layout, n_seats: int) -> list[Column]:
    """The Parquet columns of a kernel row layout (``kernels.layout.RowLayout``) for ``n_seats``."""
    cols = []
    for f in layout.fields:
        if not f.column:
            continue
        type_ = DICT if f.categories else ARROW_TYPES[f.type]
        if f.per_seat:
            cols += [Column(f"s{k}_{f.name}", type_, f"seat {k}: {f.doc}", f.categories) for k in range(n_seats)]
        else:
            cols.append(Column(f.name, type_, f.doc, f.categories))
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


# census features of climbing games: (feature, Arrow type, meaning), in kernel order
CENSUS_FEATURE_TYPES: list[tuple[str, pa.DataType, str]] = [
    ("wilds", pa.int8(), "wild cards (癞子) held, 0..6"),
    ("max_natural", pa.int8(), "largest natural count of one rank (3..2)"),
    ("seven", pa.int8(), "ranks held exactly 7 times naturally (7张)"),
    ("eight", pa.int8(), "ranks held exactly 8 times naturally (8张)"),
    ("wangzha", pa.bool_(), "holds natural 大王 + 小王 (王炸)"),
    ("points", pa.int16(), "5/10/K points held (wilds count 0)"),
    ("natural_bombs", pa.int8(), "ranks with at least 4 natural cards"),
    ("max_bomb", pa.int8(), "largest bomb reachable: best natural count + all wilds, 0 if under 4"),
    ("best_510k", pa.int8(), "best 五十K: 0 none, 1 杂, 2 正♦, 3 正♣, 4 正♥, 5 正♠"),
    ("xi_units", pa.int16(), "喜 units due at deal (王炸 + 7张 + 8张 under the ruleset's xi.*)"),
]


def census_columns(n_seats: int) -> list[Column]:
    cols = [Column("game_index", pa.int64(), "index of the deal in the run; its stream is (seed, game_index)")]
    for feature, type_, doc in CENSUS_FEATURE_TYPES:
        cols += per_seat(feature, type_, doc, n_seats)
    return cols
