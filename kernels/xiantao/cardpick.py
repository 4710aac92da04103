"""Which physical cards realise a move, and taking them out of a hand.

A move record says *what* is played (``kernels.climb.moves``); the copies matter for 正五十K (suits)
and for the 仙桃千分 call card (明鸡). The documented rule, applied by ``pick_cards``:

* naturals of a rank are taken cheapest first, where a card costs more when its suit still
  holds other 5/10/K cards of the hand (it may complete a 正五十K later), and the partner's copy
  of the call card (the same card of the other deck) costs +1000 when its holder wants to keep it hidden (-1000 when he wants to reveal);
  ties go to the lower suit index, then the lower deck copy;
* wilds are taken in the order of the ruleset's wild list (red 3s before 配牌);
* a 正五十K fills missing ranks of its suit with wilds first, then spares the 10 and K;
  a 杂五十K takes the cheapest mixed-suit choice.

Card state: ``owner[card]`` = seat holding it (-1 once played or in the kitty), kept in step with
the hand encoding ``counts[seat, 16]`` / ``suit_counts[seat, 13, 4]`` by ``remove_cards``.
"""

from __future__ import annotations

from numba import njit

from kernels.cards import R5, R10, RK
from kernels.climb.moves import F_KIND, F_RANK, F_SIZE, F_SUIT, F_WILDS, FIFTY_K, JOKER_BOMB

NO_CALL = -1


@njit(cache=True, nogil=True, inline="always")
def fifty_k_potential(suit_counts, seat, suit):
    """How many of 5, 10, K the seat still holds in ``suit`` (0..3)."""
    n = 0
    if suit_counts[seat, R5, suit] > 0:
        n += 1
    if suit_counts[seat, R10, suit] > 0:
        n += 1
    if suit_counts[seat, RK, suit] > 0:
        n += 1
    return n


@njit(cache=True, nogil=True, inline="always")
def card_cost(card, seat, suit_counts, card_rank, card_suit, call_card, call_mode):
    """Keep-value of a natural card: cheaper cards are played first (see module doc).

    ``call_mode``: 0 no preference, 1 keep the call card hidden, 2 reveal it.
    """
    r = card_rank[card]
    s = card_suit[card]
    cost = 0
    if s >= 0 and (r == R5 or r == R10 or r == RK):
        cost += 10 * fifty_k_potential(suit_counts, seat, s)
    if call_card >= 0 and call_mode != 0 and (card == call_card + 54 or card == call_card - 54):
        cost += 1000 if call_mode == 1 else -1000
    return cost


@njit(cache=True, nogil=True, inline="always")
def pick_naturals(seat, rank, suit_only, k, owner, nat_ids, suit_counts, card_rank, card_suit,
                  call_card, call_mode, played, n_played):
    """Append ``k`` cheapest natural cards of ``rank`` (of ``suit_only`` if >= 0) held by seat."""
    for _ in range(k):
        best = -1
        best_cost = 1 << 30
        for s in range(nat_ids.shape[1]):
            if suit_only >= 0 and s != suit_only:
                continue
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
                cost = card_cost(c, seat, suit_counts, card_rank, card_suit, call_card, call_mode)
                if cost < best_cost:
                    best_cost = cost
                    best = c
        played[n_played] = best
        n_played += 1
    return n_played


@njit(cache=True, nogil=True, inline="always")
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
def _za_choice(seat, w, suit_counts, owner, nat_ids, card_rank, card_suit, call_card, call_mode):
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
                                cc = card_cost(c, seat, suit_counts, card_rank, card_suit, call_card, call_mode)
                                if cc < cheapest:
                                    cheapest = cc
                        cost += cheapest
                    if ok and mixed and cost < best_cost:
                        best_cost = cost
                        best = (skip, s0, s1, s2)
    return best


@njit(cache=True, nogil=True, inline="always")
def pick_cards(seat, moves, mi, owner, nat_ids, wild_ids, suit_counts, card_rank, card_suit,
               call_card, call_mode, played):
    """Physical cards for move ``mi`` of ``moves``, written to ``played``; returns how many."""
    kind = moves[mi, F_KIND]
    w = moves[mi, F_WILDS]
    n = 0
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
    if kind == FIFTY_K:
        ranks = (R5, R10, RK)
        suit = moves[mi, F_SUIT]
        if suit < 4:
            use = 7  # bit i: rank i of (5, 10, K) is a natural card
            spare = w
            for i in range(3):  # missing ranks first
                if spare > 0 and suit_counts[seat, ranks[i], suit] == 0:
                    use &= ~(1 << i)
                    spare -= 1
            for i in range(3):  # then spare the 5 before the 10 and the K
                if spare > 0 and use & (1 << i):
                    use &= ~(1 << i)
                    spare -= 1
            for i in range(3):
                if use & (1 << i):
                    n = pick_naturals(seat, ranks[i], suit, 1, owner, nat_ids, suit_counts, card_rank,
                                      card_suit, call_card, call_mode, played, n)
        else:
            skip, s0, s1, s2 = _za_choice(seat, w, suit_counts, owner, nat_ids, card_rank, card_suit,
                                          call_card, call_mode)
            suits = (s0, s1, s2)
            for i in range(3):
                if i != skip:
                    n = pick_naturals(seat, ranks[i], suits[i], 1, owner, nat_ids, suit_counts, card_rank,
                                      card_suit, call_card, call_mode, played, n)
        return pick_wilds(seat, w, owner, wild_ids, played, n)
    naturals = moves[mi, F_SIZE] - w
    rank = moves[mi, F_RANK]
    if naturals > 0:
        n = pick_naturals(seat, rank, -1, naturals, owner, nat_ids, suit_counts, card_rank, card_suit,
                          call_card, call_mode, played, n)
    return pick_wilds(seat, w, owner, wild_ids, played, n)


@njit(cache=True, nogil=True, inline="always")
def remove_cards(seat, played, n, owner, counts, suit_counts, card_rank, card_suit, card_wild, card_points):
    """Take ``played[:n]`` out of the seat's hand; returns their points."""
    pts = 0
    for i in range(n):
        c = played[i]
        owner[c] = -1
        pts += card_points[c]
        if card_wild[c]:
            counts[seat, 15] -= 1
        else:
            r = card_rank[c]
            counts[seat, r] -= 1
            if r < 13:
                suit_counts[seat, r, card_suit[c]] -= 1
    return pts
