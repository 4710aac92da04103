"""The trick family's declared state: every array of one hand in play (``TRICK_CORE``), and the
steps on it that move cards and write the log.

A game's state is ``TRICK_CORE`` extended with its own slots (``kernels.tractor.state``,
``kernels.hongwu.state``); ``kernels.state`` explains the declaration and what it generates
(``LAYOUT.allocate`` on the Python side, ``clone`` in a block kernel). Kernels take that one
``st`` and read its slots by name:

* ``hands[seat, cls, slot]`` — card counts (the per-suit-class count vectors of ``order``), with
  ``ncls[seat, cls]`` their totals; ``owner[card id]`` the seat holding a physical card (-1 none,
  ``IN_KITTY`` buried), so the log can name the physical copies played.
* ``seen[cls, slot]`` — cards played so far (public); ``void[seat, cls]`` — seat known void in a
  class (it failed to follow it); ``buried[cls, slot]`` — the kitty (known to 庄家 only).
* ``gs[GS_*]`` — scalars of the hand (leader, trick number, rule switches, running facts);
  ``ss[SS_*, seat]`` — per-seat facts (points won, throws tried and failed).
* ``log[i, LOG_*]`` — one row per action: type, seat, trick (deal position for declarations),
  card count, an extra field, then the physical card ids. Kernels write it only when it has more
  than one row (``play_logged``); batch runs carry a (1, LOG_W) dummy.

Dimensions: ``ids`` (physical cards: 108 or 162), ``params`` (``kernels.trick.players`` N_PP),
``rules``, ``fix_groups`` / ``fix_cards`` (``--fix``'s tables, ``kernels.deal.place_fixed``), ``log_rows``.

A call that is given a named tuple increfs and decrefs every array in it, so the per-play and
per-deal kernels are given what they read — ``PlayerView``, ``DealView`` (the same slot names) or
the arrays themselves — and only the once-per-hand ones the whole state.
"""

from __future__ import annotations

from collections import namedtuple

import numpy as np
from numba import njit

from kernels.state import Slot, StateLayout
from kernels.trick.census import N_FEATURES
from kernels.trick.follow import N_DEMANDS
from kernels.trick.order import MAXS, N_CLS, N_KINDS, OT_KCLS, OT_KPTS, OT_KSLOT, OT_ROWS, OT_W
from kernels.trick.shape import CW, MAX_DEPTH, MAXCOMP, MAXK

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


# tc[TC_*]: the trick so far, as a follower sees it (``kernels.trick.follows``)
TC_CLS, TC_N, TC_NCOMP, TC_THROW, TC_BEST_SEAT, TC_BEST_TIER, TC_BEST_KEY, TC_POINTS, TC_POS, TC_LEADER = range(10)
TC_LEN = 10

