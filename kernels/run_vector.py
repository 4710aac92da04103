"""A run's numbers in one int64 vector, for every family's batch entry points.

``run_vector`` packs what a batch call needs to know about its game indices: the seed (kept as its
64 bits: read it back with ``np.uint64(run[RUN_SEED])``), the first game index ``RUN_START``, how
many ``RUN_COUNT``, the hands of a session ``RUN_HANDS_PER_SESSION``, ``RUN_ROTATE`` (seat k of game
g played by seat ``(k + g) % n``'s player), ``RUN_DUPLICATE`` (game g plays deal ``g // n`` turned
by ``g % n``) and the parallel blocks ``RUN_BLOCKS``. One array instead of seven arguments: an entry
point's signature stays short, and a kernel reads the slots it uses.

Plain numpy (no numba): importing it compiles nothing.
"""

from __future__ import annotations

import numpy as np

RUN_SEED, RUN_START, RUN_COUNT, RUN_HANDS_PER_SESSION, RUN_ROTATE, RUN_DUPLICATE, RUN_BLOCKS = range(7)
RUN_LEN = 7


def run_vector(seed, start=0, count=0, blocks=1, hands_per_session=1, rotate=False, duplicate=False) -> np.ndarray:
    """The ``RUN_*`` vector (the seed kept as its 64 bits)."""
    v = np.zeros(RUN_LEN, np.int64)
    v[RUN_SEED] = np.array([seed], np.uint64).view(np.int64)[0]
    v[RUN_START], v[RUN_COUNT], v[RUN_BLOCKS] = start, count, blocks
    v[RUN_HANDS_PER_SESSION], v[RUN_ROTATE], v[RUN_DUPLICATE] = hands_per_session, rotate, duplicate
    return v
