"""干瞪眼 legal moves by kind, lazily (``kernels.gandengyan.lazy``): for seeded random hands of every
option set, leading and following a play of another hand, ``gd_random`` counts what ``gd_generate``
lists and, from the same random state, draws the same number and gives the same move as
``bounded`` over the full list (the random player's choice), leaving the state where it would."""

import numpy as np
import pytest

from kernels.climb.moves import empty_moves
from kernels.gandengyan.lazy import gd_random
from kernels.gandengyan.movegen import empty_work, gd_generate
from kernels.gandengyan.moves import JOKER
from kernels.rng import bounded, seed_stream
from sim.games.gandengyan.rules import max_moves
from tests.games.test_gandengyan_moves import OPTION_SETS, pack, setup


def _hand(rng, cards, size):
    c = np.zeros(16, np.int64)
    for i in rng.choice(len(cards), size=size, replace=False):
        c[cards[i]] += 1
    return c


@pytest.mark.parametrize("case", range(len(OPTION_SETS)))
def test_lazy_random_choice_equals_the_full_list(case):
    rules, v = setup(case)
    cards = pack(rules)
    rng = np.random.default_rng(1000 + case)
    full, lazy, work = empty_moves(max_moves(rules)), empty_moves(max_moves(rules)), empty_work()
    state = np.zeros(4, np.uint64)
    seed_stream(np.uint64(77), case, state)
    checked = 0
    for _ in range(400):
        size = int(rng.integers(1, 14))
        c = _hand(rng, cards, size)
        if rng.random() < 0.5:  # more jokers than a deal gives often: every completion counts
            c[JOKER] = min(2 * rules.decks, c[JOKER] + 1)
        tops = [np.zeros(7, np.int64)]
        other = _hand(rng, cards, int(rng.integers(1, 14)))
        m = gd_generate(other, tops[0], v, full, work)
        tops += [full[i].copy() for i in rng.choice(m, size=min(m, 3), replace=False)] if m else []
        for top in tops:
            lead = top[0] == 0
            n = gd_generate(c, top, v, full, work)
            for _ in range(4):  # a few draws from the same hand
                want_state = state.copy()
                want = -1
                if n > 0:
                    k = bounded(want_state, n if lead else n + 1)
                    want = k if k < n else -1
                got_n, row = gd_random(c, top, v, lazy, work, state, lead)
                assert got_n == n
                assert (state == want_state).all()
                assert (row < 0) == (want < 0), (c, top)
                if want >= 0:
                    assert tuple(lazy[row]) == tuple(full[want]), (c, top, want)
                    checked += 1
    assert checked > 1000
