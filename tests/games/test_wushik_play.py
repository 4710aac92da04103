"""五十K play engine (``kernels.wushik.play``) against the reference engine: every hand of seeded
batches of matches replayed action by action (cards held and conserved, every play legal and
beating the trick, trick winners and 接风 through the turn order, the 终止牌 the last action,
every raw fact, the hand scores and running totals, the match's end and winner), under every
policy and the options that change play; rows independent of blocks and threads; the W-7 rules
on a dealt 8 of a kind; smart > greedy > random on seat-rotated single hands (5 sigma)."""

from __future__ import annotations

import numpy as np
import pytest

from kernels.wushik.layout import HAND_LAYOUT
from kernels.wushik.play import dealt_owners
from sim.games.wushik.rules import WushikRules
from sim.games.wushik.scoring import running_totals, score
from sim.ruleset import apply_overrides
from tests.games.wushik_conformance import check_match

PLAY_OPTIONS = [
    {},
    {"jiefeng": "next", "direction": "clockwise", "allow_straights": True},
    {"zheng_beats_fu": False, "terminal_trick_points": "void", "bomb_bonus_zero_sum": True, "target_score": 400},
    {"matches": False},
]
MIXES = [["smart"] * 4, ["random"] * 4, ["greedy", "smart", "random", "smart"]]


@pytest.mark.parametrize("over", PLAY_OPTIONS, ids=lambda o: ",".join(o) or "default")
def test_every_hand_replays_in_the_reference(over):
    rules = apply_overrides(WushikRules(), over)
    n = 0
    for i, policies in enumerate(MIXES):
        for g in range(2 if rules.matches else 6):
            rows = check_match(2026 + i, g, policies, rules, duplicate=(g % 2 == 1))
            n += len(rows)
            # the stored hand scores rebuild the stored running totals
            facts = {k: np.array([r[k] for r in rows]) for k in rows[0]}
            facts["game_index"] = np.zeros(len(rows), np.int64)  # the rows of one match
            s = score(facts, rules)
            totals = running_totals(np.zeros(len(rows)), np.stack([s["team0_score"], s["team1_score"]], axis=1))
            assert (totals == np.stack([facts["team0_total"], facts["team1_total"]], axis=1)).all()
    assert n >= 12


def _run(rules, policies, start, count, n_blocks, rotate=0, duplicate=0):
    from kernels.climb.run import run_vector
    from kernels.wushik.play import ROW_LEN, play_range
    from kernels.wushik.policies import POLICY_NAMES, params_matrix
    from kernels.wushik.state import new_state
    from sim.games.wushik.rules import engine_rules

    cap = 40 * (-(-count // n_blocks))
    out = np.zeros((cap * n_blocks, ROW_LEN), np.int64)
    n_rows = np.zeros(n_blocks, np.int64)
    template = new_state(engine_rules(rules), [POLICY_NAMES.index(p) for p in policies],
                         params_matrix(policies, [{}] * 4))
    play_range(template, run_vector(9, start, count, n_blocks, rotate=rotate, duplicate=duplicate), out, n_rows,
               True if "search" in policies else None)
    assert (n_rows >= 0).all()
    return np.concatenate([out[b * cap:b * cap + n_rows[b]] for b in range(n_blocks)])


def test_rows_do_not_depend_on_blocks():
    rules = WushikRules()
    pol = ["random", "smart", "greedy", "smart"]
    a = _run(rules, pol, 40, 12, 1, rotate=1)
    b = _run(rules, pol, 40, 12, 5, rotate=1)
    assert a.shape == b.shape and (a == b).all()


def _eight_game(seed: int) -> int:
    """The first game index whose first deal gives one seat 8 of a kind."""
    for g in range(200_000):
        owner = dealt_owners(np.uint64(seed), g, 0, 1)[0]
        for s in range(4):
            ranks = [(c % 54) // 4 for c in np.flatnonzero(owner == s)]
            if max(np.bincount(ranks)) == 8:
                return g
    raise AssertionError("no 8 of a kind in 200k deals")


@pytest.mark.parametrize("rule", ["win_hand_as_double_catch", "record_only", "win_match"])
def test_eight_of_a_kind_rules(rule):
    seed = 77
    g = _eight_game(seed)
    rules = apply_overrides(WushikRules(), {"eight_bomb_rule": rule, "matches": False})
    row = check_match(seed, g, ["smart"] * 4, rules)[0]
    assert row["eight_seat"] >= 0 and row["eight_applied"] == (rule != "record_only")
    team = row["eight_seat"] % 2
    if rule == "win_hand_as_double_catch":
        assert (row[f"team{team}_total"], row[f"team{1 - team}_total"]) == (300, -100)
    if rule == "win_match":
        assert row["match_eight_win"] and row["match_winner"] == team


def _margin(a: str, b: str, n: int) -> tuple[float, float]:
    """Mean and standard error of money(A) − money(B) per hand, A and B rotating round the seats."""
    rules = apply_overrides(WushikRules(), {"matches": False})
    rows = _run(rules, [a, b, a, b], 0, n, 4, rotate=1)
    v = HAND_LAYOUT.unpack(rows, 4)
    v["game_index"] = np.arange(n)  # matches = false: every hand is its own game index
    s = score(v, rules)
    g = np.arange(n)
    d = np.where(g % 2 == 0, s["s0_money"], s["s1_money"])  # A sits at seats 0, 2 in even hands
    return d.mean(), d.std(ddof=1) / np.sqrt(n)


@pytest.mark.parametrize("a, b", [("smart", "greedy"), ("greedy", "random")])
def test_margins(a, b):
    mean, se = _margin(a, b, 2000)
    assert mean - 5 * se > 0, (a, b, mean, se)


def test_bombs_left_at_the_end_replay_in_the_reference():
    """``left_max_bomb`` (a bomb never played) against the reference on seeded hands that have one."""
    rules, pol = apply_overrides(WushikRules(), {"matches": False}), ["greedy"] * 4
    rows = _run(rules, pol, 0, 300, 1)  # greedy keeps bombs for last (random plays them: it leaves none)
    at = HAND_LAYOUT.at("left_max_bomb")
    games = [g for g in range(len(rows)) if rows[g, at:at + 4].max() > 0][:3]
    assert games
    for g in games:
        (row,) = check_match(9, g, pol, rules)  # every raw fact, left_max_bomb included, equals the reference's
        assert max(row[f"s{k}_left_max_bomb"] for k in range(4)) == rows[g, at:at + 4].max()
