"""干瞪眼 move generation (every joker completion) and the follow rule against the reference.

For random hands of every variant and several option sets (hypothesis), leading and following a
random play of another hand, the kernel's moves equal ``tests.reference.gandengyan_rules
.legal_moves`` (which classifies every sub-multiset of the hand) exactly, none twice;
``gd_beats`` and ``dengyan`` agree with the reference.
"""

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from kernels.climb.moves import empty_moves
from kernels.gandengyan.movegen import dengyan, empty_work, gd_beats, gd_generate
from kernels.gandengyan.moves import JOKER
from sim.games.gandengyan.rules import VARIANTS, GandengyanRules, compile_rules, max_moves
from sim.ruleset import apply_overrides
from tests.reference import gandengyan_rules as ref

OPTION_SETS = [v.overrides for name, v in VARIANTS.items() if name != "qq"] + [  # qq: the default's alias
    {"straight_max": 0, "pair_chain_max": 0, "lone_joker": True, "bomb_compare": "rank_only"},
    {**VARIANTS["two-deck"].overrides, "bomb_compare": "rank_only", "trio_follow": "higher", "bomb_max": 6},
    {**VARIANTS["sichuan"].overrides, "trio": True, "trio_chain_min": 2, "trio_chain_max": 0, "joker_bomb": "highest"},
]


def setup(i):
    rules = apply_overrides(GandengyanRules(), OPTION_SETS[i])
    return rules, compile_rules(rules).rules


def pack(rules):
    return [r for r in range(13) for _ in range(4 * rules.decks)] + [JOKER] * (2 * rules.decks)


def split(cards):
    nat = [0] * 13
    j = 0
    for r in cards:
        if r == JOKER:
            j += 1
        else:
            nat[r] += 1
    return tuple(nat), j


def kernel_moves(nat, j, top, rules, v):
    c = np.zeros(16, np.int64)
    c[:13] = nat
    c[JOKER] = j
    t = np.zeros(7, np.int64) if top is None else np.array(top, np.int64)
    out = empty_moves(max_moves(rules))
    n = gd_generate(c, t, v, out, empty_work())
    assert n < out.shape[0], "move buffer full"
    keys = [tuple(int(x) for x in out[i]) for i in range(n)]
    assert len(keys) == len(set(keys)), "a move generated twice"
    return set(keys), c, t


@settings(max_examples=120, deadline=None)
@given(case=st.integers(0, len(OPTION_SETS) - 1), seed=st.integers(0, 2**32 - 1), size=st.integers(1, 11),
       jokers=st.integers(0, 4), which=st.integers(0, 10**6))
def test_moves_equal_reference(case, seed, size, jokers, which):
    rules, v = setup(case)
    cards = pack(rules)
    rng = np.random.default_rng(seed)
    rng.shuffle(cards)
    naturals = [r for r in cards if r != JOKER]
    j = min(jokers, 2 * rules.decks)  # jokers are rare: hypothesis decides how many the hand holds
    nat, _ = split(naturals[:size])
    other_nat, _ = split(naturals[size:size + 8])
    got, c, _ = kernel_moves(nat, j, None, rules, v)
    assert got == ref.legal_moves(nat, j, None, rules)
    tops = sorted(ref.legal_moves(other_nat, min(2, 2 * rules.decks - j), None, rules))
    top = tops[which % len(tops)]
    got, c, t = kernel_moves(nat, j, top, rules, v)
    assert got == ref.legal_moves(nat, j, top, rules) - {ref.PASS_KEY}
    for key in sorted(got)[:10]:
        assert gd_beats(np.array(key), t, v) == ref.beats(key, top, rules)
    assert dengyan(c, t, v) == ref.could_answer_higher(nat, j, top, rules)


@pytest.mark.parametrize("case", range(len(OPTION_SETS)))
def test_big_hands_with_all_jokers(case):
    """The largest lists: long hands holding every joker of the pack, leading."""
    rules, v = setup(case)
    rng = np.random.default_rng(case)
    naturals = [r for r in pack(rules) if r != JOKER]
    for _ in range(2):
        rng.shuffle(naturals)
        nat, _ = split(naturals[:9])
        got, _, _ = kernel_moves(nat, 2 * rules.decks, None, rules, v)
        assert got == ref.legal_moves(nat, 2 * rules.decks, None, rules)


@pytest.mark.parametrize("case", range(len(OPTION_SETS)))
def test_whole_pack_fits_the_buffer(case):
    """Even the whole pack in one hand (every natural and every joker) leads within the buffer."""
    rules, v = setup(case)
    c = np.zeros(16, np.int64)
    c[:13] = 4 * rules.decks
    c[JOKER] = 2 * rules.decks
    out = empty_moves(max_moves(rules))
    assert gd_generate(c, np.zeros(7, np.int64), v, out, empty_work()) < max_moves(rules)
