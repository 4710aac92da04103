"""A run's numbers in one vector (``kernels.run_vector``): every slot where its name says, the seed's
64 bits kept whole (a seed above 2**63 reads back the same), and the climbing driver's names are
the same objects."""

from __future__ import annotations

import numpy as np

from kernels import run_vector as R


def test_slots_and_seed_bits():
    seed = 2**64 - 3
    v = R.run_vector(seed, start=5, count=40, blocks=3, hands_per_session=4, rotate=True, duplicate=True)
    assert v.dtype == np.int64 and len(v) == R.RUN_LEN
    assert np.uint64(v[R.RUN_SEED]) == np.uint64(seed)
    assert (v[R.RUN_START], v[R.RUN_COUNT], v[R.RUN_BLOCKS], v[R.RUN_HANDS_PER_SESSION]) == (5, 40, 3, 4)
    assert v[R.RUN_ROTATE] == 1 and v[R.RUN_DUPLICATE] == 1


def test_defaults():
    v = R.run_vector(7)
    assert np.uint64(v[R.RUN_SEED]) == 7 and v[R.RUN_BLOCKS] == 1 and v[R.RUN_HANDS_PER_SESSION] == 1
    assert v[R.RUN_START] == v[R.RUN_COUNT] == v[R.RUN_ROTATE] == v[R.RUN_DUPLICATE] == 0


def test_climb_driver_reexports():
    from kernels.climb import run

    assert run.run_vector is R.run_vector and run.RUN_SEED == R.RUN_SEED and run.RUN_LEN == R.RUN_LEN
