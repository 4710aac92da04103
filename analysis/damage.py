"""The one line that says a stored run is damaged: which part, why, and how to get it back.

A part file ``part-NNNNN.parquet`` holds the game indices of shard NNNNN (``shard_size`` of them,
the manifest says); deleting it and finishing the run with ``--resume`` recomputes exactly those
(every game's stream is ``(seed, game_index)``). A rescored run is rescored again instead.
"""

from __future__ import annotations

import re
from pathlib import Path

_PART = re.compile(r"part-(\d+)\.parquet$")


def part_games(manifest: dict, part: str) -> tuple[int, int] | None:
    """The game indices ``[start, stop)`` of a part file, from its name and the manifest."""
    m = _PART.search(Path(part).name)
    try:
        size, n = int(manifest["shard_size"]), int(manifest["n"])
    except (KeyError, TypeError, ValueError):
        return None
    if m is None or size <= 0:
        return None
    start = int(m.group(1)) * size
    return (start, min(n, start + size)) if start < n else None


def damaged_line(run_path: Path, manifest: dict, part: str | None, why: str, missing: bool = False) -> str:
    """``<part> is damaged (<why>); <what to do>`` (or ``is missing``), one line."""
    if part is None:
        return f"run {run_path} holds impossible data ({why})"
    name = Path(part).name
    games = part_games(manifest, part)
    span = f"game indices {games[0]}–{games[1] - 1}" if games else "its game indices"
    source = (manifest.get("rescored_from") or {}).get("path")
    if source:
        fix = f"rescore {source} again into a new directory ({name} holds {span})"
    else:
        first = "" if missing else "delete it and "
        fix = f"{first}finish the run with `paiju resume {run_path}` (or --resume) to recompute {span}"
    return f"{name} of run {run_path} is {'missing' if missing else f'damaged ({why})'}; {fix}"
