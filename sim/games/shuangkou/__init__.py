"""百变双扣 (shuangkou): two decks with jokers (wild by default), four players, partners by an
announced card with a seat swap, outcomes 双扣 / 单扣 / 平扣 multiplied by the bombs' 相.

Modules: ``rules`` (options of spec §9, variants, the kernels' tables), ``columns`` (census and
play rows), ``census`` and ``play`` (the jobs), ``scoring`` (money from raw facts), ``exact``
(exact deal values), ``report_census`` / ``report_play`` / ``plots`` (reports), ``replay``,
``metrics`` (headline figures for ``paiju sweep``). Kernels: ``kernels.shuangkou`` on the
climbing engine ``kernels.climb``.
"""

from __future__ import annotations

from sim.game import Game, Job, Players, Scoring
from sim.games.shuangkou import rules as _rules


def _census_columns(spec):
    from sim.games.shuangkou.columns import census_columns

    return census_columns()


def _play_columns(spec):
    from sim.games.shuangkou.columns import play_columns

    return play_columns()


def _census(spec, start, stop, on_progress=None):
    from sim.games.shuangkou.census import compute_census

    return compute_census(spec, start, stop, on_progress)


def _census_warm_up(spec):
    from sim.games.shuangkou.census import warm_up

    warm_up(spec)


def _play(spec, start, stop, on_progress=None):
    from sim.games.shuangkou.play import compute_play

    return compute_play(spec, start, stop, on_progress)


def _play_warm_up(spec):
    from sim.games.shuangkou.play import warm_up_play

    warm_up_play(spec)


def _census_report(run, **kwargs):
    from sim.games.shuangkou.report_census import census_report

    return census_report(run, **kwargs)


def _play_report(run, **kwargs):
    from sim.games.shuangkou.report_play import play_report

    return play_report(run, **kwargs)


def _census_figures(run, report):
    from sim.games.shuangkou.plots import census_figures

    return census_figures(run, report)


def _play_figures(run, report):
    from sim.games.shuangkou.plots import play_figures

    return play_figures(run, report)


def _replay(spec, rows, game_index):
    from sim.games.shuangkou.replay import replay

    return replay(spec, rows, game_index)


def _metrics(n_seats):
    from sim.games.shuangkou.metrics import metrics

    return metrics(n_seats)


def _scoring() -> Scoring:
    from sim.games.shuangkou import scoring as S

    return Scoring(facts=S.fact_columns, score=S.score, roles=S.ROLES, role_labels=S.ROLE_LABELS,
                   seat_roles=S.seat_roles, components=S.components, component_labels=S.COMPONENT_LABELS,
                   default_role="leader")


GAME = Game(
    name=_rules.NAME,
    title=_rules.TITLE,
    rules=_rules.ShuangkouRules,
    variants=_rules.VARIANTS,
    seats=lambda rules: _rules.N_SEATS,
    validate=_rules.validate,
    jobs={
        "census": Job(_census_columns, _census, _census_warm_up, _census_report, _census_figures),
        "play": Job(_play_columns, _play, _play_warm_up, _play_report, _play_figures, metrics=_metrics),
    },
    players=Players(names=("random", "greedy", "smart"),
                    params=("near_out", "wild_cost", "tribute_xiang", "cash_plan", "slack")),
    scoring=_scoring(),
    replay=_replay,
    duplicate=True,
)
