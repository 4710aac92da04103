"""仙居红五 (Xianju Hong Wu, rules/xianju-hongwu.md): 4 players, three decks (162 cards), 39 each + a
6-card kitty, ♥5 above the jokers, 参谋 and 10s as trumps, 庄家 by the first 10 shown; the 闲 side's
points P fall in one of seven score bands, and each ♥5 captured pays a bonus. Fixed stakes: hands
are independent (no sessions).

Modules: ``rules`` (options of §9, variants, compiled rules), ``columns``, ``census`` and ``play``
(the jobs), ``scoring`` (P, bands, ♥5 bonus, money from raw facts), ``exact``, ``report``,
``plots``, ``replay``, ``metrics``. Kernels: ``kernels.hongwu`` on the trick family
``kernels.trick``; the sim-side pieces both trick games share are ``sim.games.trick``.
"""

from __future__ import annotations

from kernels.hongwu import codes as _codes
from sim.game import Game, Job, Players, Scoring, lazy
from sim.games.trick import PARAMS, POLICIES, ROLES
from sim.games.hongwu import rules as _rules
from sim.games.hongwu import scoring as _scoring
from sim.games.trick.dealing import trick_dealing


def _census_columns(spec):
    from sim.games.hongwu.columns import census_columns

    return census_columns()


def _play_columns(spec):
    from sim.games.hongwu.columns import play_columns

    return play_columns()


_census = lazy("sim.games.hongwu.census", "compute_census")
_census_warm_up = lazy("sim.games.hongwu.census", "warm_up")
_play = lazy("sim.games.hongwu.play", "compute_play")
_play_warm_up = lazy("sim.games.hongwu.play", "warm_up")
_census_report = lazy("sim.games.hongwu.report_census", "census_report")
_play_report = lazy("sim.games.hongwu.report_play", "play_report")
_census_figures = lazy("sim.games.hongwu.plots", "census_figures")
_play_figures = lazy("sim.games.hongwu.plots", "play_figures")
_replay = lazy("sim.games.hongwu.replay", "replay")
_metrics = lazy("sim.games.hongwu.metrics", "metrics")


GAME = Game(
    name="hongwu",
    names=('仙居红五', '红五'),
    title="仙居红五 Xianju Hong Wu (4 players, 162 cards, 39 each + 6 底牌, ♥5 highest, score bands)",
    rules=_rules.HongwuRules,
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
    sessions=False,
    duplicate=True,
    dealing=trick_dealing(int(_codes.N_DECKS), int(_codes.HAND_SIZE), int(_codes.KITTY_SIZE)),
)
