"""Card play of one contract: the 13-trick loop and the fast policies ``random`` and ``greedy``.

Play policies (codes shared with ``sim.games.bridge.policies``): ``PLAY_RANDOM`` plays a uniform
legal card from the game's stream; ``PLAY_GREEDY`` plays by the classic rules of thumb below;
``PLAY_DD`` is double-dummy play, which the kernel does not do (the tricks are the DD table's
entry, filled in from ``sim.games.bridge.dd``). Declarer chooses dummy's cards with declarer's
policy. The play direction ``step`` (``st.rules[R_STEP]``) is 1 for clockwise play (spec BR-1), 3 for
counter-clockwise. ``play_contract`` takes the board's declared state ``st`` (``kernels.bridge.state``);
the per-card policies take the few arrays they read (with ``st``, 52 calls a board compiled slower
and ran no faster).

Greedy, from what the player may know: own cards, dummy (after the opening lead), the cards
played; declarer also counts the opponents' trumps. A card is a *master* when no higher card of
its suit can be held by the other side (all higher ones are played or on our side's known hands).

* Leading, declarer's side (declarer sees both hands): ruff a loser in the short trump hand (lead
  the lowest non-master card of a side suit partner is void in, when partner holds trumps but
  fewer than this hand); else draw trumps while the opponents hold any that is not above all of
  ours (the top trump if it is a master, else the cheapest of a top sequence such as KQJ, else a
  low one); then cash a master, longest suit first; else lead low toward an honour of partner's
  that needs it (a J, Q or K that is not a master, above this hand's cards), else from the
  longest suit of the two hands together (the cheapest of a top sequence, else low).
* Leading, defenders: cash a master; else the top of a sequence (the top card is J or higher and
  the next card down is held too); else from the longest side suit (never trumps while a side suit
  is left): top of a doubleton, low from three, fourth best from four or more.
* Second hand low, but cover an honour (J or higher) led with the cheapest higher honour; on
  declarer's side, low whenever partner (fourth hand, in sight) can beat the card led.
* Third hand high: the cheapest of the touching top cards (cards played in between count as
  touching; when that card does not beat the trick so far, the cheapest card that does, else
  low) — low instead when partner's card already wins and the fourth hand (dummy in sight,
  or any hand when partner's card is a master) cannot beat it. Declarer's side finesses: with a
  master and a card one unseen card below it (AQ, K out) it plays the lower card when that beats
  the trick so far.
* Fourth hand: low when partner wins, else win as cheaply as possible, else low.
* Void in the suit led: discard when partner's card wins (and the fourth hand cannot beat it), or
  on declarer's side in second seat when partner can beat the card led; else ruff with the
  cheapest trump that wins; else discard. A defender discards the lowest card of the longest side
  suit; declarer's side a loser: the lowest card of the side suit (no master in either hand) where
  the two hands hold the fewest cards, else the defender's discard.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.bridge.bits import highest_bit, lowest_bit, nth_bit, popcount
from kernels.bridge.state import R_STEP
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
def _sequence_or_low(cards, played):
    """The cheapest card of the top sequence of ``cards`` (one suit) when the top card has a touching
    partner (KQJ: the J, to drive out the ace); else the lowest card."""
    t = cheapest_top(cards, played)
    return t if t != highest_bit(cards) else lowest_bit(cards)


@njit(cache=True, nogil=True)
def _ruff_in_short_hand(hand, partner, others, trump):
    """Lowest loser of a side suit that ``partner`` is void in, when ``partner`` holds fewer trumps
    than ``hand`` (a ruff there is an extra trick); -1 if none."""
    if trump >= 4:
        return -1
    his_trumps = popcount(partner & suit_mask(trump))
    if his_trumps == 0 or his_trumps >= popcount(hand & suit_mask(trump)):
        return -1
    best = -1
    for s in range(4):
        cards = hand & suit_mask(s)
        if s == trump or not cards or partner & suit_mask(s):
            continue
        low = lowest_bit(cards)
        if not is_master(low, others) and (best < 0 or low % 13 < best % 13):
            best = low
    return best


@njit(cache=True, nogil=True)
def _lead_toward(hand, partner, others, played, trump):
    """Low card of the side suit to play next without a master: toward an honour of partner's that
    needs the lead from this side (a K, or a Q/J with higher cards out), else the longest suit of
    the two hands together; -1 when ``hand`` holds no side-suit card."""
    best = -1
    best_key = -1
    for s in range(4):
        mine = hand & suit_mask(s)
        if s == trump or not mine:
            continue
        his = partner & suit_mask(s)
        key = popcount(mine) + popcount(his)
        card = _sequence_or_low(mine, played)
        if his:
            top = highest_bit(his)
            if top % 13 >= 9 and top > highest_bit(mine) and not is_master(top, others):
                key += 26
                card = lowest_bit(mine)
        if key > best_key:
            best = card
            best_key = key
    return best


@njit(cache=True, nogil=True)
def _declarer_discard(hand, partner, others, trump):
    """Declarer's side discards a loser: the lowest card of the side suit in which neither hand's top
    card is a master and the two hands together hold the fewest cards (a void to ruff in later);
    the plain ``discard`` when every side suit holds a winner."""
    best = -1
    best_n = 99
    for s in range(4):
        mine = hand & suit_mask(s)
        if s == trump or not mine:
            continue
        if is_master(highest_bit(mine), others):
            continue
        his = partner & suit_mask(s)
        if his and is_master(highest_bit(his), others):
            continue
        n = popcount(mine) + popcount(his)
        if n < best_n:
            best = lowest_bit(mine)
            best_n = n
    if best >= 0:
        return best
    return discard(hand, trump)


@njit(cache=True, nogil=True)
def _lead_declarer_side(hand, partner, others, played, trump):
    ruff = _ruff_in_short_hand(hand, partner, others, trump)
    if ruff >= 0:
        return ruff
    if trump < 4:
        mine = hand & suit_mask(trump)
        theirs = others & suit_mask(trump)
        ours = (hand | partner) & suit_mask(trump)
        if mine and theirs and lowest_bit(theirs) < highest_bit(ours):
            top = highest_bit(mine)
            return top if is_master(top, others) else _sequence_or_low(mine, played)
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
    toward = _lead_toward(hand, partner, others, played, trump)
    if toward >= 0:
        return toward
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
    """The greedy policy's card for ``seat`` at position ``k`` of the trick (module docstring).
    The hot path of the play: it takes the two arrays it reads, not the board's state."""
    hand = hands[seat]
    dummy = declarer ^ 2
    declaring = seat == declarer or seat == dummy
    ours = hand
    if declaring:
        ours = hands[declarer] | hands[dummy]
    others = ~(ours | played) & np.uint64(0xFFFFFFFFFFFFF)
    partner = hands[seat ^ 2]
    if k == 0:
        if declaring:
            return _lead_declarer_side(hand, partner, others, played, trump)
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
    # second hand on declarer's side: partner, fourth and in sight, can beat the card led
    partner_beats = declaring and k == 1 and dummy_seen and (partner & higher_in_suit(best)) != _ZERO
    follow = hand & suit_mask(led)
    if follow:
        if k == 1:
            if partner_beats:
                return lowest_bit(follow)
            if trick[0] % 13 >= 9 and best // 13 == led:
                cover = follow & higher_in_suit(best) & _honours_of(led)
                if cover:
                    return lowest_bit(cover)
            return lowest_bit(follow)
        if partner_wins and safe:
            return lowest_bit(follow)
        if k == 2:
            top = cheapest_top(follow, played)
            if declaring:
                card = tenace_card(follow, others, played)
                if card >= 0 and beats(card, best, trump):
                    return card  # the finesse: it wins whenever the second hand holds the missing card
            if beats(top, best, trump):
                return top
        if best // 13 == led:
            win = follow & higher_in_suit(best)
            if win:
                return lowest_bit(win)
        return lowest_bit(follow)
    if (partner_wins and safe) or partner_beats:
        return _declarer_discard(hand, partner, others, trump) if declaring else discard(hand, trump)
    if trump < 4:
        trumps = hand & suit_mask(trump)
        if best // 13 == trump:
            trumps &= higher_in_suit(best)
        if trumps:
            return lowest_bit(trumps)
    return _declarer_discard(hand, partner, others, trump) if declaring else discard(hand, trump)


