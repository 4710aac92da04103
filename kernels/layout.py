"""Row layouts declared once: the raw facts a play kernel writes, one int64 row per game.

A game declares its raw facts as a ``RowLayout`` of ``Field``s in a plain-Python module of its
kernel package (no numba there). From that one declaration come:

* the kernel's row offsets: ``ROW_BANKER = LAYOUT.at("banker")`` are module-level ints, which
  numba freezes as compile-time constants;
* the Parquet columns (``sim.schema.layout_columns``: name, Arrow type, doc, categories);
* the facts that scoring reads (``RowLayout.unpack`` turns kernel rows into named columns, the
  same names that ``paiju rescore`` reads back from a stored run).

A per-seat field takes ``max_seats`` consecutive slots and becomes the columns ``s{k}_{name}``
for the run's seats ``k < n_seats``; a field of ``width`` w > 1 is a vector of w slots, whose
columns are named by ``labels`` (one per slot), or kernel-only scratch with ``column=False``.
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
    width: int = 1  # slots of a vector field
    column: bool = True  # False: kernel scratch kept in the row but not written to Parquet
    labels: tuple[str, ...] | None = None  # column names of a vector field's slots
    lo: int | None = None  # smallest value a stored row may hold (None: no bound); checked on read
    hi: int | str | None = None  # largest; "seat": a seat index of the run, "seats": its seat count

    def __post_init__(self):
        if self.type not in TYPES:
            raise ValueError(f"field {self.name}: type {self.type!r} not in {TYPES}")
        if self.width != 1 and self.per_seat:
            raise ValueError(f"field {self.name}: a vector field (width > 1) cannot be per seat")
        if self.width != 1 and self.column and (self.labels is None or len(self.labels) != self.width):
            raise ValueError(f"field {self.name}: a vector column needs one label per slot")
        if isinstance(self.hi, str) and self.hi not in ("seat", "seats"):
            raise ValueError(f"field {self.name}: hi {self.hi!r} is not a number, 'seat' or 'seats'")

    def bounds(self, n_seats: int) -> tuple[int | None, int | None]:
        """``(lo, hi)`` for a run of ``n_seats`` seats."""
        hi = {"seat": n_seats - 1, "seats": n_seats}[self.hi] if isinstance(self.hi, str) else self.hi
        return self.lo, hi

    def column_names(self, n_seats: int) -> list[str]:
        if not self.column:
            return []
        if self.per_seat:
            return [f"s{k}_{self.name}" for k in range(n_seats)]
        return list(self.labels) if self.width != 1 else [self.name]


class RowLayout:
    """Offsets of ``fields`` in a kernel row; per-seat fields reserve ``max_seats`` slots.

    ``ranges`` (name → ``(lo, hi)``) declares the values the fields it names may hold, as
    ``Field.lo`` / ``Field.hi`` do (one table may serve all the layouts of a module).
    """

    def __init__(self, fields: list[Field], max_seats: int, ranges: dict | None = None):
        from dataclasses import replace

        ranges = ranges or {}
        self.fields = tuple(replace(f, lo=ranges[f.name][0], hi=ranges[f.name][1]) if f.name in ranges else f
                            for f in fields)
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
        return [name for f in self.fields for name in f.column_names(n_seats)]

    def unpack(self, rows: np.ndarray, n_seats: int) -> dict[str, np.ndarray]:
        """Named columns (views into ``rows``) of every column field, for ``n_seats`` seats."""
        out: dict[str, np.ndarray] = {}
        for f in self.fields:
            o = self._offset[f.name]
            for i, name in enumerate(f.column_names(n_seats)):
                out[name] = rows[:, o + i]
        return out

    def seat_matrix(self, values: dict[str, np.ndarray], name: str, n_seats: int) -> np.ndarray:
        """(n, n_seats) array of a per-seat field from named columns (rows or a stored batch)."""
        return np.stack([np.asarray(values[f"s{k}_{name}"]) for k in range(n_seats)], axis=1)
