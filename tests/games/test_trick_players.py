"""The players of the trick family: smart beats greedy and greedy beats random in seat-rotated
runs (teams swap every hand), by a margin of at least five standard errors (fixed seeds)."""

import numpy as np
import pytest

from kernels.run_vector import run_vector
from kernels.trick.players import params_matrix

NAMES = ["random", "greedy", "smart"]


def money_per_player(game: str, a: str, b: str, n: int, seed: int) -> np.ndarray:
    """Money per hand of one player of policy ``a`` (teams a-b-a-b, seats rotated every hand)."""
    pols = [a, b, a, b]
    pol = np.array([NAMES.index(p) for p in pols], np.int64)
    pp = params_matrix(pols)
    if game == "tractor":
        from kernels.tractor.layout import LAYOUT, ROW_LEN
        from kernels.tractor.play import play_range, template
        from sim.games.tractor.rules import TractorRules as Rules, compile_rules
        from sim.games.tractor.scoring import score
        rows = np.zeros((n, ROW_LEN), np.int64)
        play_range(template(compile_rules(Rules())["rules"], pol, pp), run_vector(seed, 0, n, 4, rotate=True), rows)
    else:
        from kernels.hongwu.layout import LAYOUT, ROW_LEN
        from kernels.hongwu.play import play_range, template
        from sim.games.hongwu.rules import HongwuRules as Rules, compile_rules
        from sim.games.hongwu.scoring import score
        rows = np.zeros((n, ROW_LEN), np.int64)
        play_range(template(compile_rules(Rules())["rules"], pol, pp), run_vector(seed, 0, n, 4, rotate=True), rows)
    s = score(LAYOUT.unpack(rows, 4), Rules())
    g = np.arange(n)  # seat k of hand g plays pols[(k + g) % 4]: a sits at even seats when g is even
    return np.where(g % 2 == 0, s["s0_money"] + s["s2_money"], s["s1_money"] + s["s3_money"]) / 2


@pytest.mark.parametrize("game, n", [("tractor", 2000), ("hongwu", 3000)])
@pytest.mark.parametrize("a, b", [("smart", "greedy"), ("greedy", "random")])
def test_better_policy_wins(game, n, a, b):
    m = money_per_player(game, a, b, n, seed=101)
    se = m.std(ddof=1) / np.sqrt(n)
    assert m.mean() - 5 * se > 0, f"{game}: {a} vs {b}: {m.mean():+.3f} ± {se:.3f}"
