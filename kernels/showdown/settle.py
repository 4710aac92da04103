"""Comparing keys and moving money: the last two steps of the comparison family.

Keys are int64, larger is better, and a game's keys never tie between disjoint hands (suits
break ties in both games), so "the best seat" is a single seat.
"""

from __future__ import annotations

from numba import njit


@njit(cache=True, nogil=True)
def best_seat(keys, live, n_seats):
    """Seat with the largest key among seats with ``live[seat]``; -1 if none is live."""
    best = -1
    for s in range(n_seats):
        if live[s] and (best < 0 or keys[s] > keys[best]):
            best = s
    return best


@njit(cache=True, nogil=True)
def settle_pot(winner, invested, n_seats, money):
    """The winner takes every chip invested; ``money[s]`` is each seat's net result."""
    pot = 0
    for s in range(n_seats):
        pot += invested[s]
        money[s] = -invested[s]
    money[winner] += pot
    return pot
