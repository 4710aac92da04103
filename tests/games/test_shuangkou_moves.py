"""双扣 move generation and beat rule against the pure-Python reference, wild jokers included.

For random hands (hypothesis) under every ``wild_jokers`` mode, with and without 连炸 and for
both 天王 ranks, leading and following a random play of other cards, the kernel's move set equals
``tests.reference.shuangkou_rules.legal_moves`` (pattern by pattern) and, for small hands, the
brute-force set (every sub-multiset classified by trying every joker value); each move is made
once and plays the cards the reference says. Spec §11 examples 1-6 run through the kernels.
"""

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from kernels.cards import card_id
from kernels.climb.moves import empty_moves
from kernels.shuangkou.movegen import MAX_MOVES, beats, generate_moves, move_cards
from kernels.shuangkou.moves import BOMB, LIANZHA, PAIR_CHAIN, SANWANG, STRAIGHT, TIANWANG, TRIPLE, pack
from kernels.shuangkou.wild import complete
from sim.games.shuangkou.rules import ShuangkouRules, engine_rules
from sim.ruleset import apply_overrides
from tests.reference import shuangkou_rules as ref

OPTIONS = [
    {},
    {"wild_jokers": "big_only"},
    {"wild_jokers": "none"},
    {"allow_lianzha": True},
    {"allow_lianzha": True, "tianwang_rank": "smallest_7xiang", "wild_jokers": "big_only"},
    {"tianwang_rank": "smallest_7xiang"},
]


def setup(i):
    rules = apply_overrides(ShuangkouRules(), OPTIONS[i])
    R = {"wild_jokers": rules.wild_jokers, "allow_lianzha": rules.allow_lianzha, "tianwang_rank": rules.tianwang_rank}
    return engine_rules(rules), R


def kernel_moves(hand, top, v):
    nat, sj, bj = hand
    c = np.zeros(16, np.int64)
    c[:13], c[13], c[14] = nat, sj, bj
    out = empty_moves(MAX_MOVES)
    n = generate_moves(c, np.array(top, np.int64), v, out)
    assert n < MAX_MOVES
    keys = [tuple(int(x) for x in out[i]) for i in range(n)]
    assert len(keys) == len(set(keys)), "a move is generated twice"
    cards = np.zeros(15, np.int64)
    for i in range(n):
        move_cards(out[i], cards)
        assert (tuple(int(x) for x in cards[:13]), int(cards[13]), int(cards[14])) == ref.key_cards(keys[i])
    return set(keys)


@settings(max_examples=100, deadline=None)
@given(st.integers(0, len(OPTIONS) - 1), st.randoms(use_true_random=False), st.integers(1, 27),
       st.integers(0, 10**6))
def test_moves_equal_reference(opt, rnd, size, which):
    v, R = setup(opt)
    deck = list(ref.DECK)
    rnd.shuffle(deck)
    hand = ref.split(deck[:size])
    expected = ref.legal_moves(hand, ref.PASS_KEY, R)
    assert kernel_moves(hand, ref.PASS_KEY, v) == expected
    if size <= 9:
        assert expected == ref.legal_moves(hand, ref.PASS_KEY, R, brute=True)
    tops = sorted(ref.all_plays(ref.split(deck[size:size + 24]), R))
    top = tops[which % len(tops)]
    assert kernel_moves(hand, top, v) == ref.legal_moves(hand, top, R)
    for k in sorted(ref.all_plays(hand, R))[:40]:
        assert beats(np.array(k), np.array(top), v) == ref.beats(k, top, R)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, len(OPTIONS) - 1), st.randoms(use_true_random=False), st.integers(4, 27),
       st.integers(0, 4))
def test_bomb_rich_hands(opt, rnd, size, n_jokers):
    """Hands of few consecutive ranks plus jokers: bombs of every size, 连炸, 三王, 天王."""
    v, R = setup(opt)
    lo = rnd.randrange(0, 10)
    pool = [card_id(r, s, d) for r in range(lo, lo + 4) for s in range(4) for d in range(2)]
    rnd.shuffle(pool)
    jokers = rnd.sample([52, 53, 106, 107], n_jokers)
    hand = ref.split(pool[:max(0, size - n_jokers)] + jokers)
    expected = ref.legal_moves(hand, ref.PASS_KEY, R)
    assert kernel_moves(hand, ref.PASS_KEY, v) == expected
    bombs = sorted(k for k in expected if k[0] in ref.BOMB_KINDS)
    if bombs:
        top = bombs[rnd.randrange(len(bombs))]
        assert kernel_moves(hand, top, v) == ref.legal_moves(hand, top, R)


