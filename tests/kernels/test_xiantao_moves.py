"""Move generation and the beat rule of the kernel against the reference, plus spec §14."""

import numpy as np
from hypothesis import given, settings, strategies as st

from kernels.climb.moves import BOMB, FIFTY_K, JOKER_BOMB, MOVE_FIELDS, PAIR, PASS, SINGLE, TRIPLE, empty_moves
from kernels.xiantao.ladder import beats, bomb_level, default_level_strength
from kernels.xiantao.movegen import MAX_MOVES, generate_moves
from sim.games.xiantao import rules as xiantao
from sim.ruleset import apply_overrides, flatten
from tests.reference import xiantao_rules as ref

WILD_IDS = set(xiantao.wild_ids(xiantao.Rules()))


def encode(hand):
    counts = np.zeros(16, np.int64)
    suit_counts = np.zeros((13, 4), np.int64)
    for c in hand:
        if c in WILD_IDS:
            counts[15] += 1
        else:
            r = ref.natural_rank(c)
            counts[r] += 1
            if r < 13:
                suit_counts[r, ref.natural_suit(c)] += 1
    return counts, suit_counts


def record(key):
    rec = np.zeros(MOVE_FIELDS, np.int64)
    rec[:5] = key
    rec[5] = 1
    return rec


def kernel_moves(hand, top, rules):
    counts, suit_counts = encode(hand)
    out = empty_moves(MAX_MOVES)
    n = generate_moves(counts, suit_counts, record(top) if top else record(ref.PASS_KEY), xiantao.engine_rules(rules), out)
    keys = [tuple(int(x) for x in out[i, :5]) for i in range(n)]
    assert len(keys) == len(set(keys)), "a move is generated twice"
    return set(keys)


RULE_SETS = [{}, {"wild_single_value": 2, "max_wilds_in_510k": 2}, {"zheng510k_beats_4bomb": True},
             {"wild_can_be_joker": True, "wild_in_510k": False}, {"two_jokers_is_bomb": False}]

hands = st.lists(st.integers(0, 107), min_size=1, max_size=27, unique=True)


@settings(max_examples=120, deadline=None)
@given(hand=hands, other=hands, which=st.integers(0, 10_000), rule_index=st.integers(0, len(RULE_SETS) - 1))
def test_legal_moves_equal_reference(hand, other, which, rule_index):
    """Leading and following: the kernel's move set equals the reference's (PASS aside)."""
    rules = apply_overrides(xiantao.Rules(), RULE_SETS[rule_index])
    flat = flatten(rules)
    assert kernel_moves(hand, None, rules) == ref.legal_moves(hand, None, flat)
    candidates = sorted(ref.legal_moves(other, None, flat))
    top = candidates[which % len(candidates)]
    assert kernel_moves(hand, top, rules) == ref.legal_moves(hand, top, flat) - {ref.PASS_KEY}


KEYS = st.one_of(
    st.tuples(st.just(SINGLE), st.integers(0, 14), st.just(1), st.integers(0, 1), st.just(-1)),
    st.tuples(st.sampled_from([PAIR, TRIPLE]), st.integers(0, 12), st.just(0), st.integers(0, 2), st.just(-1)),
    st.tuples(st.just(BOMB), st.integers(0, 12), st.integers(4, 14), st.integers(0, 6), st.just(-1)),
    st.tuples(st.just(JOKER_BOMB), st.just(-1), st.just(2), st.just(0), st.just(-1)),
    st.tuples(st.just(FIFTY_K), st.just(-1), st.just(3), st.integers(0, 1), st.integers(0, 4)),
)


def _fix(key):
    kind, rank, size, wilds, suit = key
    if kind in (PAIR, TRIPLE):
        size = 2 if kind == PAIR else 3
        wilds = min(wilds, size)
    if kind == BOMB:
        wilds = min(wilds, size)
    return (kind, rank, size, wilds, suit)


@settings(max_examples=400, deadline=None)
@given(a=KEYS, b=KEYS, strong_510k=st.booleans())
def test_beats_and_levels_equal_reference(a, b, strong_510k):
    a, b = _fix(a), _fix(b)
    rules = {"zheng510k_beats_4bomb": strong_510k}
    strength = default_level_strength(strong_510k)
    assert bomb_level(*(a[0], a[2], a[3], a[4])) == ref.ladder_level(a)
    assert bool(beats(record(a), record(b), strength)) == ref.beats(a, b, rules)


