"""Open a paiju run directory (``_run.json`` + ``part-*.parquet``) and read it lazily.

The writer (``sim.writer``) names the manifest ``_run.json`` so Parquet readers skip it; a plain
``run.json`` is accepted too.

Nothing is loaded at open time beyond the manifest and Parquet footers, so a 100M-row run can be
streamed batch by batch (``Run.iter_batches``) in flat memory.

Every read goes part file by part file and is checked: page checksums are verified (the writer
stores them), and a column with a declared range (``Run.ranges``) must hold values inside it. A
damaged part is one line (``RunError``) naming the part and the game indices to recompute.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator, Mapping, Sequence

import pyarrow as pa
import pyarrow.dataset as ds

from analysis.errors import PaijuError

FORMAT = "paiju-run"
SUPPORTED_SCHEMA_VERSIONS = (1,)
MANIFESTS = ("_run.json", "run.json")  # first found wins
PART_GLOB = "part-*.parquet"
BATCH_ROWS = 1 << 16  # small batches stay in cache: faster and leaner than 1M-row ones


class RunError(PaijuError):
    """A run directory that cannot be analysed; the message is one line saying why."""


def _one_line(err: BaseException) -> str:
    return " ".join(str(err).split())


def parquet_format() -> ds.ParquetFileFormat:
    """Parquet reading that verifies every page's checksum, so damaged bytes never pass as data."""
    return ds.ParquetFileFormat(
        default_fragment_scan_options=ds.ParquetFragmentScanOptions(page_checksum_verification=True))


@dataclass(frozen=True)
class Run:
    """An opened run: its manifest, its part files and a lazy pyarrow dataset over them."""

    path: Path
    manifest: dict
    parts: tuple[Path, ...]
    dataset: ds.Dataset
    ranges: Mapping[str, tuple[int | None, int | None]] = field(default_factory=dict)  # column → (lo, hi)

    @property
    def kind(self) -> str | None:
        return self.manifest.get("kind")

    @property
    def game(self) -> str | None:
        return self.manifest.get("game")

    @property
    def ruleset(self) -> dict:
        return dict(self.manifest.get("ruleset") or {})

    @property
    def complete(self) -> bool:
        """False while the writer has not marked the run complete (partial data)."""
        return self.manifest.get("status") == "complete"

    @property
    def columns(self) -> list[str]:
        return list(self.dataset.schema.names)

    @property
    def n_rows(self) -> int:
        """Rows actually present in the part files (from Parquet metadata, no data read)."""
        return self.dataset.count_rows()

    def to_pandas(self, columns: Sequence[str] | None = None):
        """Whole run (or some columns) as a DataFrame; only for runs that fit in memory."""
        return self.to_table(columns).to_pandas()

    def to_table(self, columns: Sequence[str] | None = None, filter=None) -> pa.Table:
        """The rows (or some columns, or those matching a dataset ``filter``) as one table, read
        part by part and checked like ``iter_batches``."""
        cols = self._check(columns)
        tables = [self._checked(fragment, lambda f: f.to_table(columns=cols, filter=filter))
                  for fragment in self._fragments()]
        return pa.concat_tables(tables) if tables else self.dataset.schema.empty_table().select(cols or self.columns)

    def iter_batches(
        self, columns: Sequence[str] | None = None, batch_size: int = BATCH_ROWS, part: Path | None = None
    ) -> Iterator[pa.RecordBatch]:
        """Stream record batches of at most ``batch_size`` rows, part file by part file (only
        ``part``, one of ``parts``, when given).

        Read-ahead is kept to one batch so memory stays flat on any run size.
        """
        cols = self._check(columns)
        fragments = self._fragments()
        if part is not None:
            fragments = [f for f in fragments if getattr(f, "path", None) == str(part)]
        for fragment in fragments:
            batches = fragment.to_batches(columns=cols, batch_size=batch_size, batch_readahead=1)
            while True:
                batch = self._checked(fragment, lambda _: next(batches, None))
                if batch is None:
                    break
                if batch.num_rows:
                    yield batch

    def _fragments(self) -> list:
        return list(self.dataset.get_fragments())

    def _checked(self, fragment, read):
        """``read(fragment)``, with a damaged part (a bad page or a value out of its declared range)
        turned into one line naming it."""
        try:
            data = read(fragment)
        except (OSError, pa.ArrowException) as err:
            raise RunError(self.damaged(getattr(fragment, "path", None), _one_line(err))) from None
        if data is not None and self.ranges:
            bad = out_of_range(data, self.ranges)
            if bad:
                raise RunError(self.damaged(getattr(fragment, "path", None), bad))
        return data

    def damaged(self, part: str | None, why: str) -> str:
        """The one line for a damaged part: which part, why, and how to recompute its game indices."""
        from analysis.damage import damaged_line

        return damaged_line(self.path, self.manifest, part, why)

    def _check(self, columns: Sequence[str] | None) -> list[str] | None:
        if columns is None:
            return None
        missing = [c for c in columns if c not in self.dataset.schema.names]
        if missing:
            raise RunError(f"run {self.path} has no column(s) {', '.join(missing)}")
        return list(columns)


