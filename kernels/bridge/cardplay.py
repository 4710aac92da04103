"""Card play of one contract: the 13-trick loop and the fast policies ``random`` and ``greedy``.

Play policies (codes shared with ``sim.games.bridge.policies``): ``PLAY_RANDOM`` plays a uniform
legal card from the game's stream; ``PLAY_GREEDY`` plays by the classic rules of thumb below;
``PLAY_DD`` is double-dummy play, which the kernel does not do (the tricks are the DD table's
entry, filled in from ``sim.games.bridge.dd``). Declarer chooses dummy's cards with declarer's
policy. ``step`` is 1 for clockwise play (spec BR-1), 3 for counter-clockwise.

Greedy, from what the player may know: own cards, dummy (after the opening lead), the cards
played; declarer also counts the opponents' trumps. A card is a *master* when no higher card of
its suit can be held by the other side (all higher ones are played or on our side's known hands).

* Leading, declarer's side: draw trumps while the opponents hold any (the top trump if it is a
  master, else a low one); then cash a master, longest suit first; else lead low from the
  longest side suit.
* Leading, defenders: cash a master; else the top of a sequence (the top card is J or higher and
  the next card down is held too); else from the longest side suit (never trumps while a side suit
  is left): top of a doubleton, low from three, fourth best from four or more.
* Second hand low, but cover an honour (J or higher) led with the cheapest higher honour.
* Third hand high: the cheapest of the touching top cards (cards played in between count as
  touching) — low instead when partner's card already wins and the fourth hand (dummy in sight,
  or any hand when partner's card is a master) cannot beat it.
* Fourth hand: low when partner wins, else win as cheaply as possible, else low.
* Void in the suit led: discard when partner's card wins (and the fourth hand cannot beat it);
  else ruff with the cheapest trump that wins; else discard. A discard is the lowest card of the
  longest side suit.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.bridge.bits import highest_bit, lowest_bit, nth_bit, popcount
from kernels.bridge.trick import beats, legal_cards, suit_mask, trick_winner
from kernels.rng import bounded

PLAY_RANDOM, PLAY_GREEDY, PLAY_DD = 0, 1, 2
_ONE = np.uint64(1)
_ZERO = np.uint64(0)


@njit(cache=True, nogil=True)
def _bit(card):
    return _ONE << np.uint64(card)


@njit(cache=True, nogil=True)
def higher_in_suit(card):
    """Mask of the cards of ``card``'s suit ranked above it."""
    top = suit_mask(card // 13)
    return top & ~((_bit(card) << _ONE) - _ONE)


@njit(cache=True, nogil=True)
def is_master(card, others):
    """No higher card of its suit among ``others`` (the cards the other side may hold)."""
    return (higher_in_suit(card) & others) == _ZERO


@njit(cache=True, nogil=True)
def cheapest_top(cards, played):
    """Cheapest card equivalent to the highest of ``cards`` (one suit): walk down while the next card
    is ours or already played."""
    t = highest_bit(cards)
    low = (t // 13) * 13
    r = t - 1
    while r >= low:
        b = _bit(r)
        if cards & b:
            t = r
        elif not played & b:
            break
        r -= 1
    return t


@njit(cache=True, nogil=True)
def longest_suit(hand, avoid):
    """Suit with most cards in ``hand`` other than ``avoid`` (ties: the higher suit); -1 if none."""
    best = -1
    best_n = 0
    for s in range(4):
        if s == avoid:
            continue
        n = popcount(hand & suit_mask(s))
        if n >= best_n and n > 0:
            best = s
            best_n = n
    return best


@njit(cache=True, nogil=True)
def discard(hand, trump):
    """Lowest card of the longest side suit (of the trumps when nothing else is left)."""
    s = longest_suit(hand, trump)
    if s < 0:
        return lowest_bit(hand)
    return lowest_bit(hand & suit_mask(s))


@njit(cache=True, nogil=True)
def _lead_declarer_side(hand, others, trump):
    if trump < 4:
        mine = hand & suit_mask(trump)
        if mine and (others & suit_mask(trump)):
            top = highest_bit(mine)
            return top if is_master(top, others) else lowest_bit(mine)
    best = -1
    best_n = 0
    for s in range(4):
        cards = hand & suit_mask(s)
        if cards:
            top = highest_bit(cards)
            n = popcount(cards)
            if is_master(top, others) and n > best_n:
                best = top
                best_n = n
    if best >= 0:
        return best
    return discard(hand, trump)


@njit(cache=True, nogil=True)
def _lead_defender(hand, others, trump):
    for s in range(4):
        cards = hand & suit_mask(s)
        if cards and s != trump:
            top = highest_bit(cards)
            if is_master(top, others):
                return top
    for s in range(3, -1, -1):
        cards = hand & suit_mask(s)
        if cards and s != trump:
            top = highest_bit(cards)
            if top % 13 >= 9 and cards & (_bit(top) >> _ONE) and top % 13 > 0:
                return top
    s = longest_suit(hand, trump)
    if s < 0:
        return lowest_bit(hand)
    cards = hand & suit_mask(s)
    n = popcount(cards)
    if n <= 2:
        return highest_bit(cards)
    if n == 3:
        return lowest_bit(cards)
    return nth_bit(cards, n - 4)


@njit(cache=True, nogil=True)
def greedy_card(seat, hands, played, trick, k, declarer, trump, step, dummy_seen):
    """The greedy policy's card for ``seat`` at position ``k`` of the trick (module docstring)."""
    hand = hands[seat]
    dummy = declarer ^ 2
    ours = hand
    if seat == declarer or seat == dummy:
        ours = hands[declarer] | hands[dummy]
    others = ~(ours | played) & np.uint64(0xFFFFFFFFFFFFF)
    if k == 0:
        if seat == declarer or seat == dummy:
            return _lead_declarer_side(hand, others, trump)
        return _lead_defender(hand, others, trump)
    led = trick[0] // 13
    w = trick_winner(trick, k, trump)
    best = trick[w]
    partner_wins = k >= 2 and w == k - 2
    next_seat = (seat + step) % 4
    # can the fourth hand (when it plays after me) beat ``best``?  dummy is seen; others are not
    safe = True
    if k == 2:
        if next_seat == dummy and dummy_seen:
            nxt = legal_cards(hands[dummy], led)
            while nxt:
                c = lowest_bit(nxt)
                nxt &= nxt - _ONE
                if beats(c, best, trump):
                    safe = False
        else:
            safe = best // 13 == trump or is_master(best, others)
    follow = hand & suit_mask(led)
    if follow:
        if k == 1:
            if trick[0] % 13 >= 9 and best // 13 == led:
                cover = follow & higher_in_suit(best) & _honours_of(led)
                if cover:
                    return lowest_bit(cover)
            return lowest_bit(follow)
        if partner_wins and safe:
            return lowest_bit(follow)
        if k == 2:
            top = cheapest_top(follow, played)
            return top if beats(top, best, trump) else lowest_bit(follow)
        if best // 13 == led:
            win = follow & higher_in_suit(best)
            if win:
                return lowest_bit(win)
        return lowest_bit(follow)
    if partner_wins and safe:
        return discard(hand, trump)
    if trump < 4:
        trumps = hand & suit_mask(trump)
        if best // 13 == trump:
            trumps &= higher_in_suit(best)
        if trumps:
            return lowest_bit(trumps)
    return discard(hand, trump)


@njit(cache=True, nogil=True)
def _honours_of(suit):
    """Mask of the J, Q, K, A of ``suit``."""
    return np.uint64(0x1E00) << np.uint64(13 * suit)


@njit(cache=True, nogil=True)
def random_card(hand, led_suit, state):
    """A uniform legal card, drawn from the game's stream."""
    legal = legal_cards(hand, led_suit)
    return nth_bit(legal, bounded(state, popcount(legal)))


@njit(cache=True, nogil=True)
def play_contract(masks, declarer, trump, step, policies, state, hands, trick, sequence):
    """Play 13 tricks from the hands ``masks``; return declarer's tricks. ``sequence[0:52]`` receives
    the cards in play order (the opening lead first); ``policies[seat]`` is a PLAY_* code and
    dummy's cards follow declarer's policy."""
    for s in range(4):
        hands[s] = masks[s]
    played = _ZERO
    leader = (declarer + step) % 4
    won = 0
    dummy = declarer ^ 2
    for t in range(13):
        for k in range(4):
            seat = (leader + k * step) % 4
            controller = declarer if seat == dummy else seat
            led = -1 if k == 0 else trick[0] // 13
            if policies[controller] == PLAY_RANDOM:
                card = random_card(hands[seat], led, state)
            else:
                card = greedy_card(seat, hands, played, trick, k, declarer, trump, step, t > 0 or k > 0)
            trick[k] = card
            hands[seat] &= ~_bit(card)
            played |= _bit(card)
            sequence[4 * t + k] = card
        winner = (leader + trick_winner(trick, 4, trump) * step) % 4
        if (winner & 1) == (declarer & 1):
            won += 1
        leader = winner
    return won
