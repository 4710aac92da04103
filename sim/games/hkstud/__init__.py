"""港式五张 (Hong Kong five-card stud, short deck 8–A): 2–4 players, one hole card and four
up-cards, 庄家 (first to act) re-chosen after every round by the best visible cards, optional
fixed-limit or pot-limit betting (spec ``rules/hk-five-card-stud.md``).

Modules: ``rules`` (options of spec §7 and the stakes, variants, compiled tables), ``players``
(policies and their parameters), ``columns`` (census and play rows), ``kernel_rows`` (the kernels
on plain arrays), ``census`` and ``play`` (the jobs), ``scoring`` (money from raw facts), ``exact``
(values by enumeration), ``report_census`` / ``report_play`` / ``plots``, ``replay``.
Kernels: ``kernels.hkstud`` on the comparison family ``kernels.showdown``.

Players: ``random`` (``p_fold``, ``p_raise``, ``size``), ``calling-station``, ``equity``
(``raise_at``, ``call_at``, ``pot_odds``, ``samples``, ``exact_max``, ``size``), set with
``--policy`` and ``--policy-param``; ``--duplicate`` plays every deal from every seat (paired
comparisons of players).
"""

from __future__ import annotations

from sim.dealing import Dealing
from sim.game import Game, Job, Players, Scoring, lazy
from sim.games.hkstud import rules as _rules


def _census_columns(spec):
    from sim.games.hkstud.columns import census_columns

    return census_columns(spec.rules.players)


def _play_columns(spec):
    from sim.games.hkstud.columns import play_columns

    return play_columns(spec.rules.players)


_census = lazy("sim.games.hkstud.census", "compute_census")
_play = lazy("sim.games.hkstud.play", "compute_play")
_census_warm_up = lazy("sim.games.hkstud.census", "warm_up")
_play_warm_up = lazy("sim.games.hkstud.play", "warm_up_play")
_census_report = lazy("sim.games.hkstud.report_census", "census_report")
_play_report = lazy("sim.games.hkstud.report_play", "play_report")
_census_figures = lazy("sim.games.hkstud.plots", "census_figures")
_play_figures = lazy("sim.games.hkstud.plots", "play_figures")
_replay = lazy("sim.games.hkstud.replay", "replay")


def _scoring() -> Scoring:
    from sim.games.hkstud import scoring as S

    return Scoring(facts=S.fact_columns, score=S.score, roles=S.ROLES, role_labels=S.ROLE_LABELS,
                   seat_roles=S.seat_roles, components=S.components, component_labels=S.COMPONENT_LABELS,
                   default_role="zhuang")


_metrics = lazy("sim.games.hkstud.metrics", "metrics")


def _players() -> Players:
    from sim.games.hkstud.players import PARAMS, POLICIES

    return Players(names=POLICIES, params=PARAMS, default="equity")


def _fix_cards(rules) -> dict[str, list[int]]:
    """``--fix`` notation, as replay prints it (``♠A``, ``♥10``; ASCII ``SA``, ``HT``), on the
    kernels' local ids 0..27 (``kernels.hkstud.cards``)."""
    from kernels.hkstud.cards import N_CARDS, name

    return {name(c): [c] for c in range(N_CARDS)}


def _fix_groups(rules) -> dict[str, list[int]]:
    """Seat ``s``'s five cards (hole and up-cards alike): deck positions ``27 - s - players * j``
    (``kernels.hkstud.play``)."""
    from kernels.hkstud.cards import HAND_SIZE, N_CARDS

    return {str(s): [N_CARDS - 1 - s - rules.players * j for j in range(HAND_SIZE)] for s in range(rules.players)}


GAME = Game(
    name=_rules.NAME,
    names=('港式五张', '梭哈'),
    title="港式五张 Hong Kong five-card stud (2–4 players, 28 cards 8–A, 1 hole + 4 up-cards)",
    rules=_rules.HKStudRules,
    variants=_rules.VARIANTS,
    seats=lambda rules: rules.players,
    validate=_rules.validate,
    jobs={
        "census": Job(_census_columns, _census, _census_warm_up, _census_report, _census_figures),
        "play": Job(_play_columns, _play, _play_warm_up, _play_report, _play_figures, metrics=_metrics),
    },
    players=_players(),
    scoring=_scoring(),
    replay=_replay,
    duplicate=True,
    dealing=Dealing(cards=_fix_cards, groups=_fix_groups),
)
