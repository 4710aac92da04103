"""The climbing family's shared generators and player pieces (``kernels.climb.gen``,
``kernels.climb.plan``) against their pure-Python twins (``tests/reference/climb_gen.py``) on
seeded random hands."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from kernels.climb import gen, plan
from kernels.climb.moves import (
    PAIR, PAIR_CHAIN, PASS, SINGLE, STRAIGHT, TRIO_CHAIN, TRIPLE, chain_pos, pack_counts, pos_rank, unpack_counts,
)
from kernels.climb.search_params import SEARCH_DEFAULTS
from tests.reference import climb_gen as ref

counts = st.lists(st.integers(0, 8), min_size=16, max_size=16).map(lambda xs: np.array(xs, np.int64))


def _rows(out, n):
    return [tuple(int(x) for x in out[i]) for i in range(n)]


@settings(max_examples=300, deadline=None)
@given(c=counts, tk=st.sampled_from([PASS, SINGLE, PAIR, TRIPLE, STRAIGHT]), lowest=st.integers(0, 13),
       pack=st.booleans())
def test_gen_sets_is_its_twin(c, tk, lowest, pack):
    out = np.full((64, 7), 99, np.int64)
    n = gen.gen_sets(c, tk, lowest, pack, out, 0)
    assert _rows(out, n) == ref.gen_sets(c, tk, lowest, pack)


@settings(max_examples=300, deadline=None)
@given(c=counts, kind_per=st.sampled_from([(STRAIGHT, 1), (PAIR_CHAIN, 2), (TRIO_CHAIN, 3)]),
       min_len=st.integers(2, 5), lo=st.sampled_from([0, 2]), lowest_hi=st.integers(0, 14),
       want_len=st.sampled_from([-1, 2, 3, 5, 7, 12]), pack=st.booleans())
def test_gen_chains_is_its_twin(c, kind_per, min_len, lo, lowest_hi, want_len, pack):
    kind, per = kind_per
    c[:13] = np.minimum(c[:13], 4)  # packed cards hold counts below 16
    out = np.full((256, 7), 99, np.int64)
    n = gen.gen_chains(c, kind, per, min_len, lo, lowest_hi, want_len, pack, out, 3)
    assert _rows(out, n)[3:] == ref.gen_chains(c, kind, per, min_len, lo, lowest_hi, want_len, pack)


def test_put_move_drops_a_record_when_full():
    out = np.zeros((1, 7), np.int64)
    assert gen.gen_sets(np.full(16, 3, np.int64), PASS, 0, False, out, 0) == 1


@settings(max_examples=200, deadline=None)
@given(sc=st.lists(st.integers(0, 2), min_size=52, max_size=52))
def test_fifty_k_masks_are_their_twins(sc):
    suit_counts = np.array(sc, np.int64).reshape(13, 4)
    masks = [gen.suit_mask(suit_counts, r) for r in (2, 7, 10)]
    assert masks == [ref.suit_mask(suit_counts.tolist(), r) for r in (2, 7, 10)]
    assert gen.fu_possible(*masks) == ref.fu_possible(*masks)


@settings(max_examples=200, deadline=None)
@given(sizes=st.lists(st.integers(1, 8), min_size=1, max_size=20), left=st.integers(1, 9),
       hand_left=st.lists(st.integers(0, 27), min_size=4, max_size=4), seat=st.integers(0, 3))
def test_player_pieces_are_their_twins(sizes, left, hand_left, seat):
    moves = np.zeros((len(sizes), 7), np.int64)
    moves[:, 2] = sizes
    assert plan.going_out(moves, len(sizes), left) == ref.going_out(moves.tolist(), len(sizes), left)
    hl = np.array(hand_left, np.int64)
    assert plan.enemy_min(seat, hl) == ref.enemy_min(seat, hand_left)
    for lone in (-1, 0, 3):
        assert plan.enemy_min(seat, hl, lone) == ref.enemy_min(seat, hand_left, lone)


def test_params_matrix_orders_defaults_and_overrides():
    defaults = {"a": {"x": 1, "y": 2}, "b": {"x": 3, "y": 4}}
    pp = plan.params_matrix(["a", "b"], [{}, {"y": 9}], defaults, ("y", "x"))
    assert pp.tolist() == [[2.0, 1.0], [9.0, 3.0]]


def test_with_search_adds_the_search_player_on_smarts_values():
    out = plan.with_search({"random": {"x": 0}, "smart": {"x": 2}})
    assert list(out) == ["random", "smart", "search"]
    assert out["search"] == out["smart"] == {"x": 2, **SEARCH_DEFAULTS} and out["search"] is not out["smart"]
    assert out["random"] == {"x": 0, **SEARCH_DEFAULTS}


def test_packed_counts_round_trip():
    counts = (0, 1, 2, 3, 4, 15, 0, 0, 0, 0, 0, 0, 1, 2, 0)
    assert unpack_counts(pack_counts(counts)) == counts
    assert unpack_counts(pack_counts(counts), 6) == counts[:6]
    assert pos_rank(chain_pos(12)) == 12 and all(pos_rank(chain_pos(r)) == r for r in range(12))


def test_chain_positions_kernels_are_their_twins():
    """The kernels' ``chain_pos`` / ``pos_rank`` (kernels.climb.gen) agree with the record helpers'."""
    assert [gen.chain_pos(r) for r in range(13)] == [chain_pos(r) for r in range(13)]
    assert [gen.pos_rank(p) for p in range(14)] == [pos_rank(p) for p in range(14)]


def test_reset_deck_restores_the_template():
    from kernels.deal import reset_deck, shuffle
    from kernels.rng import seed_stream

    template = np.arange(54, dtype=np.int16)
    deck = template.copy()
    state = np.empty(4, np.uint64)
    seed_stream(np.uint64(3), 0, state)
    shuffle(state, deck)
    assert not np.array_equal(deck, template)
    reset_deck(deck, template)
    assert np.array_equal(deck, template)


def test_fix_values_gives_the_tables_or_empty_ones():
    """``kernels.deal.fix_values``: --fix's tables as int64 for ``FIX_SLOTS``, (0, 0) tables (which
    place nothing) when a run fixes no card; the slots are the two the values name."""
    from kernels.deal import FIX_SLOTS, fix_values

    none = fix_values()
    assert sorted(none) == sorted(s.name for s in FIX_SLOTS)
    assert all(v.shape == (0, 0) and v.dtype == np.int64 for v in none.values())
    given = fix_values([[5, 7]], [[0, 1], [2, 3]])
    assert given["fix_card"].tolist() == [[5, 7]] and given["fix_slots"].dtype == np.int64
    assert given["fix_slots"].tolist() == [[0, 1], [2, 3]]


@settings(max_examples=400, deadline=None)
@given(c=st.lists(st.integers(0, 3), min_size=13, max_size=13), times=st.integers(1, 3))
def test_take_straights_is_its_twin(c, times):
    m1, m2, m3 = (sum(1 << r for r in range(13) if c[r] == k) for k in (1, 2, 3))
    assert tuple(int(x) for x in plan.take_straights(m1, m2, m3, times)) == ref.take_straights(m1, m2, m3, times)
