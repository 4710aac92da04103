"""Scoring from raw facts: rescoring a run under its own rules changes nothing, money is zero-sum
where the game says so, the components add up to the money, and every seat has a declared role."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import pytest

from sim.stored import spec_from_manifest
from tests.contract import cases as C

PLAYS = [c for c in C.play_cases(all_variants=True) if C.game(c[0]).scoring is not None]


@dataclass
class Source:
    scoring: Any
    rules: Any
    n_seats: int
    columns: dict  # name -> sim.schema.Column


def _values(table, column) -> np.ndarray:
    """A stored column as numpy (a dictionary column as its codes, as ``Scoring.score`` reads it)."""
    if column.categories is not None:
        return np.array([column.categories.index(v) for v in table.column(column.name).to_pylist()], np.int64)
    return table.column(column.name).to_numpy(zero_copy_only=False)


def _facts_and_money(run):
    """(facts, scored columns recomputed from them, (n, seats) stored money, source) of a play run."""
    game, spec = spec_from_manifest(run.manifest)
    n_seats = game.seats(spec.rules)
    source = Source(game.scoring, spec.rules, n_seats, {c.name: c for c in game.job("play").columns(spec)})
    table = run.to_arrow()
    facts = {name: _values(table, source.columns[name]) for name in game.scoring.facts(spec.rules, n_seats)}
    scored = game.scoring.score(facts, spec.rules, n_seats)
    money = np.stack([table.column(f"s{k}_money").to_numpy() for k in range(n_seats)], axis=1)
    return facts, scored, money, source


@pytest.mark.parametrize("game,variant", PLAYS, ids=C.ids(PLAYS))
def test_rescore_with_the_runs_own_rules_is_the_identity(game, variant):
    run = C.run(game, variant, "play")
    assert run.rescore({}).to_arrow().equals(run.to_arrow())
    facts, scored, money, source = _facts_and_money(run)
    stored = run.to_arrow()
    for name, values in scored.items():  # every scored column, as `paiju play` wrote it
        assert name in stored.column_names, f"score() returns {name!r}, which is not a column"
        got = _values(stored, source.columns[name])
        np.testing.assert_allclose(np.asarray(values, dtype=float), got.astype(float), rtol=0, atol=1e-9,
                                   err_msg=name)


@pytest.mark.parametrize("game,variant", PLAYS, ids=C.ids(PLAYS))
def test_money_is_zero_sum_where_declared_and_components_add_up(game, variant):
    run = C.run(game, variant, "play")
    facts, scored, money, source = _facts_and_money(run)
    if source.scoring.zero_sum:
        np.testing.assert_allclose(money.sum(axis=1), 0.0, atol=1e-9, err_msg="money is not zero-sum")
    parts = source.scoring.components(facts, scored, source.rules, source.n_seats)
    labels = source.scoring.component_labels
    assert set(labels) <= set(parts), f"labelled components missing: {sorted(set(labels) - set(parts))}"
    # the balance report shows the labelled components: they alone must add up to the money
    total = sum(np.broadcast_to(np.asarray(parts[c], dtype=float), money.shape) for c in labels)
    np.testing.assert_allclose(total, money, atol=1e-9, err_msg="the components do not add up to the money")


@pytest.mark.parametrize("game,variant", PLAYS, ids=C.ids(PLAYS))
def test_every_seat_has_a_declared_role_or_none(game, variant):
    run = C.run(game, variant, "play")
    facts, scored, money, source = _facts_and_money(run)
    roles = np.asarray(source.scoring.seat_roles(facts, source.n_seats))
    assert roles.shape == money.shape
    assert ((roles >= -1) & (roles < len(source.scoring.roles))).all()
    assert set(source.scoring.role_labels) == set(source.scoring.roles)
    assert source.scoring.default_role in source.scoring.roles
