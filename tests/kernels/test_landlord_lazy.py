"""The random player's lazy generation (``ll_generate`` with ``want`` -2 / k) against the full
list (``want`` -1).

Lazily ``ll_generate`` counts each kind of move in closed form and builds only the move drawn;
the uniform random player's draw is only the same as over the full list if the count is the full
list's length and move number k is the full list's k-th move, record for record. Hypothesis draws rank
counts (many with long runs: chains, airplanes, the A-low..A-high chains of 上海, the quads
OpenSpiel's chains may not start on) and tops of every kind another hand could lead, under every
rule set of ``tests/kernels/test_landlord_moves.py``.
"""

import numpy as np
from hypothesis import given, settings, strategies as st

from kernels.climb.moves import empty_moves
from kernels.landlord.movegen import empty_work, ll_generate
from tests.kernels.test_landlord_moves import CASES, MAX_MOVES, _setup


def _counts(game, raw, run_from, run_len, run_depth):
    """Rank counts from hypothesis' ``raw`` (one entry per rank) with a run of ``run_depth`` cards
    per rank laid over ``run_len`` ranks from ``run_from`` (positions past A wrap to A low, 2)."""
    decks = 1 if game == "doudizhu" else 2
    c = np.zeros(16, np.int64)
    for r in range(15):
        c[r] = min(raw[r], 4 * decks if r < 13 else decks)
    run = [(run_from + i) % 13 for i in range(run_len)]
    for r in run:
        c[r] = max(c[r], min(run_depth, 4 * decks))
    cap = 20 if game == "doudizhu" else 33  # a landlord's hand at most (the move buffer's bound)
    for r in [r for r in range(15) if r not in run] + run[::-1]:
        c[r] -= min(c[r], max(0, int(c.sum()) - cap))
    return c


def _full(c, top, v, game):
    out = empty_moves(MAX_MOVES[game])
    n = ll_generate(c, top, v, out, empty_work(), np.int64(-1))
    return out[:n].copy()


def _same_draws(c, top, v, game):
    """The lazy count and every k-th move equal the full list's."""
    full = _full(c, top, v, game)
    one = empty_moves(2)
    work = empty_work()
    assert ll_generate(c, top, v, one, work, np.int64(-2)) == full.shape[0], (c[:15], top)
    for k in range(full.shape[0]):
        ll_generate(c, top, v, one, work, np.int64(k))
        assert tuple(one[0]) == tuple(full[k]), (c[:15], top, k, tuple(full[k]), tuple(one[0]))


counts15 = st.lists(st.integers(0, 4), min_size=15, max_size=15)


@settings(max_examples=250, deadline=None)
@given(case=st.integers(0, len(CASES) - 1), raw=counts15, run_from=st.integers(0, 12),
       run_len=st.integers(0, 13), run_depth=st.integers(1, 4), other_raw=counts15,
       other_run=st.integers(0, 12), other_len=st.integers(0, 13), other_depth=st.integers(1, 4),
       pick=st.integers(0, 10**6))
def test_lazy_equals_full_leading_and_over_every_kind(case, raw, run_from, run_len, run_depth, other_raw,
                                                       other_run, other_len, other_depth, pick):
    game, v, _ = _setup(case)
    c = _counts(game, raw, run_from, run_len, run_depth)
    _same_draws(c, np.zeros(7, np.int64), v, game)
    # tops: one play of each kind another hand could lead (chains of each length)
    tops = _full(_counts(game, other_raw, other_run, other_len, other_depth), np.zeros(7, np.int64), v, game)
    by_kind = {}
    for t in tops:
        by_kind.setdefault((int(t[0]), int(t[5])), []).append(t)
    for group in by_kind.values():
        _same_draws(c, group[pick % len(group)].copy(), v, game)


def test_lazy_whole_runs():
    """Hands holding every rank 1..4 times (the longest chains, A low and high) and every joker."""
    for case in range(len(CASES)):
        game, v, _ = _setup(case)
        for depth in range(1, 5):
            c = _counts(game, [0] * 13 + [2, 2], 0, 13, depth)
            _same_draws(c, np.zeros(7, np.int64), v, game)
            for t in _full(c, np.zeros(7, np.int64), v, game)[::7]:
                _same_draws(c, t.copy(), v, game)
