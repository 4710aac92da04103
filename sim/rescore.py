"""``paiju rescore`` and the rulesets of ``paiju balance``: a stored play run opened with its game
(``source_rules``), scoring options applied, and rescored into a new run directory
(principle 6: without replaying a hand). The batch arithmetic is ``analysis.rescore``.

``rescore_run(src, out, overrides)`` reads the raw facts of every stored hand (the columns the
game's ``Scoring.facts`` names), scores them with the game's ``Scoring.score`` — the function
``paiju play`` scored them with — under the run's ruleset with ``overrides`` applied, and writes a
new run directory with the same part files, in which only the scored columns differ.

Only options made with ``sim.ruleset.scoring`` are accepted; a play option is a one-line error
telling the user to re-run the simulation. The source is streamed part by part, batch by batch;
each output part is written to a hidden temporary file and renamed when whole, as ``sim.writer``
does, and every user error is raised before anything is written.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any, Mapping, Sequence

import pyarrow as pa
import pyarrow.parquet as pq

from analysis.balance import RUN_SCENARIO, BalanceReport, Scenario
from analysis.balance import balance as balance_report
from analysis.columns import whole_games
from analysis.rescore import Source, rescore_batch, ruleset_diff
from analysis.runs import BATCH_ROWS, Run, RunError
from sim.errors import UserError
from sim.ruleset import load_toml, parse_set_option
from sim.stored import open_stored

Layers = Mapping[str, Any] | Sequence[tuple[str, Mapping[str, Any]]]


# --- rulesets ----------------------------------------------------------------------------------


def _flat(mapping: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in mapping.items():
        if isinstance(v, Mapping):
            out.update(_flat(v, f"{prefix}{k}."))
        else:
            out[f"{prefix}{k}"] = v
    return out


def scoring_keys(rules_cls: type) -> list[str]:
    from sim.ruleset import field_info

    return sorted(k for k, (_, is_scoring, _) in field_info(rules_cls).items() if is_scoring)


def apply_scoring(rules: Any, overrides: Mapping[str, Any], origin: str) -> Any:
    """``rules`` with scoring-only ``overrides`` (nested or dotted) applied; errors name ``origin``."""
    from sim.ruleset import apply_overrides, field_info

    info = field_info(type(rules))
    for key in _flat(overrides):
        if key not in info:
            raise UserError(f"unknown option {key!r} in {origin} (scoring options: "
                            f"{', '.join(scoring_keys(type(rules)))})")
    try:
        return apply_overrides(rules, overrides, scoring_only=True)
    except UserError as exc:
        raise UserError(f"{origin}: {exc}") from None


def _layers(overrides: Layers | None) -> list[tuple[str, Mapping[str, Any]]]:
    if overrides is None:
        return []
    if isinstance(overrides, Mapping):
        return [("the overrides", overrides)]
    return [(origin, m) for origin, m in overrides]


def source_rules(run: Run, what: str = "rescore") -> Source:
    """The play run's game and ruleset, refusing what cannot be rescored with one line."""
    from sim.registry import load_game, rules_from_manifest
    from sim.stored import spec_from_manifest

    if run.kind != "play":
        raise RunError(f"{what} needs a play run (`paiju play`); {run.path} is a {run.kind!r} run")
    try:
        game = load_game(run.game)
    except UserError:
        raise RunError(f"{what}: run {run.path} is of game {run.game!r}, which paiju cannot score") from None
    if game.scoring is None:
        game.refuse(what)
    try:
        rules = rules_from_manifest(game, run.ruleset)
        _, spec = spec_from_manifest(run.manifest)
    except UserError as exc:
        raise RunError(f"the ruleset in {run.path} does not fit this paiju: {exc}") from None
    columns = {c.name: c for c in game.job("play").columns(spec)}
    return Source(run, game, rules, game.seats(rules), columns)


# --- the run -----------------------------------------------------------------------------------


def _check_parts(source: Source, rules: Any) -> None:
    from sim.writer import PART_RE

    needed = set(source.fact_columns(rules)) | {f"s{k}_money" for k in range(source.n_seats)}
    for part in source.run.parts:
        if not PART_RE.match(part.name):
            raise RunError(f"unexpected part file name {part.name!r} in {source.run.path} (expected part-NNNNN.parquet)")
        try:
            names = set(pq.read_schema(part).names)
        except (OSError, pa.ArrowException) as exc:
            raise RunError(f"cannot read {part}: {' '.join(str(exc).split())}") from None
        missing = sorted(needed - names)
        if missing:
            raise RunError(f"{part} lacks the raw-fact column(s) {', '.join(missing[:5])}: cannot rescore it")


def resolve(src: str | Path | Run, overrides: Layers | None = None, what: str = "rescore"):
    """(opened run, its ruleset, the new ruleset) with every check that needs no output."""
    source = source_rules(src if isinstance(src, Run) else open_stored(src), what)
    new = source.rules
    for origin, mapping in _layers(overrides):
        new = apply_scoring(new, mapping, origin)
    source.game.validate(new)
    return source, new


def _write_part(rundir, part: Path, source: Source, rules: Any, batch_size: int) -> int:
    """Rescore one part into ``rundir`` under the same name, atomically (temporary name, rename),
    batch by batch so memory is one batch however large the part."""
    from sim.writer import PART_RE

    index = int(PART_RE.match(part.name).group(1))
    final = rundir.path / part.name
    tmp = rundir.path / f".{part.name}.tmp{os.getpid()}"
    schema = pq.read_schema(part)
    rows = 0
    try:
        with pq.ParquetWriter(tmp, schema, compression="zstd", write_page_checksum=True) as writer:
            for batch in whole_games(source.run.iter_batches(batch_size=batch_size, part=part)):
                writer.write_batch(rescore_batch(batch, source, rules))
                rows += batch.num_rows
        os.replace(tmp, final)
    finally:
        tmp.unlink(missing_ok=True)
    rundir.done.add(index)
    return rows


