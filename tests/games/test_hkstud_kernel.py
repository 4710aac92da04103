"""港式五张 kernels against the pure-Python reference.

* every subset of 1..5 of the 28 cards, under the ranking options: the kernel's category equals
  the reference's and its integer keys order the hands exactly as the reference's tuples do
  (equal keys exactly for equal tuples); the inlined five-card evaluator agrees; no two disjoint
  hands share a key (ties are impossible, §5);
* seeded tables with every betting mode and mixes of players: the kernel's row equals the
  reference's table dealt from the same stream, decision for decision;
* rows do not depend on blocks; census rows are the play rows of betting-free deals.
"""

from itertools import combinations

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from kernels.hkstud.cards import to_local
from kernels.hkstud.evaluate import evaluate_hands, evaluate_subsets
from kernels.hkstud.layout import CENSUS_LAYOUT, LAYOUT
from kernels.showdown.deal import unpack_cards
from sim.games.hkstud import rules as R
from sim.games.hkstud.kernel_rows import census_rows, play_logged, play_rows
from sim.ruleset import apply_overrides
from tests.reference import hkstud as ref

OPTIONS = {"default": (False, False, True), "flush-kickers-nodraws": (True, True, False),
           "flush": (True, False, True), "kickers-nodraws": (False, True, False)}
# every subset under the defaults and under every option flipped; the two mixed option sets on
# every 4-card subset and one five-card hand in four (the flush and draw options only matter for
# 4 and 5 cards)
SUBSET_CASES = [(k, name) for name in OPTIONS for k in (1, 2, 3, 4, 5)
                if k >= 4 or name in ("default", "flush-kickers-nodraws")]


def _subsets(k):
    return np.array([h + (0,) * (5 - k) for h in combinations(range(28), k)], np.int64)


