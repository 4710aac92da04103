"""Damaged and unreadable runs, for every registered game (issue 24 items 2-4).

Each reader of a stored run — report, rescore, balance, replay — must stop with one line and exit
code 2 when the run is damaged or its manifest is not one paiju can read, name the damaged part
and the game indices to recompute, and leave nothing half-written; the report of an unfinished
run says INCOMPLETE before anything else. The faults: garbage in the middle of a part's pages
(footer intact), values outside their declared ranges, a manifest naming an unknown variant, and
a run whose status is still "running".
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from sim import api
from sim.cli import app
from sim.registry import GAMES, load_game

N, SHARD = 4, 2  # two part files: part-00001 holds game indices 2-3
runner = CliRunner()


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    """One small play run per game, made once and copied by each test."""
    root = tmp_path_factory.mktemp("runs")
    cache: dict[str, Path] = {}

    def make(game: str) -> Path:
        if game not in cache:
            path = root / game
            api.play(game, N, seed=5, out=path, shard_size=SHARD, progress=False, log=lambda s: None)
            cache[game] = path
        return cache[game]

    return make


def _copy(made, game: str, tmp_path: Path) -> Path:
    run = tmp_path / "run"
    shutil.copytree(made(game), run)
    return run


def _readers(game: str, run: Path, tmp_path: Path, replayed: int = 3) -> list[tuple[list[str], Path | None]]:
    """Every command that reads ``run`` (what the game offers), with the file or directory it would
    write; ``replayed``: the game index replay shows."""
    g = load_game(game)
    out = [(["report", str(run), "--out", str(tmp_path / "report.txt")], tmp_path / "report.txt")]
    if g.scoring is not None:
        out.append((["rescore", str(run), "--out", str(tmp_path / "rescored")], tmp_path / "rescored"))
        out.append((["balance", str(run), "--out", str(tmp_path / "balance.txt")], tmp_path / "balance.txt"))
    if g.replay is not None:
        out.append((["replay", str(run), "--game", str(replayed)], None))
    return out


def _one_line_refusal(args: list[str], written: Path | None) -> str:
    result = runner.invoke(app, args)
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert result.exit_code == 2, (args, result.output, result.exception)
    assert len(lines) == 1 and lines[0].startswith("error: "), (args, result.output)
    assert written is None or not written.exists(), f"{args[0]} left {written} behind"
    return lines[0]


def _damage_pages(part: Path) -> None:
    """Garbage in the middle of every column chunk of the first row group; the footer intact."""
    meta = pq.ParquetFile(part).metadata
    data = bytearray(part.read_bytes())
    for c in range(meta.num_columns):
        chunk = meta.row_group(0).column(c)
        start = chunk.dictionary_page_offset or chunk.data_page_offset
        mid = start + chunk.total_compressed_size // 2
        data[mid:mid + 2] = bytes(b ^ 0x5A for b in data[mid:mid + 2])
    part.write_bytes(bytes(data))


def _ranges(run: Path) -> dict:
    return dict(api.open_run(run)._run.ranges)


def _out_of_range(part: Path, ranges: dict, row: int = 1) -> tuple[list[str], int]:
    """Put one row's values of every column with a declared range just outside it (as a buggy
    writer or a hand edit would); the file itself stays a valid Parquet file with checksums.
    Returns the columns changed and the row's game index."""
    table = pq.read_table(part)
    changed = []
    for name, (lo, hi) in ranges.items():
        if name not in table.column_names or name == "game_index":
            continue
        i = table.schema.get_field_index(name)
        field = table.schema.field(i)
        if not pa.types.is_integer(field.type):
            continue
        bad = hi + 1 if hi is not None else lo - 1
        info = np.iinfo(field.type.to_pandas_dtype())
        if not info.min <= bad <= info.max:
            continue  # a bound at the end of its type cannot be broken by a stored value
        values = table.column(i).to_numpy().copy()
        values[row] = bad
        table = table.set_column(i, field, pa.array(values, field.type))
        changed.append(name)
    pq.write_table(table, part, write_page_checksum=True)
    return changed, int(table.column("game_index")[row].as_py())


def _edit_manifest(run: Path, **fields) -> None:
    path = run / "_run.json"
    manifest = json.loads(path.read_text(encoding="utf-8"))
    manifest.update(fields)
    path.write_text(json.dumps(manifest), encoding="utf-8")


@pytest.mark.parametrize("game", list(GAMES))
def test_damaged_pages_are_one_line_naming_the_part_and_games(made, tmp_path, game):
    run = _copy(made, game, tmp_path)
    _damage_pages(run / "part-00001.parquet")
    for args, written in _readers(game, run, tmp_path):
        line = _one_line_refusal(args, written)
        assert "part-00001.parquet" in line and "game indices 2–3" in line and "--resume" in line, line


@pytest.mark.parametrize("game", list(GAMES))
def test_values_out_of_their_declared_range_are_one_line(made, tmp_path, game):
    run = _copy(made, game, tmp_path)
    changed, game_index = _out_of_range(run / "part-00001.parquet", _ranges(run))
    assert changed, f"{game} declares no range for any of its integer columns"
    for args, written in _readers(game, run, tmp_path, replayed=game_index):
        line = _one_line_refusal(args, written)
        assert "part-00001.parquet" in line and "outside its declared range" in line, line


@pytest.mark.parametrize("game", list(GAMES))
def test_a_manifest_this_paiju_cannot_read_is_refused_by_every_reader(made, tmp_path, game):
    run = _copy(made, game, tmp_path)
    _edit_manifest(run, variant="no-such-variant")
    for args, written in _readers(game, run, tmp_path):
        line = _one_line_refusal(args, written)
        assert "no-such-variant" in line, line


