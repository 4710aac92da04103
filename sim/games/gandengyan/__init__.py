"""干瞪眼 Gan Deng Yan (rules/gandengyan.md): 2–10 players, 54 or 108 cards, small hands and a draw
from the stock after every trick; a play is answered only exactly one rank higher (or by a 2, 22,
a bomb). Variants ``default`` (QQ游戏; alias ``qq``), ``one-deck`` (起五张, the others play on),
``two-deck``, ``sichuan`` (经典) and ``sichuan-huopin`` (火拼).

Modules: ``rules`` (options of spec §6 and what tells the variants apart, the compiled rules
vector), ``columns`` (census and play rows for the run's seat count), ``census`` and ``play``
(the jobs), ``scoring`` (every variant's money from raw facts), ``exact`` (exact deal values),
``report_census`` / ``report_play`` / ``plots`` (reports), ``replay``. Kernels:
``kernels.gandengyan`` on the climbing engine ``kernels.climb``.
"""

from __future__ import annotations

from sim.game import Game, Job, Players, Scoring
from sim.games.gandengyan import rules as _rules

PARAMS = ("near_out", "slack", "keep", "keep_joker", "risk")  # kernels.gandengyan.policies PARAM_ORDER


def _census_columns(spec):
    from sim.games.gandengyan.columns import census_columns

    return census_columns(spec.rules.players)


def _play_columns(spec):
    from sim.games.gandengyan.columns import play_columns

    return play_columns(spec.rules.players)


def _census(spec, start, stop, on_progress=None):
    from sim.games.gandengyan.census import compute_census

    return compute_census(spec, start, stop, on_progress)


def _census_warm_up(spec):
    from sim.games.gandengyan.census import warm_up

    warm_up(spec)


def _play(spec, start, stop, on_progress=None):
    from sim.games.gandengyan.play import compute_play

    return compute_play(spec, start, stop, on_progress)


def _play_warm_up(spec):
    from sim.games.gandengyan.play import warm_up_play

    warm_up_play(spec)


def _census_report(run, **kwargs):
    from sim.games.gandengyan.report_census import census_report

    return census_report(run, **kwargs)


def _play_report(run, **kwargs):
    from sim.games.gandengyan.report_play import play_report

    return play_report(run, **kwargs)


def _census_figures(run, report):
    from sim.games.gandengyan.plots import census_figures

    return census_figures(run, report)


def _play_figures(run, report):
    from sim.games.gandengyan.plots import play_figures

    return play_figures(run, report)


def _metrics(n_seats):
    from sim.games.gandengyan.metrics import metrics

    return metrics(n_seats)


def _replay(spec, rows, game_index):
    from sim.games.gandengyan.replay import replay

    return replay(spec, rows, game_index)


def _score(facts, rules, n_seats):
    from sim.games.gandengyan.scoring import score

    return score(facts, rules, n_seats)


def _seat_roles(facts, n_seats):
    from sim.games.gandengyan.scoring import seat_roles

    return seat_roles(facts, n_seats)


def _components(facts, scored, rules, n_seats):
    from sim.games.gandengyan.scoring import components

    return components(facts, scored, rules, n_seats)


def _facts(rules, n_seats):
    from sim.games.gandengyan.scoring import facts

    return facts(rules, n_seats)


GAME = Game(
    name="gandengyan",
    title=_rules.TITLE,
    rules=_rules.GandengyanRules,
    variants=_rules.VARIANTS,
    seats=lambda rules: rules.players,
    validate=_rules.validate,
    jobs={
        "census": Job(_census_columns, _census, _census_warm_up, _census_report, _census_figures),
        "play": Job(_play_columns, _play, _play_warm_up, _play_report, _play_figures, metrics=_metrics),
    },
    players=Players(names=("random", "greedy", "smart"), params=PARAMS),
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
)
