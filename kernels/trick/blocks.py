"""Running a nogil block kernel over contiguous blocks of work on numba's thread count.

The family's batch entry points (``play_range`` of each game) split their games into ``n_blocks``
contiguous blocks and run a ``@njit(nogil=True)`` block kernel on each from a thread pool of
``numba.get_num_threads()`` workers (so ``NUMBA_NUM_THREADS`` / ``numba.set_num_threads`` apply).
This replaces a ``prange`` over blocks: the parallel-accelerator lowering re-optimises the whole
engine's code twice more, which cost ~30 s of the cold compile (measured: 78 s → 50 s CPU).
Results are identical either way — each game draws only from its own stream.

Plain Python (no numba): importing it compiles nothing.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor


def block_bounds(n_items: int, n_blocks: int) -> list[tuple[int, int]]:
    """``n_blocks`` (at least 1, at most ``n_items``) contiguous [lo, hi) ranges covering n_items."""
    n_blocks = max(1, min(n_items, n_blocks))
    return [((n_items * b) // n_blocks, (n_items * (b + 1)) // n_blocks) for b in range(n_blocks)]


def run_blocks(block_fn, n_items: int, n_blocks: int, *args) -> list:
    """Call ``block_fn(*args, lo, hi)`` for every block, in parallel on numba's thread count; the
    blocks' results in block order."""
    import numba

    bounds = block_bounds(n_items, n_blocks)
    workers = max(1, min(len(bounds), numba.get_num_threads()))
    if workers == 1:
        return [block_fn(*args, lo, hi) for lo, hi in bounds]
    with ThreadPoolExecutor(max_workers=workers) as pool:
        return [f.result() for f in [pool.submit(block_fn, *args, lo, hi) for lo, hi in bounds]]
