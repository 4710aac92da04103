"""Every row of a small play run replays (``paiju replay``: re-simulated from the seed and checked
against the stored row), and a stored row whose facts were changed does not."""

from __future__ import annotations

import pytest

from sim.errors import PaijuError
from sim.stored import spec_from_manifest
from tests.contract import cases as C

PLAYS = [c for c in C.play_cases(all_variants=True) if C.game(c[0]).replay is not None]
# Found by this contract (issue 23): these games' replays check only some facts of the row (the
# finish order, the winner...), so a row with another fact changed still "replays". First facts
# they leave unchecked, as measured on the default variant:
REPLAY_LEAVES_UNCHECKED = {
    "xiantao": "mode, banker, partner, hard_seat, s{k}_captured, s{k}_unplayed, s{k}_xi_*",
    "doudizhu": "landlord_won, bid, qiang, mingpai, bombs_played, rockets_played, spring, fanchun",
    "doudizhu4": "landlord_won, bid, qiang, mingpai, bombs_played, rockets_played, spring, fanchun",
    "shanghai": "landlord_won, bid, mingpai, bombs_played, huangfan, mingwang, touliao, baodao",
    "guanpai": "first_leader, s1_cards_left, s{k}_plays",
    "gandengyan": "n_tricks, bombs3..bombs7p, joker_bombs, s{k}_cards_left, s{k}_plays, s{k}_collected",
    "niuniu": "banker, s{k}_category",
    "hkstud": "showdown, alt_winner, banker_2..5, s{k}_invested",
    "tractor": "captured, kitty_points, kou_di, last_lead_cards, penalty_banker, penalty_opp, banker_team",
    "hongwu": "captured, kitty_points, kou_di, last_lead_cards, penalty_banker, penalty_opp, partner",
    "bridge": "vul, result_is_par",
    "wushik": "game_index, leader, terminal_seat, terminal_points, eight_*, s{k}_captured, s{k}_bonus*",
    "shuangkou": "leader, s{k}_seat, s{k}_bombs, s{k}_bombs_ge5, s{k}_max_xiang, s{k}_tianwang",
}
DEFAULTS = [pytest.param(*c, id="-".join(c), marks=pytest.mark.xfail(
                strict=True, reason=f"{c[0]}'s replay leaves facts unchecked: {REPLAY_LEAVES_UNCHECKED[c[0]]}"))
            if c[0] in REPLAY_LEAVES_UNCHECKED else pytest.param(*c, id="-".join(c))
            for c in C.play_cases(all_variants=False)
            if C.game(c[0]).replay is not None and C.game(c[0]).scoring is not None]


@pytest.mark.parametrize("game,variant", PLAYS, ids=C.ids(PLAYS))
def test_every_row_replays(game, variant):
    run = C.run(game, variant, "play")
    indices = sorted(set(run.to_arrow().column("game_index").to_pylist()))
    assert indices == list(range(C.N["play"]))
    for g in indices:
        text = run.replay(g)
        assert text.strip(), f"hand {g}: empty replay"


def _tampered(value):
    if isinstance(value, bool):
        return not value
    if isinstance(value, (int, float)):
        return value + 1
    return value + "?"


@pytest.mark.parametrize("game,variant", DEFAULTS)
def test_a_row_whose_facts_changed_does_not_replay(game, variant):
    """The replay checks the row's facts (``Scoring.facts``): each one changed alone is refused."""
    run = C.run(game, variant, "play")
    g, spec = spec_from_manifest(run.manifest)
    facts = list(g.scoring.facts(spec.rules, g.seats(spec.rules)))
    rows = [r for r in run.to_arrow().to_pylist() if r["game_index"] == 0]
    g.replay(spec, rows, 0)  # as stored: replays
    unchecked = []
    for name in facts:
        changed = [dict(r, **{name: _tampered(r[name])}) for r in rows]
        try:
            g.replay(spec, changed, 0)
        except PaijuError:
            continue
        unchecked.append(name)
    assert not unchecked, f"replay accepts a row with these facts changed: {unchecked}"
