"""``paiju census tractor``: 25-card hands at level '2' under the trump the smart bots declare (or a
fixed suit, ``census_trump``), each seat's trumps, pairs, 拖拉机, points and jokers — no play."""

from __future__ import annotations

from typing import Callable

import numpy as np
import pyarrow as pa


def compute_census(spec, start: int, stop: int, on_progress: Callable[[int], None] | None = None) -> pa.Table:
    import numba

    from kernels.run_vector import run_vector
    from kernels.tractor.play import census_range, census_template
    from sim.dealing import spec_tables
    from sim.games.trick.census import compute_census as family_census, trump_code
    from sim.games.trick.players import declaring_params
    from sim.games.tractor.columns import CENSUS_FEATURES, census_columns
    from sim.games.tractor.play import POLICY_DEFAULTS
    from sim.games.tractor.rules import compile_rules

    tpl = census_template(compile_rules(spec.rules)["rules"], declaring_params(POLICY_DEFAULTS), spec_tables(spec))
    trump = trump_code(spec.rules)

    def run(lo: int, count: int, out: np.ndarray) -> None:
        census_range(tpl, run_vector(spec.seed, lo, count, 4 * numba.get_num_threads()), out, trump)

    return family_census(start, stop, run, CENSUS_FEATURES, census_columns(), on_progress)


def warm_up(spec) -> None:
    compute_census(spec, 0, 2)
