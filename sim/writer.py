"""Parquet run directories: atomic part files plus a ``_run.json`` manifest.

Layout of a run directory::

    _run.json             manifest: game, variant, ruleset, seed, n, shard layout, versions, status
    part-00000.parquet    rows of shard 0 (game indices [0, shard_size))
    part-00001.parquet    ...

The manifest's name starts with ``_`` so that Parquet readers skip it (the convention of
``_SUCCESS`` and ``_common_metadata``): ``pandas.read_parquet(run_dir)`` reads the rows directly.

A shard is written to a hidden temporary file and renamed when complete, so a part file that
exists is always whole. ``--resume`` trusts exactly the part files present; ``--overwrite``
deletes only what a run directory may contain.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from sim.errors import UserError

MANIFEST = "_run.json"
FORMAT = "paiju-run"
SCHEMA_VERSION = 1
PART_RE = re.compile(r"^part-(\d{5})\.parquet$")
TMP_RE = re.compile(r"^\.part-\d{5}\.parquet\.tmp.*$")
# manifest keys that must agree for --resume to continue a run
ROW_GROUP = 131_072  # rows per Parquet row group: readers stream a big part file in small steps
IDENTITY_KEYS = ("game", "variant", "kind", "ruleset", "seed", "n", "shard_size", "options")


def part_name(index: int) -> str:
    return f"part-{index:05d}.parquet"


def write_part_file(table: Any, tmp: str | Path, final: str | Path) -> None:
    """Write ``table`` as one part file (a ``PartStream`` given the whole table at once); every
    backend writes its parts through ``PartStream``, so the bytes do not depend on the backend."""
    part = PartStream(tmp, final)
    try:
        part.append(table)
        part.close()
    except BaseException:
        part.abort()
        raise


class PartStream:
    """One part file written as its rows arrive: Parquet with zstd, ``ROW_GROUP``-row groups (so
    readers stream it in small steps) and page checksums (so readers catch damaged bytes), under
    the temporary name ``tmp``, renamed to ``final`` by ``close``. Rows are buffered until a whole
    row group is there, so the file is byte for byte the one ``pq.write_table`` gives for all the
    rows at once however they were cut; appending while the next rows are computed is what lets
    a run write a shard while it computes that same shard (``sim.runner``)."""

    def __init__(self, tmp: str | Path, final: str | Path):
        self.tmp, self.final = tmp, final
        self.writer: Any = None
        self.pending: list[Any] = []  # tables not yet written, fewer than ROW_GROUP rows in all
        self.rows = 0

    def append(self, table: Any) -> None:
        import pyarrow as pa

        self.pending.append(table)
        self.rows += table.num_rows
        if self.rows < ROW_GROUP:
            return
        rows = pa.concat_tables(self.pending) if len(self.pending) > 1 else table
        whole = (self.rows // ROW_GROUP) * ROW_GROUP
        self._write(rows.slice(0, whole))
        self.pending = [rows.slice(whole)] if whole < self.rows else []
        self.rows -= whole

    def close(self) -> None:
        """Write what is left, finish the file and move it to its final name."""
        import pyarrow as pa

        if self.pending and (self.rows or self.writer is None):
            self._write(pa.concat_tables(self.pending))
        self.writer.close()
        os.replace(self.tmp, self.final)

    def abort(self) -> None:
        """Drop the unfinished file (a failed or interrupted shard leaves nothing behind)."""
        try:
            if self.writer is not None:
                self.writer.close()
        except Exception:  # the error that made us abort is the one to report
            pass
        try:
            os.unlink(self.tmp)
        except OSError:
            pass

    def _write(self, table: Any) -> None:
        import pyarrow.parquet as pq

        if self.writer is None:
            self.writer = pq.ParquetWriter(self.tmp, table.schema, compression="zstd", write_page_checksum=True)
        self.writer.write_table(table, row_group_size=ROW_GROUP)


def now_iso() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def write_json_atomic(path: Path, data: dict[str, Any]) -> None:
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    os.replace(tmp, path)


def read_manifest(out: Path) -> dict[str, Any]:
    path = out / MANIFEST
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise UserError(f"{str(out)!r} is not a paiju run (no {MANIFEST})") from None
    except (OSError, ValueError) as exc:
        raise UserError(f"cannot read {str(path)!r}: {exc}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise UserError(f"{str(path)!r} is not a paiju run manifest")
    return data


def completed_shards(out: Path) -> set[int]:
    return {int(m.group(1)) for p in out.iterdir() if (m := PART_RE.match(p.name))}


@dataclass
class RunDirectory:
    """An output directory being written; create it with ``open_run_directory``."""

    path: Path
    manifest: dict[str, Any]
    done: set[int]

    def write_shard(self, index: int, table: Any) -> None:
        """Write one shard atomically (temporary name, then rename)."""
        part = self.open_part(index)
        try:
            part.append(table)
        except BaseException:
            part.abort()
            raise
        self.close_part(index, part)

    def open_part(self, index: int) -> "PartStream":
        """A shard's part file to append rows to (under a temporary name until ``close_part``)."""
        return PartStream(self.path / f".{part_name(index)}.tmp{os.getpid()}", self.path / part_name(index))

    def close_part(self, index: int, part: "PartStream") -> None:
        try:
            part.close()
        except BaseException:
            part.abort()
            raise
        self.done.add(index)

    def finish(self, **fields: Any) -> None:
        self.manifest.update(fields)
        self.manifest["status"] = "complete"
        self.manifest["finished"] = now_iso()
        write_json_atomic(self.path / MANIFEST, self.manifest)


