"""港式五张 (Hong Kong five-card stud, short deck 8–A): 2–4 players, one hole card and four
up-cards, 庄家 (first to act) re-chosen after every round by the best visible cards, optional
fixed-limit or pot-limit betting (spec ``rules/hk-five-card-stud.md``).

Modules: ``rules`` (options of spec §7 and the stakes, variants, compiled tables), ``players``
(policies and their parameters), ``columns`` (census and play rows), ``compute`` and ``play``
(the jobs), ``scoring`` (money from raw facts), ``exact`` (values by enumeration), ``report`` /
``plots``, ``replay``. Kernels: ``kernels.hkstud`` on the comparison family ``kernels.showdown``.

Players: ``random`` (``p_fold``, ``p_raise``, ``size``), ``calling-station``, ``equity``
(``raise_at``, ``call_at``, ``pot_odds``, ``samples``, ``exact_max``, ``size``), set with
``--policy`` and ``--policy-param``; ``--duplicate`` plays every deal from every seat (paired
comparisons of players).
"""

from __future__ import annotations

from sim.game import Game, Job, Players, Scoring
from sim.games.hkstud import rules as _rules


def _census_columns(spec):
    from sim.games.hkstud.columns import census_columns

    return census_columns(spec.rules.players)


def _play_columns(spec):
    from sim.games.hkstud.columns import play_columns

    return play_columns(spec.rules.players)


def _census(spec, start, stop, on_progress=None):
    from sim.games.hkstud.play import compute_census

    return compute_census(spec, start, stop, on_progress)


def _play(spec, start, stop, on_progress=None):
    from sim.games.hkstud.play import compute_play

    return compute_play(spec, start, stop, on_progress)


def _census_warm_up(spec):
    from sim.games.hkstud.play import warm_up_census

    warm_up_census(spec)


def _play_warm_up(spec):
    from sim.games.hkstud.play import warm_up_play

    warm_up_play(spec)


def _census_report(run, **kwargs):
    from sim.games.hkstud.report import census_report

    return census_report(run, **kwargs)


def _play_report(run, **kwargs):
    from sim.games.hkstud.report import play_report

    return play_report(run, **kwargs)


def _census_figures(run, report):
    from sim.games.hkstud.plots import census_figures

    return census_figures(run, report)


def _play_figures(run, report):
    from sim.games.hkstud.plots import play_figures

    return play_figures(run, report)


def _replay(spec, rows, game_index):
    from sim.games.hkstud.replay import replay

    return replay(spec, rows, game_index)


def _scoring() -> Scoring:
    from sim.games.hkstud import scoring as S

    return Scoring(facts=S.fact_columns, score=S.score, roles=S.ROLES, role_labels=S.ROLE_LABELS,
                   seat_roles=S.seat_roles, components=S.components, component_labels=S.COMPONENT_LABELS,
                   default_role="zhuang")


def _metrics(n_seats):
    from sim.games.hkstud.metrics import metrics

    return metrics(n_seats)


def _players() -> Players:
    from sim.games.hkstud.players import PARAMS, POLICIES

    return Players(names=POLICIES, params=PARAMS, default="equity")


GAME = Game(
    name=_rules.NAME,
    title="港式五张 Hong Kong five-card stud (2–4 players, 28 cards 8–A, 1 hole + 4 up-cards)",
    rules=_rules.HKStudRules,
    variants=_rules.VARIANTS,
    seats=lambda rules: rules.players,
    validate=_rules.validate,
    jobs={
        "census": Job(_census_columns, _census, _census_warm_up, _census_report, _census_figures),
        "play": Job(_play_columns, _play, _play_warm_up, _play_report, _play_figures, metrics=_metrics),
    },
    players=_players(),
    scoring=_scoring(),
    replay=_replay,
    duplicate=True,
)
