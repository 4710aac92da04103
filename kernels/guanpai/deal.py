"""关牌 deal (GP-1) and first lead (§2) from a shuffled deck (``kernels.deal`` convention).

The deck template comes from the ruleset (``sim.games.guanpai.rules.deck_ids``): 49, 51 or 48
physical ids of one 54-card pack (no jokers). After the shuffle, position ``p`` goes to hand
``p % n_hands`` for ``p < n_hands * hand_size``; the two players are hands 0 and 1, and a third
hand (``s001_51``, ``as_48``) and every later position are unused cards.

First lead: the first card of ``lead_order`` (♠3, ♠4, … by default) that a player holds decides;
its holder leads.
"""

from __future__ import annotations

from numba import njit

N_PLAYERS = 2


@njit(cache=True, nogil=True, inline="always")
def card_rank(card):
    """Rank index of a non-joker physical id (``kernels.cards``)."""
    return (card % 54) >> 2


@njit(cache=True, nogil=True)
def deal_counts(deck, n_hands, hand_size, counts):
    """Rank counts ``counts[seat, 16]`` of the two players' hands."""
    for s in range(N_PLAYERS):
        for r in range(16):
            counts[s, r] = 0
    for p in range(n_hands * hand_size):
        seat = p % n_hands
        if seat < N_PLAYERS:
            counts[seat, card_rank(deck[p])] += 1


@njit(cache=True, nogil=True)
def first_lead(deck, n_hands, hand_size, lead_order, holder):
    """(seat, index in ``lead_order``) of the first-lead card; ``holder[54]`` is scratch (the seat
    holding each card id, -1 unused). (-1, -1) if no card of the order is held (never with the
    shipped orders, which list every card)."""
    for k in range(holder.shape[0]):
        holder[k] = -1
    for p in range(n_hands * hand_size):
        seat = p % n_hands
        if seat < N_PLAYERS:
            holder[deck[p] % 54] = seat
    for i in range(lead_order.shape[0]):
        s = holder[lead_order[i] % 54]
        if s >= 0:
            return s, i
    return -1, -1
