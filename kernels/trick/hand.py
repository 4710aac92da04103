"""The steps of one hand that 八十分 and 红五 take alike (``kernels.tractor.hand``,
``kernels.hongwu.hand``): the hand's start, the cards dealt out and their census features in the
row, the trick scalars set, then the kitty buried, the tricks played and P counted into the row.

What differs stays with each game: its deal and declaration, 庄家 and the sides, its card order,
and what P does (八十分's level change and match state; 红五's ♥5 fields). Row columns come from the
game's layout (``kernels.trick.layout``: ``end_columns``, ``feature_columns``), so the games keep
their own field order. The per-deal steps (``start_deal``, ``deal_out``, ``note_holdings``) take
arrays, not the state, and are inlined: the census takes them once a deal, and as calls it dealt 7%
fewer deals per CPU-second.
"""

from __future__ import annotations

from numba import njit

from kernels.deal import reset_deck
from kernels.rng import seed_stream
from kernels.trick.bury import bury_kitty
from kernels.trick.census import N_FEATURES, hand_features
from kernels.trick.kitty import kitty_multiplier
from kernels.trick.layout import (
    E_BANKER_TRUMPS, E_BANKER_VOIDS, E_CAPTURED, E_FACTS, E_KITTY_BONUS, E_KITTY_DEALT, E_KITTY_MULT, E_KITTY_POINTS,
    E_KITTY_TRUMPS, E_KOU_DI, E_LAST_LEAD, E_LAST_WINNER, E_PEN_BANKER, E_PEN_OPP, E_POINTS,
)
from kernels.trick.order import CLS_TRUMP, N_KINDS, OT_KPTS
from kernels.trick.state import (
    GS_ALLOW_THROW, GS_BANKER, GS_CAPTURED, GS_FAILED_SMALLEST, GS_HAND_SIZE, GS_HOT_BANKER, GS_HOT_DEF, GS_HOT_KIND,
    GS_LAST_N, GS_LAST_WINNER, GS_LEADER, GS_MUST_FOLLOW, GS_N_DECKS, GS_PEN_BANKER, GS_PEN_DEF, N_SEATS,
    clear_holdings, deal_seat, give_card,
)
from kernels.trick.tricks import play_tricks, write_trick_facts


@njit(cache=True, nogil=True)
def turn_seats(st, policies, pp, g):
    """``rotate``: seat ``k`` of game index ``g`` plays with the policy and parameters of the run's
    seat ``(k + g) % 4`` (``policies``, ``pp``: the run's, as the template holds them)."""
    for k in range(N_SEATS):
        st.policies[k] = policies[(k + g) % N_SEATS]
        for j in range(pp.shape[1]):
            st.pp[k, j] = pp[(k + g) % N_SEATS, j]


@njit(cache=True, nogil=True, inline="always")
def start_deal(rng, deck, deck_template, seed, deal):
    """The stream ``(seed, deal)`` into ``rng`` and the deck back in template order (unshuffled)."""
    seed_stream(seed, deal, rng)
    reset_deck(deck, deck_template)


@njit(cache=True, nogil=True)
def start_hand(st, seed, deal, row):
    """A hand's start: its row and scalars at 0, then ``start_deal``."""
    row[:] = 0
    st.gs[:] = 0
    start_deal(st.rng, st.deck, st.deck_template, seed, deal)


@njit(cache=True, nogil=True, inline="always")
def deal_out(hands, ncls, owner, ot, deck, n_dealt, rotation):
    """Deck positions ``0 .. n_dealt - 1`` into the seats' holdings (``deal_seat``), under the order ``ot``."""
    clear_holdings(hands, ncls, owner)
    for p in range(n_dealt):
        give_card(hands, ncls, owner, ot, deal_seat(p, rotation), deck[p])