@pytest.mark.parametrize("k,name", SUBSET_CASES)
def test_every_subset_orders_like_the_reference(k, name):
    options = OPTIONS[name]
    plain, flush = R.tables(*options)
    hands = _subsets(k)
    if k == 5 and name not in ("default", "flush-kickers-nodraws"):
        hands = hands[np.random.default_rng(k).permutation(len(hands))[: len(hands) // 4]]
    keys = np.empty(len(hands), np.int64)
    cats = np.empty(len(hands), np.int64)
    evaluate_subsets(hands, k, plain, flush, keys, cats)
    refs = [ref.evaluate(h[:k], *options) for h in hands.tolist()]
    assert cats.tolist() == [c for c, _ in refs]
    order = sorted(range(len(refs)), key=lambda i: refs[i][1])
    for a, b in zip(order, order[1:]):
        assert (refs[a][1] < refs[b][1]) == (keys[a] < keys[b])
        assert (refs[a][1] == refs[b][1]) == (keys[a] == keys[b])
    if k == 5:
        keys5 = np.empty(len(hands), np.int64)
        cats5 = np.empty(len(hands), np.int64)
        evaluate_hands(hands, plain, flush, keys5, cats5)
        assert (keys5 == keys).all() and (cats5 == cats).all()


@pytest.mark.parametrize("k", [4, 5])
def test_disjoint_hands_never_share_a_key(k):
    plain, flush = R.tables(False, False, True)
    hands = _subsets(k)
    keys = np.empty(len(hands), np.int64)
    cats = np.empty(len(hands), np.int64)
    evaluate_subsets(hands, k, plain, flush, keys, cats)
    masks = (np.int64(1) << hands[:, :k]).sum(axis=1)
    order = np.argsort(keys, kind="stable")
    bounds = np.flatnonzero(np.diff(keys[order])) + 1
    for group in np.split(order, bounds):
        if len(group) > 1:
            m = masks[group]
            assert ((m[:, None] & m[None, :]) != 0).all(), keys[group[0]]


def _facts_of(f, i, n):
    return {
        "bankers": [int(f[f"banker_{st}"][i]) for st in (2, 3, 4, 5)], "winner": int(f["winner"][i]),
        "alt_winner": int(f["alt_winner"][i]), "showdown": bool(f["showdown"][i]),
        "end_street": int(f["end_street"][i]), "pot": int(f["pot"][i]),
        "cards": [[to_local(int(c)) for c in unpack_cards(f[f"s{s}_cards"][i:i + 1], 5)[0]] for s in range(n)],
        "categories": [int(f[f"s{s}_category"][i]) for s in range(n)],
        "folded": [int(f[f"s{s}_folded"][i]) for s in range(n)],
        "invested": [int(f[f"s{s}_invested"][i]) for s in range(n)],
        "raises": [int(f[f"s{s}_raises"][i]) for s in range(n)],
        "allin": [bool(f[f"s{s}_allin"][i]) for s in range(n)],
        "chips": [int(f[f"s{s}_chips"][i]) for s in range(n)],
    }


def _check(rules, policies, params, seed, start, count, rotate=False, duplicate=False):
    rows = play_rows(rules, seed, start, count, policies, params, rotate, duplicate)
    f = LAYOUT.unpack(rows, rules.players)
    for i in range(count):
        want = ref.play_table(seed, start + i, rules, policies, params, rotate, duplicate)
        del want["actions"]
        assert _facts_of(f, i, rules.players) == want, i
    return f


CASES = [
    ({}, ["calling-station"] * 4, None, 300),
    ({"betting": "fixed_limit"}, ["random"] * 4, None, 300),
    ({"betting": "fixed_limit", "players": 2, "stakes": {"max_raises": 1}}, ["equity", "random"],
     [{"samples": 30}, {"p_raise": 0.5, "p_fold": 0.2}], 80),
    ({"betting": "pot_limit", "players": 3, "flush_beats_full_house": True}, ["random", "equity", "calling-station"],
     [{}, {"samples": 20, "size": 0.5}, {}], 60),
    ({"betting": "pot_limit", "stakes": {"stack": 20, "ante": 2}, "high_card_kickers": True},
     ["random", "equity", "random", "equity"], [{"p_raise": 0.6, "p_fold": 0.1}, {"samples": 10, "exact_max": 50},
                                                {"size": 0.3}, {"samples": 10, "raise_at": 1.1}], 60),
]


@pytest.mark.parametrize("overrides,policies,params,count", CASES, ids=range(len(CASES)))
def test_tables_equal_reference(overrides, policies, params, count):
    f = _check(apply_overrides(R.Rules(), overrides), policies, params, 4711, 10_000, count)
    if overrides.get("betting"):  # the comparison means something only if players bet and fold
        assert max(f[f"s{s}_raises"].max() for s in range(len(policies))) > 0
        assert max(f[f"s{s}_folded"].max() for s in range(len(policies))) > 0
        if "calling-station" not in policies:
            assert f["showdown"].min() == 0 and f["showdown"].max() == 1


def test_rotate_and_duplicate_equal_reference():
    rules = apply_overrides(R.Rules(), {"betting": "fixed_limit", "players": 3})
    policies, params = ["random", "equity", "calling-station"], [{"p_fold": 0.3}, {"samples": 20}, {}]
    _check(rules, policies, params, 99, 300, 30, rotate=True)
    f = _check(rules, policies, params, 99, 300, 30, rotate=True, duplicate=True)
    cards = np.stack([f[f"s{k}_cards"] for k in range(3)], axis=1)
    for d in range(100, 110):  # the three tables of a deal hold its hands turned round the table
        i = 3 * d - 300
        for r in (1, 2):
            assert (cards[i + r] == cards[i][[(k + r) % 3 for k in range(3)]]).all()


def test_action_log_is_the_references_play():
    from kernels.hkstud.betting import ACT_BET, ACT_CALL, ACT_CHECK, ACT_FOLD, EQUITY_SCALE

    names = {ACT_FOLD: "fold", ACT_CHECK: "check", ACT_CALL: "call", ACT_BET: "bet"}
    rules = apply_overrides(R.Rules(), {"betting": "pot_limit", "players": 4, "stakes": {"stack": 40}})
    policies, params = ["random", "equity", "random", "equity"], [{}, {"samples": 20}, {"p_raise": 0.5}, {}]
    rows = play_rows(rules, 12, 0, 40, policies, params, rotate=True)
    for g in range(40):
        row, log = play_logged(rules, 12, g, policies, params, rotate=True)
        assert (row == rows[g]).all()
        want = ref.play_table(12, g, rules, policies, params, rotate=True)["actions"]
        assert [(int(a[0]), int(a[1]), names[int(a[2])], int(a[3])) for a in log] == want
        pol = [policies[(k + g) % 4] for k in range(4)]
        assert all((a[4] >= 0) == (pol[int(a[1])] == "equity") and a[4] <= EQUITY_SCALE for a in log)


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**63 - 1), start=st.integers(0, 2**40), players=st.integers(2, 4),
       betting=st.sampled_from(["none", "fixed_limit", "pot_limit"]), stack=st.integers(3, 60),
       seats=st.lists(st.sampled_from(["random", "calling-station"]), min_size=4, max_size=4))
