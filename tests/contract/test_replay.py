"""Every row of a small play run replays (``paiju replay``: re-simulated from the seed and checked
against the stored rows), and stored rows with any column changed do not."""

from __future__ import annotations

import pytest

from sim.errors import PaijuError
from sim.replay import check_stored, replay_rows
from sim.stored import spec_from_manifest
from tests.contract import cases as C

PLAYS = [c for c in C.play_cases(all_variants=True) if C.game(c[0]).replay is not None]
DEFAULTS = [c for c in C.play_cases(all_variants=False) if C.game(c[0]).replay is not None]


@pytest.mark.parametrize("game,variant", PLAYS, ids=C.ids(PLAYS))
def test_every_row_replays(game, variant):
    run = C.run(game, variant, "play")
    indices = sorted(set(run.to_arrow().column("game_index").to_pylist()))
    assert indices == list(range(C.N["play"]))
    for g in indices:
        text = run.replay(g)
        assert text.strip(), f"hand {g}: empty replay"


def _tampered(value):
    if value is None:
        return 0
    if isinstance(value, bool):
        return not value
    if isinstance(value, (int, float)):
        return value + 1
    return value + "?"


@pytest.mark.parametrize("game,variant", DEFAULTS, ids=C.ids(DEFAULTS))
def test_a_row_with_any_column_changed_does_not_replay(game, variant):
    """Replay plays the game index again and compares every stored column (``check_stored``):
    each column of a match's or hand's rows changed alone is refused in one line, and the rows as
    stored replay."""
    run = C.run(game, variant, "play")
    g, spec = spec_from_manifest(run.manifest)
    table = run.to_arrow()
    index = max(set(table.column("game_index").to_pylist()))  # (not 0: a wrong game index is caught too)
    rows = [r for r in table.to_pylist() if r["game_index"] == index]
    assert replay_rows(g, spec, rows, index).strip()  # as stored: replays
    unchecked = []
    for k in range(len(rows)):
        for name in rows[k]:
            changed = [dict(r, **{name: _tampered(r[name])}) if i == k else r for i, r in enumerate(rows)]
            try:
                check_stored(g, spec, changed, index)
            except PaijuError as exc:
                assert f"{name} is" in str(exc) and "\n" not in str(exc)
                continue
            unchecked.append(name if len(rows) == 1 else f"{name} (row {k})")
    assert not unchecked, f"replay accepts a row with these columns changed: {unchecked}"
    with pytest.raises(PaijuError, match="stored rows"):
        check_stored(g, spec, rows + rows[-1:], index)


SESSIONS = [g for g, _ in DEFAULTS if C.game(g).sessions]


def _session_run(game: str):
    """A run of sessions of 4 hands on the game's first variant that has them (八十分's default
    plays matches, which are refused sessions)."""
    variants = sorted(C.game(game).variants, key=lambda v: v != C.default_variant(game))
    for variant in variants:
        try:
            return C.run(game, variant, "play", hands_per_session=4)
        except PaijuError:
            continue
    raise AssertionError(f"{game} offers --hands-per-session but refuses it on every variant")


@pytest.mark.parametrize("game", SESSIONS)
def test_hands_of_a_session_replay_after_its_earlier_hands(game):
    """With ``--hands-per-session`` a hand carries state from the session's earlier hands (banker,
    leader, running totals): each hand replays as stored, played again from its session's start,
    and one with a column changed is still refused."""
    run = _session_run(game)
    g, spec = spec_from_manifest(run.manifest)
    rows = run.to_arrow().to_pylist()
    for index in range(C.N["play"]):
        check_stored(g, spec, [r for r in rows if r["game_index"] == index], index)
    late = [r for r in rows if r["game_index"] == 6]  # the third hand of the second session
    name = next(c for c in late[0] if c.endswith("_money"))
    with pytest.raises(PaijuError, match=f"{name} is"):
        check_stored(g, spec, [dict(r, **{name: _tampered(r[name])}) for r in late], 6)
