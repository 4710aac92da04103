"""关牌 deal (GP-1) and first lead (§2) from a shuffled deck (``kernels.deal`` convention).

The deck template comes from the ruleset (``sim.games.guanpai.rules.deck_ids``): 49, 51 or 48
physical ids of one 54-card pack (no jokers). After the shuffle, position ``p`` goes to hand
``p % n_hands`` for ``p < n_hands * hand_size``; the two players are hands 0 and 1, and a third
hand (``s001_51``, ``as_48``) and every later position are unused cards.

First lead: the first card of ``lead_order`` (♠3, ♠4, … by default) that a player holds decides;
its holder leads. ``deal_hand`` is the whole deal of a census row or a played hand, on the
declared state (``kernels.guanpai.state``).
"""

from __future__ import annotations

from numba import njit

from kernels.deal import place_fixed, reset_deck, shuffle
from kernels.guanpai.rulevec import GP_HAND_SIZE, GP_N_HANDS, GP_TCB_RANK
from kernels.rng import seed_stream

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


@njit(cache=True, nogil=True, inline="always")  # once a census deal: a call passes every slot of st
def deal_hand(st, seed, game):
    """Deal game ``game`` into ``st``: its stream ``(seed, game)`` in ``st.rng``, the shuffled deck
    with ``--fix``'s cards placed (``kernels.deal.place_fixed``), both players' ``counts``; returns
    (first leader, index in ``lead_order`` of the card that decided it)."""
    seed_stream(seed, game, st.rng)
    reset_deck(st.deck, st.deck_template)
    shuffle(st.rng, st.deck)
    place_fixed(st.rng, st.deck, st.fix_card, st.fix_slots)
    n_hands, hand_size = st.rules[GP_N_HANDS], st.rules[GP_HAND_SIZE]
    deal_counts(st.deck, n_hands, hand_size, st.counts)
    return first_lead(st.deck, n_hands, hand_size, st.lead_order, st.holder)


@njit(cache=True, nogil=True, inline="always")
def seat_bombs(counts, seat):
    """Ranks ``seat`` holds four times (炸弹; the 3-card bomb not counted)."""
    bombs = 0
    for r in range(13):
        if counts[seat, r] >= 4:
            bombs += 1
    return bombs


@njit(cache=True, nogil=True, inline="always")
def holds_three_bomb(counts, seat, rules, exact):
    """Does ``seat`` hold the 3-card bomb (>= 3 of its rank; exactly 3 with ``exact``)? False
    when the ruleset has none."""
    t = rules[GP_TCB_RANK]
    if t < 0:
        return False
    return counts[seat, t] == 3 if exact else counts[seat, t] >= 3
