"""Every registered game's output is what its golden record says (``tests/golden/<game>.json``).

A failure names game, variant, case and the first differing column and row. If the change is
intended, regenerate with ``python -m tests.golden --update --game G`` and commit the file with a
message that says why the output changed.
"""

from __future__ import annotations

import functools

import pyarrow as pa
import pytest

import tests.golden as golden
from sim.registry import GAMES

CASES = [case for game in GAMES for case in golden.cases(game)]


@functools.lru_cache(maxsize=None)
def _stored(game: str) -> dict:
    return golden.load(game)["cases"]


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_output_matches_the_golden_record(case):
    problem = golden.compare(case, _stored(case.game).get(case.key), golden.record(case))
    assert problem is None, problem


@pytest.mark.parametrize("game", list(GAMES))
def test_golden_file_holds_exactly_the_games_cases(game):
    """A variant, job or player added to a game needs its golden record; one removed leaves none behind."""
    assert golden.path_for(game).exists(), f"no golden file for {game}: python -m tests.golden --update --game {game}"
    expected = {c.key for c in golden.cases(game)}
    stored = set(_stored(game))
    assert stored == expected, (f"{game}: golden cases missing {sorted(expected - stored)}, stale "
                                f"{sorted(stored - expected)} (python -m tests.golden --update --game {game})")


def test_a_changed_value_is_named_by_column_and_row(monkeypatch):
    """The comparison itself: one value changed in one row is reported at that column and row."""
    case = golden.Case("g", "v", "play", "play")
    table = pa.table({"game_index": pa.array([0, 1, 2], pa.int64()), "money": pa.array([1.5, -1.5, 0.0]),
                      "mode": pa.array(["a", "b", "a"]).dictionary_encode()})
    monkeypatch.setattr(golden, "run", lambda c: table)
    stored = golden.record(case)
    assert golden.compare(case, stored, golden.record(case)) is None
    changed = table.set_column(1, "money", pa.array([1.5, -1.5, 3.0]))
    monkeypatch.setattr(golden, "run", lambda c: changed)
    assert golden.compare(case, stored, golden.record(case)) == (
        "g, variant v, play: first differing column 'money', first differing row 2; 1 column(s) and 1 row(s) differ")
    retyped = table.set_column(1, "money", pa.array([1, -1, 0], pa.int32()))
    monkeypatch.setattr(golden, "run", lambda c: retyped)
    assert "retyped ['money double->int32']" in golden.compare(case, stored, golden.record(case))
    early = table.set_column(2, "mode", pa.array(["b", "b", "a"]).dictionary_encode())
    monkeypatch.setattr(golden, "run", lambda c: early)
    assert golden.compare(case, stored, golden.record(case)).startswith(
        "g, variant v, play: first differing row 0, column 'mode' (stored a, now b)")
