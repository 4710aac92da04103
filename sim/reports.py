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
    """The report the run's game makes for the run's kind (``analysis.run_report.build_report``); with
    ``seats`` it also shows the per-seat rows of statistics pooled over seats."""
    from analysis.run_report import build_report as report
    from sim.dealing import describe
    from sim.rescore import source_rules

    game = game_of(run)
    play = run.kind == "play"
    design = source_rules(run, "report") if play and game.scoring is not None else None
    return report(run, game, seats=seats, ranges=game.player_ranges() if play else None,
                  design_source=design, design_skill=skill_match(run, game) if design is not None else None,
                  describe_fixed=describe, **kwargs)


SKILL_HANDS = 2000  # rows of the skill match a self-play report plays (about a second of play)


def skill_match(run: Run, game: "Game"):
    """For a self-play run: ``(source, text)`` of a small match of the run's player against the game's
    weakest (its ``random`` player) on the run's variant, rules and seed, every deal played from
    every seat (players rotating where the game has no ``--duplicate``), for the design section's
    skill figures; None where the run already mixes players, has ``--fix`` cards or the game has no
    weaker player, or where the match cannot be played under these rules."""
    from sim.rescore import source_rules
    from sim.specs import play_spec
    from sim.stored import run_in_memory

    opts = run.manifest.get("options") or {}
    policies = list(opts.get("policies") or [])
    if len(set(policies)) != 1 or game.players is None or opts.get("fix") or run.n_rows == 0:
        return None
    mine = policies[0]
    weak = next((p for p in game.players.names if "random" in p and p != mine), None)
    if weak is None:
        return None
    seats = len(policies)
    rows_per_index = max(1.0, run.n_rows / max(1, int(run.manifest.get("n") or 1)))
    n = max(seats, int(SKILL_HANDS / rows_per_index) // seats * seats)
    mix = [mine if k % 2 == 0 else weak for k in range(seats)]
    params = list(opts.get("policy_params") or [{}] * seats)
    try:
        spec = play_spec(game.name, n, seed=int(run.manifest.get("seed") or 0),
                         variant=str(run.manifest.get("variant", "default")), rules=run.ruleset, policy=mix,
                         policy_params=[params[0] if k % 2 == 0 else {} for k in range(seats)],
                         rotate=not game.duplicate, duplicate=game.duplicate)
        match = run_in_memory(spec)
    except UserError:
        return None
    how = (f"{n:,} {'game indices' if rows_per_index > 1 else 'hands'} of {mine} against {weak} "
           f"({','.join(mix)}, {'every deal from every seat' if game.duplicate else 'players rotating'}, "
           f"seed {run.manifest.get('seed', 0)})")
    return source_rules(match, "report"), how


def figures(run: Run, report: "Report") -> list:
    """The plots the run's game draws for its kind (none where it draws none)."""
    job = game_of(run).jobs.get(run.kind)
    return [] if job is None or job.figures is None else job.figures(run, report)
