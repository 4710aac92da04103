"""A toy game defined only in the tests: two players each show one card of a small hand, the
higher card wins the stake (doubled for an ace with ``ace_multiplier``). It is registered by the
tests and goes through every command — proof that ``sim.game.Game`` is the whole contract
between a game and paiju.

It offers every branch of that contract: a census job (aces dealt, with exact values), a play
job whose players take a parameter (``keep``: the ``high`` player shows its keep-th best card),
sessions (the winner of a hand shows first in the next), ``--duplicate``, replay, rescore and
balance and sweep. ``tests.toy.bare`` is the same game offering only ``play``, for the refusals."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from sim.game import Game, Job, Players, Scoring, Variant
from sim.ruleset import rule, scoring

POLICIES = ("random", "high")
PARAMS = ("keep",)  # the high player shows its keep-th best card (0: its best)
ROLES = ("dealer", "player")


@dataclass(frozen=True)
class ToyRules:
    hand_size: int = rule(3, "cards dealt to each player")
    stake: int = scoring(1, "what the loser pays")
    ace_multiplier: int = scoring(2, "stake multiplier when the winning card is an ace")


def validate(rules: ToyRules) -> None:
    from sim.errors import UserError

    if not 1 <= rules.hand_size <= 26:
        raise UserError(f"option 'hand_size' must be 1..26; got {rules.hand_size}")


def census_columns(spec):
    from sim.schema import game_index_column, layout_columns
    from tests.toy.kernel import CENSUS_LAYOUT

    return [game_index_column()] + layout_columns(CENSUS_LAYOUT, 2)


def compute_census(spec, start, stop, on_progress=None):
    from sim.schema import table_from_values
    from tests.toy.kernel import CENSUS_LAYOUT, census_range

    rows = np.zeros((stop - start, CENSUS_LAYOUT.length), np.int64)
    census_range(np.uint64(spec.seed), start, stop - start, spec.rules.hand_size, rows, 4)
    values = {"game_index": np.arange(start, stop, dtype=np.int64)}
    values.update(CENSUS_LAYOUT.unpack(rows, 2))
    if on_progress:
        on_progress(stop - start)
    return table_from_values(census_columns(spec), values)


def exact_any_ace(hand_size: int) -> float:
    """P(a seat is dealt at least one of the four aces) with ``hand_size`` cards of 52."""
    from math import comb

    return 1 - comb(48, hand_size) / comb(52, hand_size)


def census_report(run, **kwargs):
    from analysis.columns import num
    from analysis.estimators import Moments, Stat
    from analysis.report import Report, Section
    from sim.registry import rules_from_manifest

    h = rules_from_manifest(GAME, run.manifest["ruleset"]).hand_size
    any_ace, aces = [Moments(), Moments()], [Moments(), Moments()]
    for b in run.iter_batches([f"s{k}_aces" for k in range(2)]):
        for k in range(2):
            any_ace[k].add(num(b, f"s{k}_aces") > 0)
            aces[k].add(num(b, f"s{k}_aces"))
    stats = [Stat.from_moments(f"P(seat {k} dealt an ace)", any_ace[k], exact=exact_any_ace(h), seat=k,
                               proportion=True) for k in range(2)]
    stats += [Stat.from_moments(f"E[aces of seat {k}]", aces[k], exact=4 * h / 52, seat=k) for k in range(2)]
    return Report(f"toy census — {aces[0].n:,} deals", [f"run {run.path}"], [Section("Aces", stats)],
                  headline=stats[:1])


def columns(spec):
    import pyarrow as pa

    from sim.schema import PLAY_INDEX_COLUMNS, Column, layout_columns, per_seat, policy_columns
    from tests.toy.kernel import LAYOUT

    return (PLAY_INDEX_COLUMNS + layout_columns(LAYOUT, 2) + policy_columns(POLICIES, 2)
            + per_seat("money", pa.float64(), "money of the hand", 2) + [Column("ace", pa.bool_(), "the winner showed an ace")])


def score(f, rules, n_seats):
    winner = np.asarray(f["winner"]).astype(np.int64)
    shown = np.stack([np.asarray(f[f"s{k}_shown"]) for k in range(2)], axis=1).astype(np.int64)
    ace = shown[np.arange(len(winner)), winner] // 4 == 11
    stake = rules.stake * np.where(ace, rules.ace_multiplier, 1.0)
    return {"s0_money": np.where(winner == 0, stake, -stake), "s1_money": np.where(winner == 1, stake, -stake),
            "ace": ace}


def components(f, s, rules, n_seats):
    money = np.stack([s["s0_money"], s["s1_money"]], axis=1)
    base = np.sign(money) * rules.stake
    return {"base": base, "ace": money - base}


def seat_roles(f, n_seats):
    first = np.asarray(f["first"]).astype(np.int64)[:, None]
    return np.where(np.arange(2)[None, :] == first, 0, 1)


def compute(spec, start, stop, on_progress=None):
    from sim.schema import play_index_values, table_from_values
    from sim.players import seat_policies
    from tests.toy.kernel import LAYOUT, play_range

    rows = np.zeros((stop - start, LAYOUT.length), np.int64)
    policies = np.array([POLICIES.index(p) for p in spec.options["policies"]], np.int64)
    play_range(np.uint64(spec.seed), start, stop - start, int(spec.options.get("rotate", False)),
               int(spec.options.get("duplicate", False)), spec.options.get("hands_per_session", 1),
               spec.rules.hand_size, policies, _keep(spec), rows, 4)
    values = play_index_values(spec, start, stop - start, 2)
    values.update(LAYOUT.unpack(rows, 2))
    pol = seat_policies(spec.options["policies"], POLICIES, values["game_index"], spec.options.get("rotate", False))
    values.update({"s0_policy": pol[:, 0], "s1_policy": pol[:, 1]})
    values.update(score(values, spec.rules, 2))
    if on_progress:
        on_progress(stop - start)
    return table_from_values(columns(spec), values)


def metrics(n_seats):
    """The headline figure per hand, for ``paiju sweep``: did seat 0 win."""
    from sim.game import Metric

    return [Metric("P(seat 0 wins)", ("winner",), lambda c: (np.asarray(c["winner"]) == 0).astype(float))]


def _keep(spec) -> np.ndarray:
    params = spec.options.get("policy_params") or [{}, {}]
    return np.array([int(p.get("keep", 0)) for p in params], np.int64)


def report(run, **kwargs):
    from analysis.columns import num
    from analysis.estimators import Moments, Stat
    from analysis.players import PlayerMoney
    from analysis.report import Report, Section

    wins, ace, players = Moments(), Moments(), PlayerMoney(run, 2)
    for b in run.iter_batches(["winner", "ace"] + PlayerMoney.columns(2)):
        wins.add(num(b, "winner") == 0)
        ace.add(num(b, "ace"))
        players.add(b)
    win0 = Stat.from_moments("P(seat 0 wins)", wins, proportion=True)
    sections = [Section("Outcomes", [win0, Stat.from_moments("P(ace wins)", ace, proportion=True)])]
    sections += [s for s in [players.section()] if s is not None]
    return Report(f"toy play — {wins.n:,} hands", [f"run {run.path}"], sections, headline=[win0])


def figures(run, rep):
    from analysis.plots import find, stat_bars

    return [stat_bars("wins", "Seat 0 win rate", "P(seat 0 wins) with its 95% interval",
                      [("seat 0", find(rep, "P(seat 0 wins)"))], "P", log=False)]


def replay(spec, rows, game_index):
    """The hand re-played from its session's first hand (who shows first is carried), checked
    fact by fact against the stored row."""
    from kernels.cards import card_name
    from sim.errors import UserError
    from tests.toy.kernel import LAYOUT, play_hand

    stored = rows[0]
    rotate, dup = spec.options.get("rotate", False), spec.options.get("duplicate", False)
    hps = spec.options.get("hands_per_session", 1)
    keep = _keep(spec)
    row, first = np.zeros(LAYOUT.length, np.int64), -1
    for g in range(game_index - game_index % hps, game_index + 1):
        turn = [(k + g) % 2 if rotate else k for k in range(2)]
        pol = [spec.options["policies"][t] for t in turn]
        play_hand(np.uint64(spec.seed), g // 2 if dup else g, g % 2 if dup else 0, spec.rules.hand_size,
                  np.array([POLICIES.index(p) for p in pol], np.int64), keep[turn], first, row,
                  np.empty(52, np.int64), np.empty(4, np.uint64))
        first = int(row[LAYOUT.at("winner")])
    facts = LAYOUT.unpack(row[None, :], 2)
    for name, value in facts.items():
        if int(value[0]) != stored[name]:
            raise UserError(f"hand {game_index} does not replay as stored: {name} is {int(value[0])}, "
                            f"stored {stored[name]}")
    winner = stored["winner"]
    return "\n".join([f"seat {stored['first']} shows first"]
                     + [f"seat {k} ({pol[k]}) shows {card_name(int(row[k]))}" for k in range(2)]
                     + [f"seat {winner} wins {stored[f's{winner}_money']:+g}"])


GAME = Game(
    name="toy", title="toy high card (2 players)", rules=ToyRules,
    variants={"default": Variant("three cards each"), "one-card": Variant("one card each", {"hand_size": 1})},
    seats=lambda rules: 2, validate=validate,
    jobs={"census": Job(census_columns, compute_census, lambda spec: compute_census(spec, 0, 2), census_report),
          "play": Job(columns, compute, lambda spec: compute(spec, 0, 2), report, figures, metrics=metrics)},
    players=Players(POLICIES, PARAMS, default="high"),
    scoring=Scoring(facts=lambda rules, n: ["winner", "first", "s0_shown", "s1_shown"], score=score, roles=ROLES,
                    role_labels={"dealer": "shows first", "player": "shows second"}, seat_roles=seat_roles,
                    components=components, component_labels={"base": "the stake", "ace": "the ace bonus"},
                    default_role="dealer"),
    replay=replay, sessions=True, duplicate=True,
)
