"""Pure-Python twin of ``kernels.deal.place_fixed`` (``--fix``), for every game's kernel test."""

from __future__ import annotations

from tests.reference.rng import Stream


def place_fixed(stream: Stream, deck: list[int], fixed: list[tuple[list[int], list[int]]]) -> None:
    """For each group (its cards, its deck positions): each card to a uniformly random slot of the
    group not yet taken, swapping with the card there."""
    for cards, slots in fixed:
        free = list(slots)
        for t, card in enumerate(cards):
            i = t + stream.bounded(len(free) - t)
            free[t], free[i] = free[i], free[t]
            p, q = free[t], deck.index(card)
            deck[p], deck[q] = deck[q], deck[p]


def fixed_groups(fix_card, fix_slots) -> list[tuple[list[int], list[int]]]:
    """The twin's form of the kernel's tables (``sim.dealing.fix_tables``)."""
    return [([int(c) for c in row if c >= 0], [int(p) for p in slots if p >= 0])
            for row, slots in zip(fix_card, fix_slots)]
