"""五十K move generation, beat rule and card picking against the pure-Python reference.

For random hands (hypothesis) under each pattern option, leading and following a random play of
another hand, the kernel's move set equals ``tests.reference.wushik_rules.legal_moves`` (pattern by
pattern) and, for small hands, the brute-force set over every sub-multiset; each move is made
once and its cards are what the record says. Spec §14 pattern examples run through the kernel.
"""

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from kernels.cards import card_id, card_rank, card_suit
from kernels.climb.moves import empty_moves
from kernels.wushik.cardpick import pick_suits, zheng_sets
from kernels.wushik.movegen import MAX_MOVES, beats, generate_moves, move_rank_counts
from sim.games.wushik.rules import WushikRules, engine_rules
from sim.ruleset import apply_overrides
from tests.reference import wushik_rules as ref

OPTIONS = [{}, {"allow_straights": True}, {"zheng_beats_fu": False}, {"allow_straights": True, "zheng_beats_fu": False}]


def setup(i):
    rules = apply_overrides(WushikRules(), OPTIONS[i])
    return engine_rules(rules), {"allow_straights": rules.allow_straights, "zheng_beats_fu": rules.zheng_beats_fu}


def encode(cards):
    counts = np.zeros(16, np.int64)
    suits = np.zeros((13, 4), np.int64)
    for c in cards:
        counts[card_rank(c)] += 1
        suits[card_rank(c), card_suit(c)] += 1
    return counts, suits


def kernel_moves(cards, top, v):
    counts, suits = encode(cards)
    out = empty_moves(MAX_MOVES)
    n = generate_moves(counts, suits, np.array(top, np.int64), v, out)
    assert n < MAX_MOVES
    keys = [tuple(int(x) for x in out[i]) for i in range(n)]
    assert len(keys) == len(set(keys)), "a move is generated twice"
    played = np.zeros(13, np.int64)
    for i in range(n):
        move_rank_counts(out[i], played)
        assert all(played[r] <= counts[r] for r in range(13))
        assert sum(played) == keys[i][2]
    return set(keys)


hands = st.tuples(st.integers(0, len(OPTIONS) - 1), st.randoms(use_true_random=False), st.integers(1, 26),
                  st.integers(0, 10**6))


@settings(max_examples=120, deadline=None)
@given(hands)
def test_moves_equal_reference(case):
    opt, rnd, size, which = case
    v, R = setup(opt)
    deck = list(ref.DECK)
    rnd.shuffle(deck)
    hand = deck[:size]
    assert kernel_moves(hand, ref.PASS_KEY, v) == ref.legal_moves(hand, ref.PASS_KEY, R)
    if size <= 12:
        assert ref.legal_moves(hand, ref.PASS_KEY, R) == ref.legal_moves(hand, ref.PASS_KEY, R, brute=True)
    tops = sorted(ref.all_plays(deck[size:size + 20], R))
    top = tops[which % len(tops)]
    got = kernel_moves(hand, top, v)
    assert got == ref.legal_moves(hand, top, R)
    if size <= 12:
        assert got == ref.legal_moves(hand, top, R, brute=True)
    for k in list(ref.all_plays(hand, R))[:30]:
        assert beats(np.array(k), np.array(top), v) == ref.beats(k, top, R)


@settings(max_examples=60, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(4, 20))
def test_bomb_and_chain_rich_hands(rnd, size):
    """Hands drawn from few ranks: bombs of 4..8, long 连对 and 连三同张, several 510K."""
    ranks = rnd.sample(range(13), 4) + [2, 7, 10]
    pool = [card_id(r, s, d) for r in ranks for s in range(4) for d in range(2)]
    rnd.shuffle(pool)
    hand = pool[:size]
    for opt in range(len(OPTIONS)):
        v, R = setup(opt)
        assert kernel_moves(hand, ref.PASS_KEY, v) == ref.legal_moves(hand, ref.PASS_KEY, R)


