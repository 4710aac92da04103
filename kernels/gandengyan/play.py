"""One 干瞪眼 hand played to the end, and many in parallel (``play_range``), on the climbing engine.

The hand's stream ``(seed, deal)`` is drawn in a fixed order (``kernels.gandengyan.deal``): the
shuffle, then the banker (``bounded(state, n_seats)``) unless a session's previous hand imposes
one (``banker = previous_winner``: the previous hand's first finisher; after a stalemate the
banker stays), then ``--fix``'s placements (``kernels.deal.place_fixed``, none without
it), then every random player's decision in turn order. The deal goes one card at a time
counter-clockwise from the banker; the rest of the shuffled pack is the stock, drawn from its
front at each trick's end (``kernels.gandengyan.turn.draw_step``). The trick play is the shared
turn loop with the game's end rule; raw facts go into one row (``kernels.gandengyan.layout``) and
money is scored late (``sim.games.gandengyan.scoring``).

Every kernel takes the hand's declared state (``kernels.gandengyan.state``); the batch entry point
takes the run's template state (``new_state``: rules, pack, players, money vector, ``--fix``'s
tables) and the run's numbers, and each parallel block plays on a ``clone`` of the template. A
``search`` seat decides before its turn (``kernels.gandengyan.search.search``, called through a
pointer) from its own stream; ``st.mv`` is the ruleset's money vector (``kernels.gandengyan.money``)
it scores rollouts with.

``rotation`` (``--duplicate``): the deal is dealt from the banker's seat moved back by
``rotation``, so seat k receives what seat k + rotation was dealt and the banker's role moves
with his hand; the stock is the same, so one deal is played from every seat.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.climb import run, search_driver as sd
from kernels.climb.loop import END_BY_GAME, GS_N_LOG, GS_TURN
from kernels.climb.solo import start_hand as start_solo
from kernels.gandengyan.deal import deal_hand
from kernels.gandengyan.layout import LAYOUT as ROWS
from kernels.gandengyan.money import ROW_BANKER, ROW_WINNER
from kernels.gandengyan.moves import JOKER, R_TWO
from kernels.gandengyan.policies import SEARCH
from kernels.gandengyan.rulevec import BANKER_PREVIOUS_WINNER, GD_BANKER_RULE, GD_N_SEATS
from kernels.gandengyan.search import search
from kernels.gandengyan.state import GS_STOCK, LAYOUT as STATE
from kernels.gandengyan.turn import end_facts, play_turns
from kernels.hooks import implements
from kernels.state import borrow

ROW_LEN = ROWS.length
MAX_TURNS = 1 << 62  # play_turns' bound: a hand ends by its own rules
LOG_ROWS = 8192  # play_logged: actions of the longest hand (10 players, two packs) with room to spare
ROW_FIRST_LEADER, ROW_DEALT, ROW_JOKERS_DEALT, ROW_TWOS_DEALT = map(ROWS.at, (
    "first_leader", "dealt", "jokers_dealt", "twos_dealt"))


@implements(run.play_hand, STATE)
def play_hand(st, seed, deal, rotation, carry, last, search_on):
    """Play deal ``deal`` (turned by ``rotation``) in ``st`` into ``st.row``; returns the log rows
    written. ``carry``: the banker a session's previous hand made (``next_carry``), or -1 to draw one.
    ``search_on``: None when no seat searches, so numba prunes the search and does not compile it;
    else the search entry as a function value (``search``)."""
    st = borrow(st)  # the caller holds the state; null reference counts seen by the compiler: none taken below
    row, gs = st.row, st.gs
    row[:] = 0
    banker, leader, stock = deal_hand(st, seed, deal, carry, rotation)
    row[ROW_BANKER] = banker
    row[ROW_FIRST_LEADER] = leader
    start_solo(st, leader, banker, -1, END_BY_GAME)
    gs[GS_STOCK] = stock
    for s in range(st.rules[GD_N_SEATS]):
        row[ROW_DEALT + s] = st.hand_left[s]
        row[ROW_JOKERS_DEALT + s] = st.counts[s, JOKER]
        row[ROW_TWOS_DEALT + s] = st.counts[s, R_TWO]
    st.played[:] = 0
    stop = SEARCH if search_on is not None else -1  # play_turns returns before a search seat's turn
    while True:
        forced = -2
        if search_on is not None:
            seat = gs[GS_TURN]
            if st.policies[seat] == SEARCH:
                forced = search_on(st, seat, np.int64(sd.KIND_PLAY))
        if play_turns(st, forced, stop, MAX_TURNS):
            break
    end_facts(st)
    return gs[GS_N_LOG]


@implements(run.seat_count, STATE)
def _seat_count(st):
    return st.rules[GD_N_SEATS]


@implements(run.next_carry, STATE)
def _next_carry(st, h):
    """The banker of hand ``h`` of a session: the previous hand's winner (``banker =
    previous_winner``; after a stalemate the banker stays), or -1 to draw one."""
    if h > 0 and st.rules[GD_BANKER_RULE] == BANKER_PREVIOUS_WINNER:
        w = st.row[ROW_WINNER]
        return w if w >= 0 else st.row[ROW_BANKER]
    return np.int64(-1)


def play_range(template, run_, out_rows, search_on):
    """Hands ``run_[RUN_START]`` .. ``+ run_[RUN_COUNT] - 1`` (``kernels.climb.run``: whole sessions,
    parallel blocks, each on a clone of ``template``) into ``out_rows[game - start]``.
    ``search_on``: None unless a seat searches (then the search is called through a pointer:
    ``kernels.gandengyan.search.search``)."""
    run.play_range(_play_block, template, run_, out_rows, sd.search_on_for(search, template, search_on))


@njit(cache=True, nogil=True)
def _play_block(template, run_, lo, hi, out_rows, search_on):
    """A parallel block of the run (``kernels.climb.run.play_block``) compiled with this game's
    hooks: the hands' code lives here once, and the driver calls it through its address."""
    return run.play_block(template, run_, lo, hi, out_rows, search_on)


def play_logged(seed, template, deal, rotation, banker_in):
    """One hand with its action log (replay and the reference): (row, log[:n], shuffled deck).
    ``template``'s log has ``LOG_ROWS`` rows (``new_state(..., log_rows=LOG_ROWS)``). The search
    is compiled only when a seat of ``template`` searches."""
    search_on = sd.search_on_for(search, template, True if (template.policies == SEARCH).any() else None)
    return _play_logged(seed, template, deal, rotation, banker_in, search_on)


@njit(cache=True, nogil=True)
def _play_logged(seed, template, deal, rotation, banker_in, search_on):
    """The cached entry of ``play_logged``."""
    st, n = run.play_logged(template, seed, deal, rotation, banker_in, True, search_on)
    return st.row.copy(), st.log[:n].copy(), st.deck.copy()
