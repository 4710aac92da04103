"""Every command a game does not offer stops with one line (exit 2) and writes nothing."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

import sim.api as api
from sim.cli import app
from tests.contract import cases as C

runner = CliRunner()
COMMANDS = ("census", "play", "replay", "rescore", "balance", "sweep", "--duplicate", "--hands-per-session")
NEEDS_A_PLAY_RUN = ("replay", "rescore", "balance")


def _lacking():
    out = []
    for game in C.MODULES:
        g = C.game(game)
        offers = g.offers()
        for what in COMMANDS:
            if what in offers or (what not in ("census", "play") and "play" not in g.jobs):
                continue  # offered, or refused as `paiju play` already is
            out.append((game, what))
    return out


LACKING = _lacking()


def _argv(game, what, tmp_path):
    seats = C.game(game).seats(api.resolve_rules(C.game(game), C.default_variant(game)))
    out = str(tmp_path / "out")
    if what in ("census", "play"):
        return [what, game, "-n", "4", "--out", out]
    if what == "--duplicate":
        return ["play", game, "-n", str(seats), "--duplicate", "--out", out]
    if what == "--hands-per-session":
        return ["play", game, "-n", "4", "--hands-per-session", "2", "--out", out]
    if what == "sweep":
        return ["sweep", game, "-n", "4", "--policy-param", "x=1,2", "--out", out]
    run = tmp_path / "run"
    api.play(game, 4, seed=1, out=run, threads=1, progress=False, log=lambda _msg: None)
    if what == "replay":
        return ["replay", str(run), "--game", "0"]
    if what == "rescore":
        return ["rescore", str(run), "--out", out]
    return ["balance", str(run)]


@pytest.mark.parametrize("game,what", LACKING, ids=C.ids(LACKING))
def test_a_command_the_game_does_not_offer_is_one_line(game, what, tmp_path):
    argv = _argv(game, what, tmp_path)
    before = sorted(p.name for p in tmp_path.rglob("*"))
    result = runner.invoke(app, argv)
    lines = result.output.strip().splitlines()
    assert result.exit_code == 2, result.output
    assert len(lines) == 1 and lines[0].startswith("error: ") and "does not offer" in lines[0], result.output
    assert sorted(p.name for p in tmp_path.rglob("*")) == before, "the refused command wrote something"


def test_the_bare_toy_refuses_every_command_but_play():
    """The contract reaches every refusal: the bare toy lacks them all."""
    assert {what for game, what in LACKING if game == "toy-bare"} == set(COMMANDS) - {"play"}
    assert not [what for game, what in LACKING if game == "toy"]


def test_every_registered_game_is_in_the_contract():
    from sim.registry import GAMES

    assert set(GAMES) - set(C.TOYS) <= set(C.MODULES)
    assert {"toy", "toy-bare"} <= {game for game, *_ in C.variant_cases()}
