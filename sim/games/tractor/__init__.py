"""八十分 (升级 / Tractor, rules/tractor-80fen.md): 4 players in fixed partnerships, 108 cards, 25
each + an 8-card kitty, trumps declared during the deal, pairs, 拖拉机 and throws, the opponents'
points P deciding the level change; whole matches from '2' past A.

A game index is a whole match by default (``matches = true``): one row per hand, ``-n`` counts
matches (docs/adding-a-game.md). With ``matches = false`` a game index is one hand and
``--hands-per-session`` carries the levels and the 庄 from hand to hand.

Modules: ``rules`` (options of §11, variants, compiled rules), ``columns``, ``census`` and ``play``
(the jobs), ``scoring`` (P, the level table, money from raw facts), ``exact``, ``report``,
``plots``, ``replay``, ``metrics``. Kernels: ``kernels.tractor`` on the trick family ``kernels.trick``; the
sim-side pieces both trick games share are ``sim.games.trick``.
"""

from __future__ import annotations

from sim.game import Game, Job, Players, Scoring
from sim.games.trick import PARAMS, POLICIES, ROLES
from sim.games.tractor import rules as _rules
from sim.games.tractor import scoring as _scoring


def _census_columns(spec):
    from sim.games.tractor.columns import census_columns

    return census_columns()


def _play_columns(spec):
    from sim.games.tractor.columns import play_columns

    return play_columns()


def _census(spec, start, stop, on_progress=None):
    from sim.games.tractor.census import compute_census

    return compute_census(spec, start, stop, on_progress)


def _census_warm_up(spec):
    from sim.games.tractor.census import warm_up

    warm_up(spec)


def _play(spec, start, stop, on_progress=None):
    from sim.games.tractor.play import compute_play

    return compute_play(spec, start, stop, on_progress)


def _play_warm_up(spec):
    from sim.games.tractor.play import warm_up

    warm_up(spec)


def _census_report(run, **kwargs):
    from sim.games.tractor.report import census_report

    return census_report(run, **kwargs)


def _play_report(run, **kwargs):
    from sim.games.tractor.report import play_report

    return play_report(run, **kwargs)


def _census_figures(run, report):
    from sim.games.tractor.plots import census_figures

    return census_figures(run, report)


def _play_figures(run, report):
    from sim.games.tractor.plots import play_figures

    return play_figures(run, report)


def _replay(spec, rows, game_index):
    from sim.games.tractor.replay import replay

    return replay(spec, rows, game_index)


def _metrics(n_seats):
    from sim.games.tractor.metrics import metrics

    return metrics(n_seats)


GAME = Game(
    name="tractor",
    title="八十分 Ba Shi Fen (升级 / Tractor: 4 players, 108 cards, 25 each + 8 底牌, levels 2 → A)",
    rules=_rules.TractorRules,
    variants=_rules.VARIANTS,
    seats=lambda rules: _rules.N_SEATS,
    validate=_rules.validate,
    jobs={
        "census": Job(_census_columns, _census, _census_warm_up, _census_report, _census_figures),
        "play": Job(_play_columns, _play, _play_warm_up, _play_report, _play_figures, metrics=_metrics),
    },
    players=Players(names=POLICIES, params=PARAMS),
    scoring=Scoring(facts=_scoring.fact_columns, score=_scoring.score, roles=ROLES, role_labels=_scoring.ROLE_LABELS,
                    seat_roles=_scoring.seat_roles, components=_scoring.components,
                    component_labels=_scoring.COMPONENT_LABELS, default_role="banker"),
    replay=_replay,
    sessions=True,
    duplicate=True,
)
