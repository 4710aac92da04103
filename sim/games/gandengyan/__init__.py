"""干瞪眼 Gan Deng Yan (rules/gandengyan.md): 2–10 players, 54 or 108 cards, small hands and a draw
from the stock after every trick; a play is answered only exactly one rank higher (or by a 2, 22,
a bomb). Variants ``default`` (QQ游戏; alias ``qq``), ``one-deck`` (起五张, the others play on),
``two-deck``, ``sichuan`` (经典) and ``sichuan-huopin`` (火拼).

Modules: ``rules`` (options of spec §6 and what tells the variants apart, the compiled rules
vector), ``columns`` (census and play rows for the run's seat count), ``census`` and ``play``
(the jobs), ``dealing`` (``--fix``), ``scoring`` (every variant's money from raw facts), ``exact``
(exact deal values), ``report_census`` / ``report_play`` / ``plots`` (reports), ``replay``. Kernels:
``kernels.gandengyan`` on the climbing engine ``kernels.climb``.
"""

from __future__ import annotations

from kernels.climb.search_params import SEARCH_PARAMS
from sim.dealing import Dealing
from sim.game import Game, Job, Players, Scoring, lazy
from sim.games.gandengyan import rules as _rules

PARAMS = ("near_out", "slack", "keep", "keep_joker", "risk", "confidence", "last_guard",
          *SEARCH_PARAMS)  # kernels.gandengyan.policies PARAM_ORDER


def _census_columns(spec):
    from sim.games.gandengyan.columns import census_columns

    return census_columns(spec.rules.players)


def _play_columns(spec):
    from sim.games.gandengyan.columns import play_columns

    return play_columns(spec.rules.players)


_census = lazy("sim.games.gandengyan.census", "compute_census")
_census_warm_up = lazy("sim.games.gandengyan.census", "warm_up")
_play = lazy("sim.games.gandengyan.play", "compute_play")
_play_warm_up = lazy("sim.games.gandengyan.play", "warm_up_play")
_census_report = lazy("sim.games.gandengyan.report_census", "census_report")
_play_report = lazy("sim.games.gandengyan.report_play", "play_report")
_census_figures = lazy("sim.games.gandengyan.plots", "census_figures")
_play_figures = lazy("sim.games.gandengyan.plots", "play_figures")
_metrics = lazy("sim.games.gandengyan.metrics", "metrics")
_replay = lazy("sim.games.gandengyan.replay", "replay")
_score = lazy("sim.games.gandengyan.scoring", "score")
_seat_roles = lazy("sim.games.gandengyan.scoring", "seat_roles")
_components = lazy("sim.games.gandengyan.scoring", "components")
_facts = lazy("sim.games.gandengyan.scoring", "facts")
_fix_cards = lazy("sim.games.gandengyan.dealing", "fix_cards")
_fix_groups = lazy("sim.games.gandengyan.dealing", "fix_groups")


GAME = Game(
    name="gandengyan",
    names=('干瞪眼',),
    title=_rules.TITLE,
    rules=_rules.GandengyanRules,
    variants=_rules.VARIANTS,
    seats=lambda rules: rules.players,
    validate=_rules.validate,
    jobs={
        "census": Job(_census_columns, _census, _census_warm_up, _census_report, _census_figures),
        "play": Job(_play_columns, _play, _play_warm_up, _play_report, _play_figures, metrics=_metrics),
    },
    players=Players(names=("random", "greedy", "smart", "search"), params=PARAMS),
    scoring=Scoring(facts=_facts, score=_score, roles=("banker", "other"),
                    role_labels={"banker": "庄家 / 东家 (dealt the larger share)", "other": "the other players"},
                    seat_roles=_seat_roles, components=_components,
                    component_labels={"base": "cards left × base (play_on: every collection)",
                                      "public": "the public multiplier (bombs, 双王, rounds 20 / 30)",
                                      "personal": "the personal multiplier (bombs and jokers left, 全关)",
                                      "cap": "the multiplier cap (negative: what it takes off)"},
                    default_role="banker"),
    replay=_replay,
    sessions=True,
    duplicate=True,
    dealing=Dealing(cards=_fix_cards, groups=_fix_groups),
)
