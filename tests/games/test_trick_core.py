"""The trick family's small kernels against the pure-Python reference (tests/reference/trick_rules.py)
in random positions: card order, decomposition, structure matching, throws, following, winners."""

from collections import Counter

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from kernels.trick.follow import N_DEMANDS, follow_legal, lead_demands
from kernels.trick.order import N_KINDS, OT_KCLS, OT_KSTR, OT_SADJ, OT_KSLOT
from kernels.trick.shape import decompose, match_key
from kernels.trick.throw import throw_check
from kernels.trick.trick import beats, follow_rank, lead_rank
from tests.reference import trick_rules as ref
from tests.games.trick_helpers import (
    any_class, class_kinds, hands_array, kernel_components, kernel_order, random_class_holding,
    random_order, ref_order, slot_counts, work_state,
)

GAMES = st.sampled_from(["tractor", "hongwu"])
SEEDS = st.integers(0, 2**32 - 1)
COPIES = {"tractor": 2, "hongwu": 3}


def _setup(game, seed):
    rng = np.random.default_rng(seed)
    level, trump, natural = random_order(rng, game)
    return rng, kernel_order(game, level, trump, natural), ref_order(game, level, trump, natural)


@settings(max_examples=60, deadline=None)
@given(GAMES, SEEDS)
def test_order_matches_reference(game, seed):
    _, ot, order = _setup(game, seed)
    for k in range(N_KINDS):
        assert ot[OT_KCLS, k] == order.cls[k]
        assert ot[OT_KSTR, k] == order.strength[k]
    for c, lv in order.levels.items():
        ref_adjacent = {(a, b) for chain in order.chains[c] for a, b in zip(chain, chain[1:])}
        for a in range(len(lv)):
            for b in range(len(lv)):
                for ka in lv[a]:
                    for kb in lv[b]:
                        adj = ot[OT_SADJ + c, ot[OT_KSLOT, kb]] == ot[OT_SADJ + c, ot[OT_KSLOT, ka]] + 1
                        assert adj == ((a, b) in ref_adjacent), (game, c, ka, kb)


@settings(max_examples=150, deadline=None)
@given(GAMES, SEEDS)
def test_decompose_matches_reference(game, seed):
    rng, ot, order = _setup(game, seed)
    cls = any_class(rng, ot)
    holding = random_class_holding(rng, class_kinds(ot, cls), COPIES[game], int(rng.integers(1, 16)), bool(rng.integers(0, 2)))
    sc = work_state(ot)
    n = decompose(slot_counts(ot, cls, holding), ot, cls, sc.rem, sc.comps)
    assert kernel_components(ot, cls, sc.comps, n) == ref.decompose(order, holding)


@settings(max_examples=200, deadline=None)
@given(GAMES, SEEDS)
def test_match_key_matches_exhaustive_search(game, seed):
    rng, ot, order = _setup(game, seed)
    cls = any_class(rng, ot)
    kinds = class_kinds(ot, cls)
    lead = random_class_holding(rng, kinds, COPIES[game], int(rng.integers(2, 9)), True)
    size = sum(lead.values())
    play = random_class_holding(rng, kinds, COPIES[game], size, True)
    if sum(play.values()) != size:
        return
    sc = work_state(ot)
    ncomp = decompose(slot_counts(ot, cls, lead), ot, cls, sc.rem, sc.comps)
    comps = ref.decompose(order, lead)
    key = match_key(slot_counts(ot, cls, play), ot, cls, sc.comps, ncomp, sc.rem, sc.dstart, sc.dslots, sc.ditem)
    want = ref.best_match(order, cls, play, comps)
    assert key == (-1 if want is None else want), (lead, play, comps)


@settings(max_examples=150, deadline=None)
@given(GAMES, SEEDS)
def test_throw_check_matches_reference(game, seed):
    rng, ot, order = _setup(game, seed)
    cls = any_class(rng, ot)
    kinds = class_kinds(ot, cls)
    pool = Counter({k: COPIES[game] for k in kinds})
    throw = random_class_holding(rng, kinds, COPIES[game], int(rng.integers(2, 8)), True)
    left = pool - throw
    rest = [k for k, n in left.items() for _ in range(n)]
    rng.shuffle(rest)
    others = [Counter(rest[i::4]) for i in range(3)]
    hands = [Counter()] + others  # the leader is seat 0
    sc = work_state(ot)
    ncomp = decompose(slot_counts(ot, cls, throw), ot, cls, sc.rem, sc.comps)
    cards, smallest = throw_check(sc.comps, ncomp, cls, hands_array(ot, hands), 0, ot, sc.failed)
    want_cards, want_smallest = ref.throw_result(order, cls, ref.decompose(order, throw), others)
    assert cards == want_cards
    if want_smallest is None:
        assert smallest == -1
    else:
        got = kernel_components(ot, cls, sc.comps, ncomp)[smallest]
        assert got == want_smallest


def _random_play(rng, hand: Counter, n: int, lead_cls: int, ot) -> list[int]:
    cards = [k for k, m in hand.items() for _ in range(m)]
    in_cls = [k for k in cards if ot[OT_KCLS, k] == lead_cls]
    if rng.integers(0, 2) == 0 and len(in_cls) >= n:
        return [int(x) for x in rng.choice(in_cls, size=n, replace=False)]
    return [int(x) for x in rng.choice(cards, size=min(n, len(cards)), replace=False)]


