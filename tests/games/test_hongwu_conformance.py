"""Every simulated 仙居红五 hand of seeded batches, replayed by the pure-Python reference
(tests/reference/hongwu_game.py): the deal and the 10 shown, sides, the kitty, every play legal,
every throw's check and penalty, every trick winner, P, the ♥5 captures and the money — under each
option set, with mixed players. The batch entry point writes the same rows."""

import numpy as np
import pytest

from kernels.hongwu.layout import LAYOUT, ROW_LEN
from kernels.hongwu.play import play_logged, play_range, template
from kernels.run_vector import run_vector
from kernels.trick.players import params_matrix
from sim.games.hongwu.rules import HongwuRules, compile_rules
from sim.games.hongwu.scoring import score
from sim.ruleset import apply_overrides, flatten
from tests.reference.hongwu_game import money, replay

POLICIES = ["random", "greedy", "smart"]
OPTION_SETS = [
    {},
    {"teams": "one_vs_three", "must_follow_structure": True},
    {"tractor_adjacency": "natural_only", "failed_throw": "penalty_only", "kitty_multiplier": "by_last_lead_size"},
    {"allow_throw": False, "kitty_multiplier": "x1"},
]
CHECKED = ["banker", "partner", "trump_suit", "trump_from_kitty", "redeals", "kitty_points_dealt", "kitty_points",
           "kitty_trumps", "kitty_hearts5", "captured", "kou_di", "last_lead_cards", "kitty_multiplier",
           "kitty_bonus", "penalty_banker", "penalty_opp", "points", "h5_banker", "h5_opp", "throw_higher_cards",
           "n_tricks", "tricks_trumped", "tractors_led", "pairs_led", "triples_led"] + \
    [f"s{k}_{f}" for k in range(4) for f in ("won_points", "tricks_won", "throws", "throws_failed")]


PLAYED = {"kitty_multiplier": "played_kitty_multiplier", "kitty_bonus": "played_kitty_bonus",
          "points": "played_points"}  # kernel fields under the run's own scoring rules


def kernel_facts(row) -> dict:
    """A kernel row's facts under the reference's names."""
    got = LAYOUT.unpack(row[None, :], 4)
    return {**got, **{ref: got[kernel] for ref, kernel in PLAYED.items()}}


def run_hands(rules: HongwuRules, policies, seed, n_hands, params=None, duplicate=False):
    arr = compile_rules(rules)["rules"]
    pol = np.array([POLICIES.index(p) for p in policies], np.int64)
    pp = params_matrix(policies, params)
    rr = flatten(rules)
    rows, refs = [], []
    for g in range(n_hands):
        deal, rotation = (g // 4, g % 4) if duplicate else (g, 0)
        row, log = play_logged(np.uint64(seed), deal, rotation, arr, pol, pp)
        facts = replay(seed, deal, rotation, log, rr)
        got = kernel_facts(row)
        for key in CHECKED:
            assert int(got[key][0]) == int(facts[key]), f"hand {g}: {key} kernel {int(got[key][0])} ref {facts[key]}"
        rows.append(row)
        refs.append(facts)
    return np.stack(rows), refs


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o) or "default")
def test_hands_replayed_by_reference(options):
    rules = apply_overrides(HongwuRules(), options)
    params = [{"throw_prob": 0.3}] * 4
    throws = failed = 0
    for i, mix in enumerate([["smart", "greedy", "random", "smart"], ["random"] * 4, ["smart"] * 4]):
        rows, refs = run_hands(rules, mix, seed=21 + i, n_hands=8, params=params)
        d = LAYOUT.unpack(rows, 4)
        s = score(d, rules)
        for h, facts in enumerate(refs):
            want = money(facts, rules.base, rules.hongwu_bonus_per_card)
            assert np.allclose([s[f"s{k}_money"][h] for k in range(4)], want), f"hand {h}: money"
        assert (s["points"] == d["played_points"]).all()
        assert np.allclose(sum(s[f"s{k}_money"] for k in range(4)), 0)
        throws += sum(int(d[f"s{k}_throws"].sum()) for k in range(4))
        failed += sum(int(d[f"s{k}_throws_failed"].sum()) for k in range(4))
    if options.get("allow_throw", True):
        assert throws > 0 and failed > 0


def test_duplicate_deals_replayed_and_rotated():
    rules = HongwuRules()
    rows, refs = run_hands(rules, ["smart", "random", "greedy", "smart"], seed=3, n_hands=8, duplicate=True)
    d = LAYOUT.unpack(rows, 4)
    for g in range(4, 8):  # the same deal, seats turned: the held ♥5s move with the hands
        base = 4 * (g // 4)
        r = g % 4
        held = [int(d[f"s{k}_hearts5"][base]) for k in range(4)]
        assert [int(d[f"s{k}_hearts5"][g]) for k in range(4)] == [held[(k + r) % 4] for k in range(4)]


def test_batch_rows_equal_logged_rows():
    rules = HongwuRules()
    arr = compile_rules(rules)["rules"]
    policies = ["smart", "random", "greedy", "smart"]
    pol = np.array([POLICIES.index(p) for p in policies], np.int64)
    pp = params_matrix(policies)
    rows = np.zeros((12, ROW_LEN), np.int64)
    play_range(template(arr, pol, pp), run_vector(5, 0, 12, 3, rotate=True), rows)
    for g in range(12):
        rot = [policies[(k + g) % 4] for k in range(4)]
        row, _ = play_logged(np.uint64(5), g, 0, arr, np.array([POLICIES.index(p) for p in rot], np.int64),
                             params_matrix(rot))
        assert (row == rows[g]).all(), f"hand {g}"
