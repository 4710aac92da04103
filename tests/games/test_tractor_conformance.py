"""Every simulated 八十分 hand of seeded sessions, replayed by the pure-Python reference
(tests/reference/tractor_game.py): the deal and declarations, 庄家, the kitty, every play legal,
every throw's check and penalty, every trick winner, P, the level change and the match state —
under each option set, with mixed players. The batch entry point writes the same rows."""

import numpy as np
import pytest

from kernels.tractor import codes as C
from kernels.tractor.layout import LAYOUT, ROW_LEN
from kernels.run_vector import run_vector
from kernels.tractor.play import play_logged, play_matches, play_range, template
from kernels.trick.players import params_matrix
from sim.games.tractor.rules import TractorRules, compile_rules
from sim.games.tractor.scoring import score
from sim.ruleset import apply_overrides, flatten
from tests.reference.rng import Stream
from tests.reference.tractor_game import replay

POLICIES = ["random", "greedy", "smart"]
OPTION_SETS = [
    {},
    {"must_follow_structure": True, "kitty_multiplier": "by_last_lead_size"},
    {"allow_override": False, "no_declaration": "redeal", "next_dealer": "rotation_80p"},
    {"tractor_adjacency": "natural_only", "failed_throw": "penalty_only"},
    {"levels": {"threshold": 60, "step": 30, "small_below": 30}, "kitty_multiplier": "x1", "allow_throw": False},
]
CHECKED = ["banker", "banker_team", "level", "trump_suit", "declarer", "declared_with", "first_declarer",
           "declarations", "trump_from_kitty", "redeals", "kitty_points_dealt", "kitty_points", "kitty_trumps",
           "captured", "kou_di", "last_lead_cards", "kitty_multiplier", "kitty_bonus", "penalty_banker",
           "penalty_opp", "points", "keeps", "level_up", "team0_level_before", "team1_level_before",
           "team0_level_after", "team1_level_after", "match_over", "match_winner", "throw_higher_cards",
           "n_tricks", "tricks_trumped", "tractors_led", "pairs_led"] + \
    [f"s{k}_{f}" for k in range(4) for f in ("won_points", "tricks_won", "throws", "throws_failed")]


PLAYED = {"kitty_multiplier": "played_kitty_multiplier", "kitty_bonus": "played_kitty_bonus", "points": "played_points",
          "keeps": "played_keeps", "level_up": "played_level_up"}  # kernel fields under the run's own scoring rules


def kernel_facts(row) -> dict:
    """A kernel row's facts under the reference's names."""
    got = LAYOUT.unpack(row[None, :], 4)
    return {**got, **{ref: got[kernel] for ref, kernel in PLAYED.items()}}


def ref_rules(rules: TractorRules) -> dict:
    d = flatten(rules)
    d["levels"] = {k.split(".")[1]: v for k, v in d.items() if k.startswith("levels.")}
    return d


def kernel_inputs(policies, params=None):
    pol = np.array([POLICIES.index(p) for p in policies], np.int64)
    return pol, params_matrix(policies, params)


def run_session(rules: TractorRules, policies, seed, n_hands, params=None):
    arr = compile_rules(rules)["rules"]
    pol, pp = kernel_inputs(policies, params)
    ms = np.zeros(C.MS_LEN, np.int64)
    ms[C.MS_BANKER_TEAM] = -1
    match = {"levels": [0, 0], "banker_team": None, "prev_banker": None}
    rr = ref_rules(rules)
    rows = []
    for g in range(n_hands):
        row, log = play_logged(np.uint64(seed), g, 0, ms, arr, pol, pp)
        facts = replay(seed, g, 0, match, log, rr)
        got = kernel_facts(row)
        for key in CHECKED:
            assert int(got[key][0]) == int(facts[key]), f"hand {g}: {key} kernel {int(got[key][0])} ref {facts[key]}"
        match = facts["next_match"]
        rows.append(row)
    return np.stack(rows)


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o) or "default")
def test_hands_replayed_by_reference(options):
    rules = apply_overrides(TractorRules(), options)
    mixes = [["smart", "greedy", "random", "smart"], ["random"] * 4, ["smart"] * 4]
    params = [{"throw_prob": 0.3}] * 4  # random players throw often: failed throws, penalties, TR-6
    total = {"throws": 0, "failed": 0, "over": 0, "kitty": 0}
    for i, mix in enumerate(mixes):
        rows = run_session(rules, mix, seed=11 + i, n_hands=12, params=params)
        d = LAYOUT.unpack(rows, 4)
        total["throws"] += sum(int(d[f"s{k}_throws"].sum()) for k in range(4))
        total["failed"] += sum(int(d[f"s{k}_throws_failed"].sum()) for k in range(4))
        total["kitty"] += int(d["kou_di"].sum())
        # the scorer reproduces P and the level change the match used
        s = score(d, rules)
        assert (s["points"] == d["played_points"]).all() and (s["keeps"] == d["played_keeps"].astype(bool)).all()
        assert (s["level_up"] == d["played_level_up"]).all()
        assert np.allclose(sum(s[f"s{k}_money"] for k in range(4)), 0)
    if options.get("allow_throw", True):
        assert total["throws"] > 0 and total["failed"] > 0  # the throw rules were exercised