def rescore_run(src: str | Path | Run, out: str | Path, overrides: Layers | None = None, *, overwrite: bool = False,
                batch_size: int = BATCH_ROWS) -> dict[str, Any]:
    """Rescore the play run ``src`` (a directory or an opened ``Run``) into the new run directory
    ``out``; returns its manifest.

    ``overrides`` are scoring options, nested or with dotted keys (``{"grade.da_qing": 6}``), or a
    list of ``(origin, mapping)`` layers applied in order, ``origin`` naming where each came from in
    error messages (``"rules file 'alt.toml'"``, ``"--set"``).
    """
    from sim.runner import versions
    from sim.ruleset import flatten
    from sim.writer import IDENTITY_KEYS, check_output, open_run_directory

    source, new = resolve(src, overrides)
    src, out = source.run.path, Path(out)
    run, old = source.run, source.rules
    if not run.complete:
        raise RunError(f"run {src} is not complete (status {run.manifest.get('status')!r}); "
                       "finish it with `paiju play --resume` first")
    _check_parts(source, new)
    if out.resolve() == src.resolve():
        raise UserError(f"--out {str(out)!r} is the run being rescored; write the rescored run elsewhere")
    if not overwrite and out.is_dir() and any(out.iterdir()):
        raise UserError(f"output {str(out)!r} is not empty; use --overwrite to replace it")
    check_output(out, resume=False, overwrite=overwrite)

    diff = ruleset_diff(old, new)
    m = run.manifest
    manifest = {k: m[k] for k in IDENTITY_KEYS if k in m}
    manifest.update(kind="play", ruleset=flatten(new), n_shards=m.get("n_shards", len(run.parts)),
                    backend="rescore", threads=1, **versions())
    rescored_from: dict[str, Any] = {"path": str(src.resolve()), "ruleset_diff": diff}
    if m.get("rescored_from"):
        rescored_from["source_rescored_from"] = m["rescored_from"]
    manifest["rescored_from"] = rescored_from

    existed = out.is_dir()
    rundir = open_run_directory(out, manifest, resume=False, overwrite=overwrite)
    t0 = time.perf_counter()
    try:
        rows = sum(_write_part(rundir, part, source, new, batch_size) for part in run.parts)
    except BaseException:
        _remove_partial(out, existed)
        raise
    wall = time.perf_counter() - t0
    rundir.finish(wall_time_s=round(wall, 3), rate_per_s=round(rows / wall, 1) if wall > 0 else None,
                  rescored_rows=rows)
    return rundir.manifest


def _remove_partial(out: Path, existed: bool) -> None:
    """Delete what an interrupted rescore wrote (only run files), and the directory if it made it."""
    from sim.writer import _looks_like_run_file

    for p in out.iterdir():
        if _looks_like_run_file(p.name):
            p.unlink(missing_ok=True)
    if not existed:
        try:
            out.rmdir()
        except OSError:
            pass


def rescore_memory(run: Run, overrides: Layers | None = None) -> tuple[pa.Table, dict[str, Any]]:
    """Rescore a run (in memory or on disk) into memory: (the rescored rows, their manifest)."""
    from sim.ruleset import flatten

    source = source_rules(run, "rescore")
    new = source.rules
    for origin, mapping in _layers(overrides):
        new = apply_scoring(new, mapping, origin)
    source.game.validate(new)
    batches = [rescore_batch(b, source, new) for b in whole_games(run.iter_batches())]
    table = pa.Table.from_batches(batches, schema=run.dataset.schema).sort_by("game_index")
    manifest = dict(run.manifest)
    manifest.update(ruleset=flatten(new), backend="rescore",
                    rescored_from={"path": str(run.path), "ruleset_diff": ruleset_diff(source.rules, new)})
    return table, manifest


# --- balance -----------------------------------------------------------------------------------


def load_scenario(path: str | Path) -> Scenario:
    """A scenario TOML file (its name is the file stem), or inline options ``key=value[,key=value…]``
    (its name is that text) when no such file exists."""
    p = Path(path)
    text = str(path)
    if "=" in text and not p.exists():
        overrides = dict(parse_set_option(part.strip()) for part in text.split(",") if part.strip())
        return Scenario(text, overrides, f"--scenario {text}")
    return Scenario(p.stem, load_toml(p), f"scenario file {str(p)!r}")


def scenario_rules(source: Source, scenarios: Sequence[Scenario]) -> list:
    """The run's ruleset under each scenario's scoring overrides, validated (one line if not)."""
    names = [s.name for s in scenarios]
    dup = sorted({n for n in names if names.count(n) > 1})
    if dup:
        raise UserError(f"two scenarios are named {dup[0]!r} (a scenario's name is its file stem); rename one")
    out = []
    for sc in scenarios:
        rules = apply_scoring(source.rules, sc.overrides, sc.origin)
        try:
            source.game.validate(rules)
        except UserError as exc:
            raise UserError(f"{sc.origin}: {exc}") from None
        out.append(rules)
    return out


def balance_run(run: Run | str | Path, scenarios: Sequence[Scenario] | None = None, *, role: str | None = None,
                batch_size: int = BATCH_ROWS) -> BalanceReport:
    """The balance report of a play run under ``scenarios`` (default: the run's own ruleset)."""
    if not isinstance(run, Run):
        run = open_stored(run)
    source = source_rules(run, "balance")
    scenarios = list(scenarios) if scenarios else [Scenario(RUN_SCENARIO)]
    return balance_report(source, scenarios, scenario_rules(source, scenarios), role=role, batch_size=batch_size)
