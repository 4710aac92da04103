"""百变双扣 (shuangkou): two decks with jokers (wild by default), four players, partners by an
announced card with a seat swap, outcomes 双扣 / 单扣 / 平扣 multiplied by the bombs' 相.

Modules: ``rules`` (options of spec §9, variants, the kernels' tables), ``columns`` (census and
play rows), ``census`` and ``play`` (the jobs), ``scoring`` (money from raw facts), ``exact``
(exact deal values), ``report_census`` / ``report_play`` / ``plots`` (reports), ``replay``,
``metrics`` (headline figures for ``paiju sweep``). Kernels: ``kernels.shuangkou`` on the
climbing engine ``kernels.climb``.
"""

from __future__ import annotations

from kernels.climb.search_params import SEARCH_PARAMS
from sim.dealing import Dealing
from sim.game import Game, Job, Players, Scoring, lazy
from sim.games.shuangkou import rules as _rules


def _census_columns(spec):
    from sim.games.shuangkou.columns import census_columns

    return census_columns()


def _play_columns(spec):
    from sim.games.shuangkou.columns import play_columns

    return play_columns()


_census = lazy("sim.games.shuangkou.census", "compute_census")
_census_warm_up = lazy("sim.games.shuangkou.census", "warm_up")
_play = lazy("sim.games.shuangkou.play", "compute_play")
_play_warm_up = lazy("sim.games.shuangkou.play", "warm_up_play")
_census_report = lazy("sim.games.shuangkou.report_census", "census_report")
_play_report = lazy("sim.games.shuangkou.report_play", "play_report")
_census_figures = lazy("sim.games.shuangkou.plots", "census_figures")
_play_figures = lazy("sim.games.shuangkou.plots", "play_figures")
_replay = lazy("sim.games.shuangkou.replay", "replay")
_metrics = lazy("sim.games.shuangkou.metrics", "metrics")


def _scoring() -> Scoring:
    from sim.games.shuangkou import scoring as S

    return Scoring(facts=S.fact_columns, score=S.score, roles=S.ROLES, role_labels=S.ROLE_LABELS,
                   seat_roles=S.seat_roles, components=S.components, component_labels=S.COMPONENT_LABELS,
                   default_role="leader")


def _fix_cards(rules) -> dict[str, list[int]]:
    """``--fix`` notation, as replay prints it: ranks only (``3`` … ``2``, ``小王``, ``大王``; suits
    never matter in play; ASCII ``T``, ``XW``, ``DW``), eight copies of a rank, two of a joker. Copies are taken in id order
    (the first deck's suits first), which only the partner draw's announced card could notice."""
    from kernels.cards import RANK_NAMES, card_rank

    out: dict[str, list[int]] = {}
    for c in _rules.deck_ids():
        out.setdefault(RANK_NAMES[card_rank(int(c))], []).append(int(c))
    return out


def _fix_groups(rules) -> dict[str, list[int]]:
    """The four players' hands as dealt (position p to player p % 4, 27 cards each), before the
    partner draw's seat swap."""
    from sim.dealing import seat_groups

    return seat_groups(_rules.N_SEATS, _rules.HAND_SIZE)


GAME = Game(
    name=_rules.NAME,
    names=('百变双扣', '双扣'),
    title=_rules.TITLE,
    rules=_rules.ShuangkouRules,
    variants=_rules.VARIANTS,
    seats=lambda rules: _rules.N_SEATS,
    validate=_rules.validate,
    jobs={
        "census": Job(_census_columns, _census, _census_warm_up, _census_report, _census_figures),
        "play": Job(_play_columns, _play, _play_warm_up, _play_report, _play_figures, metrics=_metrics),
    },
    players=Players(names=("random", "greedy", "smart", "search"),
                    params=("near_out", "wild_cost", "tribute_xiang", "cash_plan", "slack", "confidence",
                            "wild_bomb", *SEARCH_PARAMS)),
    scoring=_scoring(),
    replay=_replay,
    duplicate=True,
    dealing=Dealing(cards=_fix_cards, groups=_fix_groups),  # no S/B for the jokers: SA would read as 小王 A, not ♠A
)
