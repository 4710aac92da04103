"""The 双扣 partner draw (spec §1, SK-2): an announced card picks the leader and his partner.

After the deal, one position p of the shuffled deck is drawn uniformly from the game's stream
(``bounded(state, n_cards)``): its card is announced, and its receiver, seat ``p % n_seats``,
leads. The holder of the other copy (same rank and suit, the other deck: id ± 54) becomes his
partner: if he sits neither at the leader's seat nor opposite, he swaps seats (and hands) with
the player opposite the leader. A player holding both copies moves nobody.
"""

from __future__ import annotations

from numba import njit

from kernels.cards import CARDS_PER_DECK
from kernels.rng import bounded


@njit(cache=True, nogil=True)
def partner_draw(state, deck, n_seats):
    """(announced card id, leader seat, seat holding the other copy) of a dealt, shuffled deck."""
    p = bounded(state, deck.shape[0])
    card = deck[p]
    other = card + CARDS_PER_DECK if card < CARDS_PER_DECK else card - CARDS_PER_DECK
    q = 0
    while deck[q] != other:
        q += 1
    return card, p % n_seats, q % n_seats


@njit(cache=True, nogil=True, inline="always")
def swap_seat(leader, mate, n_seats):
    """The seat the mate swaps with (the one opposite the leader), or -1 when nobody moves."""
    opposite = (leader + n_seats // 2) % n_seats
    if mate == leader or mate == opposite:
        return -1
    return opposite


@njit(cache=True, nogil=True, inline="always")
def apply_swap(counts, player, a, b):
    """Seats a and b exchange their players and hands (rows of ``counts``, entries of ``player``;
    any 2-d and 1-d arrays by seat: ``play_hand`` moves the players' parameters and ids too)."""
    for r in range(counts.shape[1]):
        counts[a, r], counts[b, r] = counts[b, r], counts[a, r]
    player[a], player[b] = player[b], player[a]
