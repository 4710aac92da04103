"""Open a paiju run directory (``_run.json`` + ``part-*.parquet``) and read it lazily.

The writer (``sim.writer``) names the manifest ``_run.json`` so Parquet readers skip it; a plain
``run.json`` is accepted too.

Nothing is loaded at open time beyond the manifest and Parquet footers, so a 100M-row run can be
streamed batch by batch (``Run.iter_batches``) in flat memory.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator, Sequence

import pyarrow as pa
import pyarrow.dataset as ds

from sim.errors import PaijuError

FORMAT = "paiju-run"
SUPPORTED_SCHEMA_VERSIONS = (1,)
MANIFESTS = ("_run.json", "run.json")  # first found wins
PART_GLOB = "part-*.parquet"
BATCH_ROWS = 1 << 16  # small batches stay in cache: faster and leaner than 1M-row ones


class RunError(PaijuError):
    """A run directory that cannot be analysed; the message is one line saying why."""


def _one_line(err: BaseException) -> str:
    return " ".join(str(err).split())


@dataclass(frozen=True)
class Run:
    """An opened run: its manifest, its part files and a lazy pyarrow dataset over them."""

    path: Path
    manifest: dict
    parts: tuple[Path, ...]
    dataset: ds.Dataset

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
        return self.dataset.to_table(columns=self._check(columns)).to_pandas()

    def iter_batches(
        self, columns: Sequence[str] | None = None, batch_size: int = BATCH_ROWS
    ) -> Iterator[pa.RecordBatch]:
        """Stream record batches of at most ``batch_size`` rows, part file by part file.

        Read-ahead is kept to one batch and one file so memory stays flat on any run size.
        """
        cols = self._check(columns)
        batches = self.dataset.to_batches(columns=cols, batch_size=batch_size,
                                          batch_readahead=1, fragment_readahead=1)
        for batch in batches:
            if batch.num_rows:
                yield batch

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
    try:
        dataset = ds.dataset([str(p) for p in parts], format="parquet")
    except (OSError, pa.ArrowException) as err:
        raise RunError(f"cannot read Parquet parts in {root}: {_one_line(err)}") from err
    return Run(path=root, manifest=manifest, parts=parts, dataset=dataset)