IN_MEMORY = Path("<in memory>")  # the path of a run held in memory (``memory_run``)


def memory_run(table: pa.Table, manifest: dict) -> Run:
    """A run held in memory (the Python API's ``out=None``): the same ``Run`` for reports,
    rescoring and balance, over a pyarrow table instead of part files."""
    return Run(path=IN_MEMORY, manifest=manifest, parts=(), dataset=ds.dataset(table))


def out_of_range(data, ranges: Mapping[str, tuple[int | None, int | None]]) -> str | None:
    """Why ``data`` (a record batch or table) is impossible: the first column holding a value
    outside its declared ``(lo, hi)`` range (``None``: no bound), or ``None`` when all fit."""
    import pyarrow.compute as pc

    for name in data.schema.names:
        if name not in ranges:
            continue
        col = data.column(name)
        if pa.types.is_dictionary(col.type) or len(col) == 0:
            continue
        lo, hi = ranges[name]
        mm = pc.min_max(col)
        low, high = mm["min"].as_py(), mm["max"].as_py()
        bad = low if lo is not None and low is not None and low < lo else \
            high if hi is not None and high is not None and high > hi else None
        if bad is not None:
            where = ""
            if "game_index" in data.schema.names:
                idx = pc.index(col, bad).as_py()
                where = f" (game index {data.column('game_index')[idx].as_py()})"
            span = f"{'' if lo is None else lo}..{'' if hi is None else hi}"
            return f"column {name} holds {bad}{where}, outside its declared range {span}"
    return None


def read_manifest(path: str | Path) -> dict:
    """Parse and validate the manifest of a run directory; RunError on anything unusable."""
    root = Path(path)
    if not root.exists():
        raise RunError(f"run not found: {root}")
    if not root.is_dir():
        raise RunError(f"not a run directory (it is a file): {root}")
    mpath = next((root / m for m in MANIFESTS if (root / m).is_file()), None)
    if mpath is None:
        raise RunError(f"no {' or '.join(MANIFESTS)} in {root}: not a paiju run directory")
    try:
        manifest = json.loads(mpath.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as err:
        raise RunError(f"cannot read {mpath}: {_one_line(err)}") from err
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
        fmt = manifest.get("format") if isinstance(manifest, dict) else type(manifest).__name__
        raise RunError(f"{mpath} is not a paiju run manifest (format={fmt!r}, expected {FORMAT!r})")
    version = manifest.get("schema_version")
    if version not in SUPPORTED_SCHEMA_VERSIONS:
        supported = ", ".join(map(str, SUPPORTED_SCHEMA_VERSIONS))
        raise RunError(
            f"unsupported schema_version {version!r} in {mpath} (this paiju reads {supported})"
        )
    return manifest


def open_run(path: str | Path) -> Run:
    """Open a run directory; incomplete runs open too, with ``run.complete`` False."""
    root = Path(path)
    manifest = read_manifest(root)
    parts = tuple(sorted(p for p in root.glob(PART_GLOB) if p.is_file()))
    if not parts:
        raise RunError(f"no {PART_GLOB} files in {root}: nothing to analyse yet")
    _name_missing_part(root, manifest, parts)
    _name_unreadable_part(root, manifest, parts)  # every footer read now: a cut-off part is named here
    try:
        dataset = ds.dataset([str(p) for p in parts], format=parquet_format())
    except (OSError, pa.ArrowException) as err:
        raise RunError(f"cannot read Parquet parts in {root}: {_one_line(err)}") from err
    return Run(path=root, manifest=manifest, parts=parts, dataset=dataset)


def _name_missing_part(root: Path, manifest: dict, parts: tuple[Path, ...]) -> None:
    """A run marked complete holds one part per shard; a missing one is named (figures over the
    other parts would pass for the whole run's)."""
    from analysis.damage import damaged_line

    if manifest.get("status") != "complete" or not isinstance(manifest.get("n_shards"), int):
        return
    names = {p.name for p in parts}
    for i in range(manifest["n_shards"]):
        name = f"part-{i:05d}.parquet"
        if name not in names:
            raise RunError(damaged_line(root, manifest, str(root / name), "", missing=True))


def _name_unreadable_part(root: Path, manifest: dict, parts: tuple[Path, ...]) -> None:
    """Raise the damaged-part line for the first part whose footer cannot be read (a truncated or
    overwritten end of file), so the user learns which game indices to recompute."""
    import pyarrow.parquet as pq

    from analysis.damage import damaged_line

    for part in parts:
        try:
            pq.read_metadata(part)
        except (OSError, pa.ArrowException) as err:
            raise RunError(damaged_line(root, manifest, str(part), _one_line(err))) from None
