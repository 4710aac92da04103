"""The landlord-family move generator and beat rule against the pure-Python reference.

For random hands (hypothesis) of 斗地主 3p (R3, OpenSpiel and the kicker options), 斗地主 4p
and 上海三打一, leading and following a random legal play of another hand, the kernel's move
set equals ``tests.reference.landlord_rules.legal_moves`` exactly (PASS aside), each move is
generated once, and the cards of each move (``ll_move_counts``) are what the reference says.
"""

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from kernels.climb.moves import empty_moves
from kernels.landlord.movegen import empty_work, ll_beats, ll_generate, ll_move_counts
from sim.games.landlord.rules import DOUDIZHU_VARIANTS, Doudizhu4Rules, DoudizhuRules as LandlordRules, engine_rules
from sim.games.shanghai.rules import ShanghaiRules
from sim.ruleset import apply_overrides
from tests.games.landlord_helpers import reference_rules
from tests.reference import landlord_rules as ref

MAX_MOVES = {"doudizhu": 4096, "doudizhu4": 32768, "shanghai": 8192}
FLOW = {"doudizhu": "auction", "doudizhu4": "auction", "shanghai": "marker_dang"}

CASES = [
    ("doudizhu", LandlordRules, {}),
    ("doudizhu", LandlordRules, DOUDIZHU_VARIANTS["openspiel"].overrides),
    ("doudizhu", LandlordRules, {"wing_singles_rule": "distinct_ranks", "four_two_singles_may_pair": False}),
    ("doudizhu", LandlordRules, {"wing_singles_rule": "s001_literal", "pair_kickers_distinct": True,
                                 "kickers_no_joker_bomb": False}),
    ("doudizhu4", Doudizhu4Rules, {}),
    ("doudizhu4", Doudizhu4Rules, {"rocket": True, "wing_single_max_per_rank": 2}),
    ("shanghai", ShanghaiRules, {}),
    ("shanghai", ShanghaiRules, {"trio_chain_a_low": False, "joker_pair_in_sandaier": False}),
]


def _setup(case):
    game, cls, over = CASES[case]
    rules = apply_overrides(cls(), over)
    return game, engine_rules(rules, FLOW[game], MAX_MOVES[game]), reference_rules(game, over)


def _deck(game):
    d = 1 if game == "doudizhu" else 2
    return [r for r in range(13) for _ in range(4 * d)] + [13, 14] * d


def kernel_set(hand, top, v, game):
    c = np.zeros(16, np.int64)
    c[:15] = hand
    t = np.zeros(7, np.int64) if top is None else np.array(top, np.int64)
    out = empty_moves(MAX_MOVES[game])
    n = ll_generate(c, t, v, out, empty_work(), np.int64(-1))
    assert n < out.shape[0], "move buffer full"
    keys = [tuple(int(x) for x in out[i]) for i in range(n)]
    assert len(keys) == len(set(keys)), "a move is generated twice"
    return set(keys), out[:n].copy()


@settings(max_examples=60, deadline=None)
@given(case=st.integers(0, len(CASES) - 1), seed=st.integers(0, 2**32 - 1), size=st.integers(1, 20),
       which=st.integers(0, 10**6))
def test_moves_equal_reference(case, seed, size, which):
    game, v, R = _setup(case)
    rng = np.random.default_rng(seed)
    deck = _deck(game)
    rng.shuffle(deck)
    hand = ref.counts_of(deck[:size])
    other = ref.counts_of(deck[size:size + 12])
    got, arr = kernel_set(hand, None, v, game)
    assert got == ref.legal_moves(hand, None, game, R) - {ref.PASS_KEY}
    cards = np.zeros(15, np.int64)
    for i in range(arr.shape[0]):
        ll_move_counts(arr[i], cards)
        assert tuple(int(x) for x in cards) == ref.key_counts(tuple(int(x) for x in arr[i]), game, R)
    tops = sorted(ref.all_plays(other, game, R))
    if tops:
        top = tops[which % len(tops)]
        got, _ = kernel_set(hand, top, v, game)
        assert got == ref.legal_moves(hand, top, game, R) - {ref.PASS_KEY}
        for key in list(got)[:20]:
            assert ll_beats(np.array(key), np.array(top), v) == ref.beats(key, top, game, R)