@settings(max_examples=80, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(1, 26))
def test_card_pick(rnd, size):
    """Picked suits are held and make the move; a 副510K loses the fewest 正510K sets possible."""
    v, R = setup(0)
    deck = list(ref.DECK)
    rnd.shuffle(deck)
    hand = deck[:size]
    counts, suits = encode(hand)
    out = empty_moves(MAX_MOVES)
    n = generate_moves(counts, suits, np.array(ref.PASS_KEY, np.int64), v, out)
    take = np.zeros((13, 4), np.int64)
    scratch = np.zeros(13, np.int64)
    before = suits.copy()
    for i in range(n):
        k = tuple(int(x) for x in out[i])
        assert pick_suits(out[i], suits, scratch, take) == k[2]
        assert (suits == before).all()
        assert (take <= suits).all()
        cards = [card_id(r, s) for r in range(13) for s in range(4) for _ in range(int(take[r, s]))]
        assert k in ref.classify_counts({r: int(take[r].sum()) for r in range(13)}, R) or k[0] == ref.FIFTY_K
        if k[0] == ref.FIFTY_K:
            picked = [(r, s) for r in range(13) for s in range(4) if take[r, s]]
            suits_used = {s for _, s in picked}
            assert (len(suits_used) == 1) == (k[4] < 4), (k, picked)
            if k[4] == 4:
                lost = zheng_sets(suits) - zheng_sets(suits - take)
                best = min(zheng_sets(suits) - zheng_sets(_minus(suits, a, b, c))
                           for a in range(4) for b in range(4) for c in range(4)
                           if suits[2, a] and suits[7, b] and suits[10, c] and not a == b == c)
                assert lost == best
        assert len(cards) == k[2]


def _minus(suits, a, b, c):
    s = suits.copy()
    s[2, a] -= 1
    s[7, b] -= 1
    s[10, c] -= 1
    return s


def key_of(text, rules=None, kind=None):
    """The one key of a card list written like '♥5 ♥10 ♥K' or '3344' (suit ♠ unless given)."""
    cards = []
    used = set()
    for tok in text.replace("10", "T").split():
        suit = "♠♥♣♦".index(tok[0]) if tok[0] in "♠♥♣♦" else None
        body = tok[1:] if suit is not None else tok
        for ch in body:
            r = "3456789TJQKA2".index(ch)
            for s in ([suit] if suit is not None else range(4)):
                for d in range(2):
                    c = card_id(r, s, d)
                    if c not in used:
                        used.add(c)
                        cards.append(c)
                        break
                else:
                    continue
                break
    keys = ref.classify(cards, rules)
    if kind is not None:
        keys = {k for k in keys if k[0] == kind}
    return keys


def one(text, rules=None):
    keys = key_of(text, rules)
    assert len(keys) == 1, (text, keys)
    return np.array(next(iter(keys)), np.int64)


def test_spec_examples():
    """wushik.md §14, patterns 1-5, through the kernel beat rule."""
    v, R = setup(0)
    pc = ref.PAIR_CHAIN
    assert next(iter(key_of("3344")))[0] == pc and next(iter(key_of("KKAA")))[0] == pc
    hand = encode([c for c in ref.DECK])  # the whole deck: every chain the rules allow
    out = empty_moves(MAX_MOVES)
    n = generate_moves(hand[0], hand[1], np.array(ref.PASS_KEY, np.int64), v, out)
    chains = {(int(out[i, 1]), int(out[i, 5])) for i in range(n) if out[i, 0] == pc}
    assert min(chains) == (1, 2) and (11, 2) in chains and all(top <= 11 for top, _ in chains)  # 3344 .. KKAA
    assert not key_of("AA22") and not key_of("2233")
    assert key_of("333444") and not key_of("AAA222")
    trio = {(int(out[i, 1]), int(out[i, 5])) for i in range(n) if out[i, 0] == ref.TRIO_CHAIN}
    assert max(top for top, _ in trio) == 11  # KKKAAA is the largest
    assert not beats(one("5566"), one("334455"), v)
    assert beats(one("4455"), one("3344"), v)
    assert beats(one("♥5 ♥10 ♥K"), one("♠5 ♦10 ♣K"), v)
    assert not beats(one("♠5 ♠10 ♠K"), one("♥5 ♥10 ♥K"), v)
    assert beats(one("3333"), one("♥5 ♥10 ♥K"), v) and beats(one("3333"), one("♠5 ♦10 ♣K"), v)
    assert beats(one("33333"), one("2222"), v)
    assert beats(one("22222"), one("33333"), v)
    assert beats(one("4444"), one("AAA"), v)
    v2, _ = setup(2)  # zheng_beats_fu = false: all 510K equal
    assert not beats(one("♥5 ♥10 ♥K"), one("♠5 ♦10 ♣K"), v2)
    assert not beats(one("♠5 ♦10 ♣K"), one("♥5 ♥10 ♥K"), v2)


@pytest.mark.parametrize("opt", range(len(OPTIONS)))
def test_full_hands_lead(opt):
    """Whole 26-card hands, leading: every move once, the set equal to the reference's."""
    v, R = setup(opt)
    rng = np.random.default_rng(opt)
    for _ in range(5):
        deck = list(rng.permutation(ref.DECK))
        hand = [int(c) for c in deck[:26]]
        assert kernel_moves(hand, ref.PASS_KEY, v) == ref.legal_moves(hand, ref.PASS_KEY, R)
