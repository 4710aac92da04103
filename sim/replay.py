"""``paiju replay``: one stored hand, move by move, re-simulated from its run's seed.

Hands are not stored move by move (that would be most of the data); each one is replayed from
``(seed, game_index)`` with the run's ruleset and players, which gives the same hand exactly.
Before the game's ``replay`` (``sim.game.Game``) draws it, the game index is played again through
the play job that wrote the run (``Job.compute``, the same code path) and every stored column is
compared with the fresh rows (``check_stored``), so a changed or damaged row, or a run written by
another paiju version, is refused in one line, never shown silently.
"""

from __future__ import annotations

import math
from pathlib import Path

from sim.errors import UserError


def stored_rows(run, game_index: int) -> list[dict]:
    """The stored rows of ``game_index``, in order (a one-line error if the run holds none)."""
    import pyarrow.dataset as ds

    table = run.to_table(filter=ds.field("game_index") == game_index)
    if table.num_rows == 0:
        raise UserError(f"hand {game_index} is not in {str(run.path)!r} (the run may be incomplete)")
    return table.to_pylist()


def _same(a, b) -> bool:
    return a == b or (isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b))


def check_stored(game, spec, rows: list[dict], game_index: int) -> None:
    """Refuse (one line) stored ``rows`` of ``game_index`` unless playing that game index again
    gives the same rows, column for column. Its deals and play come from ``(seed, game_index)``
    and, with ``--hands-per-session``, from the session's earlier hands: the whole session is
    played again (``game.job("play").compute``, as the run's shard computed it)."""
    unit = int(spec.options.get("hands_per_session") or 1)
    lo = game_index - game_index % unit
    fresh = [r for r in game.job("play").compute(spec, lo, lo + unit, None).to_pylist()
             if r["game_index"] == game_index]
    why = "was the run written by another paiju version, or changed since?"
    if len(fresh) != len(rows):
        raise UserError(f"hand {game_index} does not replay as stored: {len(rows)} stored rows, {len(fresh)} "
                        f"replayed ({why})")
    for k, (stored, replayed) in enumerate(zip(rows, fresh)):
        for name, value in stored.items():
            if name in replayed and not _same(value, replayed[name]):
                where = f" (row {k + 1} of {len(rows)})" if len(rows) > 1 else ""
                raise UserError(f"hand {game_index} does not replay as stored{where}: {name} is {value!r} in the "
                                f"run, {replayed[name]!r} replayed ({why})")


def replay_rows(game, spec, rows: list[dict], game_index: int) -> str:
    """The text of one game index from its stored ``rows``, once ``check_stored`` found them as
    the game plays them."""
    check_stored(game, spec, rows, game_index)
    return game.replay(spec, rows, game_index)


def replay_text(run_dir: Path, game_index: int) -> str:
    """One hand of the run directory ``run_dir``, move by move."""
    from sim.stored import open_stored

    return replay_run(open_stored(run_dir), game_index)


def replay_run(run, game_index: int) -> str:
    """One hand of an opened run (``analysis.runs.Run``), move by move."""
    if run.kind != "play":
        raise UserError(f"replay needs a run written by `paiju play` (this one is a {run.kind})")
    from sim.stored import spec_from_manifest

    game, spec = spec_from_manifest(run.manifest)
    if game.replay is None:
        game.refuse("replay")
    if not 0 <= game_index < spec.n:
        raise UserError(f"--game must be between 0 and {spec.n - 1} for this run; got {game_index}")
    text = replay_rows(game, spec, stored_rows(run, game_index), game_index)
    return f"hand {game_index} of {run.path} — {game.title}, seed {spec.seed}, variant {spec.variant}\n" + text