TRICK_SLOTS = (
    Slot("rng", "uint64", (4,), "the hand's random stream (kernels.rng)"),
    Slot("deck", "int64", ("ids",), "the deck as shuffled: deck[p] is the physical card at deal position p"),
    Slot("ot", "int64", (OT_ROWS, OT_W), "the hand's card order (kernels.trick.order), built from its trump"),
    Slot("hands", "int64", (N_SEATS, N_CLS, MAXS), "each seat's card counts by suit class and slot"),
    Slot("ncls", "int64", (N_SEATS, N_CLS), "each seat's cards per suit class"),
    Slot("owner", "int64", ("ids",), "the seat holding each physical card (-1 none, IN_KITTY buried)"),
    Slot("seen", "int64", (N_CLS, MAXS), "cards played so far (public)"),
    Slot("void", "int64", (N_SEATS, N_CLS), "1 where a seat is known void in a class (it failed to follow it)"),
    Slot("buried", "int64", (N_CLS, MAXS), "the buried kitty (known to 庄家 only)"),
    Slot("side", "int64", (N_SEATS,), "1 for the 庄 side, 0 for the 闲 side"),
    Slot("gs", "int64", (GS_LEN,), "the hand's scalars by name (GS_*: 庄家, leader, trick, running facts)"),
    Slot("ss", "int64", (SS_ROWS, N_SEATS), "per-seat facts by row (SS_*: points won, throws, tricks)"),
    Slot("policies", "int64", (N_SEATS,), "each seat's player id this hand (kernels.trick.players)"),
    Slot("pp", "float64", (N_SEATS, "params"), "each seat's player parameters this hand (PP_*)"),
    Slot("deck_template", "int64", ("ids",), "the physical card ids in order (each hand's deck before its shuffle)",
         shared=True),
    Slot("rules", "int64", ("rules",), "the ruleset as numbers (the game's R_* codes)", shared=True),
    Slot("fix_card", "int64", ("fix_groups", "fix_cards"), "--fix's cards per group (kernels.deal.place_fixed)",
         shared=True),
    Slot("fix_slots", "int64", ("fix_groups", "fix_cards"), "--fix's deck positions per group", shared=True),
    Slot("log", "int64", ("log_rows", LOG_W), "the action log (LOG_*; one row: not logging); shared so that "
         "play_logged reads back what its block wrote", shared=True),
    Slot("dsuit", "int64", (N_SEATS, 4), "deal: plain cards received per seat and suit", scratch=True),
    Slot("dshow", "int64", (N_SEATS, 4), "deal: cards each seat could show per suit (level cards, 10s)",
         scratch=True),
    Slot("dextra", "int64", (N_SEATS,), "deal: cards received that are trumps whatever the suit", scratch=True),
    Slot("drecv", "int64", (N_SEATS,), "deal: cards received so far per seat", scratch=True),
    Slot("feats", "int64", (N_FEATURES,), "one seat's census features (kernels.trick.census)", scratch=True),
    Slot("pref", "float64", (N_CLS, MAXS), "a player's preference per card (higher: given up first)",
         scratch=True),
    Slot("hcopy", "int64", (N_CLS, MAXS), "a copy of one seat's holding the players take cards from",
         scratch=True),
    Slot("lead", "int64", (MAXC,), "the kinds the leader plays", scratch=True),
    Slot("play", "int64", (MAXC,), "the kinds a follower plays (and the kinds 庄家 buries)", scratch=True),
    Slot("comps", "int64", (MAXCOMP, CW), "the lead's components (kernels.trick.shape)", scratch=True),
    Slot("tc", "int64", (TC_LEN,), "the trick so far as a follower sees it (TC_*)", scratch=True),
    Slot("dem", "int64", (N_DEMANDS,), "the lead's structure demands (kernels.trick.follow D_*)", scratch=True),
    Slot("failed", "int64", (MAXCOMP,), "components of a throw that another hand beats", scratch=True),
    Slot("rem", "int64", (MAXS,), "slot counts still to place (decomposition, matching, building)", scratch=True),
    Slot("pc", "int64", (MAXS,), "a play's slot counts in one class", scratch=True),
    Slot("fc", "int64", (MAXS,), "a follow under construction, by slot", scratch=True),
    Slot("unseen", "int64", (MAXS,), "cards of one class a seat cannot place, by slot", scratch=True),
    Slot("slots", "int64", (MAXK,), "the slots of a run found (low first)", scratch=True),
    Slot("dstart", "int64", (MAX_DEPTH,), "match search: run start per depth", scratch=True),
    Slot("dslots", "int64", (MAX_DEPTH, MAXK), "match search: slots placed per depth", scratch=True),
    Slot("ditem", "int64", (MAX_DEPTH,), "match search: component per depth", scratch=True),
)

TRICK_CORE = StateLayout("TrickState", __name__, TRICK_SLOTS,
                         "The arrays every hand of the trick family has; a game extends them with its own.")
TrickState = TRICK_CORE.cls


# What the players read and write during the tricks: a per-hand view of the state's slots under the
# same names, so the choosers (``leads``, ``follows``) read ``st.hands`` whichever they are given. A
# call that receives a named tuple increfs and decrefs every array in it, so the per-play choosers
# take this 25-array view, not the whole state.
PLAYER_FIELDS = ("hands", "ncls", "seen", "void", "buried", "side", "ot", "gs", "pp", "rng", "pref", "hcopy", "lead",
                 "play", "comps", "tc", "dem", "rem", "pc", "fc", "unseen", "slots", "dstart", "dslots", "ditem")
