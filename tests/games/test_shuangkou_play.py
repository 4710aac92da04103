"""双扣 play engine (``kernels.shuangkou.play``) against the reference engine: every hand of seeded
batches replayed action by action — the deal, the partner draw and its seat swap, cards held and
conserved, every play a legal pattern (each wild joker's value checked) that beats the trick,
turns, 接风 and the end in order, every raw fact by player — under every policy and the options
that change play; the scores of those hands zero-sum; rows independent of blocks; smart > greedy >
random on seat-rotated hands (5 sigma)."""

from __future__ import annotations

import numpy as np
import pytest

from kernels.shuangkou.layout import HAND_LAYOUT
from sim.games.shuangkou.rules import ShuangkouRules
from sim.games.shuangkou.scoring import score
from sim.ruleset import apply_overrides
from tests.games.shuangkou_conformance import check_hand

PLAY_OPTIONS = [
    {},
    {"wild_jokers": "big_only", "allow_lianzha": True, "tianwang_rank": "smallest_7xiang"},
    {"wild_jokers": "none", "jiefeng": "next", "direction": "clockwise"},
    {"partner_draw": False, "allow_lianzha": True},
]
MIXES = [["smart"] * 4, ["random"] * 4, ["greedy", "smart", "random", "smart"]]


@pytest.mark.parametrize("over", PLAY_OPTIONS, ids=lambda o: ",".join(o) or "default")
def test_every_hand_replays_in_the_reference(over):
    rules = apply_overrides(ShuangkouRules(), over)
    rows = []
    for i, policies in enumerate(MIXES):
        for g in range(4):
            rows.append(check_hand(31 + i, g, policies, rules, duplicate=(g % 2 == 1)))
    facts = {k: np.array([r[k] for r in rows]) for k in rows[0]}
    s = score(facts, rules)
    assert (sum(s[f"s{k}_money"] for k in range(4)) == 0).all()
    assert sorted({r["swapped"] for r in rows}) == ([0] if not rules.partner_draw else [0, 1])


def _run(rules, policies, start, count, n_blocks, rotate=0):
    from kernels.climb.run import run_vector
    from kernels.shuangkou.play import ROW_LEN, play_range
    from kernels.shuangkou.policies import POLICY_NAMES, params_matrix
    from kernels.shuangkou.state import new_state
    from sim.games.shuangkou.rules import engine_rules

    out = np.zeros((count, ROW_LEN), np.int64)
    template = new_state(engine_rules(rules), np.array([POLICY_NAMES.index(p) for p in policies], np.int64),
                         params_matrix(policies, [{}] * 4))
    play_range(template, run_vector(9, start, count, n_blocks, rotate=rotate), out,
               True if "search" in policies else None)
    return out


def test_rows_do_not_depend_on_blocks():
    pol = ["random", "smart", "greedy", "smart"]
    a = _run(ShuangkouRules(), pol, 40, 30, 1, rotate=1)
    b = _run(ShuangkouRules(), pol, 40, 30, 7, rotate=1)
    assert (a == b).all()


@pytest.mark.parametrize("a, b", [("smart", "greedy"), ("greedy", "random")])
def test_margins(a, b):
    """Money of A's players minus B's per hand, A and B rotating round the players (the draw may
    seat two A players side by side: the difference is over the hands' player money)."""
    rules = ShuangkouRules()
    n = 3000
    rows = _run(rules, [a, b, a, b], 0, n, 4, rotate=1)
    s = score(HAND_LAYOUT.unpack(rows, 4), rules)
    money = np.stack([s[f"s{k}_money"] for k in range(4)], axis=1).astype(np.float64)
    g = np.arange(n)[:, None]
    is_a = (np.arange(4)[None, :] + g) % 2 == 0  # player k plays policies[(k + g) % 4]
    d = np.where(is_a, money, 0).sum(axis=1) / 2 - np.where(~is_a, money, 0).sum(axis=1) / 2
    mean, se = d.mean(), d.std(ddof=1) / np.sqrt(n)
    assert mean - 5 * se > 0, (a, b, mean, se)


def test_bombs_left_at_the_end_replay_in_the_reference():
    """``left_max_bomb`` (a bomb never played) against the reference on seeded hands that have one."""
    rules, pol = ShuangkouRules(), ["greedy"] * 4
    rows = _run(rules, pol, 0, 300, 1)  # greedy keeps bombs for last (random plays them: it leaves none)
    at = HAND_LAYOUT.at("left_max_bomb")
    games = [g for g in range(len(rows)) if rows[g, at:at + 4].max() > 0][:3]
    assert games
    for g in games:
        row = check_hand(9, g, pol, rules)  # every raw fact, left_max_bomb included, equals the reference's
        assert max(row[f"s{k}_left_max_bomb"] for k in range(4)) == rows[g, at:at + 4].max()
