"""仙桃千分 (Xiantao Qianfen, Hubei), the flagship: 4 players, two decks (108 cards), 27 each, six
wilds, a hidden partner by called card (叫牌) or one against three (硬牌), 5/10/K points.

Modules: ``rules`` (options of spec §12, variants, compiled tables), ``columns`` (census and play
rows), ``census`` and ``play`` (the jobs), ``scoring`` (money from raw facts), ``exact`` (exact
deal values), ``report_census`` / ``report_play`` / ``plots`` (reports), ``replay``. Kernels:
``kernels.xiantao`` on the climbing engine ``kernels.climb``.
"""

from __future__ import annotations

from kernels.climb.search_params import SEARCH_PARAMS
from sim.dealing import Dealing
from sim.game import Game, Job, Players, Scoring, lazy
from sim.games.xiantao import rules as _rules


def _census_columns(spec):
    from sim.games.xiantao.columns import census_columns

    return census_columns()


def _play_columns(spec):
    from sim.games.xiantao.columns import play_columns

    return play_columns()


_census = lazy("sim.games.xiantao.census", "compute_census")
_census_warm_up = lazy("sim.games.xiantao.census", "warm_up")
_play = lazy("sim.games.xiantao.play", "compute_play")
_play_warm_up = lazy("sim.games.xiantao.play", "warm_up_play")
_census_report = lazy("sim.games.xiantao.report_census", "census_report")
_play_report = lazy("sim.games.xiantao.report_play", "play_report")
_census_figures = lazy("sim.games.xiantao.plots", "census_figures")
_play_figures = lazy("sim.games.xiantao.plots", "play_figures")
_metrics = lazy("sim.games.xiantao.metrics", "metrics")
_replay = lazy("sim.games.xiantao.replay", "replay")


def _scoring() -> Scoring:
    from sim.games.xiantao import scoring as S
    from sim.games.xiantao.columns import ROLES

    return Scoring(facts=S.fact_columns, score=S.score, roles=ROLES, role_labels=S.ROLE_LABELS,
                   seat_roles=S.seat_roles, components=S.components, component_labels=S.COMPONENT_LABELS,
                   default_role="banker")


def _fix_cards(rules) -> dict[str, list[int]]:
    """``--fix`` notation, as replay prints it: ``♠10``, ``小王``, ``癞♥3`` for a wild; ``配牌`` for
    the marked extra cards of ``pei_cards = extra_cards``."""
    from sim.dealing import suited_cards
    from sim.games.xiantao.rules import compile_tables, wild_ids

    deck = [int(c) for c in compile_tables(rules).deck]
    out = suited_cards([c for c in deck if c < 108], wild_ids(rules))
    extra = [c for c in deck if c >= 108]
    return {**out, "配牌": extra} if extra else out


def _fix_groups(rules) -> dict[str, list[int]]:
    from sim.dealing import seat_groups

    return seat_groups(_rules.N_SEATS, rules.hand_size)


GAME = Game(
    name="xiantao",
    names=('仙桃千分', '千分'),
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
    players=Players(names=("random", "greedy", "smart", "search"),
                    params=("hard_threshold", "bomb_points", "near_out", "fight_points", "reveal_cards", "hard_prob",
                            "keep_big", "spare_bombs", "confidence", "hard_defence", *SEARCH_PARAMS)),
    scoring=_scoring(),
    replay=_replay,
    sessions=True,
    duplicate=True,
    dealing=Dealing(cards=_fix_cards, groups=_fix_groups, aliases={"PEI": "配牌"}),
)