def test_random_tables_equal_reference(seed, start, players, betting, stack, seats):
    rules = apply_overrides(R.Rules(), {"players": players, "betting": betting, "stakes": {"stack": stack}})
    _check(rules, seats[:players], None, seed, start, 10)


def test_rows_do_not_depend_on_blocks_and_census_matches():
    from kernels.hkstud.play import play_range
    from sim.games.hkstud.kernel_rows import table_state
    from sim.games.hkstud.players import policy_arrays

    rules = apply_overrides(R.Rules(), {"betting": "fixed_limit"})
    a = R.compile_rules(rules)
    policy, pp = policy_arrays(["random", "equity", "random", "calling-station"], [{}, {"samples": 20}, {}, {}])
    outs = []
    for blocks in (1, 5):
        out = np.zeros((200, LAYOUT.length), np.int64)
        play_range(table_state(rules, a, policy, pp), None, np.uint64(8), 30, 200, 0, 0, out, blocks)
        outs.append(out)
    assert (outs[0] == outs[1]).all()
    plain = R.Rules(players=3)
    play = LAYOUT.unpack(play_rows(plain, 5, 0, 3000), 3)
    census = CENSUS_LAYOUT.unpack(census_rows(plain, 5, 0, 3000), 3)
    for name, col in census.items():
        assert (col == play[name]).all(), name


def test_invariants_of_many_tables_and_late_scoring():
    from sim.games.hkstud import scoring

    rules = apply_overrides(R.Rules(), {"betting": "pot_limit", "stakes": {"stack": 30}})
    policies = ["random", "calling-station", "random", "equity"]
    rows = play_rows(rules, 77, 0, 4000, policies, [{"p_raise": 0.5}, {}, {}, {"samples": 20}])
    f = LAYOUT.unpack(rows, 4)
    chips = np.stack([f[f"s{s}_chips"] for s in range(4)], axis=1)
    invested = np.stack([f[f"s{s}_invested"] for s in range(4)], axis=1)
    folded = np.stack([f[f"s{s}_folded"] for s in range(4)], axis=1)
    assert (chips.sum(axis=1) == 0).all()
    assert (invested.sum(axis=1) == f["pot"]).all()
    assert invested.max() <= 30 and invested.min() >= 1
    allin = np.stack([f[f"s{s}_allin"] for s in range(4)], axis=1).astype(bool)
    assert (invested[allin] == 30).all() and allin.any()
    winner = f["winner"]
    assert (folded[np.arange(len(winner)), winner] == 0).all()
    assert ((folded > 0).sum(axis=1)[f["showdown"] == 0] == 3).all()
    money = scoring.score(f, apply_overrides(rules, {"chip_value": 2.5}), 4)
    assert all((money[f"s{s}_money"] == 2.5 * chips[:, s]).all() for s in range(4))
    assert (folded[:, 1] == 0).all()  # the calling station never folds


@pytest.mark.parametrize("seat", [0, 1])
def test_equity_player_beats_calling_station_and_random(seat):
    """Heads-up fixed limit, 1500 tables: the equity player's mean result is more than 5 standard
    errors above zero against both simple players, from either seat (measured: about +1.7 and
    +2.1 chips a table, z about 15 at 4000 tables)."""
    rules = apply_overrides(R.Rules(), {"betting": "fixed_limit", "players": 2})
    for other in ("calling-station", "random"):
        policies = [other, other]
        policies[seat] = "equity"
        f = LAYOUT.unpack(play_rows(rules, 31 + seat, 0, 1500, policies, [{"samples": 100}] * 2), 2)
        c = f[f"s{seat}_chips"].astype(float)
        assert c.mean() / (c.std() / np.sqrt(len(c))) > 5, (other, c.mean())
