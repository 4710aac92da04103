"""Golden playthroughs: a stored digest of the first rows of small fixed-seed runs of every game.

For every registered game (``sim.registry.GAMES``) the cases are read from its ``Game``: every
variant × every job it offers (census, play with its default players), and on the default
variant, play with each of its players in every seat, all of them mixed and rotated, a
``--duplicate`` run and a session run where the game offers them. Each case is run in this
process through ``sim.api`` (tiny ``n``, a fixed seed, one thread) and reduced to:

* the columns and their Arrow types;
* one digest per column and one per row, over canonical text of the values (integers as
  decimals, floats to 12 significant digits, booleans as 0/1, dictionary columns as their
  strings), so a digest is the same on any machine and byte order;
* the first rows in full, readable, and the number of rows.

The rows hold no timestamps or versions (those live in the manifest, which is not digested).
A case the game refuses (a player that needs another variant) stores the refusal's line.

``python -m tests.golden --update [--game G] [--variant V]`` regenerates the files on purpose;
``python -m tests.golden`` checks and prints each difference. ``tests/golden/test_golden.py``
fails on any difference, naming game, variant, case and the first differing column and row.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
SEED = 20_261_203
N_CENSUS = 16
N_PLAY = 8
SAMPLE_ROWS = 2
FORMAT = 1


@dataclass(frozen=True)
class Case:
    """One golden run: ``kind`` is the job, ``label`` names the options (``play``, ``play:smart``,
    ``play:mixed``, ``play:duplicate``, ``play:sessions``)."""

    game: str
    variant: str
    kind: str
    label: str
    options: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)

    @property
    def key(self) -> str:
        return f"{self.variant}/{self.label}"

    @property
    def id(self) -> str:
        return f"{self.game}-{self.variant}-{self.label}"


def path_for(game: str) -> Path:
    return HERE / f"{game}.json"


def cases(game: str) -> list[Case]:
    """Every golden case of ``game``, read from its ``Game`` (no list kept by hand)."""
    from sim.registry import load_game

    g = load_game(game)
    out = []
    for variant in g.variants:
        for kind in g.jobs:
            out.append(Case(game, variant, kind, kind))
    if "play" in g.jobs and g.players is not None:
        default = "default" if "default" in g.variants else next(iter(g.variants))
        seats = g.seats(g.rules())
        for name in g.players.names:
            out.append(Case(game, default, "play", f"play:{name}", {"policy": name}))
        if len(g.players.names) > 1:
            out.append(Case(game, default, "play", "play:mixed", {"policy": "mixed", "rotate": True}))
        if g.duplicate:
            out.append(Case(game, default, "play", "play:duplicate", {"duplicate": True, "n": 2 * seats}))
        if g.sessions:
            out.append(Case(game, default, "play", "play:sessions", {"hands_per_session": 4}))
    return out


def _mixed_policies(case: Case) -> list[str]:
    """Every player of the game that plays the default variant alone, round the seats."""
    from sim.errors import PaijuError
    from sim.registry import load_game

    g = load_game(case.game)
    seats = g.seats(g.rules())
    names = []
    for name in g.players.names:
        try:
            run(Case(case.game, case.variant, "play", f"play:{name}", {"policy": name, "n": seats}))
            names.append(name)
        except PaijuError:
            pass
    return [names[k % len(names)] for k in range(seats)]


def run(case: Case):
    """The rows of ``case`` as an Arrow table (in memory, one thread, quiet)."""
    import sim.api as api

    opts = dict(case.options)
    common = dict(seed=SEED, variant=case.variant, threads=1, progress=False, log=lambda _msg: None)
    if case.kind == "census":
        return api.census(case.game, N_CENSUS, **common).to_arrow()
    n = opts.pop("n", N_PLAY)
    if opts.get("policy") == "mixed":
        opts["policy"] = _mixed_policies(case)
    return api.play(case.game, n, **common, **opts).to_arrow()


def canonical(value: Any) -> str:
    """The text a value is digested as: stable across machines, numpy versions and byte order."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, float):
        return format(value, ".12g")
    return str(value)


def column_values(table) -> dict[str, list[str]]:
    """Canonical text of every value, column by column (dictionary columns as their strings)."""
    out = {}
    for name in table.column_names:
        out[name] = [canonical(v) for v in table.column(name).to_pylist()]
    return out


