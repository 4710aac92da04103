"""牛牛 kernels against the pure-Python reference: every hand of both decks, and random tables.

* every one of the C(54, 5) and C(52, 5) hands: the kernel's category and top card equal the
  reference's (the reference evaluates each distinct multiset of card values once by trying
  every triple, and the highest card with its own single-card order);
* seeded tables under many rulesets: the kernel's row (cards, categories, tops, outcomes, ties,
  Q-rule decisions, chips) equals the reference table dealt from the same stream;
* the late scorer reproduces the kernel's chips, and rescoring under other multipliers, bets and
  banker-advantage rule equals the reference playing under those rules;
* rows do not depend on how the range is cut into blocks; census rows are the play rows' hands.
"""

from itertools import combinations
from math import comb

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from kernels.niuniu.enumerate import hand_categories
from kernels.niuniu.layout import CENSUS_LAYOUT, LAYOUT
from kernels.showdown.deal import unpack_cards
from sim.games.niuniu import rules as R
from sim.games.niuniu import exact, scoring
from sim.games.niuniu.kernel_rows import census_rows, kernel_values, play_rows
from sim.ruleset import apply_overrides
from tests.reference import niuniu as ref


@pytest.mark.parametrize("jokers", [True, False])
def test_every_hand_equals_reference(jokers):
    n = 54 if jokers else 52
    rules = R.Rules(jokers=jokers)
    a = R.compile_rules(rules)
    total = comb(n, 5)
    cats = np.empty(total, np.int64)
    tops = np.empty(total, np.int64)
    assert hand_categories(a["deck"], a["card_info"], a["card_of_strength"], cats, tops) == total
    hands = np.fromiter((c for h in combinations(range(n), 5) for c in h), np.int8, count=5 * total).reshape(-1, 5)
    values = np.array([ref.value(c) for c in range(n)], np.int64)[hands]
    values.sort(axis=1)
    keys = (values * (11 ** np.arange(5))).sum(axis=1)
    uniq, inverse = np.unique(keys, return_inverse=True)
    reference_category = np.array([ref.evaluate_values([(k // 11 ** j) % 11 for j in range(5)]) for k in uniq])
    assert (cats == reference_category[inverse]).all()
    single = np.array([ref.single_key(c)[0] * 4 + ref.single_key(c)[1] for c in range(n)])
    best = hands[np.arange(total), np.argmax(single[hands], axis=1)]
    assert (tops == best).all()
    assert np.bincount(cats, minlength=11).min() > 0
    assert (np.bincount(cats, minlength=11) == exact.category_counts(rules)).all()  # the rank-multiset count


RULESETS = [
    {},
    {"players": 2},
    {"players": 3, "banker": "rotate", "banker_seat": 1},
    {"jokers": False, "banker_advantage": False},
    {"payout_hand": "player", "bets": {"seat1": 3, "seat2": 2}, "multipliers": {"niuniu": 10, "meiniu": 0}},
    {"banker_seat": 3, "banker": "rotate"},
]


def _check_rows(rules, seed, start, rows):
    facts = kernel_values(rows, rules.players)
    n = rules.players
    for i in range(rows.shape[0]):
        t = ref.play_table(seed, start + i, rules)
        assert facts["banker"][i] == t["banker"]
        for s in range(n):
            assert unpack_cards(facts[f"s{s}_cards"][i:i + 1], 5)[0].tolist() == t["hands"][s]
            assert facts[f"s{s}_category"][i] == t["categories"][s]
            assert facts[f"s{s}_top"][i] == t["tops"][s]
            assert facts[f"s{s}_chips"][i] == t["chips"][s], (i, s)
            r = t["results"][s]
            if r is None:
                assert facts[f"s{s}_outcome"][i] == 0
            else:
                assert facts[f"s{s}_outcome"][i] == (1 if r["player_wins"] else 2)
                assert facts[f"s{s}_tie"][i] == r["tie"]
                assert facts[f"s{s}_advantage"][i] == r["advantage"]


@pytest.mark.parametrize("overrides", RULESETS, ids=range(len(RULESETS)))
def test_tables_equal_reference(overrides):
    rules = apply_overrides(R.Rules(), overrides)
    seed, start = 20260311, 5_000
    rows = play_rows(rules, seed, start, 400)
    _check_rows(rules, seed, start, rows)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**63 - 1), start=st.integers(0, 2**40), players=st.integers(2, 4),
       advantage=st.booleans(), jokers=st.booleans())
def test_random_tables_equal_reference(seed, start, players, advantage, jokers):
    rules = apply_overrides(R.Rules(), {"players": players, "banker_advantage": advantage, "jokers": jokers,
                                        "banker": "rotate"})
    _check_rows(rules, seed, start, play_rows(rules, seed, start, 8))


def test_late_scoring_reproduces_kernel_chips_and_rescores_like_the_reference():
    rules = R.Rules()
    seed = 7
    rows = play_rows(rules, seed, 0, 20_000)
    facts = kernel_values(rows, 4)
    money = scoring.score(facts, rules, 4)
    for s in range(4):
        assert (money[f"s{s}_money"] == facts[f"s{s}_chips"]).all()
        assert (money[f"s{s}_advantage"] == facts[f"s{s}_advantage"].astype(bool)).all()
    assert (money["banker_net"] == facts["s0_chips"]).all()
    other = apply_overrides(rules, {"banker_advantage": False, "payout_hand": "player", "bets": {"seat2": 4},
                                    "multipliers": {"niuniu": 9, "niu9": 6, "meiniu": 2}}, scoring_only=True)
    rescored = scoring.score(facts, other, 4)
    for i in range(300):
        t = ref.play_table(seed, i, other)
        assert [rescored[f"s{s}_money"][i] for s in range(4)] == t["chips"]


def test_rows_do_not_depend_on_blocks():
    from kernels.niuniu.play import play_range
    from sim.games.niuniu.kernel_rows import table_state

    rules = apply_overrides(R.Rules(), {"banker": "rotate"})
    a = R.compile_rules(rules)
    outs = []
    for blocks in (1, 7):
        out = np.zeros((1000, LAYOUT.length), np.int64)
        play_range(table_state(a), None, np.uint64(3), 100, 1000, out, blocks)
        outs.append(out)
    assert (outs[0] == outs[1]).all()
    assert (outs[0] == play_rows(rules, 3, 100, 1000)).all()


def test_census_rows_are_the_play_rows_hands():
    rules = R.Rules(players=3)
    play = LAYOUT.unpack(play_rows(rules, 11, 0, 2000), 3)
    census = CENSUS_LAYOUT.unpack(census_rows(rules, 11, 0, 2000), 3)
    for name, col in census.items():
        assert (col == play[name]).all(), name
