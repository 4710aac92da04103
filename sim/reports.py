"""A stored run's report and plots: the dispatch from a run to the analysis library.

``analysis`` never imports ``sim`` (it is a library of estimators, reports and plots that takes
what it needs as arguments); this module finds the run's game in the registry and hands the
report what the game ships and the run needs: the game itself, its measured player ranges
(``Game.player_ranges``), the run as a rescoring ``Source`` for the design section, and the text
of ``--fix`` cards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from analysis.runs import Run, RunError
from sim.errors import UserError

if TYPE_CHECKING:
    from analysis.report import Report
    from sim.game import Game


def game_of(run: Run) -> "Game":
    """The game a stored run was written by (a one-line ``RunError`` if this paiju has none)."""
    from sim.registry import load_game

    try:
        return load_game(run.game)
    except UserError as exc:
        raise RunError(f"{run.path}: {exc}") from None


def build_report(run: Run, *, seats: bool = False, **kwargs) -> "Report":
    """The report the run's game makes for the run's kind (``analysis.report.build_report``); with
    ``seats`` it also shows the per-seat rows of statistics pooled over seats."""
    from analysis.report import build_report as report
    from sim.dealing import describe
    from sim.rescore import source_rules

    game = game_of(run)
    play = run.kind == "play"
    return report(run, game, seats=seats, ranges=game.player_ranges() if play else None,
                  design_source=source_rules(run, "report") if play and game.scoring is not None else None,
                  describe_fixed=describe, **kwargs)


def figures(run: Run, report: "Report") -> list:
    """The plots the run's game draws for its kind (none where it draws none)."""
    job = game_of(run).jobs.get(run.kind)
    return [] if job is None or job.figures is None else job.figures(run, report)
