"""仙桃千分 player fixes, each behind a parameter so that its effect can be measured on the same
deals: ``keep_big`` (a 7张/8张 goes out whole, as a hard 7/8), ``spare_bombs`` (bomb what cannot be
beaten otherwise while holding bombs), and the search player's ``confidence`` rule."""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from kernels.xiantao.layout import PLAY
from kernels.climb.search_pick import confident_best
from sim.games.xiantao.play import rows_to_table, run_kernel
from tests.games.xiantao_helpers import make_spec
from tests.reference import search as ref


def _seat(table, name):
    return np.stack([table.column(f"s{k}_{name}").to_numpy() for k in range(4)], axis=1).astype(np.int64)


def _big_groups(keep_big, n=3000, seed=17):
    spec = make_spec(("smart",) * 4, n=n, seed=seed, params=[{"keep_big": keep_big}] * 4)
    t = rows_to_table(spec, 0, run_kernel(spec, 0, n))
    big = _seat(t, "seven") + _seat(t, "eight")
    return big, _seat(t, "big_whole"), _seat(t, "left_max_bomb")


def test_keep_big_never_splits_a_7张_or_8张():
    """With keep_big every 7张/8张 dealt is played whole or still held whole at the end (a bomb of
    7+ left); without it smart splits most of them, on the same deals."""
    big, whole, left = _big_groups(1)
    held = big > 0
    assert held.sum() >= 10  # enough holders to see the difference (about 0.25% of seat-hands)
    assert ((whole == big) | (left >= 7))[held].all()
    big0, whole0, left0 = _big_groups(0)
    assert np.array_equal(big0, big)
    assert (~((whole0 == big0) | (left0 >= 7)))[held].mean() > 0.5


def test_spare_bombs_spends_the_bombs_a_losing_seat_kept():
    """Seat 0 with spare_bombs=1 against the default: on the same deals, it loses while still
    holding a 4+ bomb or 王炸 far less often (paired, more than 5 standard errors)."""
    def lost_holding(spare):
        spec = make_spec(("smart",) * 4, n=3000, seed=23, params=[{"spare_bombs": spare}, {}, {}, {}])
        t = rows_to_table(spec, 0, run_kernel(spec, 0, 3000))
        won = t.column("s0_won").to_numpy().astype(bool)
        left = (t.column("s0_left_max_bomb").to_numpy() >= 4) | t.column("s0_left_wangzha").to_numpy().astype(bool)
        return (~won & left).astype(np.float64)
    d = lost_holding(99) - lost_holding(1)
    assert d.mean() > 5 * d.std(ddof=1) / np.sqrt(len(d))


@settings(max_examples=200, deadline=None)
@given(data=st.data(), worlds=st.integers(1, 6), others=st.integers(1, 5), z=st.sampled_from([0.0, 0.5, 1.0, 2.0]))
def test_confident_best_matches_the_reference(data, worlds, others, z):
    world_gains = st.lists(st.integers(-20, 20).map(float), min_size=worlds, max_size=worlds)
    gains = [[0.0] * worlds] + [data.draw(world_gains) for _ in range(others)]  # 0: the heuristic's own move
    g = np.array([sum(c) for c in gains])
    g2 = np.array([sum(x * x for x in c) for c in gains])
    assert confident_best(g, g2, len(gains), worlds, z) == ref.confident_best(gains, z)


def test_search_rows_count_the_confident_departures():
    """Demanding more confidence makes search leave smart's move less often on the same deals."""
    def agree_rate(z):
        spec = make_spec(("search", "smart", "smart", "smart"), n=24, seed=31,
                         params=[{"worlds": 4, "candidates": 4, "confidence": z}, {}, {}, {}])
        rows = run_kernel(spec, 0, 24)
        col = PLAY.at("search_decisions")
        return rows[:, PLAY.at("search_agree")].sum() / rows[:, col].sum()
    assert agree_rate(0.0) < agree_rate(3.0)
