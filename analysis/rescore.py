"""Rescoring stored hands under other scoring options, without replaying one (principle 6): the
library part, which works on what it is given.

A ``Source`` is a play run with its game (``sim.game.Game``), ruleset and column definitions (the
simulator builds it: ``sim.rescore.source_rules``); ``rescore_batch`` recomputes every scored
column of a record batch with the game's ``Scoring.score`` — the function ``paiju play`` scored
the hands with — under other rules. ``paiju rescore`` (``sim.rescore``) streams a run through it
into a new run directory; ``paiju balance`` and ``paiju tune`` fold its output into figures.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Mapping

import numpy as np
import pyarrow as pa

from analysis.runs import Run, RunError


@dataclass(frozen=True)
class Source:
    """A play run opened for rescoring: its game, seats, ruleset and column definitions."""

    run: Run
    game: Any  # sim.game.Game
    rules: Any
    n_seats: int
    columns: dict  # name → sim.schema.Column of the run's play job

    @property
    def scoring(self):
        return self.game.scoring

    def fact_columns(self, rules: Any | None = None) -> list[str]:
        return list(self.scoring.facts(self.rules if rules is None else rules, self.n_seats))

    def facts(self, batch: pa.RecordBatch, rules: Any | None = None) -> dict[str, np.ndarray]:
        """The raw facts of a batch as numpy arrays (dictionary columns as their codes)."""
        from analysis.columns import decode_batch

        try:
            return decode_batch(batch, [self.columns[c] for c in self.fact_columns(rules)])
        except ValueError as exc:
            raise RunError(f"{self.run.path}: {exc}") from None


def flat_rules(rules: Any, prefix: str = "") -> dict[str, Any]:
    """A ruleset (nested frozen dataclasses) as a flat dict with dotted keys."""
    out: dict[str, Any] = {}
    for f in dataclasses.fields(rules):
        value = getattr(rules, f.name)
        if dataclasses.is_dataclass(value):
            out.update(flat_rules(value, f"{prefix}{f.name}."))
        else:
            out[f"{prefix}{f.name}"] = value
    return out


def ruleset_diff(old: Any, new: Any) -> dict[str, dict[str, Any]]:
    """``{key: {"from": old, "to": new}}`` for every option that differs."""
    a, b = flat_rules(old), flat_rules(new)
    return {k: {"from": a[k], "to": b[k]} for k in b if a.get(k) != b[k]}


def diff_text(diff: Mapping[str, Mapping[str, Any]]) -> str:
    return ", ".join(f"{k} {v['from']!r}→{v['to']!r}" for k, v in diff.items()) or "no change"


# --- scoring of a record batch -----------------------------------------------------------------


def _array(values: np.ndarray, type_: pa.DataType, names: tuple[str, ...] | None = None) -> pa.Array:
    if pa.types.is_dictionary(type_):
        return pa.DictionaryArray.from_arrays(pa.array(np.asarray(values).astype(type_.index_type.to_pandas_dtype())),
                                              pa.array(list(names), type_.value_type))
    if pa.types.is_boolean(type_):
        return pa.array(np.asarray(values, dtype=bool))
    return pa.array(np.asarray(values).astype(type_.to_pandas_dtype()))


def rescore_batch(batch: pa.RecordBatch, source: Source, rules: Any) -> pa.RecordBatch:
    """``batch`` with every scored column recomputed under ``rules`` (same schema)."""
    new = source.scoring.score(source.facts(batch, rules), rules, source.n_seats)
    schema = batch.schema
    arrays = [_array(new[f.name], f.type, source.columns[f.name].categories) if f.name in new else batch.column(i)
              for i, f in enumerate(schema)]
    return pa.RecordBatch.from_arrays(arrays, schema=schema)
