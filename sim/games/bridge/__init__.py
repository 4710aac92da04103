"""桥牌 contract bridge: 4 players in two partnerships (N-S, E-W), 52 cards, an auction, 13 tricks,
duplicate scoring with the 16-board vulnerability cycle (spec ``rules/bridge.md``).

Jobs: ``census`` (each seat's HCP, suit lengths, pattern, controls and losing-trick count, each
side's HCP and fit; exact values beside the estimates) and ``play`` (auction, card play, score).
With the ruleset's ``dd = true`` (``--variant dd``) rows also get the deal's double-dummy table
and par through DDS (optional extra ``bridge``: endplay). Players (``--policy``, one per seat or
one for all): ``natural-greedy`` (default), ``natural-random``, ``natural-dd`` and ``pass-out``
(``policies.PLAYER_DOCS``); ``--policy-param`` sets the natural system's parameters.

Modules: ``rules`` (options, variants, compiled tables), ``policies`` (players), ``columns``,
``census`` and ``play`` (the jobs), ``jobs`` (kernel calls on game ranges), ``dd`` (DDS),
``scoring`` (score and money from facts), ``exact`` (exact deal odds), ``report_census``,
``report_play``, ``report_dd`` and ``plots`` (reports), ``metrics`` (headline figures for
``paiju sweep``), ``replay``, ``text`` (calls, PBN).
Kernels: ``kernels.bridge``.
"""

from __future__ import annotations

from sim.game import Game, Job, Players, Scoring
from sim.games.bridge import rules as _rules
from sim.games.bridge.policies import DEFAULT_PLAYER, NATURAL_PARAMS, PLAYER_NAMES


def _census_columns(spec):
    from sim.games.bridge.columns import census_columns

    return census_columns(spec.rules)


def _play_columns(spec):
    from sim.games.bridge.columns import play_columns

    return play_columns(spec.rules)


def _census(spec, start, stop, on_progress=None):
    from sim.games.bridge.census import compute_census

    return compute_census(spec, start, stop, on_progress)


def _census_warm_up(spec):
    from sim.games.bridge.census import warm_up

    warm_up(spec)


def _play(spec, start, stop, on_progress=None):
    from sim.games.bridge.play import compute_play

    return compute_play(spec, start, stop, on_progress)


def _play_warm_up(spec):
    from sim.games.bridge.play import warm_up

    warm_up(spec)


def _census_report(run, **kwargs):
    from sim.games.bridge.report_census import census_report

    return census_report(run, **kwargs)


def _play_report(run, **kwargs):
    from sim.games.bridge.report_play import play_report

    return play_report(run, **kwargs)


def _census_figures(run, report):
    from sim.games.bridge.plots import census_figures

    return census_figures(run, report)


def _play_figures(run, report):
    from sim.games.bridge.plots import play_figures

    return play_figures(run, report)


def _metrics(n_seats):
    from sim.games.bridge.metrics import metrics

    return metrics(n_seats)


def _replay(spec, rows, game_index):
    from sim.games.bridge.replay import replay

    return replay(spec, rows, game_index)


def _scoring() -> Scoring:
    from sim.games.bridge import scoring as S

    return Scoring(facts=S.fact_columns, score=S.score, roles=S.ROLES, role_labels=S.ROLE_LABELS,
                   seat_roles=S.seat_roles, components=S.components, component_labels=S.COMPONENT_LABELS,
                   default_role="declarer")


GAME = Game(
    name="bridge",
    title="桥牌 contract bridge (4 players in 2 partnerships, 52 cards, auction, duplicate scoring)",
    rules=_rules.BridgeRules,
    variants=_rules.VARIANTS,
    seats=lambda rules: _rules.N_SEATS,
    validate=_rules.validate,
    jobs={
        "census": Job(_census_columns, _census, _census_warm_up, _census_report, _census_figures),
        "play": Job(_play_columns, _play, _play_warm_up, _play_report, _play_figures, metrics=_metrics),
    },
    players=Players(names=PLAYER_NAMES, params=NATURAL_PARAMS, default=DEFAULT_PLAYER),
    scoring=_scoring(),
    replay=_replay,
    duplicate=True,
)