def _key(cards, wilds_as=None):
    keys = ref.classify(cards)
    assert len(keys) == 1, keys
    return next(iter(keys))


def C(text):
    """Cards from a compact notation: 'S3 S3 C3 W' (W = a red-3 wild), 'BJ', 'SJ', rank letters."""
    ranks = {"3": 0, "4": 1, "5": 2, "6": 3, "7": 4, "8": 5, "9": 6, "10": 7, "J": 8, "Q": 9, "K": 10, "A": 11, "2": 12}
    suits = {"S": 0, "H": 1, "C": 2, "D": 3}
    used, out = set(), []
    wilds = iter([1, 3, 55, 57, 106, 107])
    for token in text.split():
        if token == "W":
            out.append(next(wilds))
            continue
        if token in ("BJ", "SJ"):
            out.append(53 if token == "BJ" else 52)
            continue
        suit, rank = suits[token[0]], ranks[token[1:]]
        card = rank * 4 + suit
        if card in used:
            card += 54
        used.add(card)
        out.append(card)
    return out


def kbeats(a_text, b_text, strong=False):
    return bool(beats(record(_key(C(a_text))), record(_key(C(b_text))), default_level_strength(strong)))


def test_spec_14_comparisons():
    assert not kbeats("S3 S3 C3 W", "S3 S3 C3 C3") and not kbeats("S3 S3 C3 C3", "S3 S3 C3 W")  # 1
    assert kbeats("S3 S3 C3 C3 W", "S2 H2 C2 D2")  # 2
    assert kbeats("BJ SJ", "S2 H2 C2 D2") and kbeats("BJ SJ", "SA HA CA DA")  # 3
    assert kbeats("S4 H4 C4 D4 S4", "BJ SJ")
    assert kbeats("S4 H4 C4 D4 S4 H4 C4", "S2 H2 C2 D2 S2 H2 C2 D2 W W W W")  # 4
    assert not kbeats("S9 H9 C9 D9 S9 H9 C9 W", "S4 H4 C4 D4 S4 H4 C4")  # 5
    assert kbeats("SK HK CK DK SK HK CK DK W W W W W W", "S2 H2 C2 D2 S2 H2 C2 D2")  # 6
    assert not kbeats("SQ HQ CQ DQ SQ HQ CQ DQ W W W W W", "SK HK CK DK SK HK CK DK W W W W W W")
    assert kbeats("S5 S10 SK", "H5 H10 HK") and kbeats("S3 S3 C3 C3", "S5 S10 SK")  # 7
    assert not kbeats("H5 S10 CK", "D5 C10 HK")
    assert kbeats("W H10 HK", "C5 C10 CK")  # 8
    assert kbeats("BJ", "S2") and not kbeats("W", "S4")  # 9
    assert _key(C("W W")) == (PAIR, 0, 2, 2, -1)
    assert not kbeats("SK HK CK", "SK HK DK") and not kbeats("SA HA", "SK HK CK")  # 10
    assert kbeats("SA HA CA", "SK HK CK") and kbeats("S2 H2 C2", "SK HK CK") and kbeats("H5 S10 CK", "SK HK CK")


def test_hard_seven_is_stronger_than_soft_eight_in_the_generated_moves():
    """7 natural 9s + 1 wild: both the soft 8 and the hard 7 are offered; the hard 7 ranks higher."""
    hand = C("S9 H9 C9 D9 S9 H9 C9 W")
    moves = kernel_moves(hand, None, xiantao.Rules())
    assert (BOMB, 6, 7, 0, -1) in moves and (BOMB, 6, 8, 1, -1) in moves
    strength = default_level_strength()
    assert beats(record((BOMB, 6, 7, 0, -1)), record((BOMB, 6, 8, 1, -1)), strength)


def test_pass_is_never_generated():
    moves = kernel_moves(C("S4 H4 W"), (SINGLE, 0, 1, 0, -1), xiantao.Rules())
    assert all(k[0] != PASS for k in moves) and moves