def test_duplicate_deals_replayed():
    """Duplicate deals: row g plays deal g // 4 with the table turned by g % 4 (each a first hand)."""
    rules = TractorRules()
    arr = compile_rules(rules)["rules"]
    pol, pp = kernel_inputs(["smart", "random", "greedy", "smart"], [{"throw_prob": 0.3}] * 4)
    held = []
    for g in range(8):
        ms = np.zeros(C.MS_LEN, np.int64)
        ms[C.MS_BANKER_TEAM] = -1
        row, log = play_logged(np.uint64(4), g // 4, g % 4, ms, arr, pol, pp)
        facts = replay(4, g // 4, g % 4, {"levels": [0, 0], "banker_team": None, "prev_banker": None}, log,
                       ref_rules(rules))
        got = kernel_facts(row)
        for key in CHECKED:
            assert int(got[key][0]) == int(facts[key]), f"hand {g}: {key}"
        held.append([int(got[f"s{k}_points_held"][0]) for k in range(4)])
    for g in range(8):
        base = held[4 * (g // 4)]
        assert held[g] == [base[(k + g % 4) % 4] for k in range(4)]


def test_batch_rows_equal_logged_rows():
    rules = TractorRules()
    arr = compile_rules(rules)["rules"]
    pol, pp = kernel_inputs(["smart", "random", "greedy", "smart"])
    rows = np.zeros((16, ROW_LEN), np.int64)
    play_range(template(arr, pol, pp), run_vector(5, 0, 16, 2, 8), rows)
    ms = np.zeros(C.MS_LEN, np.int64)
    for g in range(16):
        if g % 8 == 0:
            ms[:] = 0
            ms[C.MS_BANKER_TEAM] = -1
        row, _ = play_logged(np.uint64(5), g, 0, ms, arr, pol, pp)
        assert (row == rows[g]).all(), f"hand {g}"


def test_thread_count_does_not_change_rows():
    import numba

    rules = TractorRules()
    arr = compile_rules(rules)["rules"]
    pol, pp = kernel_inputs(["smart"] * 4)
    a = np.zeros((24, ROW_LEN), np.int64)
    b = np.zeros((24, ROW_LEN), np.int64)
    play_range(template(arr, pol, pp), run_vector(9, 0, 24, 1, 6, rotate=True), a)
    prev = numba.get_num_threads()
    numba.set_num_threads(numba.config.NUMBA_NUM_THREADS)
    try:
        play_range(template(arr, pol, pp), run_vector(9, 0, 24, 4, 6, rotate=True), b)
    finally:
        numba.set_num_threads(prev)
    assert (a == b).all()


def test_whole_matches_replayed_by_reference():
    """A game index is a whole match: hand h of match g deals from the stream (m, h), m the first draw
    of (seed, g) (derived here by the reference RNG); every hand of every match is the logged hand,
    replayed by the reference with the match state carried, until a team passes A."""
    rules = TractorRules()
    arr = compile_rules(rules)["rules"]
    pol, pp = kernel_inputs(["smart", "greedy", "random", "smart"])
    rows, counts = play_matches(template(arr, pol, pp), run_vector(7, 0, 3, 2))
    assert rows.shape == (counts.sum(), ROW_LEN)
    rr = ref_rules(rules)
    i = 0
    for g in range(3):
        seed = Stream(7, g).next_u64()
        ms = np.zeros(C.MS_LEN, np.int64)
        ms[C.MS_BANKER_TEAM] = -1
        match = {"levels": [0, 0], "banker_team": None, "prev_banker": None}
        for h in range(counts[g]):
            row, log = play_logged(np.uint64(seed), h, 0, ms, arr, pol, pp)
            assert (row == rows[i]).all(), f"match {g} hand {h}"
            facts = replay(seed, h, 0, match, log, rr)
            got = kernel_facts(row)
            for key in CHECKED:
                assert int(got[key][0]) == int(facts[key]), f"match {g} hand {h}: {key}"
            match = facts["next_match"]
            i += 1
        assert got["match_over"][0] == 1 and max(match["levels"]) == C.PAST_A
