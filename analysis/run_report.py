"""A run's report: what its game reports for the run's kind, and what every run's report says.

``build_report(run, game)`` asks the run's game (``sim.game.Game``, which the caller passes:
``sim.reports`` finds it) for the report of the run's kind (``analysis.report.Report``), then adds
what holds for any game: a run still unfinished or rescored is said at the top, ``--fix`` cards
first, and a play run's player ranges and design section where the game ships them.
"""

from __future__ import annotations

from analysis import player_range
from analysis.design import design_section
from analysis.fixed import add_fixed
from analysis.report import FLAG, Report
from analysis.rescore import diff_text
from analysis.runs import Run, RunError


def incomplete_line(run: Run) -> str:
    """What an unfinished run holds, and how to finish it."""
    m = run.manifest
    kind = m.get("kind") or "play"
    return (f"{FLAG} INCOMPLETE: this run's status is {m.get('status')!r}; its parts hold {run.n_rows:,} rows of "
            f"{m.get('n', '?'):,} game indices — the figures are of those only (finish it: the same `paiju {kind}` "
            "with --resume)")


def rescored_line(run: Run) -> str | None:
    """For a run written by ``paiju rescore``: whose hands these are and under what they were
    rescored (``_run.json``'s ``rescored_from``); None for any other run."""
    source = run.manifest.get("rescored_from")
    if not isinstance(source, dict):
        return None
    diff = source.get("ruleset_diff") or {}
    return (f"RESCORED: the hands of {source.get('path', '?')}, not replayed, with every scored column recomputed "
            f"under {diff_text(diff)}")


def build_report(run: Run, game, *, seats: bool = False, ranges: dict | None = None, design_source=None,
                 design_skill=None, describe_fixed=None, **kwargs) -> Report:
    """The report ``game`` (the run's ``sim.game.Game``) makes for the run's kind
    (``sim.game.Job.report``); with ``seats`` it also shows the per-seat rows of statistics that are
    pooled over seats. What the game ships and the run needs come as arguments: ``ranges`` (the
    game's measured player ranges, ``analysis.player_range``), ``design_source`` (the run as an
    ``analysis.rescore.Source``, for the design section of a scored play run; ``design_skill``, a
    self-play run's skill match for it, ``analysis.design.design_section``) and
    ``describe_fixed`` (the text of a ``--fix`` run's fixed cards)."""
    job = game.jobs.get(run.kind)
    if job is None:
        raise RunError(f"{game.name} has no {run.kind!r} runs, so no report for {run.path}")
    rep = job.report(run, **kwargs)
    rep.per_seat = seats
    rescored = rescored_line(run)
    if rescored:  # said at the top: the money is not what the run played under
        rep.title = f"RESCORED — {rep.title}"
        rep.summary.insert(0, rescored)
    add_fixed(run, rep, describe_fixed)  # --fix: the fixed cards said first, and the fixed seats' odds
    if not run.complete:  # said first, so partial figures are never read as the run's
        rep.title = f"{FLAG} INCOMPLETE RUN — {rep.title}"
        rep.summary.insert(0, incomplete_line(run))
    if run.kind == "play" and ranges is not None:  # what the rates owe to the players, where the game ships them
        rep.sections.append(player_range.section(ranges, str(run.manifest.get("variant", "default"))))
    if run.kind == "play" and design_source is not None:  # the game's design: seat, role, skill, luck, matches, tail
        rep.sections.append(design_section(design_source, skill=design_skill))
    return rep
