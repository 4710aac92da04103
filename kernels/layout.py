"""Row layouts declared once: the raw facts a play kernel writes, one int64 row per game.

A game declares its raw facts as a ``RowLayout`` of ``Field``s in a plain-Python module of its
kernel package (no numba there). From that one declaration come:

* the kernel's row offsets: ``ROW_BANKER = LAYOUT.at("banker")`` are module-level ints, which
  numba freezes as compile-time constants;
* the Parquet columns (``sim.schema.layout_columns``: name, Arrow type, doc, categories);
* the facts that scoring reads (``RowLayout.unpack`` turns kernel rows into named columns, the
  same names that ``paiju rescore`` reads back from a stored run).

A per-seat field takes ``max_seats`` consecutive slots and becomes the columns ``s{k}_{name}``
for the run's seats ``k < n_seats``; a field of ``width`` w > 1 is a vector of w slots used
inside the kernel only (it is not a column unless ``column`` says so).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

TYPES = ("bool", "int8", "int16", "int32", "int64", "float64")


@dataclass(frozen=True)
class Field:
    """One raw fact: its column name, Arrow type name (``TYPES``), meaning and shape."""

    name: str
    type: str
    doc: str
    per_seat: bool = False
    categories: tuple[str, ...] | None = None  # code i means categories[i] (a dictionary column)
    width: int = 1  # slots of a kernel-only vector (not a column)
    column: bool = True  # False: kernel scratch kept in the row but not written to Parquet

    def __post_init__(self):
        if self.type not in TYPES:
            raise ValueError(f"field {self.name}: type {self.type!r} not in {TYPES}")
        if self.width != 1 and (self.per_seat or self.column):
            raise ValueError(f"field {self.name}: a vector field (width > 1) is kernel-only and not per seat")


class RowLayout:
    """Offsets of ``fields`` in a kernel row; per-seat fields reserve ``max_seats`` slots."""

    def __init__(self, fields: list[Field], max_seats: int):
        self.fields = tuple(fields)
        self.max_seats = max_seats
        self._offset: dict[str, int] = {}
        pos = 0
        for f in self.fields:
            if f.name in self._offset:
                raise ValueError(f"duplicate field {f.name!r}")
            self._offset[f.name] = pos
            pos += max_seats if f.per_seat else f.width
        self.length = pos

    def at(self, name: str) -> int:
        """Row offset of field ``name`` (seat k of a per-seat field is at ``at(name) + k``)."""
        return self._offset[name]

    def field(self, name: str) -> Field:
        return self.fields[[f.name for f in self.fields].index(name)]

    def column_names(self, n_seats: int) -> list[str]:
        out = []
        for f in self.fields:
            if f.column:
                out += [f"s{k}_{f.name}" for k in range(n_seats)] if f.per_seat else [f.name]
        return out

    def unpack(self, rows: np.ndarray, n_seats: int) -> dict[str, np.ndarray]:
        """Named columns (views into ``rows``) of every column field, for ``n_seats`` seats."""
        out: dict[str, np.ndarray] = {}
        for f in self.fields:
            if not f.column:
                continue
            o = self._offset[f.name]
            if f.per_seat:
                for k in range(n_seats):
                    out[f"s{k}_{f.name}"] = rows[:, o + k]
            else:
                out[f.name] = rows[:, o]
        return out

    def seat_matrix(self, values: dict[str, np.ndarray], name: str, n_seats: int) -> np.ndarray:
        """(n, n_seats) array of a per-seat field from named columns (rows or a stored batch)."""
        return np.stack([np.asarray(values[f"s{k}_{name}"]) for k in range(n_seats)], axis=1)
