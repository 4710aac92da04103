"""关牌 move generation and beat rule (kernels.guanpai.movegen) against the pure-Python reference.

For random hands of every deck and option set (hypothesis), leading and following a random play
of another hand, the kernel's moves equal ``tests.reference.guanpai_rules.legal_moves`` exactly
(PASS aside), none twice, and ``gp_beats`` agrees with the reference ``beats``.
"""

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from kernels.climb.moves import empty_moves
from kernels.guanpai.movegen import gp_beats, gp_generate, keep_with_rank
from sim.games.guanpai.rules import MAX_MOVES, VARIANTS, GuanpaiRules, compile_rules
from sim.ruleset import apply_overrides
from tests.reference import guanpai_rules as ref

OPTION_SETS = [
    VARIANTS["default"].overrides,
    VARIANTS["s001-51"].overrides,
    VARIANTS["as-48"].overrides,
    {"bomb_may_carry_single": False, "three_card_bomb_may_carry_single": False, "four_three_trio_kicker": True},
    {"deck": "as_48", "three_card_bomb_rank": "none", "four_with_three": False, "straights": "as_straights"},
]


def setup(i):
    rules = apply_overrides(GuanpaiRules(), OPTION_SETS[i])
    return rules, compile_rules(rules).rules


def kernel_moves(hand, top, v):
    c = np.zeros(16, np.int64)
    c[:15] = hand
    t = np.zeros(7, np.int64) if top is None else np.array(top, np.int64)
    out = empty_moves(MAX_MOVES)
    n = gp_generate(c, t, v, out)
    assert n < MAX_MOVES, "move buffer full"
    keys = [tuple(int(x) for x in out[i]) for i in range(n)]
    assert len(keys) == len(set(keys)), "a move generated twice"
    return set(keys)


@settings(max_examples=80, deadline=None)
@given(case=st.integers(0, len(OPTION_SETS) - 1), seed=st.integers(0, 2**32 - 1), size=st.integers(1, 17),
       which=st.integers(0, 10**6))
def test_moves_equal_reference(case, seed, size, which):
    rules, v = setup(case)
    deck = [c // 4 for c in ref.deck_cards(rules)]
    rng = np.random.default_rng(seed)
    rng.shuffle(deck)
    hand = ref.counts_of(deck[:size])
    other = ref.counts_of(deck[size:size + 17])
    assert kernel_moves(hand, None, v) == ref.legal_moves(hand, None, rules)
    tops = sorted(ref.all_plays(other, rules))
    top = tops[which % len(tops)]
    got = kernel_moves(hand, top, v)
    assert got == ref.legal_moves(hand, top, rules) - {ref.PASS_KEY}
    for key in sorted(got)[:10]:
        assert gp_beats(np.array(key), np.array(top), v) == ref.beats(key, top, rules)


@pytest.mark.parametrize("case", range(len(OPTION_SETS)))
def test_whole_hands_lead(case):
    """Full 17/16-card hands: the largest lead lists, well inside the buffer."""
    rules, v = setup(case)
    rng = np.random.default_rng(100 + case)
    deck = [c // 4 for c in ref.deck_cards(rules)]
    for _ in range(4):
        rng.shuffle(deck)
        hand = ref.counts_of(deck[:17])
        assert kernel_moves(hand, None, v) == ref.legal_moves(hand, None, rules)


def test_most_moves_fit_the_buffer():
    """The densest 17-card hand (four 4-of-a-kinds) still fits MAX_MOVES with room to spare."""
    rules, v = setup(0)
    hand = ref.from_text("3333 4444 5555 6666 7")
    got = kernel_moves(hand, None, v)
    assert got == ref.legal_moves(hand, None, rules)
    assert len(got) < MAX_MOVES // 2


def test_keep_with_rank():
    rules, v = setup(0)
    c = np.zeros(16, np.int64)
    c[:15] = ref.from_text("3 45678 99")
    out = empty_moves(MAX_MOVES)
    n = gp_generate(c, np.zeros(7, np.int64), v, out)
    k = keep_with_rank(out, n, 0)
    kept = {tuple(int(x) for x in out[i]) for i in range(k)}
    assert kept == {m for m in ref.legal_moves(ref.from_text("3 45678 99"), None, rules)
                    if ref.key_counts(m)[0] > 0}
