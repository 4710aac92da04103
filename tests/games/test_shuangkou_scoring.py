"""双扣 money from raw facts (``sim.games.shuangkou.scoring``) against the spec's worked examples,
the reference's plain per-hand scoring over random facts and every scoring option, and hands the
reference engine plays and validates."""

import random

import numpy as np
import pytest

from kernels.shuangkou.layout import HAND_LAYOUT
from sim.errors import UserError
from sim.games.shuangkou.rules import VARIANTS, ShuangkouRules, validate
from sim.games.shuangkou.scoring import score
from sim.ruleset import apply_overrides, flatten
from tests.reference import shuangkou_rules as ref
from tests.reference.shuangkou_game import RuleViolation, ShuangkouHand, play_game

SCORING = [
    {}, {"contribution_table": "qianbian"}, {"xiang_level_scope": "side_total_bombs"}, {"bomb_count_rule": "qianbian"},
    {"bomb_count_rule": "none", "base": 5}, {"tianwang_xiang": 9, "contribution_table": "qianbian"},
]


def blank():
    return {name: 0 for name in HAND_LAYOUT.column_names(4)} | {f"s{k}_seat": k for k in range(4)}


def columns(rows):
    return {k: np.array([r[k] for r in rows]) for k in rows[0]}


def test_spec_examples():
    """shuangkou.md §11 ex. 7 (双扣, a 6相 bomb: F = 4, tribute 1 from each) and ex. 8 (平扣)."""
    seven = blank() | {"s0_finish": 1, "s2_finish": 2, "s0_bombs": 1, "s0_max_xiang": 6}
    eight = blank() | {"s1_finish": 1, "s0_finish": 2, "s2_finish": 3}
    eight["s3_finish"] = 0  # 1st (seat 1) and 4th (seat 3, still holding cards) are partners
    s = score(columns([seven, eight]), ShuangkouRules())
    assert s["outcome"].tolist() == [0, 2] and s["multiplier"].tolist() == [4, 1]
    assert [s[f"s{k}_hand_money"][0] for k in range(4)] == [12, -12, 12, -12]
    assert [s[f"s{k}_money"][0] for k in range(4)] == [15, -13, 11, -13]
    assert [s[f"s{k}_money"][1] for k in range(4)] == [-1, 1, -1, 1]
    assert s["win_team"].tolist() == [0, 1]


def random_facts(rng):
    f = blank()
    seats = rng.sample(range(4), 4)  # the draw's swap: player k plays from seats[k]
    for k in range(4):
        f[f"s{k}_seat"] = seats[k]
    order = rng.sample(range(4), 4)
    if seats[order[0]] % 2 == seats[order[1]] % 2:
        places = order[:2]
    else:
        places = order[:3]
    for i, seat in enumerate(places):
        f[f"s{seat}_finish"] = i + 1
    for s in range(4):
        n = rng.choice([0, 0, 0, 1, 1, 2, 3, 4, 5, 6, 7])
        ge5 = rng.randint(0, n)
        f[f"s{s}_bombs"] = n
        f[f"s{s}_bombs_ge5"] = ge5
        f[f"s{s}_tianwang"] = int(n > 0 and rng.random() < 0.1)
        f[f"s{s}_max_xiang"] = 0 if n == 0 else (rng.randint(5, 12) if ge5 else 4)
    return f


@pytest.mark.parametrize("over", SCORING)
def test_vectorised_equals_reference(over):
    rng = random.Random(len(str(over)))
    rows = [random_facts(rng) for _ in range(400)]
    rules = apply_overrides(ShuangkouRules(), over)
    s = score(columns(rows), rules)
    flat = flatten(rules)
    for i, f in enumerate(rows):
        m = ref.hand_money(f, flat)
        assert [s[f"s{k}_money"][i] for k in range(4)] == m["money"], (i, f, over)
        assert [s[f"s{k}_tribute"][i] for k in range(4)] == m["tribute"]
        assert (s["multiplier"][i], s["side_level"][i], s["win_team"][i]) == (m["F"], m["level"], m["win_team"])
        assert sum(s[f"s{k}_money"][i] for k in range(4)) == 0


def random_chooser(seed):
    rng = random.Random(seed)

    def choose(h, seat, options):
        return rng.choice(options) if h.lead() else rng.choice(options + [ref.PASS_KEY])
    return choose


@pytest.mark.parametrize("variant", ["default", "qianbian"])
def test_reference_played_hands(variant):
    """Whole hands through the validating reference loop; their facts score the same both ways."""
    over = VARIANTS[variant].overrides
    rules = apply_overrides(ShuangkouRules(), over)
    flat = flatten(rules)
    rows = []
    for g in range(2):
        d, h = play_game(17, g, random_chooser(g), flat)
        assert sum(len(x) for x in h.hands) + sum(len(a[2]) for a in h.log) == 108
        rows.append(blank() | {k: v for k, v in h.facts().items() if k in blank()})
        assert sorted(d["players"]) == [0, 1, 2, 3]
    s = score(columns(rows), rules)
    for i, f in enumerate(rows):
        assert [s[f"s{k}_money"][i] for k in range(4)] == ref.hand_money(f, flat)["money"]


def test_reference_refuses_illegal_plays():
    """Seat 0 holds ♠5, ♥5 and 大王: the reference refuses a pass on the lead, another seat's turn,
    a single of the wrong rank, and 5 + 大王 claimed as a pair of 6s (大王 must stand for a 5)."""
    five_s, five_h, big = 8, 9, 53
    rest = [c for c in ref.DECK if c not in (five_s, five_h, big)]
    random.Random(1).shuffle(rest)
    hands = [[five_s, five_h, big] + rest[:24]] + [rest[24 + 27 * k:51 + 27 * k] for k in range(3)]
    h = ShuangkouHand(hands, 0)
    with pytest.raises(RuleViolation):
        h.act(0, ref.PASS_KEY)
    with pytest.raises(RuleViolation):
        h.act(1, (1, 2, 1, 0, 0, 1, 0), [hands[1][0]])
    with pytest.raises(RuleViolation):
        h.act(0, (1, 3, 1, 0, 0, 1, 0), [five_s])
    with pytest.raises(RuleViolation):
        h.act(0, (2, 3, 2, 1, 1, 1, 1 << 12), [five_s, big])
    h.act(0, (2, 2, 2, 1, 1, 1, 1 << 8), [five_s, big])  # 大王 as the second 5
    assert h.wild_used[0] == 1 and h.turn == 1


def test_validate():
    validate(ShuangkouRules())
    with pytest.raises(UserError):
        validate(apply_overrides(ShuangkouRules(), {"base": 0}))
    with pytest.raises(UserError):
        validate(apply_overrides(ShuangkouRules(), {"tianwang_xiang": 4}))
    for name, variant in VARIANTS.items():
        validate(apply_overrides(ShuangkouRules(), variant.overrides))
