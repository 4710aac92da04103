"""Fixed cards (``--fix SEAT=CARDS``, ``sim.dealing`` and ``kernels.deal.place_fixed``): the card
text is read back in the notation replay prints, every mistake is one line, the fixed cards are
where they were fixed, the rest is uniform (5σ on per-card frequencies at a fixed seed), an empty
table changes nothing, and the run's manifest keeps the fix."""

import json
import math

import numpy as np
import pytest
from typer.testing import CliRunner

from kernels.deal import place_fixed, shuffle
from kernels.rng import seed_stream
from sim.cli import app
from sim.dealing import fix_tables, parse_fix
from sim.errors import UserError
from sim.registry import GAMES, load_game

runner = CliRunner()


def fix(game, texts):
    g = load_game(game)
    return parse_fix(g, g.rules(), texts)


def test_parse_the_replay_notation():
    assert fix("doudizhu", ["0=AA2B"]) == {"0": ["A", "A", "2", "大王"]}
    assert fix("doudizhu", ["2=10 T j,小王", "kitty=b"]) == {"2": ["10", "10", "J", "小王"], "kitty": ["大王"]}
    assert fix("doudizhu4", ["3=SSBB"]) == {"3": ["小王", "小王", "大王", "大王"]}
    assert fix("doudizhu", []) == {}


@pytest.mark.parametrize("texts, message", [
    (["0=AAX"], "unknown card at 'X'"),
    (["0=AA", "0=2"], "seat 0 is fixed twice"),
    (["0=" + "3" * 4 + "4" * 4 + "5" * 4 + "6" * 4 + "77"], "18 cards, but seat 0 is dealt 17"),
    (["0=AAA", "1=AA"], "A is fixed 5 times, but the deck has only 4"),
    (["0=BB"], "大王 is fixed 2 times, but the deck has only one"),
    (["5=A"], "has no seat '5'"),
    (["0AA"], "--fix takes SEAT=CARDS"),
    (["0="], "no cards given"),
])
def test_mistakes_are_one_line(texts, message):
    with pytest.raises(UserError, match=message) as exc:
        fix("doudizhu", texts)
    assert "\n" not in str(exc.value)


def test_games_without_fixed_dealing_refuse_in_one_line():
    refusing = [name for name in GAMES if load_game(name).dealing is None]
    for name in refusing:
        with pytest.raises(UserError, match="does not offer --fix"):
            fix(name, ["0=A"])
    for name in ("doudizhu", "doudizhu4", "shanghai"):
        assert "--fix" in load_game(name).offers()


def test_cli_refuses_in_one_line(tmp_path):
    result = runner.invoke(app, ["census", "doudizhu", "-n", "10", "--out", str(tmp_path / "c"), "--fix", "0=AAAAA"])
    assert result.exit_code == 2
    assert "A is fixed 5 times, but the deck has only 4" in result.output
    assert "Traceback" not in result.output and not (tmp_path / "c").exists()


def test_manifest_keeps_the_fix_and_the_report_is_conditional(tmp_path):
    out = tmp_path / "c"
    result = runner.invoke(app, ["census", "doudizhu", "-n", "3000", "--seed", "4", "--out", str(out), "-q",
                                 "--fix", "1=SB"])
    assert result.exit_code == 0, result.output
    assert json.loads((out / "_run.json").read_text())["options"]["fix"] == {"1": ["小王", "大王"]}
    from sim.api import open_run

    rep = open_run(out).report()
    rocket = [s for s in rep.stats() if s.name.startswith("P(火箭") and s.seat is None]
    assert [(s.estimate, s.exact) for s in rocket] == [(1.0, 1.0), (0.0, 0.0)]  # seat 1, then seats 0 and 2
    assert any("seat 1 holds 小王 大王" in line for line in rep.summary)


def test_empty_table_changes_nothing():
    """No --fix: the same deck and the same stream state as the plain shuffle (nothing drawn)."""
    empty = fix_tables(None, None, {})
    assert empty[0].shape == (0, 0) and empty[1].shape == (0, 0)
    for g in range(20):
        s1, s2 = np.empty(4, np.uint64), np.empty(4, np.uint64)
        seed_stream(np.uint64(9), g, s1)
        seed_stream(np.uint64(9), g, s2)
        d1, d2 = np.arange(54, dtype=np.int16), np.arange(54, dtype=np.int16)
        shuffle(s1, d1)
        shuffle(s2, d2)
        place_fixed(s2, d2, *empty)
        assert (d1 == d2).all() and (s1 == s2).all()


def z(hits, n, p):
    return (hits - n * p) / math.sqrt(n * p * (1 - p))


def test_fixed_cards_stay_and_the_rest_is_uniform():
    """斗地主 with 0=AA2B: the four fixed cards always in seat 0, each in any of its 17 slots alike;
    every other card in seat 0 with p = 13/50, in seat 1 or 2 with 17/50, in the kitty with 3/50."""
    g = load_game("doudizhu")
    r = g.rules()
    fixed = parse_fix(g, r, ["0=AA2B"])
    fix_card, fix_slots = fix_tables(g.dealing, r, fixed)
    cards = [int(c) for c in fix_card[0]]
    n = 20_000
    seat_of = np.array([p % 3 if p < 51 else 3 for p in range(54)])
    where = np.zeros((54, 4), np.int64)  # card, group (seat 0..2, kitty 3)
    slot = np.zeros((len(cards), 17), np.int64)
    state = np.empty(4, np.uint64)
    for game in range(n):
        seed_stream(np.uint64(20261203), game, state)
        deck = np.arange(54, dtype=np.int16)
        shuffle(state, deck)
        place_fixed(state, deck, fix_card, fix_slots)
        pos = np.empty(54, np.int64)
        pos[deck] = np.arange(54)
        where[np.arange(54), seat_of[pos]] += 1
        for i, c in enumerate(cards):
            slot[i, pos[c] // 3] += 1
    free = [c for c in range(54) if c not in cards]
    assert (where[cards, 0] == n).all()
    for c in free:
        for grp, p in ((0, 13 / 50), (1, 17 / 50), (2, 17 / 50), (3, 3 / 50)):
            assert abs(z(where[c, grp], n, p)) < 5, (c, grp)
    for i in range(len(cards)):
        for k in range(17):
            assert abs(z(slot[i, k], n, 1 / 17)) < 5, (i, k)
