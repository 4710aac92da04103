"""Which physical cards realise a move, and taking them out of a hand.

A move record says *what* is played (``kernels.climb.moves``); the copies matter for 正五十K (suits)
and for the 仙桃千分 call card (明鸡). The documented rule, applied by ``pick_cards``:

* naturals of a rank are taken cheapest first, where a card costs more when its suit still
  holds other 5/10/K cards of the hand (it may complete a 正五十K later), and the partner's copy
  of the call card (the same card of the other deck) costs +1000 when its holder wants to keep it
  hidden (-1000 when he wants to reveal); ties go to the lower suit index, then the lower deck copy;
* wilds are taken in the order of the ruleset's wild list (red 3s before 配牌);
* a 正五十K fills missing ranks of its suit with wilds first, then spares the 10 and K;
  a 杂五十K takes the cheapest mixed-suit choice.

Card state: ``owner[card]`` = seat holding it (-1 once played or in the kitty), kept in step with
the hand encoding ``counts[seat, 16]`` / ``suit_counts[seat, 13, 4]`` by ``remove_cards``.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.cards import R5, R10, RK
from kernels.climb.moves import F_KIND, F_RANK, F_SIZE, F_SUIT, F_WILDS, FIFTY_K, JOKER_BOMB

NO_CALL = -1


@njit(cache=True, nogil=True, inline="always")
def fifty_k_potential(suit_counts, seat, rank, suit):
    """For a 5, 10 or K of ``suit``: how many of 5, 10, K the seat still holds in that suit; else 0.
    (Inlined: its callers loop over candidate cards, and a call would pass ``suit_counts``.)"""
    if rank != R5 and rank != R10 and rank != RK:
        return 0
    return ((1 if suit_counts[seat, R5, suit] > 0 else 0) + (1 if suit_counts[seat, R10, suit] > 0 else 0)
            + (1 if suit_counts[seat, RK, suit] > 0 else 0))


@njit(cache=True, nogil=True)
def card_cost(card, potential, call_card, call_mode):
    """Keep-value of a natural card (see module doc): ``potential`` = its ``fifty_k_potential``.

    ``call_mode``: 0 no preference, 1 keep the call card hidden, 2 reveal it.
    """
    cost = 10 * potential
    if call_card >= 0 and call_mode != 0 and (card == call_card + 54 or card == call_card - 54):
        cost += 1000 if call_mode == 1 else -1000
    return cost


@njit(cache=True, nogil=True, inline="always")
def pick_naturals(seat, rank, suit_only, k, call, hand, nat_ids, n_played):
    """Append ``k`` cheapest natural cards of ``rank`` (of ``suit_only`` if >= 0) held by seat to
    the played cards. ``nat_ids[rank, suit, deck]``: the card ids (jokers under suit 0)."""
    owner, counts, suit_counts, played = hand
    call_card, call_mode = call
    for _ in range(k):
        best = -1
        best_cost = 1 << 30
        for s in range(nat_ids.shape[1]):
            if suit_only >= 0 and s != suit_only:
                continue
            potential = fifty_k_potential(suit_counts, seat, rank, s) if rank < 13 else 0
            for d in range(nat_ids.shape[2]):
                c = nat_ids[rank, s, d]
                if c < 0 or owner[c] != seat:
                    continue
                taken = False
                for i in range(n_played):
                    if played[i] == c:
                        taken = True
                if taken:
                    continue
                cost = card_cost(c, potential, call_card, call_mode)
                if cost < best_cost:
                    best_cost = cost
                    best = c
        played[n_played] = best
        n_played += 1
    return n_played


@njit(cache=True, nogil=True)
def pick_wilds(seat, w, owner, wild_ids, played, n_played):
    for c in wild_ids:
        if w == 0:
            break
        if owner[c] == seat:
            played[n_played] = c
            n_played += 1
            w -= 1
    return n_played


@njit(cache=True, nogil=True)
def _za_choice(seat, w, suit_counts, owner, nat_ids, call_card, call_mode):
    """Cheapest (skipped rank index or -1, s5, s10, sK) for a 杂五十K with ``w`` wilds."""
    ranks = (R5, R10, RK)
    best_cost = 1 << 30
    best = (-1, -1, -1, -1)
    for skip in range(-1, 3):
        if (w == 1) != (skip >= 0):
            continue
        for s0 in range(4):
            for s1 in range(4):
                for s2 in range(4):
                    suits = (s0, s1, s2)
                    ok = True
                    first = -1
                    mixed = False
                    cost = 0
                    for i in range(3):
                        if i == skip:
                            continue
                        r = ranks[i]
                        if suit_counts[seat, r, suits[i]] == 0:
                            ok = False
                            break
                        if first < 0:
                            first = suits[i]
                        elif suits[i] != first:
                            mixed = True
                        cheapest = 1 << 30
                        for d in range(nat_ids.shape[2]):
                            c = nat_ids[r, suits[i], d]
                            if c >= 0 and owner[c] == seat:
                                cc = card_cost(c, fifty_k_potential(suit_counts, seat, r, suits[i]), call_card,
                                               call_mode)
                                if cc < cheapest:
                                    cheapest = cc
                        cost += cheapest
                    if ok and mixed and cost < best_cost:
                        best_cost = cost
                        best = (skip, s0, s1, s2)
    return best


@njit(cache=True, nogil=True, inline="always")
def pick_cards(seat, moves, mi, call, hand, tabs):
    """Physical cards for move ``mi`` of ``moves``, written to the played cards; returns how many.
    ``call``: (the call card, its holder's preference); ``hand``: (owner, counts, suit_counts,
    played); ``tabs``: (nat_ids, wild_ids, card_tab)."""
    owner, counts, suit_counts, played = hand
    nat_ids, wild_ids, card_tab = tabs
    call_card, call_mode = call
    kind = moves[mi, F_KIND]
    w = moves[mi, F_WILDS]
    n = np.int64(0)
    if kind == JOKER_BOMB:
        for r in (13, 14):
            if n < 2 - w:
                for d in range(nat_ids.shape[2]):
                    c = nat_ids[r, 0, d]
                    if c >= 0 and owner[c] == seat:
                        played[n] = c
                        n += 1
                        break
        return pick_wilds(seat, w, owner, wild_ids, played, n)
    # which naturals: up to three (rank, suit or -1, count) picks, taken in order below
    ranks = (R5, R10, RK)
    suit = moves[mi, F_SUIT]
    use = 7  # 正五十K: bit i = rank i of (5, 10, K) is a natural card
    skip, s0, s1, s2 = -1, -1, -1, -1  # 杂五十K: the rank a wild replaces, the suits of the others
    if kind == FIFTY_K and suit < 4:
        spare = w
        for i in range(3):  # missing ranks first
            if spare > 0 and suit_counts[seat, ranks[i], suit] == 0:
                use &= ~(1 << i)
                spare -= 1
        for i in range(3):  # then spare the 5 before the 10 and the K
            if spare > 0 and use & (1 << i):
                use &= ~(1 << i)
                spare -= 1
    elif kind == FIFTY_K:
        skip, s0, s1, s2 = _za_choice(seat, w, suit_counts, owner, nat_ids, call_card, call_mode)
    suits = (s0, s1, s2)
    for i in range(3):
        if kind == FIFTY_K:
            rank, k = ranks[i], 1
            pick_suit = suit if suit < 4 else suits[i]
            if (suit < 4 and not use & (1 << i)) or (suit == 4 and i == skip):
                continue
        elif i == 0:
            rank, k, pick_suit = moves[mi, F_RANK], moves[mi, F_SIZE] - w, -1
        else:
            break
        if k > 0:  # one call site: pick_naturals is inlined once
            n = pick_naturals(seat, rank, pick_suit, k, call, hand, nat_ids, n)
    return pick_wilds(seat, w, owner, wild_ids, played, n)


@njit(cache=True, nogil=True, inline="always")
def remove_cards(seat, n, hand, card_tab):
    """Take the played cards (``played[:n]``) out of the seat's hand; returns their points.
    ``card_tab`` rows: rank, suit, is_wild, points per card id."""
    owner, counts, suit_counts, played = hand
    pts = 0
    for i in range(n):
        c = played[i]
        owner[c] = -1
        pts += card_tab[3, c]
        if card_tab[2, c]:
            counts[seat, 15] -= 1
        else:
            r = card_tab[0, c]
            counts[seat, r] -= 1
            if r < 13:
                suit_counts[seat, r, card_tab[1, c]] -= 1
    return pts


@njit(cache=True, nogil=True)
def play_cards(seat, moves, mi, call, hand, tabs):
    """``pick_cards`` then ``remove_cards``: (cards played, their points). The arrays come in two
    tuples, not the hand's state: called once a play and not inlined, a state argument would cost
    numba a reference-count increment and decrement per slot."""
    n = pick_cards(seat, moves, mi, call, hand, tabs)
    return n, remove_cards(seat, n, hand, tabs[2])