def _looks_like_run_file(name: str) -> bool:
    return name == MANIFEST or bool(PART_RE.match(name)) or bool(TMP_RE.match(name)) or name == f".{MANIFEST}.tmp"


def check_output(out: Path, *, resume: bool, overwrite: bool) -> None:
    """Refuse an unusable ``--out`` before anything is computed or written."""
    if resume and overwrite:
        raise UserError("--resume and --overwrite cannot be used together")
    if out.exists() and not out.is_dir():
        raise UserError(f"output {str(out)!r} exists and is not a directory")
    if resume:
        if not out.is_dir():
            raise UserError(f"cannot resume: {str(out)!r} does not exist")
        read_manifest(out)
        return
    if out.is_dir() and any(out.iterdir()):
        if not overwrite:
            raise UserError(
                f"output {str(out)!r} is not empty; use --resume to finish that run or --overwrite to replace it"
            )
        foreign = [p.name for p in out.iterdir() if not _looks_like_run_file(p.name)]
        if foreign:
            raise UserError(
                f"refusing to overwrite {str(out)!r}: it holds files that are not part of a paiju run "
                f"({', '.join(sorted(foreign)[:3])})"
            )
    ancestor = out.parent
    while not ancestor.exists():  # missing parents are created (``--out runs/census`` in a new checkout)
        ancestor = ancestor.parent
    if not ancestor.is_dir():
        raise UserError(f"cannot create {str(out)!r}: {str(ancestor)!r} is not a directory")


def open_run_directory(out: Path, manifest: dict[str, Any], *, resume: bool, overwrite: bool) -> RunDirectory:
    """Create (or reopen with ``resume``) a run directory; call ``check_output`` first."""
    if resume:
        old = read_manifest(out)
        for key in IDENTITY_KEYS:
            if old.get(key) != manifest.get(key):
                raise UserError(
                    f"cannot resume {str(out)!r}: its {key} is {old.get(key)!r}, this command asks for {manifest.get(key)!r}"
                )
        for p in out.iterdir():
            if TMP_RE.match(p.name):
                p.unlink()
        done = {i for i in completed_shards(out) if i < manifest["n_shards"]}
        merged = dict(old)
        merged.update({k: v for k, v in manifest.items() if k not in ("created",)})
        merged["status"] = "running"
        merged["resumed"] = int(old.get("resumed", 0)) + 1
        write_json_atomic(out / MANIFEST, merged)
        return RunDirectory(out, merged, done)
    if overwrite and out.is_dir():
        for p in out.iterdir():
            if _looks_like_run_file(p.name):
                p.unlink()
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UserError(f"cannot create output directory {str(out)!r}: {exc.strerror or exc}") from None
    manifest = dict(manifest)
    manifest.update(format=FORMAT, schema_version=SCHEMA_VERSION, status="running", created=now_iso())
    write_json_atomic(out / MANIFEST, manifest)
    return RunDirectory(out, manifest, set())
