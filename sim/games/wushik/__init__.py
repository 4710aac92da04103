"""五十K (wushik): two decks without jokers, four players in fixed partnerships, 5/10/K points,
matches to 800.

Modules: ``rules`` (options of spec §12, variants, the kernels' tables), ``columns`` (census and
play rows), ``census`` and ``play`` (the jobs), ``scoring`` (hand scores and money from raw facts),
``exact`` (exact deal values), ``report_census`` / ``report_play`` / ``plots`` (reports),
``replay``, ``metrics`` (headline figures for ``paiju sweep``). Kernels: ``kernels.wushik`` on the
climbing engine ``kernels.climb``.
"""

from __future__ import annotations

from kernels.climb.search_params import SEARCH_PARAMS
from sim.dealing import Dealing
from sim.game import Game, Job, Players, Scoring, lazy
from sim.games.wushik import rules as _rules


def _census_columns(spec):
    from sim.games.wushik.columns import census_columns

    return census_columns()


def _play_columns(spec):
    from sim.games.wushik.columns import play_columns

    return play_columns()


_census = lazy("sim.games.wushik.census", "compute_census")
_census_warm_up = lazy("sim.games.wushik.census", "warm_up")
_play = lazy("sim.games.wushik.play", "compute_play")
_play_warm_up = lazy("sim.games.wushik.play", "warm_up_play")
_census_report = lazy("sim.games.wushik.report_census", "census_report")
_play_report = lazy("sim.games.wushik.report_play", "play_report")
_census_figures = lazy("sim.games.wushik.plots", "census_figures")
_play_figures = lazy("sim.games.wushik.plots", "play_figures")
_replay = lazy("sim.games.wushik.replay", "replay")
_metrics = lazy("sim.games.wushik.metrics", "metrics")


def _scoring() -> Scoring:
    from sim.games.wushik import scoring as S

    return Scoring(facts=S.fact_columns, score=S.score, roles=S.ROLES, role_labels=S.ROLE_LABELS,
                   seat_roles=S.seat_roles, components=S.components, component_labels=S.COMPONENT_LABELS,
                   default_role="leader")


def _fix_cards(rules) -> dict[str, list[int]]:
    """``--fix`` notation, as replay prints it (``♠5``, ``♥10``; ASCII ``S5``, ``HT``): two copies of
    each card."""
    from sim.dealing import suited_cards

    return suited_cards(_rules.deck_ids())


def _fix_groups(rules) -> dict[str, list[int]]:
    """The four seats' hands (position p to seat p % 4, 26 cards each)."""
    from sim.dealing import seat_groups

    return seat_groups(_rules.N_SEATS, _rules.HAND_SIZE)


GAME = Game(
    name=_rules.NAME,
    names=('五十K', '510K'),
    title=_rules.TITLE,
    rules=_rules.WushikRules,
    variants=_rules.VARIANTS,
    seats=lambda rules: _rules.N_SEATS,
    validate=_rules.validate,
    jobs={
        "census": Job(_census_columns, _census, _census_warm_up, _census_report, _census_figures),
        "play": Job(_play_columns, _play, _play_warm_up, _play_report, _play_figures, metrics=_metrics),
    },
    players=Players(names=("random", "greedy", "smart", "search"),
                    params=("near_out", "fight_points", "fk_points", "bomb_points", "cash_plan", "slack", "confidence",
                            "fk_keep_bombs", *SEARCH_PARAMS)),
    scoring=_scoring(),
    replay=_replay,
    duplicate=True,
    dealing=Dealing(cards=_fix_cards, groups=_fix_groups),
)
