"""Which suits a 五十K move takes (``kernels.wushik.turn.take_cards`` then takes them out of the hand).

A move record fixes the rank counts it plays (``movegen.move_rank_counts``); suits matter only
for 5, 10 and K, because three of one suit make a 正510K. The rule, applied by ``pick_suits``:

* a 正510K of suit s takes the 5, 10 and K of suit s;
* a 副510K takes the mixed-suit choice of one 5, one 10, one K that loses the fewest 正510K sets
  the hand could still make (``zheng_sets``), then spares suits holding more of the other two
  ranks, then the lowest suit indices (♠ first);
* any other move takes each card of rank 5, 10 or K from the suit where it costs the fewest 正
  sets, then the suit holding the fewest of the other two ranks, then the most copies of this
  rank, then the lowest index; cards of other ranks come from the lowest suit held.

``take[13, 4]`` receives how many cards of each rank and suit the move plays.
"""

from __future__ import annotations

from numba import njit

from kernels.cards import R5, R10, RK
from kernels.wushik.movegen import move_rank_counts
from kernels.wushik.moves import FIFTY_K, PASS, SUIT_FU


@njit(cache=True, nogil=True, inline="always")
def zheng_sets(suit_counts):
    """Disjoint 正510K the hand can make: sum over suits of min(5s, 10s, Ks) held."""
    n = 0
    for s in range(4):
        n += min(suit_counts[R5, s], suit_counts[R10, s], suit_counts[RK, s])
    return n


@njit(cache=True, nogil=True, inline="always")
def _others_in_suit(suit_counts, rank, s):
    """How many of the other two 510K ranks the suit s holds (0..2)."""
    k = 0
    for r in (R5, R10, RK):
        if r != rank and suit_counts[r, s] > 0:
            k += 1
    return k


@njit(cache=True, nogil=True)
def _fu_choice(suit_counts):
    """(s5, s10, sK) of the 副510K to play (see module doc); (-1, -1, -1) if none exists."""
    best = (-1, -1, -1)
    best_cost = 1 << 30
    base = zheng_sets(suit_counts)
    for a in range(4):
        if suit_counts[R5, a] == 0:
            continue
        for b in range(4):
            if suit_counts[R10, b] == 0:
                continue
            for c in range(4):
                if suit_counts[RK, c] == 0 or (a == b and b == c):
                    continue
                suit_counts[R5, a] -= 1
                suit_counts[R10, b] -= 1
                suit_counts[RK, c] -= 1
                lost = base - zheng_sets(suit_counts)
                suit_counts[R5, a] += 1
                suit_counts[R10, b] += 1
                suit_counts[RK, c] += 1
                cost = lost * 100 + (_others_in_suit(suit_counts, R5, a) + _others_in_suit(suit_counts, R10, b)
                                     + _others_in_suit(suit_counts, RK, c)) * 10
                if cost < best_cost:
                    best_cost = cost
                    best = (a, b, c)
    return best


@njit(cache=True, nogil=True)
def pick_suits(move, suit_counts, rank_counts, take):
    """Fill ``take[13, 4]`` with the cards ``move`` plays from ``suit_counts`` (changed while
    choosing, restored on return); ``rank_counts[13]`` is scratch. Returns the number of cards."""
    take[:, :] = 0
    kind = move[0]
    if kind == PASS:
        return 0
    if kind == FIFTY_K:  # 正: the three cards of its suit; 副: the choice of _fu_choice
        a, b, c = (move[4], move[4], move[4]) if move[4] < SUIT_FU else _fu_choice(suit_counts)
        take[R5, a] = 1
        take[R10, b] = 1
        take[RK, c] = 1
        return 3
    move_rank_counts(move, rank_counts)
    for r in range(13):  # cards leave suit_counts as they are chosen; restored below
        for _ in range(rank_counts[r]):
            best, best_cost = -1, 1 << 30
            for s in range(4):
                left = suit_counts[r, s]
                if left <= 0:
                    continue
                cost = 0
                if r == R5 or r == R10 or r == RK:
                    before = zheng_sets(suit_counts)
                    suit_counts[r, s] -= 1
                    lost = before - zheng_sets(suit_counts)
                    suit_counts[r, s] += 1
                    cost = lost * 1000 + _others_in_suit(suit_counts, r, s) * 100 - left * 10
                if cost < best_cost:
                    best, best_cost = s, cost
            take[r, best] += 1
            suit_counts[r, best] -= 1
    for r in range(13):
        for s in range(4):
            suit_counts[r, s] += take[r, s]
    return move[2]
