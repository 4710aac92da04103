"""The rows are exactly the columns and Arrow types the game declares (and docs/schema.md shows)."""

from __future__ import annotations

from pathlib import Path

import pyarrow as pa
import pytest

from sim.registry import GAMES
from sim.stored import spec_from_manifest
from sim.schema import to_arrow_schema
from tests.contract import cases as C

VARIANTS = C.variant_cases()
DOCUMENTED = [(g, kind) for g in GAMES for kind in C.game(g).jobs]  # the toys live in tests/, not in the docs
SCHEMA_DOC = Path(__file__).resolve().parents[2] / "docs" / "schema.md"


@pytest.mark.parametrize("game,variant,kind", VARIANTS, ids=C.ids(VARIANTS))
def test_columns_are_the_declared_layout(game, variant, kind):
    run = C.run(game, variant, kind)
    g, spec = spec_from_manifest(run.manifest)
    declared = to_arrow_schema(g.job(kind).columns(spec))
    table = run.to_arrow()
    assert table.schema.names == declared.names
    for field, want in zip(table.schema, declared):
        assert field.type == want.type, f"{field.name}: {field.type}, declared {want.type}"
    assert all(table.column(name).null_count == 0 for name in table.column_names), "a null value"
    assert "game_index" in table.column_names
    if kind == "play":
        assert table.schema.names[:4] == ["game_index", "session", "deal_index", "rotation"]
        n_seats = g.seats(spec.rules)
        assert [f"s{k}_money" for k in range(n_seats)] == [c for c in table.column_names if c.endswith("_money")
                                                           and c[1:-6].isdigit()]


def _doc_table(doc: str, heading: str) -> list[str]:
    lines = doc.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(heading))
    body = []
    for line in lines[start + 1:]:
        if line.startswith("## "):
            break
        if line.startswith("The same columns as `"):
            other = line.split("`")[1]
            return _doc_table(doc, f"## `{other}`")
        if line.startswith("| `"):
            body.append(line)
    return body


@pytest.mark.parametrize("game,kind", DOCUMENTED, ids=C.ids(DOCUMENTED))
def test_docs_schema_shows_the_declared_columns(game, kind):
    from sim import docs

    g, seats, spec = docs.default_spec(game, kind)
    want = docs.table(g.jobs[kind].columns(spec))[2:]
    doc = SCHEMA_DOC.read_text(encoding="utf-8")
    heading = f"## `paiju {kind} {game}`"
    assert heading in doc, f"docs/schema.md has no section {heading} (python -m sim.docs --write)"
    assert _doc_table(doc, heading) == want, "docs/schema.md is stale (python -m sim.docs --write)"
    assert all(isinstance(c.type, pa.DataType) for c in g.jobs[kind].columns(spec))
