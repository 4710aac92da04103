"""干瞪眼 smart's planner on packed counts (``plan_packed``) against its rank-by-rank twin
(``tests/reference/gandengyan_plan.py``): random hands of every option set, after each of their plays
(and after none)."""

import numpy as np
from hypothesis import given, settings, strategies as st

from kernels.climb.moves import empty_moves
from kernels.gandengyan.movegen import empty_work, gd_generate
from kernels.gandengyan.moves import JOKER
from kernels.gandengyan.policies import plan_packed
from sim.games.gandengyan.rules import max_moves
from tests.games.test_gandengyan_moves import OPTION_SETS, setup
from tests.reference import gandengyan_plan as ref_plan


@settings(max_examples=300, deadline=None)
@given(case=st.integers(0, len(OPTION_SETS)), seed=st.integers(0, 2**32 - 1), size=st.integers(0, 20))
def test_the_packed_planner_is_the_rank_by_rank_one(case, seed, size):
    if case == len(OPTION_SETS):  # the default (qq)
        from sim.games.gandengyan.rules import GandengyanRules, compile_rules

        rules = GandengyanRules()
        v = compile_rules(rules).rules
    else:
        rules, v = setup(case)
    rng = np.random.default_rng(seed)
    pack = [r for r in range(13) for _ in range(4 * rules.decks)] + [JOKER] * (2 * rules.decks)
    c = np.zeros(16, np.int64)
    for k in rng.choice(len(pack), min(size, len(pack)), replace=False):
        c[pack[k]] += 1
    out = empty_moves(max_moves(rules))
    n = gd_generate(c, np.zeros(7, np.int64), v, out, empty_work())
    hand = sum(int(c[r]) << (4 * r) for r in range(13))
    for cards in [0] + [int(out[i, 6]) for i in range(n)]:
        want = ref_plan.plan_after(c.tolist(), cards, v)
        assert plan_packed(hand - cards, v) == want, (c.tolist(), cards)
