"""仙居红五 deal and 庄家 by the first 10 shown (spec §3, XJ-4).

Cards are dealt one at a time (deck position ``p`` to seat ``(p % 4 - rotation) mod 4``,
positions 156..161 the kitty). After each card its receiver may show a 10
(``kernels.trick.declare``, no pairs, no overriding): the first to show one is 庄家 and its suit
is trump. By default random and greedy show their first 10 (``declare_min = 0``) and smart waits
for a suit worth it (``sim.games.hongwu.play.POLICY_DEFAULTS``); every bot shows its best 10 on its
last card at the latest, so, with twelve 10s and a 6-card kitty, somebody always shows one.

Nobody showed a 10 (not with the family's bots, which show on their last card): ``redeal`` (default) shuffles again from the same
stream (at most ``MAX_REDEALS`` times, then the kitty is turned); ``flip_kitty`` turns the kitty:
the first 10 sets the suit, else the highest natural rank among the suited cards (first turned on
ties, jokers skipped: ``kernels.trick.deal.trump_from_kitty``); 庄家 is the seat that would have
received that card had the deal gone on.
"""

from __future__ import annotations

from numba import njit

from kernels.hongwu.codes import HAND_SIZE, KITTY_SIZE, NO_DECL_REDEAL, R_NO_DECLARATION
from kernels.hongwu.order import HEART5_KIND, R10
from kernels.trick.deal import (
    DL_FROM_KITTY, DL_REDEALS, DL_SHARED, DL_TRUMP, clear_counts, redealt, shuffle_deck, trump_from_kitty,
)
from kernels.trick.declare import NO_DECL, declare_choice
from kernels.trick.order import FALSE, I1, N_KINDS, NEG1, natural_value
from kernels.trick.state import LT_DECLARE, N_SEATS, deal_seat, log_card, log_row

# st.dl[DL_*]: the family's fields (kernels.trick.deal), then 庄家 and when the 10 was shown
DL_BANKER, DL_POSITION = range(DL_SHARED, DL_SHARED + 2)
DL_LEN = DL_SHARED + 2
TEN = natural_value.py_func(4 * R10)  # the natural rank of a 10 (what turning the kitty looks for first)


@njit(cache=True, nogil=True)
def deal_and_show(st, rotation):
    """Shuffle ``st.deck`` from ``st.rng``, deal and find 庄家 and trump; writes ``st.dl[DL_*]``.
    ``--fix``'s cards (``st.fix_card``, ``st.fix_slots``) are placed after every shuffle
    (``kernels.deal.place_fixed``)."""
    deck, rules, dl = st.deck, st.rules, st.dl
    suit, show, extra, received = st.dsuit, st.dshow, st.dextra, st.drecv
    dl[DL_REDEALS] = 0
    shuffle_deck(st)
    n_dealt = N_SEATS * HAND_SIZE
    while True:
        clear_counts(st)
        for p in range(n_dealt):
            seat = deal_seat(p, rotation)
            k = deck[p] % N_KINDS
            received[seat] += 1
            if k >= 52 or k == HEART5_KIND:
                extra[seat] += 1
            elif k // 4 == R10:
                show[seat, k % 4] += 1
            else:
                suit[seat, k % 4] += 1
            if show[seat, 0] + show[seat, 1] + show[seat, 2] + show[seat, 3] == 0:
                continue  # (no 10 to show)
            act, s = declare_choice(st.pp, seat, suit[seat], show[seat], extra[seat], received[seat], HAND_SIZE,
                                    (NO_DECL, NEG1, NEG1), FALSE)
            if act != NO_DECL:
                li = log_row(st.log, st.gs, LT_DECLARE, seat, p, I1)
                for q in range(p + 1):  # the first 10 of that suit the seat received
                    if deal_seat(q, rotation) == seat and deck[q] % N_KINDS == R10 * 4 + s:
                        log_card(st.log, li, deck[q])
                        break
                dl[DL_TRUMP] = s
                dl[DL_BANKER] = seat
                dl[DL_POSITION] = p
                dl[DL_FROM_KITTY] = 0
                return
        if not redealt(st, rules[R_NO_DECLARATION] == NO_DECL_REDEAL):
            break
    dl[DL_BANKER] = trump_from_kitty(st, n_dealt, KITTY_SIZE, TEN, rotation)
    dl[DL_POSITION] = -1