def _digest(parts: list[str]) -> str:
    return hashlib.sha256("\x1f".join(parts).encode("utf-8")).hexdigest()[:16]


def record(case: Case) -> dict[str, Any]:
    """What the golden file keeps of ``case`` (or the one line the game refused it with)."""
    from sim.errors import PaijuError

    try:
        table = run(case)
    except PaijuError as exc:
        return {"refused": str(exc)}
    values = column_values(table)
    names = table.column_names
    rows = table.num_rows
    return {
        "rows": rows,
        # one line per column: name, Arrow type, digest of its values
        "columns": [f"{name} {table.schema.field(name).type} {_digest(values[name])}" for name in names],
        "row_digests": " ".join(_digest([values[name][i] for name in names]) for i in range(rows)),
        # the first rows, readable: one JSON list per row, values in the order of "columns"
        "sample": [json.dumps([values[name][i] for name in names], ensure_ascii=False)
                   for i in range(min(SAMPLE_ROWS, rows))],
    }


def _split(rec: dict[str, Any]) -> tuple[dict[str, str], dict[str, str], list[str], list[dict[str, str]]]:
    """(types, column digests, row digests, sample rows) of a stored record."""
    types, digests = {}, {}
    for line in rec["columns"]:
        name, rest = line.split(" ", 1)
        types[name], digests[name] = rest.rsplit(" ", 1)
    sample = [dict(zip(types, json.loads(row))) for row in rec["sample"]]
    return types, digests, rec["row_digests"].split(), sample


def compare(case: Case, stored: dict[str, Any] | None, now: dict[str, Any]) -> str | None:
    """None when ``now`` matches ``stored``; else one line naming what changed first."""
    where = f"{case.game}, variant {case.variant}, {case.label}"
    if stored is None:
        return f"{where}: no golden record (python -m tests.golden --update --game {case.game})"
    if "refused" in stored or "refused" in now:  # the line is kept to read; its wording may change
        if ("refused" in stored) != ("refused" in now):
            return f"{where}: stored {stored.get('refused', 'rows')!r}, now {now.get('refused', 'rows')!r}"
        return None
    old, old_digests, old_rows, old_sample = _split(stored)
    new, new_digests, new_rows, new_sample = _split(now)
    if old != new or list(old) != list(new):
        gone = [c for c in old if c not in new]
        added = [c for c in new if c not in old]
        retyped = [f"{c} {old[c]}->{new[c]}" for c in old if c in new and old[c] != new[c]]
        if gone or added or retyped:
            return f"{where}: columns changed: removed {gone}, added {added}, retyped {retyped}"
        return f"{where}: column order changed"
    if stored["rows"] != now["rows"]:
        return f"{where}: {now['rows']} rows, golden has {stored['rows']}"
    bad_cols = [c for c in old if old_digests[c] != new_digests[c]]
    bad_rows = [i for i, (a, b) in enumerate(zip(old_rows, new_rows)) if a != b]
    if not bad_cols and not bad_rows:
        return None
    row = bad_rows[0] if bad_rows else None
    if row is not None and row < len(old_sample):  # the sample shows which columns differ in that row
        cols = [c for c in bad_cols if old_sample[row][c] != new_sample[row][c]] or bad_cols
        col = cols[0] if cols else "?"
        detail = f" (stored {old_sample[row][col]}, now {new_sample[row][col]})" if col in old_sample[row] else ""
        return (f"{where}: first differing row {row}, column {col!r}{detail}; "
                f"{len(bad_cols)} column(s) and {len(bad_rows)} row(s) differ")
    first_col = repr(bad_cols[0]) if bad_cols else "?"
    return (f"{where}: first differing column {first_col}, first differing row {row}; "
            f"{len(bad_cols)} column(s) and {len(bad_rows)} row(s) differ")


def load(game: str) -> dict[str, Any]:
    path = path_for(game)
    if not path.exists():
        return {"format": FORMAT, "game": game, "seed": SEED, "cases": {}}
    return json.loads(path.read_text(encoding="utf-8"))


def save(game: str, data: dict[str, Any]) -> None:
    data["cases"] = dict(sorted(data["cases"].items()))
    path_for(game).write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
