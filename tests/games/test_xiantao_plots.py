"""仙桃千分 plots on thin data: a wild count seen in a single seat-hand has no finite interval."""

import numpy as np

from analysis.plots import RatioBySeat
from sim.games.xiantao.plots import _wilds_finish_figure


def test_wilds_figure_draws_when_a_bucket_has_one_seat_hand():
    first, place = RatioBySeat(7), RatioBySeat(7)
    buckets = np.array([[0, 1, 1, 2], [0, 1, 2, 2], [6, 1, 0, 2]])  # 6 wilds: one seat-hand only
    first.add(buckets, np.array([[1, 0, 0, 0], [0, 1, 0, 0], [1, 0, 0, 0]], float))
    place.add(buckets, np.array([[1, 2, 3, 4], [2, 1, 4, 3], [1, 3, 4, 2]], float))
    assert not np.isfinite(first.stat(6).ci_low) or not np.isfinite(first.stat(6).ci_high)
    figure = _wilds_finish_figure(first, place, skipped=0)
    assert figure.slug == "wilds_vs_finish" and len(figure.png) > 1000