PlayerView = namedtuple("PlayerView", PLAYER_FIELDS, module=__name__)


@njit(cache=True, nogil=True)
def player_view(st):
    """The slots the players use (``PLAYER_FIELDS``), as a ``PlayerView`` of the same arrays."""
    return PlayerView(st.hands, st.ncls, st.seen, st.void, st.buried, st.side, st.ot, st.gs, st.pp, st.rng, st.pref,
                      st.hcopy, st.lead, st.play, st.comps, st.tc, st.dem, st.rem, st.pc, st.fc, st.unseen, st.slots,
                      st.dstart, st.dslots, st.ditem)


# What a deal reads and writes (``kernels.tractor.deal``, ``kernels.hongwu.deal``), under the slot
# names: a caller builds it once (a block, a hand: ``deal_view``) so each deal is given 13 arrays, not the state.
DEAL_FIELDS = ("rng", "deck", "fix_card", "fix_slots", "rules", "dl", "dsuit", "dshow", "dextra", "drecv", "pp", "log",
               "gs")
DealView = namedtuple("DealView", DEAL_FIELDS, module=__name__)


@njit(cache=True, nogil=True)
def deal_view(st):
    """The slots a deal uses (``DEAL_FIELDS``; ``dl`` is the game's own), as a ``DealView`` of the same arrays."""
    return DealView(st.rng, st.deck, st.fix_card, st.fix_slots, st.rules, st.dl, st.dsuit, st.dshow, st.dextra,
                    st.drecv, st.pp, st.log, st.gs)


def no_fix():
    """The empty ``place_fixed`` tables: a run without ``--fix``."""
    return np.zeros((0, 0), np.int64), np.zeros((0, 0), np.int64)


def base_values(n_ids, rules, policies, pp, fix=None, log_rows=1):
    """The slots a run gives its template (the rest are zeros): the card ids, the rules, the players,
    ``--fix``'s tables (None: no --fix) and a log of ``log_rows`` rows."""
    fix_card, fix_slots = fix if fix is not None else no_fix()
    return {"deck_template": np.arange(n_ids, dtype=np.int64), "rules": np.asarray(rules, np.int64),
            "policies": np.asarray(policies, np.int64), "pp": np.asarray(pp, np.float64),
            "fix_card": np.asarray(fix_card, np.int64), "fix_slots": np.asarray(fix_slots, np.int64),
            "log": np.zeros((log_rows, LOG_W), np.int64)}


@njit(cache=True, nogil=True)
def start_block(st):
    """A block's clone of the template: its work buffers the players keep from hand to hand start at 0."""
    st.pref[:, :] = 0.0
    st.hcopy[:, :] = 0
    st.play[:] = 0
    st.feats[:] = 0


@njit(cache=True, nogil=True)
def clear_holdings(hands, ncls, owner):
    hands[:, :, :] = 0
    ncls[:, :] = 0
    owner[:] = -1


@njit(cache=True, nogil=True)
def give_card(hands, ncls, owner, ot, seat, card):
    k = card % N_KINDS
    c = ot[OT_KCLS, k]
    hands[seat, c, ot[OT_KSLOT, k]] += 1
    ncls[seat, c] += 1
    owner[card] = seat


@njit(cache=True, nogil=True)
def take_kind(hands, ncls, owner, ot, n_decks, seat, kind, to):
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
def play_cards(table, seat, kinds, n, li):
    """Move a play from ``seat``'s hand to the table; returns its points. ``table`` = (hands, ncls,
    owner, seen, ot, gs, log) of the state (a tuple built once a hand: passing the whole state on
    every play costs a reference count per slot)."""
    hands, ncls, owner, seen, ot, gs, log = table
    nd = gs[GS_N_DECKS]
    pts = 0
    for i in range(n):
        k = kinds[i]
        card = take_kind(hands, ncls, owner, ot, nd, seat, k, NO_SEAT)
        seen[ot[OT_KCLS, k], ot[OT_KSLOT, k]] += 1
        pts += ot[OT_KPTS, k]
        log_card(log, li, card)
    return pts
