"""关牌 Guan Pai (rules/guanpai.md): two players, 49 / 51 / 48 cards, ♠3 leads, shut-out (全关) ×2.

Modules: ``rules`` (options of spec §8 and the GP interpretations, variants, the compiled
rules vector), ``columns`` (census and play rows), ``census`` and ``play`` (the jobs),
``scoring`` (money from raw facts), ``exact`` (exact deal values), ``report_census`` /
``report_play`` / ``plots`` (reports), ``replay``. Kernels: ``kernels.guanpai`` on the climbing
engine ``kernels.climb``.
"""

from __future__ import annotations

from sim.game import Game, Job, Players, Scoring
from sim.games.guanpai import rules as _rules

PARAMS = ("near_out", "slack")  # kernels.guanpai.policies PARAM_ORDER


def _census_columns(spec):
    from sim.games.guanpai.columns import census_columns

    return census_columns()


def _play_columns(spec):
    from sim.games.guanpai.columns import play_columns

    return play_columns()


def _census(spec, start, stop, on_progress=None):
    from sim.games.guanpai.census import compute_census

    return compute_census(spec, start, stop, on_progress)


def _census_warm_up(spec):
    from sim.games.guanpai.census import warm_up

    warm_up(spec)


def _play(spec, start, stop, on_progress=None):
    from sim.games.guanpai.play import compute_play

    return compute_play(spec, start, stop, on_progress)


def _play_warm_up(spec):
    from sim.games.guanpai.play import warm_up_play

    warm_up_play(spec)


def _census_report(run, **kwargs):
    from sim.games.guanpai.report_census import census_report

    return census_report(run, **kwargs)


def _play_report(run, **kwargs):
    from sim.games.guanpai.report_play import play_report

    return play_report(run, **kwargs)


def _census_figures(run, report):
    from sim.games.guanpai.plots import census_figures

    return census_figures(run, report)


def _play_figures(run, report):
    from sim.games.guanpai.plots import play_figures

    return play_figures(run, report)


def _metrics(n_seats):
    from sim.games.guanpai.metrics import metrics

    return metrics(n_seats)


def _replay(spec, rows, game_index):
    from sim.games.guanpai.replay import replay

    return replay(spec, rows, game_index)


def _score(facts, rules, n_seats):
    from sim.games.guanpai.scoring import score

    return score(facts, rules, n_seats)


def _seat_roles(facts, n_seats):
    from sim.games.guanpai.scoring import seat_roles

    return seat_roles(facts, n_seats)


def _components(facts, scored, rules, n_seats):
    from sim.games.guanpai.scoring import components

    return components(facts, scored, rules, n_seats)


def _facts(rules, n_seats):
    from sim.games.guanpai.scoring import facts

    return facts(rules, n_seats)


GAME = Game(
    name="guanpai",
    title=_rules.TITLE,
    rules=_rules.GuanpaiRules,
    variants=_rules.VARIANTS,
    seats=lambda rules: _rules.N_SEATS,
    validate=_rules.validate,
    jobs={
        "census": Job(_census_columns, _census, _census_warm_up, _census_report, _census_figures),
        "play": Job(_play_columns, _play, _play_warm_up, _play_report, _play_figures, metrics=_metrics),
    },
    players=Players(names=("random", "greedy", "smart"), params=PARAMS),
    scoring=Scoring(facts=_facts, score=_score, roles=("first_leader", "second"),
                    role_labels={"first_leader": "leads the first trick (♠3 holder)", "second": "the other player"},
                    seat_roles=_seat_roles, components=_components,
                    component_labels={"base": "cards left × base", "quanguan": "the 全关 factor (loser never played)"},
                    default_role="first_leader"),
    replay=_replay,
    sessions=True,
    duplicate=True,
)
