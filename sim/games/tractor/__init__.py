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

from kernels.tractor import codes as _codes
from sim.game import Game, Job, Players, Scoring, lazy
from sim.games.trick import PARAMS, POLICIES, ROLES
from sim.games.tractor import rules as _rules
from sim.games.tractor import scoring as _scoring
from sim.games.trick.dealing import trick_dealing


def _census_columns(spec):
    from sim.games.tractor.columns import census_columns

    return census_columns()


def _play_columns(spec):
    from sim.games.tractor.columns import play_columns

    return play_columns()


_census = lazy("sim.games.tractor.census", "compute_census")
_census_warm_up = lazy("sim.games.tractor.census", "warm_up")
_play = lazy("sim.games.tractor.play", "compute_play")
_play_warm_up = lazy("sim.games.tractor.play", "warm_up")
_census_report = lazy("sim.games.tractor.report_census", "census_report")
_play_report = lazy("sim.games.tractor.report_play", "play_report")
_census_figures = lazy("sim.games.tractor.plots", "census_figures")
_play_figures = lazy("sim.games.tractor.plots", "play_figures")
_replay = lazy("sim.games.tractor.replay", "replay")
_metrics = lazy("sim.games.tractor.metrics", "metrics")


GAME = Game(
    name="tractor",
    names=('八十分', '升级', '拖拉机'),
    title="八十分 Ba Shi Fen (升级 / Tractor: 4 players, 108 cards, 25 each + 8 底牌, levels 2 → A)",
    rules=_rules.TractorRules,
    variants=_rules.VARIANTS,
    seats=lambda rules: _rules.N_SEATS,
    validate=_rules.validate,
    jobs={
        "census": Job(_census_columns, _census, _census_warm_up, _census_report, _census_figures),
        "play": Job(_play_columns, _play, _play_warm_up, _play_report, _play_figures, metrics=_metrics,
                    check=lazy("sim.games.tractor.play", "check_options"), sweep_check=_rules.sweep_check),
    },
    players=Players(names=POLICIES, params=PARAMS),
    scoring=Scoring(facts=_scoring.fact_columns, score=_scoring.score, roles=ROLES, role_labels=_scoring.ROLE_LABELS,
                    seat_roles=_scoring.seat_roles, components=_scoring.components,
                    component_labels=_scoring.COMPONENT_LABELS, default_role="banker"),
    replay=_replay,
    sessions=True,
    duplicate=True,
    dealing=trick_dealing(int(_codes.N_DECKS), int(_codes.HAND_SIZE), int(_codes.KITTY_SIZE)),
)
