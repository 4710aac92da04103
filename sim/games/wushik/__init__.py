"""五十K (wushik): two decks without jokers, four players in fixed partnerships, 5/10/K points,
matches to 800.

Modules: ``rules`` (options of spec §12, variants, the kernels' tables), ``columns`` (census and
play rows), ``census`` and ``play`` (the jobs), ``scoring`` (hand scores and money from raw facts),
``exact`` (exact deal values), ``report_census`` / ``report_play`` / ``plots`` (reports),
``replay``, ``metrics`` (headline figures for ``paiju sweep``). Kernels: ``kernels.wushik`` on the
climbing engine ``kernels.climb``.
"""

from __future__ import annotations

from sim.game import Game, Job, Players, Scoring
from sim.games.wushik import rules as _rules


def _census_columns(spec):
    from sim.games.wushik.columns import census_columns

    return census_columns()


def _play_columns(spec):
    from sim.games.wushik.columns import play_columns

    return play_columns()


def _census(spec, start, stop, on_progress=None):
    from sim.games.wushik.census import compute_census

    return compute_census(spec, start, stop, on_progress)


def _census_warm_up(spec):
    from sim.games.wushik.census import warm_up

    warm_up(spec)


def _play(spec, start, stop, on_progress=None):
    from sim.games.wushik.play import compute_play

    return compute_play(spec, start, stop, on_progress)


def _play_warm_up(spec):
    from sim.games.wushik.play import warm_up_play

    warm_up_play(spec)


def _census_report(run, **kwargs):
    from sim.games.wushik.report_census import census_report

    return census_report(run, **kwargs)


def _play_report(run, **kwargs):
    from sim.games.wushik.report_play import play_report

    return play_report(run, **kwargs)


def _census_figures(run, report):
    from sim.games.wushik.plots import census_figures

    return census_figures(run, report)


def _play_figures(run, report):
    from sim.games.wushik.plots import play_figures

    return play_figures(run, report)


def _replay(spec, rows, game_index):
    from sim.games.wushik.replay import replay

    return replay(spec, rows, game_index)


def _metrics(n_seats):
    from sim.games.wushik.metrics import metrics

    return metrics(n_seats)


def _scoring() -> Scoring:
    from sim.games.wushik import scoring as S

    return Scoring(facts=S.fact_columns, score=S.score, roles=S.ROLES, role_labels=S.ROLE_LABELS,
                   seat_roles=S.seat_roles, components=S.components, component_labels=S.COMPONENT_LABELS,
                   default_role="leader")


GAME = Game(
    name=_rules.NAME,
    title=_rules.TITLE,
    rules=_rules.WushikRules,
    variants=_rules.VARIANTS,
    seats=lambda rules: _rules.N_SEATS,
    validate=_rules.validate,
    jobs={
        "census": Job(_census_columns, _census, _census_warm_up, _census_report, _census_figures),
        "play": Job(_play_columns, _play, _play_warm_up, _play_report, _play_figures, metrics=_metrics),
    },
    players=Players(names=("random", "greedy", "smart"),
                    params=("near_out", "fight_points", "fk_points", "bomb_points", "cash_plan", "slack")),
    scoring=_scoring(),
    replay=_replay,
    duplicate=True,
)