@settings(max_examples=300, deadline=None)
@given(GAMES, SEEDS, st.booleans())
def test_follow_legality_matches_reference(game, seed, must):
    rng, ot, order = _setup(game, seed)
    cls = any_class(rng, ot)
    kinds = class_kinds(ot, cls)
    lead = random_class_holding(rng, kinds, COPIES[game], int(rng.integers(1, 7)), True)
    n = sum(lead.values())
    others = [k for k in range(N_KINDS) for _ in range(COPIES[game])]
    hand = random_class_holding(rng, kinds, COPIES[game], int(rng.integers(0, 10)), True) + \
        Counter(int(x) for x in rng.choice(others, size=int(rng.integers(n, 12)), replace=False))
    hand = Counter({k: min(m, COPIES[game]) for k, m in hand.items()})
    if sum(hand.values()) < n:
        return
    sc = work_state(ot)
    ncomp = decompose(slot_counts(ot, cls, lead), ot, cls, sc.rem, sc.comps)
    comps = ref.decompose(order, lead)
    dem = np.zeros(N_DEMANDS, np.int64)
    lead_demands(sc.comps, ncomp, dem)
    hq = hands_array(ot, [hand])[0, cls]
    for _ in range(8):
        play = _random_play(rng, hand, n, cls, ot)
        got = follow_legal(np.array(play, np.int64), n, cls, hq, dem, must, ot, sc.pc)
        assert got == ref.legal_follow(order, must, cls, comps, hand, play), (lead, hand, play)


@settings(max_examples=200, deadline=None)
@given(GAMES, SEEDS)
def test_trick_winner_matches_reference(game, seed):
    rng, ot, order = _setup(game, seed)
    cls = any_class(rng, ot)
    kinds = class_kinds(ot, cls)
    lead = random_class_holding(rng, kinds, COPIES[game], int(rng.integers(1, 7)), True)
    n = sum(lead.values())
    sc = work_state(ot)
    ncomp = decompose(slot_counts(ot, cls, lead), ot, cls, sc.rem, sc.comps)
    comps = ref.decompose(order, lead)
    trump_kinds = class_kinds(ot, 4)
    plays = [[k for k, m in lead.items() for _ in range(m)]]
    for _ in range(3):
        r = rng.integers(0, 3)
        source = kinds if r == 0 else trump_kinds if r == 1 else list(range(N_KINDS))
        p = random_class_holding(rng, source, COPIES[game], n, True)
        if sum(p.values()) != n:
            p = Counter(int(x) for x in rng.choice([k for k in range(N_KINDS) for _ in range(COPIES[game])], size=n, replace=False))
        plays.append([k for k, m in p.items() for _ in range(m)])
    best, (bt, bk) = 0, lead_rank(cls, sc.comps)
    for i in range(1, 4):
        t, k = follow_rank(np.array(plays[i], np.int64), n, cls, ncomp > 1, sc.comps, ncomp, ot,
                           (sc.pc, sc.rem, sc.dstart, sc.dslots, sc.ditem))
        assert (t, k) == ref.play_rank(order, cls, comps, plays[i])
        if beats(t, k, bt, bk):
            best, bt, bk = i, t, k
    assert best == ref.trick_winner(order, cls, comps, plays)


@settings(max_examples=250, deadline=None)
@given(GAMES, SEEDS, st.booleans())
def test_constructed_follows_are_legal(game, seed, uniform):
    """The players' constructor (``build.compose_in_class``) always finds a follow that meets the
    must_follow_structure demands of the holding (as follow.py promises), by preference or at random."""
    from kernels.rng import seed_stream
    from kernels.trick.build import compose_in_class
    from kernels.trick.follow import D_RUN_K, D_RUN_W, structure_needs
    from kernels.trick.order import MAXS, N_CLS

    rng, ot, order = _setup(game, seed)
    cls = any_class(rng, ot)
    kinds = class_kinds(ot, cls)
    lead = random_class_holding(rng, kinds, COPIES[game], int(rng.integers(1, 9)), True)
    n = sum(lead.values())
    hand = random_class_holding(rng, kinds, COPIES[game], int(rng.integers(n, n + 10)), True)
    if sum(hand.values()) < n:
        return
    sc = work_state(ot)
    ncomp = decompose(slot_counts(ot, cls, lead), ot, cls, sc.rem, sc.comps)
    dem = np.zeros(N_DEMANDS, np.int64)
    lead_demands(sc.comps, ncomp, dem)
    hq = slot_counts(ot, cls, hand)
    need_run, t, p = structure_needs(hq, ot, cls, dem)
    pref = rng.random((N_CLS, MAXS))
    state = np.zeros(4, np.uint64)
    seed_stream(seed, 0, state)
    out = np.zeros(64, np.int64)
    m = compose_in_class(hq, ot, np.int64(cls), n, (need_run, dem[D_RUN_W], dem[D_RUN_K], t, p), pref, uniform, state,
                         (sc.rem, sc.pc, np.zeros(20, np.int64)), out)
    play = [int(x) for x in out[:m]]
    assert m == n
    assert ref.legal_follow(order, True, cls, ref.decompose(order, lead), hand, play), (lead, hand, play)


def test_reference_player_plays_whole_hands():
    """The pure-Python baseline engine of the benchmark plays legal whole hands of both games."""
    import random

    from tests.reference.trick_player import play_random_hand

    rng = random.Random(3)
    for game, total in (("tractor", 200), ("hongwu", 300)):
        for g in range(2):
            assert 0 <= play_random_hand(game, 5, g, rng) <= total
