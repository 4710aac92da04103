"""干瞪眼 deal, stock and first leader from a shuffled pack.

A hand's stream ``(seed, i)`` is drawn in a fixed order: the shuffle (``kernels.deal.shuffle``),
then the banker (``bounded(state, n_seats)``) when the hand loop does not impose one (the first
hand of a session, or ``banker = random``), then ``--fix``'s cards into the seats' positions under
that banker (``kernels.deal.place_fixed``: nothing drawn without ``--fix``), then every random
player's choice in turn order.

Deal: one card at a time counter-clockwise (seat + 1) from the banker, round after round, each
seat until it holds its share (the banker ``GD_BANKER_CARDS``, the others ``GD_OTHER_CARDS``);
the undealt tail of the shuffled pack, in order, is the stock, drawn from its front. Hands are
count vectors with the jokers at ``JOKER`` (``kernels.gandengyan.moves``).
"""

from __future__ import annotations

from numba import njit

from kernels.deal import place_fixed, reset_deck, shuffle
from kernels.gandengyan.moves import JOKER
from kernels.gandengyan.rulevec import (
    FIRST_LEAD_LOWEST_CARD, GD_BANKER_CARDS, GD_FIRST_LEAD, GD_N_SEATS, GD_OTHER_CARDS,
)
from kernels.rng import bounded, seed_stream

NO_CARD = 1 << 30


@njit(cache=True, nogil=True, inline="always")
def card_index(card):
    """Count-vector index of a physical id: its rank 0..12, or ``JOKER`` for 小王 / 大王."""
    k = card % 54
    return JOKER if k >= 52 else k >> 2


@njit(cache=True, nogil=True, inline="always")
def deal_hands(deck, n_seats, banker, rules, counts, lowest):
    """Deal from the banker; ``counts[seat, 16]`` get the hands and ``lowest[seat]`` the lowest
    natural card dealt as ``rank * 4 + suit`` (for ``first_lead = lowest_card``). Returns the stock's
    first position in ``deck``."""
    big = rules[GD_BANKER_CARDS]
    small = rules[GD_OTHER_CARDS]
    for s in range(n_seats):
        for r in range(16):
            counts[s, r] = 0
        lowest[s] = NO_CARD
    p = 0
    for k in range(big if big > small else small):
        for i in range(n_seats):
            s = (banker + i) % n_seats
            if k < (big if s == banker else small):
                card = deck[p]
                p += 1
                counts[s, card_index(card)] += 1
                kk = card % 54
                if kk < 52 and kk < lowest[s]:
                    lowest[s] = kk
    return p


@njit(cache=True, nogil=True)
def first_leader(n_seats, banker, lowest, rules):
    """The banker, or with ``lowest_card`` the holder of the lowest card (♠3 before ♥3 …; between
    equal cards of two packs, the first seat counter-clockwise from the banker)."""
    if rules[GD_FIRST_LEAD] != FIRST_LEAD_LOWEST_CARD:
        return banker
    best = NO_CARD
    seat = banker
    for i in range(n_seats):
        s = (banker + i) % n_seats
        if lowest[s] < best:
            best = lowest[s]
            seat = s
    return seat


@njit(cache=True, nogil=True, inline="always")
def draw_card(deck, stock_pos, counts, seat):
    """The seat draws the stock's front card; returns the new stock position (unchanged, and
    nothing drawn, when the stock is empty)."""
    if stock_pos >= deck.shape[0]:
        return stock_pos
    counts[seat, card_index(deck[stock_pos])] += 1
    return stock_pos + 1


@njit(cache=True, nogil=True, inline="always")
def deal_hand(st, seed, game, banker_in, rotation):
    """Deal game ``game`` of the stream ``seed`` into ``st`` (``st.rng``, ``st.deck``, ``st.counts``,
    ``st.lowest``) in the stream's order: the shuffle, the banker (``banker_in``, or drawn when it is
    -1, then moved back by ``rotation``), ``--fix``'s cards from that banker's rows of
    ``st.fix_slots``. Returns (banker, first leader, the stock's first position)."""
    n_seats = st.rules[GD_N_SEATS]
    seed_stream(seed, game, st.rng)
    reset_deck(st.deck, st.deck_template)
    shuffle(st.rng, st.deck)
    banker = banker_in if banker_in >= 0 else (bounded(st.rng, n_seats) - rotation % n_seats + n_seats) % n_seats
    g_rows = st.fix_card.shape[0]
    place_fixed(st.rng, st.deck, st.fix_card, st.fix_slots[banker * g_rows:(banker + 1) * g_rows])
    stock = deal_hands(st.deck, n_seats, banker, st.rules, st.counts, st.lowest)
    return banker, first_leader(n_seats, banker, st.lowest, st.rules), stock
