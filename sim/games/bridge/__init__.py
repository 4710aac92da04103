"""桥牌 contract bridge: 4 players in two partnerships (N-S, E-W), 52 cards, an auction, 13 tricks,
duplicate scoring with the 16-board vulnerability cycle (spec ``rules/bridge.md``).

Jobs: ``census`` (each seat's HCP, suit lengths, pattern, controls and losing-trick count, each
side's HCP and fit; exact values beside the estimates) and ``play`` (auction, card play, score).
With the ruleset's ``dd = true`` (``--variant dd``) rows also get the deal's double-dummy table
and par through DDS (optional extra ``bridge``: endplay). Players (``--policy``, one per seat or
one for all): ``natural-greedy`` (default), ``natural-random``, ``natural-dd`` and ``pass-out``
(``players.PLAYER_DOCS``); ``--policy-param`` sets the natural system's parameters.

Modules: ``rules`` (options, variants, compiled tables), ``players`` (players), ``columns``,
``census`` and ``play`` (the jobs), ``kernel_rows`` (kernel calls on game ranges), ``dd`` (DDS),
``scoring`` (score and money from facts), ``exact`` (exact deal odds), ``report_census``,
``report_play``, ``report_dd`` and ``plots`` (reports), ``metrics`` (headline figures for
``paiju sweep``), ``replay``, ``text`` (calls, PBN).
Kernels: ``kernels.bridge``.
"""

from __future__ import annotations

from sim.dealing import Dealing
from sim.game import Game, Job, Players, Scoring, lazy
from sim.games.bridge import rules as _rules
from sim.games.bridge.players import DEFAULT_PLAYER, NATURAL_PARAMS, PLAYER_NAMES


def _census_columns(spec):
    from sim.games.bridge.columns import census_columns

    return census_columns(spec.rules)


def _play_columns(spec):
    from sim.games.bridge.columns import play_columns

    return play_columns(spec.rules)


_census = lazy("sim.games.bridge.census", "compute_census")
_census_warm_up = lazy("sim.games.bridge.census", "warm_up")
_play = lazy("sim.games.bridge.play", "compute_play")
_play_warm_up = lazy("sim.games.bridge.play", "warm_up")
_census_report = lazy("sim.games.bridge.report_census", "census_report")
_play_report = lazy("sim.games.bridge.report_play", "play_report")
_census_figures = lazy("sim.games.bridge.plots", "census_figures")
_play_figures = lazy("sim.games.bridge.plots", "play_figures")
_metrics = lazy("sim.games.bridge.metrics", "metrics")
_replay = lazy("sim.games.bridge.replay", "replay")


def _scoring() -> Scoring:
    from sim.games.bridge import scoring as S

    return Scoring(facts=S.fact_columns, score=S.score, roles=S.ROLES, role_labels=S.ROLE_LABELS,
                   seat_roles=S.seat_roles, components=S.components, component_labels=S.COMPONENT_LABELS,
                   default_role="declarer")


def _fix_cards(rules) -> dict[str, list[int]]:
    """``--fix`` notation, as replay and PBN print cards: ``SA``, ``HT``, ``C2`` (also ``♠A``, ``S10``)."""
    from kernels.bridge.cards import card_name

    return {card_name(c): [c] for c in range(52)}


def _fix_aliases() -> dict[str, str]:
    from kernels.bridge.cards import RANK_CHARS, SUIT_CHARS, SUIT_SYMBOLS

    out = {}
    for s, letter in enumerate(SUIT_CHARS):
        for r in RANK_CHARS:
            out[SUIT_SYMBOLS[s] + r] = letter + r
        out[letter + "10"] = out[SUIT_SYMBOLS[s] + "10"] = letter + "T"
    return out


def _fix_groups(rules) -> dict[str, list[int]]:
    from sim.dealing import seat_groups

    return seat_groups(_rules.N_SEATS, 13)


def _given(rules, fixed, hcp, shape) -> dict:
    """--hcp / --shape for bridge (``sim.games.bridge.given``); refused with double-dummy tables,
    which are solved from the plain deals."""
    from sim.errors import UserError
    from sim.games.bridge.given import constraints

    if rules.dd:
        raise UserError("bridge with dd = true (--variant dd) solves the plain deals: --fix, --hcp and --shape are "
                        "not offered with it")
    return constraints(rules, fixed, hcp, shape) if hcp or shape else {}


GAME = Game(
    name="bridge",
    names=('桥牌',),
    title="桥牌 contract bridge (4 players in 2 partnerships, 52 cards, auction, duplicate scoring)",
    rules=_rules.BridgeRules,
    variants=_rules.VARIANTS,
    seats=lambda rules: _rules.N_SEATS,
    validate=_rules.validate,
    jobs={
        "census": Job(_census_columns, _census, _census_warm_up, _census_report, _census_figures),
        "play": Job(_play_columns, _play, _play_warm_up, _play_report, _play_figures, metrics=_metrics),
    },
    players=Players(names=PLAYER_NAMES, params=NATURAL_PARAMS, default=DEFAULT_PLAYER),
    scoring=_scoring(),
    replay=_replay,
    duplicate=True,
    dealing=Dealing(cards=_fix_cards, groups=_fix_groups, aliases=_fix_aliases(), constraints=_given),
)
