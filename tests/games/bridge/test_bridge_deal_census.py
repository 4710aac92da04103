"""The bridge deal and census kernels against the pure-Python reference, and the batched draws."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from kernels.bridge.cards import card_name, from_shared, to_shared
from kernels.bridge.hand import PATTERN_NAMES
from sim.games.bridge.kernel_rows import census, deal_masks
from tests.reference import bridge as ref


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**63 - 1), g=st.integers(0, 2**40))
def test_deal_equals_reference(seed, g):
    hands, _ = ref.deal(seed, g)
    assert deal_masks(seed, g, g + 1)[0].tolist() == [ref.mask_of(h) for h in hands]


def test_every_card_dealt_once_thirteen_each():
    masks = deal_masks(3, 0, 20_000)
    assert (np.bitwise_or.reduce(masks, axis=1) == np.uint64((1 << 52) - 1)).all()
    for a in range(4):
        for b in range(a + 1, 4):
            assert not (masks[:, a] & masks[:, b]).any()
    counts = np.array([[bin(int(x)).count("1") for x in row] for row in masks[:200]])
    assert (counts == 13).all()


def test_deals_do_not_depend_on_shards():
    whole = deal_masks(11, 0, 1000)
    parts = np.concatenate([deal_masks(11, a, b) for a, b in ((0, 1), (1, 333), (333, 1000))])
    assert (whole == parts).all()


def test_census_equals_reference():
    seed, start, n = 20261201, 5000, 1500
    cols = census(seed, start, start + n)
    for i in range(n):
        hands, _ = ref.deal(seed, start + i)
        want = ref.census_row(hands)
        for key, value in want.items():
            got = cols[key][i]
            got = PATTERN_NAMES[got] if key.endswith("pattern") else int(got)
            assert got == value, (start + i, key)


def _chain(x32: int, ranges: list[int]) -> tuple[list[int], int]:
    """The kernel's batched draw: successive 32-bit multiplications."""
    r, digits = x32, []
    for n in ranges:
        m = r * n
        digits.append(m >> 32)
        r = m & 0xFFFFFFFF
    return digits, r


@settings(max_examples=300, deadline=None)
@given(x=st.integers(0, 2**32 - 1), batch=st.sampled_from(ref.BATCHES))
def test_batched_chain_is_one_lemire_draw(x, batch):
    """The multiplication chain yields the mixed-radix digits of floor(x * P / 2**32) and leaves
    x * P mod 2**32: Lemire's draw in [0, P), so its rejection makes the digits exactly uniform."""
    top, size = batch
    ranges = [top - k for k in range(size)]
    product = int(np.prod(ranges))
    digits, rest = _chain(x, ranges)
    assert rest == (x * product) & 0xFFFFFFFF
    a = (x * product) >> 32
    for k, n in enumerate(ranges):
        weight = int(np.prod(ranges[k + 1:])) if k + 1 < len(ranges) else 1
        assert digits[k] == (a // weight) % n


def test_batched_draw_exactly_uniform_on_small_words():
    """The same method with 10-bit words, every word enumerated: accepted words hit each digit
    tuple equally often."""
    bits, ranges = 10, [5, 4, 3]
    product = 60
    hits: dict[tuple, int] = {}
    for x in range(1 << bits):
        r, digits = x, []
        for n in ranges:
            m = r * n
            digits.append(m >> bits)
            r = m & ((1 << bits) - 1)
        if r >= (1 << bits) % product:
            hits[tuple(digits)] = hits.get(tuple(digits), 0) + 1
    assert len(hits) == product and len(set(hits.values())) == 1


def test_card_ids_map_to_shared_ids():
    assert card_name(51) == "SA" and card_name(0) == "C2" and card_name(13 + 8) == "DT"
    assert sorted(to_shared(c) for c in range(52)) == list(range(52))
    assert all(from_shared(to_shared(c)) == c for c in range(52))
    assert to_shared(51) == 11 * 4 + 0  # ♠A: shared rank 11 (A), suit 0 (♠)
