"""Showdown equity of 港式五张 seats from what is visible, exactly or by sampling.

A *visible state*: for every seat the hole card if it is known (``hole[s] >= 0``; -1 unknown),
its up-cards ``ups[s, :shown[s]]``, and whether it is still in (``live``). Live seats have the
same number ``k`` of up-cards; a folded seat keeps the ones it showed and gets no more. The
unseen cards (28 minus every known card, in ascending order) complete the hands: each live seat
draws its hole card if unknown, then its ``4 - k`` missing up-cards. Every completion is equally
likely; folded seats' hole cards stay among the unseen cards, which is the right marginal.

``showdown_wins`` counts, for each live seat, the completions in which it has the best hand
(ties are impossible): exactly — every choice of the ``T`` drawn cards times every assignment of
them to the seats (distinct arrangements of a multiset of seat labels) — when that number is at
most ``exact_max``, otherwise over ``samples`` random completions drawn from ``state``: for each,
the first ``T`` draws of the top-of-deck shuffle (``kernels.showdown.deal``) on the unseen cards
as the previous sample left them (starting ascending), handed out in seat order, the hole card
before the up-cards.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.hkstud.cards import N_CARDS
from kernels.hkstud.evaluate import key5
from kernels.rng import bounded
from kernels.showdown.combos import first_combination, next_combination, next_permutation


@njit(cache=True, nogil=True)
def n_completions(n_unseen, needs, n_seats):
    """C(U, T) * T! / prod(need_s!) as a float (it can exceed int64 only in hopeless cases)."""
    t = 0
    for s in range(n_seats):
        t += needs[s]
    out = 1.0
    for i in range(t):  # U! / (U - T)! ...
        out *= n_unseen - i
    for s in range(n_seats):  # ... / prod need_s!
        for i in range(2, needs[s] + 1):
            out /= i
    return out


@njit(cache=True, nogil=True)
def _winner(hands, live, n_seats, plain, flush):
    best = -1
    best_key = -1
    for s in range(n_seats):
        if live[s]:
            key, _ = key5(hands[s, 0], hands[s, 1], hands[s, 2], hands[s, 3], hands[s, 4], plain, flush)
            if key > best_key:
                best, best_key = s, key
    return best


@njit(cache=True, nogil=True)
def showdown_wins(hole, ups, shown, live, n_seats, exact_max, samples, tables, state, wins):
    """Fill ``wins[s]`` (int64) for live seats; return the number of completions counted.
    ``tables``: the ruleset's ``(plain, flush)`` evaluation tables."""
    plain, flush = tables
    known = np.zeros(N_CARDS, np.bool_)
    k = 0
    for s in range(n_seats):
        if hole[s] >= 0:
            known[hole[s]] = True
        for j in range(shown[s]):
            known[ups[s, j]] = True
        if live[s]:
            k = shown[s]
        wins[s] = 0
    pool = np.empty(N_CARDS, np.int64)
    n_unseen = 0
    for c in range(N_CARDS):
        if not known[c]:
            pool[n_unseen] = c
            n_unseen += 1
    needs = np.zeros(n_seats, np.int64)
    hands = np.zeros((n_seats, 5), np.int64)
    t = 0
    for s in range(n_seats):
        if live[s]:
            needs[s] = (4 - k) + (1 if hole[s] < 0 else 0)
            t += needs[s]
            if hole[s] >= 0:
                hands[s, 0] = hole[s]
            for j in range(k):
                hands[s, 1 + j] = ups[s, j]
    labels = np.empty(max(t, 1), np.int64)  # seat of each drawn card, in seat order
    p = 0
    for s in range(n_seats):
        for _ in range(needs[s]):
            labels[p] = s
            p += 1
    fill = np.empty(n_seats, np.int64)
    if n_completions(n_unseen, needs, n_seats) <= exact_max:
        idx = np.empty(max(t, 1), np.int64)
        arrangement = np.empty(max(t, 1), np.int64)
        first_combination(idx, t)
        total = 0
        while True:
            for j in range(t):
                arrangement[j] = labels[j]
            while True:
                _assign(arrangement, idx, pool, t, hole, needs, n_seats, hands, fill)
                wins[_winner(hands, live, n_seats, plain, flush)] += 1
                total += 1
                if not next_permutation(arrangement, t):
                    break
            if not next_combination(idx, t, n_unseen):
                break
        return total
    drawn = np.arange(max(t, 1))
    for d in range(t):
        drawn[d] = n_unseen - 1 - d  # the d-th card drawn sits at pool[n_unseen - 1 - d]
    for _ in range(samples):
        # the pool is not reset between samples: a partial shuffle of any arrangement is uniform
        for i in range(n_unseen - 1, n_unseen - 1 - t, -1):
            j = bounded(state, i + 1)
            pool[i], pool[j] = pool[j], pool[i]
        _assign(labels, drawn, pool, t, hole, needs, n_seats, hands, fill)
        wins[_winner(hands, live, n_seats, plain, flush)] += 1
    return samples


@njit(cache=True, nogil=True)
def _assign(arrangement, idx, pool, t, hole, needs, n_seats, hands, fill):
    """Drawn card j (``pool[idx[j]]``) goes to seat ``arrangement[j]``: its hole card first if
    unknown, then its missing up-cards in order."""
    for s in range(n_seats):
        fill[s] = 0
    for j in range(t):
        s = arrangement[j]
        c = pool[idx[j]]
        f = fill[s]
        if hole[s] < 0:
            if f == 0:
                hands[s, 0] = c
            else:
                hands[s, 5 - needs[s] + f] = c
        else:
            hands[s, 5 - needs[s] + f] = c
        fill[s] = f + 1