@njit(cache=True, nogil=True)
def tenace_card(cards, others, played):
    """The lower card of a tenace in ``cards`` (one suit): a master on top and, below it, a card
    with exactly one unseen card in between (AQ with the K out: the Q); -1 if none."""
    top = cheapest_top(cards, played)
    if not is_master(top, others):
        return -1
    below = cards & ((_bit(top) - _ONE) & suit_mask(top // 13))
    if not below:
        return -1
    gap = others & higher_in_suit(highest_bit(below)) & ~higher_in_suit(top) & ~_bit(top)
    return cheapest_top(below, played) if popcount(gap) == 1 else -1


@njit(cache=True, nogil=True)
def _honours_of(suit):
    """Mask of the J, Q, K, A of ``suit``."""
    return np.uint64(0x1E00) << np.uint64(13 * suit)


@njit(cache=True, nogil=True)
def random_card(hand, led_suit, state):
    """A uniform legal card, drawn from the board's stream."""
    legal = legal_cards(hand, led_suit)
    return nth_bit(legal, bounded(state, popcount(legal)))


@njit(cache=True, nogil=True)
def play_contract(st, declarer, trump):
    """Play 13 tricks from the hands ``st.masks``; return declarer's tricks. ``st.sequence[0:52]``
    receives the cards in play order (the opening lead first); ``st.pol[1, seat]`` is a PLAY_* code
    and dummy's cards follow declarer's policy; random play draws from ``st.rng``."""
    hands = st.hands
    trick = st.trick
    sequence = st.sequence
    policies = st.pol[1]
    rng = st.rng
    step = st.rules[R_STEP]
    for s in range(4):
        hands[s] = st.masks[s]
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
                card = random_card(hands[seat], led, rng)
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
