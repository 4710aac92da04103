"""One turn of 五十K over its declared state (``kernels.wushik.state``), on the climbing engine's
shared steps (``kernels.climb.steps``).

What this game adds to the shared steps: its move generation and §7 beat rule
(``kernels.wushik.movegen``), its players (``kernels.wushik.policies``), which suits a play takes
(``kernels.wushik.cardpick``: only 5, 10 and K matter, for 正510K), points on the table, and the
per-play facts of ``kernels.wushik.layout``: bombs by size, the W-6 bomb bonus (a >= 5-card bomb
earns it unless a player of the other team bombs later in the same trick; settled at the trick's
end), 正/副 510K played and beaten.

The 终止牌 end (§9) is the shared partnership end rule (``END_FIRST_OUT_OR_TEAM`` with teams
{0, 2} / {1, 3}): the hand ends when the first two out are partners or the third is out, and the
shared step gives the table's points to the player of the 终止牌 — this turn takes them back out
of ``captured`` into ``terminal_points``, which scoring gives to him or voids (W-5).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.climb import steps
from kernels.climb.loop import GS_N_TURNS, GS_TRICK_POINTS, GS_TURN
from kernels.climb.search_driver import KIND_PLAY
from kernels.wushik.cardpick import pick_suits
from kernels.wushik.layout import HAND_LAYOUT, MAX_SEATS
from kernels.wushik.movegen import generate_moves, rank_points
from kernels.wushik.moves import BOMB, FIFTY_K, SUIT_FU
from kernels.wushik.policies import SEARCH, choose
from kernels.wushik.state import GS_FK_OPEN, GS_N_PENDING

ROW_BOMBS = HAND_LAYOUT.at("bombs4")  # + (size - 4) * MAX_SEATS + seat: the bombs{k} fields are consecutive
ROW_BONUS = HAND_LAYOUT.at("bonus5")  # + (size - 5) * MAX_SEATS + seat
ROW_ZHENG, ROW_FU, ROW_FK_BEATEN, ROW_PLAYS, ROW_TERMINAL_SEAT, ROW_TERMINAL_POINTS = map(HAND_LAYOUT.at, (
    "zheng_played", "fu_played", "fk_beaten", "plays", "terminal_seat", "terminal_points"))
MAX_TURNS = 4096  # a hand has a few hundred turns at most
assert HAND_LAYOUT.at("bombs8") == ROW_BOMBS + 4 * MAX_SEATS and HAND_LAYOUT.at("bonus8") == ROW_BONUS + 3 * MAX_SEATS


@njit(cache=True, nogil=True, inline="always")
def settle_bonuses(st):
    """The trick (or the hand) is over: pending bombs earn their bonus (W-6)."""
    gs, pend, row = st.gs, st.pend, st.row
    if gs[GS_N_PENDING] == 0:
        return
    for s in range(MAX_SEATS):
        for z in range(5, 9):
            if pend[s, z] > 0:
                row[ROW_BONUS + (z - 5) * MAX_SEATS + s] += pend[s, z]
                pend[s, z] = 0
    gs[GS_N_PENDING] = 0


@njit(cache=True, nogil=True, inline="always")
def record_play_facts(st, seat, choice):
    """Facts of one play (``st.moves[choice]``): 510K played and beaten, bombs by size, the bombs'
    pending bonuses."""
    gs, pend, row = st.gs, st.pend, st.row
    kind, size = st.moves[choice, 0], st.moves[choice, 2]
    row[ROW_PLAYS + seat] += 1
    if gs[GS_FK_OPEN] > 0:  # every play beats the play before it
        row[ROW_FK_BEATEN] += gs[GS_FK_OPEN]
        gs[GS_FK_OPEN] = 0
    if kind == FIFTY_K:
        gs[GS_FK_OPEN] = 1
        row[(ROW_FU if st.moves[choice, 4] == SUIT_FU else ROW_ZHENG) + seat] += 1
    elif kind == BOMB:
        row[ROW_BOMBS + (size - 4) * MAX_SEATS + seat] += 1
        if gs[GS_N_PENDING] > 0:  # a bomb of the other team cancels that team's pending bonuses
            for s in range(1 - seat % 2, MAX_SEATS, 2):  # the seats of the other team
                for z in range(5, 9):
                    gs[GS_N_PENDING] -= pend[s, z]
                    pend[s, z] = 0
        if size >= 5:
            pend[seat, size] += 1
            gs[GS_N_PENDING] += 1


@njit(cache=True, nogil=True)
def count_cards(owner, counts, suit_counts):
    """Every seat's rank and suit counts from the card owners (``owner[id]``, -1: nobody)."""
    counts[:, :] = 0
    suit_counts[:, :, :] = 0
    for c in range(owner.shape[0]):
        s, k = owner[c], c % 54
        if s >= 0:
            counts[s, k // 4] += 1
            suit_counts[s, k // 4, k % 4] += 1


@njit(cache=True, nogil=True)
def take_cards(owner, counts, suit_counts, scratch, take, played, move, seat):
    """Take the cards of ``move`` out of the seat's hand (``counts``, ``suit_counts``: its rows):
    which suits (``cardpick``), which physical ids (``played``, for the log; ``owner`` updated),
    and their points. Returns (cards, points)."""
    n_cards = pick_suits(move, suit_counts, scratch, take)
    k, points = 0, 0
    for r in range(13):
        for s in range(4):
            t = take[r, s]
            if t == 0:
                continue
            counts[r] -= t
            suit_counts[r, s] -= t
            points += t * rank_points(r)
            for _ in range(t):  # the first deck's copy while the seat holds it, then the second's
                c = r * 4 + s if owner[r * 4 + s] == seat else r * 4 + s + 54
                owner[c] = -1
                played[k] = c
                k += 1
    return n_cards, points


@njit(cache=True, nogil=True)
def play_on(st, forced, search_on):
    """Play the hand of ``st`` on, turn by turn, to its 终止牌.

    ``forced`` is the first turn's move: >= 0 plays that move (its index in ``generate_moves``'
    order), -1 passes, -2 lets the seat's player choose (a search rollout forces its candidate).
    ``search_on``: None when no seat searches (not compiled in); else the search as a function value
    (``kernels.wushik.search.search``) that a search seat asks before each of its turns. The
    turn is written out here, over ``st`` itself: an inlined call taking the state costs a
    reference count per slot, every turn."""
    gs, rules = st.gs, st.rules
    f = forced
    for _ in range(MAX_TURNS):
        seat = gs[GS_TURN]
        if search_on is not None:
            if st.policies[seat] == SEARCH:
                f = search_on(st, seat, np.int64(KIND_PLAY))
        gs[GS_N_TURNS] += 1
        n = generate_moves(st.counts[seat], st.suit_counts[seat], st.top, rules, st.moves)
        choice = f
        if n == 0:
            choice = -1  # nothing beats the top: a pass
        elif f == -2:
            choice = choose(st.policies[seat], st.moves, n, st.counts[seat], st.hand_left, gs, st.pp, rules, st.rng,
                            seat)
        f = -2
        if choice < 0:
            steps.record_pass(st, seat)
        else:
            n_cards, points = take_cards(st.owner, st.counts[seat], st.suit_counts[seat], st.scratch, st.take,
                                         st.played, st.moves[choice], seat)
            gs[GS_TRICK_POINTS] += points
            record_play_facts(st, seat, choice)
            steps.log_play(st, seat, choice, st.played, n_cards)
            if steps.after_play(st, seat, choice, n_cards):
                st.row[ROW_TERMINAL_SEAT] = seat
                st.row[ROW_TERMINAL_POINTS] = gs[GS_TRICK_POINTS]
                st.captured[seat] -= gs[GS_TRICK_POINTS]  # the shared step gave them to him: W-5 is scoring's
                settle_bonuses(st)
                return
        if steps.advance(st, seat):
            settle_bonuses(st)
            gs[GS_FK_OPEN] = 0
