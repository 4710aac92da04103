"""A stored run opened for reading by any command (report, rescore, balance, replay, sweep).

Its manifest must describe a run this paiju can read — a registered game, one of its kinds and
variants, a ruleset that fits the game's options — or the command stops with one line before
reading a row. The opened run carries the ranges its columns declare (``sim.schema.Column``),
which every batch read back is checked against (``analysis.runs.Run``), so an impossible value
is a one-line error naming the damaged part, never an IndexError or a silently wrong figure.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

from sim.errors import PaijuError


def _refuse(run, what: str) -> None:
    where = "the run in memory" if run.parts == () else f"{run.path}"
    raise PaijuError(f"cannot read {where}: {what}")


def spec_from_manifest(manifest: dict):
    """The ``RunSpec`` a run was written with, from its manifest."""
    from sim.registry import load_game, rules_from_manifest
    from sim.runner import RunSpec

    game = load_game(manifest["game"])
    rules = rules_from_manifest(game, manifest["ruleset"])
    return game, RunSpec(manifest["game"], manifest["kind"], manifest["variant"], rules, int(manifest["seed"]),
                         int(manifest["n"]), int(manifest["shard_size"]), manifest.get("options") or {})


def read_spec(run) -> tuple[Any, Any]:
    """(the ``Game``, the ``RunSpec``) a stored run was written with; one line if its manifest
    names a game, kind, variant or ruleset this paiju does not have."""
    from sim.registry import GAMES, load_game

    m = run.manifest
    name = m.get("game")
    if name not in GAMES:
        _refuse(run, f"its game {name!r} is not one this paiju has (games: {', '.join(GAMES)})")
    game = load_game(name)
    if m.get("kind") not in game.jobs:
        _refuse(run, f"its kind {m.get('kind')!r} is not one {name} offers ({', '.join(game.jobs)})")
    if m.get("variant") not in game.variants:
        _refuse(run, f"its variant {m.get('variant')!r} is not one of {name}'s ({', '.join(game.variants)})")
    if not isinstance(m.get("ruleset"), dict):
        _refuse(run, "its manifest has no ruleset")
    try:
        _, spec = spec_from_manifest(m)
        game.validate(spec.rules)
    except PaijuError as exc:
        _refuse(run, f"its ruleset does not fit this paiju ({exc})")
    except (KeyError, TypeError, ValueError) as exc:
        _refuse(run, f"its manifest lacks or garbles {' '.join(str(exc).split())}")
    if spec.n <= 0 or spec.shard_size <= 0:
        _refuse(run, f"its manifest says n={spec.n}, shard_size={spec.shard_size}")
    return game, spec


def checked(run):
    """``run`` (an ``analysis.runs.Run``) with its manifest checked and its columns' declared
    ranges attached."""
    game, spec = read_spec(run)
    ranges = {c.name: (c.lo, c.hi) for c in game.job(spec.kind).columns(spec)
              if c.lo is not None or c.hi is not None}
    return dataclasses.replace(run, ranges=ranges)


def open_stored(path: str | Path):
    """Open a run directory for reading (``analysis.runs.open_run``), checked as ``checked`` says."""
    from analysis.runs import open_run

    return checked(open_run(path))


def open_memory(table, manifest):
    """Open rows held in memory (an Arrow table and its manifest), checked as ``checked`` says."""
    from analysis.runs import memory_run

    return checked(memory_run(table, manifest))


def run_in_memory(spec, *, threads: int | None = None, progress: Any = None, log=lambda line: None):
    """Run ``spec`` in this process (``sim.runner.run_memory``) and open its rows (``open_memory``)."""
    from sim.runner import run_memory

    return open_memory(*run_memory(spec, threads=threads, progress=progress, log=log))
