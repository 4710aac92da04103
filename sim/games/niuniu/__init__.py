"""牛牛 (Niu Niu, "Bull Bull"): 庄家 against up to three 闲家, five cards each, the best
arrangement of three cards to a multiple of ten (spec ``rules/niuniu.md``).

Modules: ``rules`` (options of spec §7, variants, compiled tables), ``columns`` (census and play
rows), ``kernel_rows`` (the kernels on plain arrays), ``census`` and ``play`` (the jobs),
``scoring`` (money from raw facts), ``exact`` (values by enumeration), ``balancing`` (the
multiplier that zeroes 庄家's edge), ``report_census`` / ``report_play`` / ``plots``, ``replay``.
Kernels: ``kernels.niuniu`` on the comparison family ``kernels.showdown``.

牛牛 has no decisions (the best arrangement is always taken, N-2): the play job's one player is
``auto``, and ``--duplicate`` is not offered (every seat's hand is the deal's; rescoring already
compares rules on the same deals).
"""

from __future__ import annotations

from sim.dealing import Dealing
from sim.game import Game, Job, Players, Scoring, lazy
from sim.games.niuniu import rules as _rules


def _census_columns(spec):
    from sim.games.niuniu.columns import census_columns

    return census_columns(spec.rules.players)


def _play_columns(spec):
    from sim.games.niuniu.columns import play_columns

    return play_columns(spec.rules.players)


_census = lazy("sim.games.niuniu.census", "compute_census")
_play = lazy("sim.games.niuniu.play", "compute_play")
_census_warm_up = lazy("sim.games.niuniu.census", "warm_up")
_play_warm_up = lazy("sim.games.niuniu.play", "warm_up_play")
_census_report = lazy("sim.games.niuniu.report_census", "census_report")
_play_report = lazy("sim.games.niuniu.report_play", "play_report")
_census_figures = lazy("sim.games.niuniu.plots", "census_figures")
_play_figures = lazy("sim.games.niuniu.plots", "play_figures")
_replay = lazy("sim.games.niuniu.replay", "replay")


def _scoring() -> Scoring:
    from sim.games.niuniu import scoring as S

    return Scoring(facts=S.fact_columns, score=S.score, roles=S.ROLES, role_labels=S.ROLE_LABELS,
                   seat_roles=S.seat_roles, components=S.components, component_labels=S.COMPONENT_LABELS,
                   default_role="banker")


def _fix_cards(rules) -> dict[str, list[int]]:
    """``--fix`` notation, as replay prints it (``♠A``, ``♥10``, ``小王``; ASCII ``SA``, ``HT``, ``XW``)."""
    from sim.dealing import suited_cards

    return suited_cards(range(54 if rules.jokers else 52))


def _fix_groups(rules) -> dict[str, list[int]]:
    """Seat ``s``'s five cards: deck positions ``n_cards - 1 - s - players * j`` (``kernels.niuniu.play``)."""
    top = (54 if rules.jokers else 52) - 1
    return {str(s): [top - s - rules.players * j for j in range(5)] for s in range(rules.players)}


GAME = Game(
    name=_rules.NAME,
    names=('牛牛', '斗牛'),
    title="牛牛 Niu Niu (庄家 + 1–3 闲家, 5 cards each, 54 cards)",
    rules=_rules.NiuniuRules,
    variants=_rules.VARIANTS,
    seats=lambda rules: rules.players,
    validate=_rules.validate,
    jobs={
        "census": Job(_census_columns, _census, _census_warm_up, _census_report, _census_figures),
        "play": Job(_play_columns, _play, _play_warm_up, _play_report, _play_figures),
    },
    players=Players(names=("auto",), params=(), default="auto"),
    scoring=_scoring(),
    replay=_replay,
    dealing=Dealing(cards=_fix_cards, groups=_fix_groups),
)
