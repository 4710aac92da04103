"""Wild completion (``kernels.shuangkou.wild.complete``) against the reference's brute force.

Exhaustively: every play of at most 6 cards — natural cards of the ranks 3..J and 2, with at most
4 of a rank, plus any 小王 / 大王 — under each ``wild_jokers`` mode; the kernel's patterns (kind,
rank, wild values) equal those of ``tests.reference.shuangkou_rules.classify``, which tries every
value for every joker. Larger plays with 连炸 are drawn at random.
"""

from itertools import combinations_with_replacement

import numpy as np
from hypothesis import given, settings, strategies as st

from kernels.shuangkou.wild import complete
from tests.reference import shuangkou_rules as ref

MODES = ("both", "big_only", "none")
SMALL_RANKS = (0, 1, 2, 3, 4, 5, 6, 7, 8, 12)


def kernel(nat, sj, bj, mode, lianzha, out):
    n = complete(np.array(nat, np.int64), sj, bj, mode, lianzha, out)
    return {tuple(int(x) for x in out[i]) for i in range(n)}


def small_plays(max_cards=6):
    for k in range(0, max_cards + 1):
        for ranks in combinations_with_replacement(SMALL_RANKS, k):
            nat = [0] * 13
            for r in ranks:
                nat[r] += 1
            if max(nat) > 4:
                continue
            for sj in range(3):
                for bj in range(3):
                    if 0 < k + sj + bj <= max_cards:
                        yield tuple(nat), sj, bj


def test_exhaustive_small_plays():
    out = np.zeros((64, 7), np.int64)
    checked = legal = 0
    for nat, sj, bj in small_plays():
        for m, mode in enumerate(MODES):
            got = kernel(nat, sj, bj, m, False, out)
            assert got == ref.classify(nat, sj, bj, {"wild_jokers": mode}), (nat, sj, bj, mode)
            checked += 1
            legal += bool(got)
    assert checked > 20000 and legal > 1000


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2), st.integers(0, 11), st.integers(1, 4), st.lists(st.integers(0, 8), min_size=4, max_size=4),
       st.integers(0, 2), st.integers(0, 2), st.booleans())
def test_runs_and_lianzha(mode, lo, width, counts, sj, bj, lianzha):
    """Plays over a few consecutive ranks (up to 32 naturals + jokers): runs, bombs, 连炸."""
    nat = [0] * 13
    for i in range(width):
        if lo + i < 13:
            nat[lo + i] = counts[i]
    if sum(nat) + sj + bj == 0:
        return
    out = np.zeros((64, 7), np.int64)
    got = kernel(tuple(nat), sj, bj, mode, lianzha, out)
    assert got == ref.classify(tuple(nat), sj, bj, {"wild_jokers": MODES[mode], "allow_lianzha": lianzha})