@pytest.mark.parametrize("opt", range(len(OPTIONS)))
def test_full_hands(opt):
    """Whole 27-card hands, leading and over each kind of top."""
    v, R = setup(opt)
    rng = np.random.default_rng(100 + opt)
    for _ in range(3):
        deck = [int(c) for c in rng.permutation(108)]
        hand = ref.split(deck[:27])
        assert kernel_moves(hand, ref.PASS_KEY, v) == ref.legal_moves(hand, ref.PASS_KEY, R)
        others = sorted(ref.all_plays(ref.split(deck[27:54]), R))
        for top in others[:: max(1, len(others) // 6)]:
            assert kernel_moves(hand, top, v) == ref.legal_moves(hand, top, R)


def T(text):
    """(nat, sj, bj) of text like '33445 B' ('S' 小王, 'B' 大王, 'T' or '10' for ten)."""
    nat = [0] * 13
    sj = bj = 0
    for ch in text.replace("10", "T").replace(" ", "").replace("+", ""):
        if ch == "S":
            sj += 1
        elif ch == "B":
            bj += 1
        else:
            nat["3456789TJQKA2".index(ch)] += 1
    return tuple(nat), sj, bj


def completions(text, mode=0, lianzha=False):
    nat, sj, bj = T(text)
    out = np.zeros((64, 7), np.int64)
    n = complete(np.array(nat, np.int64), sj, bj, mode, lianzha, out)
    return {tuple(int(x) for x in out[i]) for i in range(n)}


def one(text, kind=None, **kw):
    keys = completions(text, **kw)
    if kind is not None:
        keys = {k for k in keys if k[0] == kind}
    assert len(keys) == 1, (text, keys)
    return np.array(next(iter(keys)), np.int64)


def test_spec_examples():
    """shuangkou.md §11 examples 1-6 (wild completion and comparison)."""
    v, _ = setup(0)
    five = one("4444B")
    assert (five[0], five[1], five[2]) == (BOMB, 1, 5)  # 5相 of 4s
    four = one("444B", kind=BOMB)
    assert (four[1], four[2], four[3]) == (1, 4, 1)  # = 4444
    nine = one("44444444B")
    assert (nine[0], nine[2]) == (BOMB, 9)
    k = one("33445B")
    assert (k[0], k[1], k[2], k[5], k[6]) == (PAIR_CHAIN, 2, 6, 3, pack([0, 0, 1] + [0] * 10))  # BJ = 5
    assert completions("3344B") == set()
    k = one("5679B")
    assert (k[0], k[1], k[6]) == (STRAIGHT, 6, pack([0] * 5 + [1] + [0] * 7))  # BJ = 8
    assert beats(one("555555"), one("22222"), v) and beats(one("22222"), one("66666"), v)
    sanwang = one("BSS")
    assert sanwang[0] == SANWANG
    assert beats(one("333333"), sanwang, v) and not beats(sanwang, one("333333"), v)
    assert beats(sanwang, one("22222"), v)
    assert not beats(one("BSS"), one("BBS"), v) and not beats(one("BBS"), one("BSS"), v)
    tianwang = one("BBSS")
    assert tianwang[0] == TIANWANG and beats(tianwang, one("88888888"), v)
    assert beats(one("445566"), one("334455"), v)
    assert not beats(one("334455"), one("JJQQKKAA"), v)
    assert completions("QQKKAA22") == set()
    # a joker alone is itself; a joker in a combination is wild; 5 + 大王 is a pair of 5s
    assert one("B")[1] == 14 and one("S")[1] == 13
    assert (one("5B")[0], one("5B")[1]) == (2, 2)
    assert one("5SB", kind=TRIPLE)[3] == 2
    assert completions("SB") == set()
    assert completions("5S", mode=1) == set() and completions("5B", mode=2) == set()


def test_qianbian_ladder():
    """§4 with 连炸: 四王 < 三连4相 < 7-card bomb; 三连5相 < 四连4相 < 8-card bomb; 三王 the smallest 6相."""
    v, _ = setup(4)  # 连炸, 天王 the smallest 7相
    tw = one("BBSS")
    lz34 = one("444455556666", lianzha=True)
    b7 = one("3333333")
    assert lz34[0] == LIANZHA and beats(lz34, tw, v) and beats(b7, lz34, v) and beats(tw, one("222222"), v)
    lz35 = one("444445555566666", lianzha=True)
    lz44 = one("3333444455556666", lianzha=True)
    b8 = one("33333333")
    assert beats(lz44, lz35, v) and beats(b8, lz44, v) and beats(lz35, one("2222222"), v)
    assert beats(one("555566667777", lianzha=True), lz34, v)  # same 相 and length: higher rank
    assert not completions("44445555", lianzha=True)  # 二连炸 is not a pattern
    v_top, _ = setup(3)
    assert beats(one("BBSS"), one("444455556666", lianzha=True), v_top)
