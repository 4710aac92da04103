"""State of one hand in play: holdings, the public record, per-hand facts and the action log.

* ``hands[seat, cls, slot]`` — card counts (the per-suit-class count vectors of ``order``), with
  ``ncls[seat, cls]`` their totals; ``owner[card id]`` the seat holding a physical card (-1 none,
  ``IN_KITTY`` buried), so the log can name the physical copies played.
* ``seen[cls, slot]`` — cards played so far (public); ``void[seat, cls]`` — seat known void in a
  class (it failed to follow it); ``buried[cls, slot]`` — the kitty (known to 庄家 only).
* ``gs[GS_*]`` — scalars of the hand (leader, trick number, rule switches, running facts);
  ``ss[SS_*, seat]`` — per-seat facts (points won, throws tried and failed).
* ``log[i, LOG_*]`` — one row per action: type, seat, trick (deal position for declarations),
  card count, an extra field, then the physical card ids. Kernels write it only when it has more
  than one row (``play_logged``); batch runs pass a (1, LOG_W) dummy.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.trick.order import MAXS, N_CLS, N_KINDS, OT_KCLS, OT_KSLOT, OT_KPTS

N_SEATS = 4
IN_KITTY = np.int64(-2)
NO_SEAT = np.int64(-1)
MAXC = 48  # cards in one play (a whole class thrown: up to a 39-card hand)

# gs[...]: scalars of the hand
(GS_BANKER, GS_LEADER, GS_TRICK, GS_N_DECKS, GS_MUST_FOLLOW, GS_FAILED_SMALLEST, GS_HOT_KIND, GS_CAPTURED,
 GS_PEN_BANKER, GS_PEN_DEF, GS_HOT_BANKER, GS_HOT_DEF, GS_LAST_WINNER, GS_LAST_N, GS_N_LOG, GS_TRUMPED,
 GS_RUNS_LED, GS_PAIRS_LED, GS_KITTY_PTS, GS_KITTY_HOT, GS_HAND_SIZE, GS_ALLOW_THROW, GS_THROW_CARDS,
 GS_TRIPLES_LED) = range(24)
GS_LEN = 24

# ss[..., seat]: per-seat facts
SS_WON_POINTS, SS_THROWS, SS_THROWS_FAILED, SS_TRICKS_WON = range(4)
SS_ROWS = 4

# log rows
LOG_TYPE, LOG_SEAT, LOG_TRICK, LOG_N, LOG_AUX, LOG_CARDS = range(6)
LOG_W = LOG_CARDS + MAXC
MAX_LOG = 320
LT_DECLARE, LT_FLIP, LT_REDEAL, LT_PICKUP, LT_BURY, LT_THROW, LT_PLAY = (np.int64(t) for t in range(1, 8))


@njit(cache=True, nogil=True)
def deal_seat(p, rotation):
    """Seat receiving deck position ``p`` (kernels.deal convention), the table turned by ``rotation``."""
    return (p % N_SEATS - rotation + N_SEATS) % N_SEATS


@njit(cache=True, nogil=True)
def clear_holdings(hands, ncls, owner):
    hands[:, :, :] = 0
    ncls[:, :] = 0
    owner[:] = -1


@njit(cache=True, nogil=True)
def give_card(seat, card, hands, ncls, owner, ot):
    k = card % N_KINDS
    c = ot[OT_KCLS, k]
    hands[seat, c, ot[OT_KSLOT, k]] += 1
    ncls[seat, c] += 1
    owner[card] = seat


@njit(cache=True, nogil=True)
def take_kind(seat, kind, hands, ncls, owner, ot, n_decks, to):
    """Remove one copy of ``kind`` from ``seat``; the physical id taken (lowest deck first) is
    returned and its owner set to ``to``."""
    c = ot[OT_KCLS, kind]
    hands[seat, c, ot[OT_KSLOT, kind]] -= 1
    ncls[seat, c] -= 1
    for d in range(n_decks):
        card = kind + N_KINDS * d
        if owner[card] == seat:
            owner[card] = to
            return card
    return -1


@njit(cache=True, nogil=True)
def log_row(log, gs, typ, seat, trick, aux):
    """Start a log row; returns its index or -1 when not logging."""
    i = gs[GS_N_LOG]
    if log.shape[0] <= 1 or i >= log.shape[0]:
        return -1
    log[i, LOG_TYPE] = typ
    log[i, LOG_SEAT] = seat
    log[i, LOG_TRICK] = trick
    log[i, LOG_N] = 0
    log[i, LOG_AUX] = aux
    gs[GS_N_LOG] = i + 1
    return i


@njit(cache=True, nogil=True)
def log_card(log, i, card):
    if i >= 0:
        log[i, LOG_CARDS + log[i, LOG_N]] = card
        log[i, LOG_N] += 1


@njit(cache=True, nogil=True, inline="always")
def play_cards(seat, kinds, n, hands, ncls, owner, seen, ot, n_decks, log, li):
    """Move a play from ``seat``'s hand to the table; returns its points."""
    pts = 0
    for i in range(n):
        k = kinds[i]
        card = take_kind(seat, k, hands, ncls, owner, ot, n_decks, NO_SEAT)
        seen[ot[OT_KCLS, k], ot[OT_KSLOT, k]] += 1
        pts += ot[OT_KPTS, k]
        log_card(log, li, card)
    return pts


@njit(cache=True, nogil=True)
def new_hand_buffers(n_ids):
    """(hands, ncls, owner, seen, void, buried, gs, ss) for one worker."""
    return (np.zeros((N_SEATS, N_CLS, MAXS), np.int64), np.zeros((N_SEATS, N_CLS), np.int64),
            np.full(n_ids, -1, np.int64), np.zeros((N_CLS, MAXS), np.int64), np.zeros((N_SEATS, N_CLS), np.int64),
            np.zeros((N_CLS, MAXS), np.int64), np.zeros(GS_LEN, np.int64), np.zeros((SS_ROWS, N_SEATS), np.int64))
