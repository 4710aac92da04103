"""关牌 Guan Pai (rules/guanpai.md): two players, 49 / 51 / 48 cards, ♠3 leads, shut-out (全关) ×2.

Modules: ``rules`` (options of spec §8 and the GP interpretations, variants, the compiled
rules vector), ``columns`` (census and play rows), ``census`` and ``play`` (the jobs),
``scoring`` (money from raw facts), ``exact`` (exact deal values), ``report_census`` /
``report_play`` / ``plots`` (reports), ``replay``. Kernels: ``kernels.guanpai`` on the climbing
engine ``kernels.climb``.
"""

from __future__ import annotations

from kernels.climb.search_params import SEARCH_PARAMS
from sim.dealing import Dealing
from sim.game import Game, Job, Players, Scoring, lazy
from sim.games.guanpai import rules as _rules

PARAMS = ("near_out", "slack", "confidence", "guard", *SEARCH_PARAMS)  # kernels.guanpai.policies PARAM_ORDER


def _census_columns(spec):
    from sim.games.guanpai.columns import census_columns

    return census_columns()


def _play_columns(spec):
    from sim.games.guanpai.columns import play_columns

    return play_columns()


_census = lazy("sim.games.guanpai.census", "compute_census")
_census_warm_up = lazy("sim.games.guanpai.census", "warm_up")
_play = lazy("sim.games.guanpai.play", "compute_play")
_play_warm_up = lazy("sim.games.guanpai.play", "warm_up_play")
_census_report = lazy("sim.games.guanpai.report_census", "census_report")
_play_report = lazy("sim.games.guanpai.report_play", "play_report")
_census_figures = lazy("sim.games.guanpai.plots", "census_figures")
_play_figures = lazy("sim.games.guanpai.plots", "play_figures")
_metrics = lazy("sim.games.guanpai.metrics", "metrics")
_replay = lazy("sim.games.guanpai.replay", "replay")
_score = lazy("sim.games.guanpai.scoring", "score")
_seat_roles = lazy("sim.games.guanpai.scoring", "seat_roles")
_components = lazy("sim.games.guanpai.scoring", "components")
_facts = lazy("sim.games.guanpai.scoring", "facts")


def _fix_cards(rules) -> dict[str, list[int]]:
    """``--fix`` notation, as replay prints it (``♠3``, ``♥10``; ASCII ``S3``, ``HT``)."""
    from sim.dealing import suited_cards

    return suited_cards(_rules.deck_ids(rules.deck))


def _fix_groups(rules) -> dict[str, list[int]]:
    """The two players' hands (position p to hand p % hands; a third hand is unused cards)."""
    from sim.dealing import seat_groups

    d = _rules.DECKS[rules.deck]
    groups = seat_groups(d["hands"], d["hand_size"])
    return {s: groups[s] for s in ("0", "1")}


GAME = Game(
    name="guanpai",
    names=('关牌',),
    title=_rules.TITLE,
    rules=_rules.GuanpaiRules,
    variants=_rules.VARIANTS,
    seats=lambda rules: _rules.N_SEATS,
    validate=_rules.validate,
    jobs={
        "census": Job(_census_columns, _census, _census_warm_up, _census_report, _census_figures),
        "play": Job(_play_columns, _play, _play_warm_up, _play_report, _play_figures, metrics=_metrics),
    },
    players=Players(names=("random", "greedy", "smart", "search"), params=PARAMS),
    scoring=Scoring(facts=_facts, score=_score, roles=("first_leader", "second"),
                    role_labels={"first_leader": "leads the first trick (♠3 holder)", "second": "the other player"},
                    seat_roles=_seat_roles, components=_components,
                    component_labels={"base": "cards left × base", "quanguan": "the 全关 factor (loser never played)"},
                    default_role="first_leader"),
    replay=_replay,
    sessions=True,
    duplicate=True,
    dealing=Dealing(cards=_fix_cards, groups=_fix_groups),
)
