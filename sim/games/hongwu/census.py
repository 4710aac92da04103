"""``paiju census hongwu``: 39-card hands under the suit of the first 10 shown (or a fixed suit,
``census_trump``), each seat's trumps, pairs, triples, 拖拉机, points, ♥5s and jokers — no play."""

from __future__ import annotations

from typing import Callable

import numpy as np
import pyarrow as pa


def compute_census(spec, start: int, stop: int, on_progress: Callable[[int], None] | None = None) -> pa.Table:
    import numba

    from kernels.hongwu.play import census_range, census_template
    from kernels.run_vector import run_vector
    from sim.dealing import spec_tables
    from sim.games.hongwu.columns import CENSUS_FEATURES, census_columns
    from sim.games.hongwu.play import POLICY_DEFAULTS
    from sim.games.hongwu.rules import compile_rules
    from sim.games.trick.census import compute_census as family_census, trump_code
    from sim.games.trick.players import declaring_params

    tpl = census_template(compile_rules(spec.rules)["rules"], declaring_params(POLICY_DEFAULTS), spec_tables(spec))
    trump = trump_code(spec.rules)

    def run(lo: int, count: int, out: np.ndarray) -> None:
        census_range(tpl, run_vector(spec.seed, lo, count, 4 * numba.get_num_threads()), out, trump)

    return family_census(start, stop, run, CENSUS_FEATURES, census_columns(), on_progress)


def warm_up(spec) -> None:
    compute_census(spec, 0, 2)
