"""Shared test helpers for the trick family: kernel order tables, a work state, random positions."""

from __future__ import annotations

from collections import Counter

import numpy as np

from kernels.trick.order import CLS_TRUMP, MAXS, OT_KCLS, OT_KSLOT, OT_NSLOT, OT_SKIND, new_table
from tests.reference import trick_rules as ref


def kernel_order(game: str, level: int, trump: int, natural: bool) -> np.ndarray:
    ot = new_table()
    if game == "tractor":
        from kernels.tractor.order import build_order
        build_order(ot, level, trump, 1 if natural else 0)
    else:
        from kernels.hongwu.order import build_order
        build_order(ot, trump, 1 if natural else 0)
    return ot


def ref_order(game: str, level: int, trump: int, natural: bool) -> ref.Order:
    if game == "tractor":
        return ref.tractor_order(level, trump, natural)
    return ref.hongwu_order(trump, natural)


def work_state(ot: np.ndarray | None = None):
    """A trick-family state (``kernels.trick.state.TRICK_CORE``) holding the card order ``ot``: its
    work buffers (``comps``, ``rem``, ``pc``, ``dstart``, ``dslots``, ``ditem``, ``failed``, ``dem``,
    ``pref``, ``rng``…) are what the small kernels take."""
    from kernels.trick.players import N_PP
    from kernels.trick.state import TRICK_CORE

    st = TRICK_CORE.allocate({"fix_card": np.zeros((0, 0), np.int64), "fix_slots": np.zeros((0, 0), np.int64)},
                             ids=162, params=N_PP, rules=1, log_rows=1)
    if ot is not None:
        st.ot[:] = ot
    return st


def slot_counts(ot: np.ndarray, cls: int, counts: Counter) -> np.ndarray:
    pc = np.zeros(MAXS, np.int64)
    for k, n in counts.items():
        if n and ot[OT_KCLS, k] == cls:
            pc[ot[OT_KSLOT, k]] += n
    return pc


def hands_array(ot: np.ndarray, hands: list[Counter]) -> np.ndarray:
    """hands[seat, cls, slot] counts from per-seat kind counters."""
    out = np.zeros((4, 5, MAXS), np.int64)
    for seat, h in enumerate(hands):
        for k, n in h.items():
            out[seat, ot[OT_KCLS, k], ot[OT_KSLOT, k]] += n
    return out


def kernel_components(ot, cls, comps, n):
    """Kernel components as reference tuples (w, k, top, kinds low..high)."""
    out = []
    for i in range(n):
        w, k, top = int(comps[i, 0]), int(comps[i, 1]), int(comps[i, 3])
        kinds = tuple(int(ot[OT_SKIND + cls, comps[i, 4 + j]]) for j in range(k))
        out.append((w, k, top, kinds))
    return out


def class_kinds(ot: np.ndarray, cls: int) -> list[int]:
    return [int(ot[OT_SKIND + cls, s]) for s in range(ot[OT_NSLOT, cls])]


def random_class_holding(rng: np.random.Generator, kinds: list[int], copies: int, size: int, dense: bool) -> Counter:
    """``size`` cards of the given kinds (at most ``copies`` each); ``dense`` favours groups."""
    pool = [k for k in kinds for _ in range(copies)]
    if dense and len(kinds) > 4:
        lo = int(rng.integers(0, len(kinds) - 3))
        span = kinds[lo:lo + int(rng.integers(3, 8))]
        pool = [k for k in span for _ in range(copies)] + list(rng.choice(pool, size=min(len(pool), 4), replace=False))
    size = min(size, len(pool))
    return Counter(int(x) for x in rng.choice(pool, size=size, replace=False))


def random_order(rng: np.random.Generator, game: str):
    level = int(rng.integers(0, 13))
    trump = int(rng.integers(0, 4))
    natural = bool(rng.integers(0, 4) == 0)
    return level, trump, natural


def any_class(rng: np.random.Generator, ot: np.ndarray) -> int:
    classes = [c for c in range(5) if ot[OT_NSLOT, c] > 0]
    return CLS_TRUMP if rng.integers(0, 2) == 0 else int(rng.choice(classes))