@pytest.mark.parametrize("case", range(len(CASES)))
def test_big_hands_lead(case):
    """Whole landlord hands (20 / 33 cards) with many airplane and kicker combinations."""
    game, v, R = _setup(case)
    rng = np.random.default_rng(case)
    deck = _deck(game)
    size = 20 if game == "doudizhu" else 33
    for _ in range(3):
        rng.shuffle(deck)
        hand = ref.counts_of(deck[:size])
        got, _ = kernel_set(hand, None, v, game)
        assert got == ref.legal_moves(hand, None, game, R) - {ref.PASS_KEY}


@pytest.mark.parametrize("case", range(len(CASES)))
def test_lazy_generation_counts_and_picks_the_same_moves(case):
    """Lazy ``ll_generate`` (the random player's: count, draw, write only the drawn move) counts
    exactly the moves the full list holds and gives move number k of that list, leading and
    following, so a random draw picks the same move either way."""
    game, v, R = _setup(case)
    rng = np.random.default_rng(100 + case)
    deck = _deck(game)
    one = empty_moves(MAX_MOVES[game])
    for trial in range(40):
        rng.shuffle(deck)
        size = int(rng.integers(4, 21 if game == "doudizhu" else 34))
        c = np.zeros(16, np.int64)
        c[:15] = ref.counts_of(deck[:size])
        tops = [None] + sorted(ref.all_plays(ref.counts_of(deck[size:size + 12]), game, R))
        top = tops[int(rng.integers(len(tops)))] if trial % 2 else None
        t = np.zeros(7, np.int64) if top is None else np.array(top, np.int64)
        _, full = kernel_set(c[:15], top, v, game)
        work = empty_work()
        assert ll_generate(c, t, v, one, work, np.int64(-2)) == full.shape[0]
        for k in range(full.shape[0]):
            ll_generate(c, t, v, one, work, np.int64(k))
            assert tuple(one[0]) == tuple(full[k]), (k, tuple(full[k]))


def test_spec_examples():
    """doudizhu.md A9 ex. 1-3 and shanghai-sandayi.md §11 ex. 5-8 through the kernel beat rule."""
    game, v, R = _setup(0)

    def key(text, kind=None, g="doudizhu", rules=R):
        keys = ref.classify(ref.from_text(text), g, rules)
        if kind is not None:
            keys = {k for k in keys if k[0] == kind}
        assert len(keys) == 1, (text, keys)
        return np.array(next(iter(keys)), np.int64)

    from kernels.landlord.moves import AIRPLANE_SINGLES, BOMB, FOUR_TWO_SINGLES, STRAIGHT
    assert ll_beats(key("444555 3 7"), key("333444 K A"), v)
    assert not ll_beats(key("444555 3 7"), key("333444555 6 7 8", AIRPLANE_SINGLES), v)
    assert not ll_beats(key("34567"), key("345678"), v) and not ll_beats(key("345678"), key("34567"), v)
    assert ll_beats(key("TJQKA"), key("9TJQK"), v)
    assert not ref.classify(ref.from_text("JQKA2"), "doudizhu", R)
    assert ll_beats(key("3333"), key("222AA"), v)
    assert ll_beats(key("BS"), key("2222"), v) and not ll_beats(key("2222"), key("BS"), v)
    assert ll_beats(key("6666 3 4", FOUR_TWO_SINGLES), key("5555 3 8", FOUR_TWO_SINGLES), v)
    assert ll_beats(key("3333", BOMB), key("5555 3 8", FOUR_TWO_SINGLES), v)
    g, vs, RS = _setup(6)
    s = lambda t, kind=None: key(t, kind, "shanghai", RS)  # noqa: E731
    assert ll_beats(s("23456", STRAIGHT), s("A2345", STRAIGHT), vs)
    assert ll_beats(s("TJQKA", STRAIGHT), s("9TJQK", STRAIGHT), vs)
    assert not ref.classify(ref.from_text("JQKA2"), "shanghai", RS)
    assert s("A23456789TJQKA", STRAIGHT)[2] == 14
    assert ll_beats(s("SS"), s("22"), vs) and ll_beats(s("BB"), s("SS"), vs)
    assert ll_beats(s("22222"), s("66666"), vs) and ll_beats(s("666666"), s("22222"), vs)
    assert ll_beats(s("BBSS"), s("88888888"), vs)
    hand = ref.from_text("333444 5566")
    got, _ = kernel_set(hand, None, vs, "shanghai")
    assert any(k[0] == 13 and k[2] == 10 for k in got)
    got, _ = kernel_set(ref.from_text("333444 5577"), None, vs, "shanghai")
    assert not any(k[0] == 13 for k in got)