@pytest.mark.parametrize("game", list(GAMES))
def test_an_unfinished_run_says_incomplete_first_and_is_not_rescored(made, tmp_path, game):
    run = _copy(made, game, tmp_path)
    (run / "part-00001.parquet").unlink()
    _edit_manifest(run, status="running")
    result = runner.invoke(app, ["report", str(run)])
    assert result.exit_code == 0, result.output
    first = next(line for line in result.output.splitlines() if line.strip())
    assert "INCOMPLETE" in first, result.output[:500]
    for args, written in _readers(game, run, tmp_path):
        if args[0] == "rescore":
            assert "is not complete" in _one_line_refusal(args, written)
        elif args[0] == "balance":
            result = runner.invoke(app, args[:2])
            assert result.exit_code in (0, 2) and "INCOMPLETE" in result.output.split("\n\n")[0], result.output[:500]


def test_the_issue_examples(made, tmp_path):
    """牛牛 s1_top 99 (report: an IndexError before), bridge tricks 20 (rescore: ns_score 580 before),
    a negative 港式五张 invested (rescore accepted it)."""
    for game, column, value, command in (("niuniu", "s1_top", 99, "report"), ("bridge", "tricks", 20, "rescore"),
                                         ("hkstud", "s2_invested", -5, "rescore")):
        run = tmp_path / game
        shutil.copytree(made(game), run)
        part = run / "part-00000.parquet"
        table = pq.read_table(part)
        i = table.schema.get_field_index(column)
        values = table.column(i).to_numpy().copy()
        values[1] = value
        pq.write_table(table.set_column(i, table.schema.field(i), pa.array(values, table.schema.field(i).type)), part)
        out = tmp_path / f"{game}-out"
        args = [command, str(run)] + (["--out", str(out)] if command == "rescore" else [])
        line = _one_line_refusal(args, out)
        assert f"column {column} holds {value}" in line and "game indices 0–1" in line, line


@pytest.mark.parametrize("game", [g for g in GAMES if "census" in load_game(g).jobs])
def test_census_runs_are_read_with_the_same_checks(tmp_path, game):
    """A census run's only reader is its report: damaged pages, values out of range and an unknown
    variant are each one line, and nothing is written."""
    made = tmp_path / "made"
    api.census(game, N, seed=5, out=made, shard_size=SHARD, progress=False, log=lambda s: None)
    report = tmp_path / "report.txt"
    args = ["report", "", "--out", str(report)]
    for fault in ("pages", "range", "variant"):
        run = tmp_path / fault
        shutil.copytree(made, run)
        if fault == "pages":
            _damage_pages(run / "part-00001.parquet")
        elif fault == "range":
            changed, _ = _out_of_range(run / "part-00001.parquet", _ranges(run))
            assert changed, f"{game}'s census declares no range for any of its integer columns"
        else:
            _edit_manifest(run, variant="no-such-variant")
        args[1] = str(run)
        line = _one_line_refusal(args, report)
        assert ("part-00001.parquet" in line) if fault != "variant" else ("no-such-variant" in line), line


@pytest.mark.parametrize("fault", ["truncated", "missing"])
@pytest.mark.parametrize("game", ["niuniu", "wushik"])
def test_a_truncated_or_missing_part_is_named(made, tmp_path, game, fault):
    """The end of a part file cut off (its footer gone), or a part of a complete run deleted:
    every reader names the part."""
    run = _copy(made, game, tmp_path)
    part = run / "part-00001.parquet"
    if fault == "truncated":
        part.write_bytes(part.read_bytes()[: part.stat().st_size // 2])
    else:
        part.unlink()
    for args, written in _readers(game, run, tmp_path):
        line = _one_line_refusal(args, written)
        assert "part-00001.parquet" in line and "game indices 2–3" in line, line


def test_damage_that_decodes_silently_is_caught_by_the_page_checksums(tmp_path):
    """牛牛 damage once read as data (issue 24 item 2): a changed byte the decoder accepts —
    reading without page checksums returns other values and no error — is refused by the
    readers, which verify the checksums the writer stores."""
    made = tmp_path / "made"
    api.play("niuniu", 2000, seed=5, out=made, progress=False, log=lambda s: None)
    part = made / "part-00000.parquet"
    good = pq.read_table(part)
    meta = pq.ParquetFile(part).metadata
    chunk = meta.row_group(0).column(good.schema.get_field_index("s1_top"))  # a fact every reader reads
    start = chunk.dictionary_page_offset or chunk.data_page_offset
    data = part.read_bytes()
    silent = None
    for offset in range(start + chunk.total_compressed_size - 1, start, -1):  # page payloads end the chunk
        bad = bytearray(data)
        bad[offset] ^= 0x01
        probe = tmp_path / "probe.parquet"
        probe.write_bytes(bytes(bad))
        try:
            read = pq.read_table(probe)  # no checksum verification: what a plain reader sees
        except (OSError, pa.ArrowException):
            continue
        if not read.equals(good):
            silent = bad
            break
    assert silent is not None, "no silently decoded damage found in the column chunk"
    run = tmp_path / "run"
    shutil.copytree(made, run)
    (run / "part-00000.parquet").write_bytes(bytes(silent))
    for args, written in _readers("niuniu", run, tmp_path):
        line = _one_line_refusal(args, written)
        assert "part-00000.parquet" in line and "checksum" in line.lower(), line
