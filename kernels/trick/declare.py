"""The declaring bot: whether a player shows a card (叫主 / 亮主) as it is dealt to him.

During the deal each player, after receiving a card, looks at his partial hand: ``suit[s]`` plain
cards of suit s, ``show[s]`` cards of suit s he could show (level-rank cards, or 10s,
by the game), ``extra`` other cards that are trumps whatever the suit (jokers, the rest of the level
cards). The share of suit s is ``(suit[s] + sum(show) + extra) / received`` — roughly the trumps
he would hold.

* Nobody has declared: show a card of the suit with the best share once ``received >=
  declare_after`` and the share reaches ``declare_min`` (two copies: show the pair); on his last
  card he shows his best suit whatever its share.
* A single card was shown and pairs override (TR-1): show a pair of another suit when its share
  reaches ``override_min``; the player who showed the single reinforces it with a pair of the
  same suit (加固) whenever he can. A pair is final.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.trick.players import PP_DECLARE_AFTER, PP_DECLARE_MIN, PP_OVERRIDE_MIN

NO_DECL, DECL_SINGLE, DECL_PAIR = np.int64(0), np.int64(1), np.int64(2)


@njit(cache=True, nogil=True)
def _share(suit, show, extra, s, received):
    total = extra
    for x in range(4):
        total += show[x]
    return (suit[s] + total) / max(1, received)


@njit(cache=True, nogil=True)
def declare_choice(pp, seat, suit, show, extra, received, hand_size, standing, pairs_override):
    """(declaration kind NO_DECL / DECL_SINGLE / DECL_PAIR, suit) this seat makes now, from its
    partial hand (``suit``, ``show``, ``extra``, ``received``) and its parameters ``pp``; the
    standing declaration is ``standing`` = (kind, seat, suit)."""
    cur, cur_seat, cur_suit = standing
    if cur == DECL_PAIR:
        return NO_DECL, -1
    if cur == NO_DECL:
        best = -1
        best_v = -1.0
        for s in range(4):
            if show[s] > 0:
                v = _share(suit, show, extra, s, received) + (0.001 if show[s] >= 2 else 0.0)
                if v > best_v:
                    best_v = v
                    best = s
        if best < 0:
            return NO_DECL, -1
        if received >= hand_size or (received >= pp[seat, PP_DECLARE_AFTER] and best_v >= pp[seat, PP_DECLARE_MIN]):
            if show[best] >= 2 and pairs_override:
                return DECL_PAIR, best
            return DECL_SINGLE, best
        return NO_DECL, -1
    if not pairs_override:
        return NO_DECL, -1
    if cur_seat == seat and show[cur_suit] >= 2:
        return DECL_PAIR, cur_suit
    best = -1
    best_v = -1.0
    for s in range(4):
        if s != cur_suit and show[s] >= 2:
            v = _share(suit, show, extra, s, received)
            if v > best_v:
                best_v = v
                best = s
    if best >= 0 and best_v >= pp[seat, PP_OVERRIDE_MIN]:
        return DECL_PAIR, best
    return NO_DECL, -1
