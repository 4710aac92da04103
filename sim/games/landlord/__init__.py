"""The landlord family (斗地主 3p/4p, 上海三打一): what its games share on the sim side.

Not a game itself (it is not in the registry): each game's package builds its ``Game`` with
``landlord_game``, passing its ruleset class, variants, phases and scoring. Modules: ``rules``
(shared options and the engine compiler), ``columns``, ``play`` (the play job), ``scoring``,
``report``, ``plots``, ``replay``. Kernels: ``kernels.landlord`` on ``kernels.climb``.
"""

from __future__ import annotations

from typing import Callable

from sim.dealing import Dealing
from sim.game import Game, Job, Players, Scoring, Variant, lazy

from kernels.climb.search_params import SEARCH_PARAMS

# kernels.landlord.policies PARAM_ORDER (kept here so that building a Game imports no numba)
PARAMS = ("bid1", "bid2", "bid3", "qiang", "mingpai", "near_out", "slack", "spring_guard", "confidence", "lord_bombs",
          "keep_bombs", "farmer_bombs", *SEARCH_PARAMS)


def landlord_game(*, name: str, title: str, rules: type, variants: dict[str, Variant], validate: Callable,
                  family, facts: tuple[str, ...], sessions: bool, report_extension=None,
                  names: tuple[str, ...] = (), factors: tuple[str, ...] | None = None) -> Game:
    """A landlord-family ``Game``: the family's play job, scoring, report, plots and replay, set up
    with the game's ``family`` settings (``sim.games.landlord.play.Family``: phases, move buffer,
    scoring, default policy parameters), the ``facts`` its scoring reads and its report section.
    ``factors``: the scoring factors the game has (default: all of ``scoring.FACTORS``); balance
    lists only these (the others are 1 in every hand of the game, so their share is 0)."""
    from sim.games.landlord import play, scoring
    from sim.games.landlord.columns import POLICIES, ROLE_LABELS, ROLES

    def report(run, **kwargs):
        from sim.games.landlord.report_play import landlord_report

        return landlord_report(run, report_extension, **kwargs)

    def figures(run, rep):
        from sim.games.landlord.plots import figures as draw

        return draw(run, rep)

    def replay(spec, rows, game_index):
        from sim.games.landlord.replay import replay as text

        return text(spec, family, rows, game_index)

    def columns(spec):
        from sim.games.landlord.columns import play_columns

        return play_columns(spec.rules.n_players)

    def metrics(n_seats):
        from sim.games.landlord.metrics import metrics as per_hand

        return per_hand(n_seats)

    job = Job(columns=columns, compute=lambda spec, a, b, progress=None: play.compute_play(spec, family, a, b, progress),
              warm_up=lambda spec: play.warm_up_play(spec, family), report=report, figures=figures, metrics=metrics)
    census = Job(columns=lambda spec: census_columns(spec.rules.n_players), compute=lazy_census("compute_census"),
                 warm_up=lazy_census("warm_up"), report=lazy("sim.games.landlord.report_census", "census_report"))
    score = Scoring(facts=lambda rules, n_seats: facts, score=family.score, roles=ROLES[:2],
                    role_labels={r: ROLE_LABELS[r] for r in ROLES[:2]}, seat_roles=scoring.seat_roles,
                    components=scoring.components,
                    component_labels={"base": scoring.COMPONENT_LABELS["base"],
                                      **{f: scoring.COMPONENT_LABELS[f] for f in factors or scoring.FACTORS}},
                    default_role="landlord")
    return Game(name=name, names=names, title=title, rules=rules, variants=variants, seats=lambda r: r.n_players,
                jobs={"census": census, "play": job},
                validate=validate, players=Players(names=POLICIES, params=PARAMS), scoring=score, replay=replay,
                sessions=sessions, duplicate=True, kernels="kernels.landlord", dealing=DEALING)


def census_columns(n_seats: int):
    from sim.games.landlord.columns import census_columns as columns

    return columns(n_seats)


def lazy_census(name: str):
    return lazy("sim.games.landlord.census", name)


def _cards(rules) -> dict[str, list[int]]:
    """The landlord notation (``--fix``): ranks only, suits never matter here; a name's copies are
    every card of that rank in the ``n_decks`` packs."""
    from kernels.cards import RANK_NAMES, card_rank

    out: dict[str, list[int]] = {name: [] for name in RANK_NAMES}
    for card in range(54 * rules.n_decks):
        out[RANK_NAMES[card_rank(card)]].append(card)
    return out


def _groups(rules) -> dict[str, list[int]]:
    from sim.dealing import seat_groups

    return seat_groups(rules.n_players, rules.hand_size, rules.kitty_size)


# replay prints ranks as 3456789TJQKA2SB (sim.games.landlord.columns.RANK_CHARS)
DEALING = Dealing(cards=_cards, groups=_groups, aliases={"T": "10", "S": "小王", "B": "大王"})
