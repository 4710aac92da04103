"""Rescore a stored play run under other scoring options, without replaying a hand (principle 6).

``rescore_run(src, out, overrides)`` reads the raw facts of every stored hand (mode, 庄家, 暗对家,
硬牌家, and per seat the finishing place, captured and unplayed points and the 喜 counted), scores
them with ``sim.games.xiantao_scoring.score`` — the function ``paiju play`` scored them with — under
the run's ruleset with ``overrides`` applied, and writes a new run directory with the same part
files, in which only the scoring-derived columns differ (``SCORED_COLUMNS``).

Only options made with ``sim.ruleset.scoring`` are accepted; a play option is a one-line error
telling the user to re-run the simulation. The source is streamed part by part, batch by batch;
each output part is written to a hidden temporary file and renamed when whole, as ``sim.writer``
does, and every user error is raised before anything is written.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any, Iterator, Mapping, Sequence

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from analysis.runs import BATCH_ROWS, Run, RunError, open_run
from sim.errors import UserError

N_SEATS = 4
SEATS = range(N_SEATS)
FACT_SEAT = ("finish", "captured", "unplayed", "xi_wangzha", "xi_seven", "xi_eight")
FACT_COLUMNS = ("mode", "banker", "partner", "hard_seat") + tuple(
    f"s{k}_{c}" for c in FACT_SEAT for k in SEATS)
# census features of the deal that the ruleset's scoring options enter (xi_units = Σ 喜 × xi.*)
DEAL_XI = ("wangzha", "seven", "eight")
SCORED_HAND = ("case", "team_w_total", "team_l_total", "grade", "multiplier", "tie_100")
SCORED_SEAT = ("won", "xi", "money", "xi_units")
SCORED_COLUMNS = SCORED_HAND + tuple(f"s{k}_{c}" for c in SCORED_SEAT for k in SEATS)
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


def source_rules(run: Run, what: str = "rescore"):
    """(game module, the ruleset the run was scored with); refuses anything but a play run."""
    from sim.registry import GAMES, load_game
    from sim.ruleset import apply_overrides

    if run.kind != "play":
        raise RunError(f"{what} needs a play run (`paiju play`); {run.path} is a {run.kind!r} run")
    if run.game not in GAMES or "play" not in GAMES[run.game].kinds:
        raise RunError(f"{what}: run {run.path} is of game {run.game!r}, which paiju cannot score")
    if run.game != "xiantao":
        raise RunError(f"{what} works on 仙桃千分 runs for now; {run.path} is a {run.game!r} run")
    game = load_game(run.game)
    try:
        rules = apply_overrides(game.Rules(), run.ruleset)
    except UserError as exc:
        raise RunError(f"the ruleset in {run.path} does not fit this paiju: {exc}") from None
    return game, rules


def ruleset_diff(old: Any, new: Any) -> dict[str, dict[str, Any]]:
    """``{key: {"from": old, "to": new}}`` for every option that differs."""
    from sim.ruleset import flatten

    a, b = flatten(old), flatten(new)
    return {k: {"from": a[k], "to": b[k]} for k in b if a.get(k) != b[k]}


def diff_text(diff: Mapping[str, Mapping[str, Any]]) -> str:
    return ", ".join(f"{k} {v['from']!r}→{v['to']!r}" for k, v in diff.items()) or "no change"


# --- facts and scoring of a record batch -------------------------------------------------------


def _decode(col: pa.Array, names: tuple[str, ...], column: str) -> np.ndarray:
    """Codes (positions in ``names``) of a dictionary or string column; unknown values refused."""
    import pyarrow.compute as pc

    if isinstance(col, pa.ChunkedArray):
        col = col.combine_chunks()
    if not pa.types.is_dictionary(col.type):
        col = pc.dictionary_encode(col)
    values = col.dictionary.to_pylist()
    bad = [v for v in values if v not in names]
    idx = col.indices.to_numpy(zero_copy_only=False).astype(np.int64)
    if bad and np.isin(idx, [values.index(v) for v in bad]).any():
        raise RunError(f"column {column!r} holds {bad[0]!r}; expected one of {', '.join(names)}")
    lut = np.array([names.index(v) if v in names else -1 for v in values] or [-1], np.int64)
    return lut[idx]


def _int(batch: pa.RecordBatch, name: str) -> np.ndarray:
    return batch.column(name).to_numpy(zero_copy_only=False).astype(np.int64)


def facts_from_batch(batch: pa.RecordBatch):
    """``xiantao_scoring.Facts`` from the stored columns of a play-run batch."""
    from sim.games.xiantao_scoring import Facts

    seat = lambda c: np.stack([_int(batch, f"s{k}_{c}") for k in SEATS], axis=1)  # noqa: E731
    return Facts(mode_hard=_decode(batch.column("mode"), ("call", "hard"), "mode") == 1,
                 banker=_int(batch, "banker"), partner=_int(batch, "partner"),
                 hard_seat=_int(batch, "hard_seat"), finish=seat("finish"), captured=seat("captured"),
                 unplayed=seat("unplayed"), xi_wangzha=seat("xi_wangzha"), xi_seven=seat("xi_seven"),
                 xi_eight=seat("xi_eight"))


def _array(values: np.ndarray, type_: pa.DataType, names: tuple[str, ...] | None = None) -> pa.Array:
    if pa.types.is_dictionary(type_):
        return pa.DictionaryArray.from_arrays(pa.array(values.astype(type_.index_type.to_pandas_dtype())),
                                              pa.array(list(names), type_.value_type))
    if pa.types.is_boolean(type_):
        return pa.array(np.asarray(values, dtype=bool))
    return pa.array(np.asarray(values).astype(type_.to_pandas_dtype()))


def rescore_batch(batch: pa.RecordBatch, rules: Any) -> pa.RecordBatch:
    """``batch`` with every scoring-derived column recomputed under ``rules`` (same schema)."""
    from sim.games.xiantao_scoring import CASES, GRADES, score

    s = score(facts_from_batch(batch), rules)
    new: dict[str, tuple[np.ndarray, tuple[str, ...] | None]] = {
        "case": (s.case, CASES), "team_w_total": (s.team_w_total, None),
        "team_l_total": (s.team_l_total, None), "grade": (s.grade, GRADES),
        "multiplier": (s.multiplier, None), "tie_100": (s.tie_100, None),
    }
    for k in SEATS:
        new[f"s{k}_won"] = (s.won[:, k], None)
        new[f"s{k}_xi"] = (s.xi_money[:, k], None)
        new[f"s{k}_money"] = (s.money[:, k], None)
        if f"s{k}_xi_units" in batch.schema.names:
            units = (_int(batch, f"s{k}_wangzha") * rules.xi.wangzha + _int(batch, f"s{k}_seven") * rules.xi.seven
                     + _int(batch, f"s{k}_eight") * rules.xi.eight)
            new[f"s{k}_xi_units"] = (units, None)
    schema = batch.schema
    arrays = [_array(new[f.name][0], f.type, new[f.name][1]) if f.name in new else batch.column(i)
              for i, f in enumerate(schema)]
    return pa.RecordBatch.from_arrays(arrays, schema=schema)


# --- the run -----------------------------------------------------------------------------------


def _check_parts(run: Run) -> None:
    from sim.writer import PART_RE

    needed = set(FACT_COLUMNS) | {f"s{k}_{c}" for c in ("won", "xi", "money") for k in SEATS} | set(SCORED_HAND)
    for part in run.parts:
        if not PART_RE.match(part.name):
            raise RunError(f"unexpected part file name {part.name!r} in {run.path} (expected part-NNNNN.parquet)")
        try:
            names = set(pq.read_schema(part).names)
        except (OSError, pa.ArrowException) as exc:
            raise RunError(f"cannot read {part}: {' '.join(str(exc).split())}") from None
        missing = sorted(needed - names)
        if missing:
            raise RunError(f"{part} lacks the raw-fact column(s) {', '.join(missing[:5])}: cannot rescore it")
        if "s0_xi_units" in names and not {f"s{k}_{c}" for c in DEAL_XI for k in SEATS} <= names:
            raise RunError(f"{part} has xi_units but not the 喜 features they are made of")


def resolve(src: str | Path, overrides: Layers | None = None, what: str = "rescore"):
    """(opened run, its ruleset, the new ruleset) with every check that needs no output."""
    run = open_run(src)
    game, old = source_rules(run, what)
    new = old
    for origin, mapping in _layers(overrides):
        new = apply_scoring(new, mapping, origin)
    game.validate(new)
    return run, old, new


def _batches(part: Path, batch_size: int) -> Iterator[pa.RecordBatch]:
    f = pq.ParquetFile(part)
    try:
        yield from f.iter_batches(batch_size=batch_size)
    finally:
        f.close()


def _write_part(rundir, part: Path, rules: Any, batch_size: int) -> int:
    """Rescore one part into ``rundir`` under the same name, atomically (temporary name, rename),
    batch by batch so memory is one batch however large the part."""
    from sim.writer import PART_RE

    index = int(PART_RE.match(part.name).group(1))
    final = rundir.path / part.name
    tmp = rundir.path / f".{part.name}.tmp{os.getpid()}"
    schema = pq.read_schema(part)
    rows = 0
    try:
        with pq.ParquetWriter(tmp, schema, compression="zstd") as writer:
            for batch in _batches(part, batch_size):
                writer.write_batch(rescore_batch(batch, rules))
                rows += batch.num_rows
        os.replace(tmp, final)
    finally:
        tmp.unlink(missing_ok=True)
    rundir.done.add(index)
    return rows


def rescore_run(src: str | Path, out: str | Path, overrides: Layers | None = None, *, overwrite: bool = False,
                batch_size: int = BATCH_ROWS) -> dict[str, Any]:
    """Rescore the play run ``src`` into the new run directory ``out``; returns its manifest.

    ``overrides`` are scoring options, nested or with dotted keys (``{"grade.da_qing": 6}``), or a
    list of ``(origin, mapping)`` layers applied in order, ``origin`` naming where each came from in
    error messages (``"rules file 'alt.toml'"``, ``"--set"``).
    """
    from sim.runner import versions
    from sim.ruleset import flatten
    from sim.writer import IDENTITY_KEYS, check_output, open_run_directory

    src, out = Path(src), Path(out)
    run, old, new = resolve(src, overrides)
    if not run.complete:
        raise RunError(f"run {src} is not complete (status {run.manifest.get('status')!r}); "
                       "finish it with `paiju play --resume` first")
    _check_parts(run)
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
        rows = sum(_write_part(rundir, part, new, batch_size) for part in run.parts)
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
