"""仙桃千分 (Xiantao Qianfen, Hubei), the flagship: 4 players, two decks (108 cards), 27 each, six
wilds, a hidden partner by called card (叫牌) or one against three (硬牌), 5/10/K points.

Modules: ``rules`` (options of spec §12, variants, compiled tables), ``columns`` (census and play
rows), ``census`` and ``play`` (the jobs), ``scoring`` (money from raw facts), ``exact`` (exact
deal values), ``report_census`` / ``report_play`` / ``plots`` (reports), ``replay``. Kernels:
``kernels.xiantao`` on the climbing engine ``kernels.climb``.
"""

from __future__ import annotations

from sim.game import Game, Job, Players, Scoring
from sim.games.xiantao import rules as _rules


def _census_columns(spec):
    from sim.games.xiantao.columns import census_columns

    return census_columns()


def _play_columns(spec):
    from sim.games.xiantao.columns import play_columns

    return play_columns()


def _census(spec, start, stop, on_progress=None):
    from sim.games.xiantao.census import compute_census

    return compute_census(spec, start, stop, on_progress)


def _census_warm_up(spec):
    from sim.games.xiantao.census import warm_up

    warm_up(spec)


def _play(spec, start, stop, on_progress=None):
    from sim.games.xiantao.play import compute_play

    return compute_play(spec, start, stop, on_progress)


def _play_warm_up(spec):
    from sim.games.xiantao.play import warm_up_play

    warm_up_play(spec)


def _census_report(run, **kwargs):
    from sim.games.xiantao.report_census import census_report

    return census_report(run, **kwargs)


def _play_report(run, **kwargs):
    from sim.games.xiantao.report_play import play_report

    return play_report(run, **kwargs)


def _census_figures(run, report):
    from sim.games.xiantao.plots import census_figures

    return census_figures(run, report)


def _play_figures(run, report):
    from sim.games.xiantao.plots import play_figures

    return play_figures(run, report)


def _metrics(n_seats):
    from sim.games.xiantao.metrics import metrics

    return metrics(n_seats)


def _replay(spec, rows, game_index):
    from sim.games.xiantao.replay import replay

    return replay(spec, rows, game_index)


def _scoring() -> Scoring:
    from sim.games.xiantao import scoring as S
    from sim.games.xiantao.columns import ROLES

    return Scoring(facts=S.fact_columns, score=S.score, roles=ROLES, role_labels=S.ROLE_LABELS,
                   seat_roles=S.seat_roles, components=S.components, component_labels=S.COMPONENT_LABELS,
                   default_role="banker")


GAME = Game(
    name="xiantao",
    title="仙桃千分 Xiantao Qianfen (4 players, 108 cards, 27 each, 6 wilds, 5/10/K points)",
    rules=_rules.XiantaoRules,
    variants=_rules.VARIANTS,
    seats=lambda rules: _rules.N_SEATS,
    validate=_rules.validate,
    jobs={
        "census": Job(_census_columns, _census, _census_warm_up, _census_report, _census_figures),
        "play": Job(_play_columns, _play, _play_warm_up, _play_report, _play_figures, validate=_rules.validate_play,
                    metrics=lambda n_seats: _metrics(n_seats)),
    },
    players=Players(names=("random", "greedy", "smart"),
                    params=("hard_threshold", "bomb_points", "near_out", "fight_points", "reveal_cards", "hard_prob")),
    scoring=_scoring(),
    replay=_replay,
    sessions=True,
    duplicate=True,
)