@njit(cache=True, nogil=True, inline="always")
def note_holdings(hands, ncls, ot, hot, feats, row, cols):
    """Each seat's census features (``kernels.trick.census``, ``hot`` its hot kind, -1 none) into
    ``row[cols[f] + seat]`` (``cols[f]`` < 0: feature ``f`` not kept)."""
    for s in range(N_SEATS):
        hand_features(hands, ncls, s, ot, hot, feats)
        for f in range(N_FEATURES):
            if cols[f] >= 0:
                row[cols[f] + s] = feats[f]


@njit(cache=True, nogil=True)
def open_tricks(st, banker, hot, hand_size, n_decks, must_follow, failed_smallest, allow_throw):
    """Nothing played yet (``seen``, ``void``, ``buried``, ``ss`` at 0) and the hand's scalars for
    the kitty and the tricks: 庄家 leads, the game's hot kind (-1 none), its rules."""
    st.seen[:, :] = 0
    st.void[:, :] = 0
    st.buried[:, :] = 0
    st.ss[:, :] = 0
    gs = st.gs
    gs[GS_BANKER] = banker
    gs[GS_LEADER] = banker
    gs[GS_N_DECKS] = n_decks
    gs[GS_MUST_FOLLOW] = must_follow
    gs[GS_FAILED_SMALLEST] = 1 if failed_smallest else 0
    gs[GS_HOT_KIND] = hot
    gs[GS_HAND_SIZE] = hand_size
    gs[GS_ALLOW_THROW] = allow_throw


@njit(cache=True, nogil=True)
def bury_and_play(st, trump, n_dealt, kitty_size, kitty_rule, row, cols):
    """庄家 (``open_tricks``) picks up the kitty (deck positions ``n_dealt ..``) and buries, the
    tricks are played, and P = captured + kitty bonus + penalty_banker - penalty_opp is counted;
    the kitty's hot cards go to the side that wins the last trick. Writes the ``HAND_END`` fields
    and ``TRICK_FACTS`` at ``cols`` (``end_columns``); returns (P, hot cards buried)."""
    ot, ncls, gs, side, deck = st.ot, st.ncls, st.gs, st.side, st.deck
    banker = gs[GS_BANKER]
    kitty_dealt = 0
    for i in range(kitty_size):
        kitty_dealt += ot[OT_KPTS, deck[n_dealt + i] % N_KINDS]
    kitty_pts, kitty_trumps, kitty_hot = bury_kitty(st, banker, n_dealt, kitty_size)
    voids = 0
    for c in range(4):
        if c != trump and ncls[banker, c] == 0:
            voids += 1
    row[cols[E_BANKER_TRUMPS]] = ncls[banker, CLS_TRUMP]
    play_tricks(st)
    kou_di = side[gs[GS_LAST_WINNER]] == 0
    if kou_di:
        gs[GS_HOT_DEF] += kitty_hot
    else:
        gs[GS_HOT_BANKER] += kitty_hot
    mult = kitty_multiplier(kitty_rule, gs[GS_LAST_N])
    bonus = kitty_pts * mult if kou_di else 0
    points = gs[GS_CAPTURED] + bonus + gs[GS_PEN_BANKER] - gs[GS_PEN_DEF]
    row[cols[E_BANKER_VOIDS]] = voids
    row[cols[E_KITTY_DEALT]] = kitty_dealt
    row[cols[E_KITTY_POINTS]] = kitty_pts
    row[cols[E_KITTY_TRUMPS]] = kitty_trumps
    row[cols[E_CAPTURED]] = gs[GS_CAPTURED]
    row[cols[E_KOU_DI]] = 1 if kou_di else 0
    row[cols[E_LAST_LEAD]] = gs[GS_LAST_N]
    row[cols[E_LAST_WINNER]] = gs[GS_LAST_WINNER]
    row[cols[E_KITTY_MULT]] = mult
    row[cols[E_KITTY_BONUS]] = bonus
    row[cols[E_PEN_BANKER]] = gs[GS_PEN_BANKER]
    row[cols[E_PEN_OPP]] = gs[GS_PEN_DEF]
    row[cols[E_POINTS]] = points
    write_trick_facts(row, cols[E_FACTS], gs, st.ss)
    return points, kitty_hot
