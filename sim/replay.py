"""``paiju replay``: one stored hand, move by move, re-simulated from its run's seed.

Hands are not stored move by move (that would be most of the data); each one is replayed from
``(seed, game_index)`` with the run's ruleset and players, which gives the same hand exactly.
The game's ``replay`` (``sim.game.Game``) draws it and checks it against the stored row, so a
mismatch is never shown silently.
"""

from __future__ import annotations

from pathlib import Path

from sim.errors import UserError


def stored_rows(run, game_index: int) -> list[dict]:
    """The stored rows of ``game_index``, in order (a one-line error if the run holds none)."""
    import pyarrow.dataset as ds

    table = run.to_table(filter=ds.field("game_index") == game_index)
    if table.num_rows == 0:
        raise UserError(f"hand {game_index} is not in {str(run.path)!r} (the run may be incomplete)")
    return table.to_pylist()


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
    text = game.replay(spec, stored_rows(run, game_index), game_index)
    return f"hand {game_index} of {run.path} — {game.title}, seed {spec.seed}, variant {spec.variant}\n" + text
