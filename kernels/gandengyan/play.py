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
``search`` seat decides before its turn (``kernels.gandengyan.search.search_move``) from its own
stream; ``st.mv`` is the ruleset's money vector (``kernels.gandengyan.money``) it scores
rollouts with.

``rotation`` (``--duplicate``): the deal is dealt from the banker's seat moved back by
``rotation``, so seat k receives what seat k + rotation was dealt and the banker's role moves
with his hand; the stock is the same, so one deal is played from every seat.
"""

from __future__ import annotations

from numba import njit, prange

from kernels.climb.loop import (
    COUNTER_CLOCKWISE, END_BY_GAME, GS_BANKER, GS_DIRECTION, GS_END_RULE, GS_LONE_SEAT, GS_LONE_SIDE, GS_N_LOG,
    GS_PARTNER, GS_TOP_SEAT, GS_TURN,
)
from kernels.gandengyan.deal import deal_hand
from kernels.gandengyan.layout import LAYOUT
from kernels.gandengyan.moves import JOKER, R_TWO
from kernels.gandengyan.policies import SEARCH
from kernels.gandengyan.rulevec import BANKER_PREVIOUS_WINNER, GD_BANKER_RULE, GD_N_SEATS
from kernels.gandengyan.search import search_move
from kernels.gandengyan.state import GS_STOCK
from kernels.gandengyan.turn import end_facts, take_turn
from kernels.state import borrow, clone

ROW_LEN = LAYOUT.length
LOG_ROWS = 8192  # play_logged: actions of the longest hand (10 players, two packs) with room to spare
ROW_BANKER = LAYOUT.at("banker")
ROW_FIRST_LEADER = LAYOUT.at("first_leader")
ROW_WINNER = LAYOUT.at("winner")
ROW_DEALT = LAYOUT.at("dealt")
ROW_JOKERS_DEALT = LAYOUT.at("jokers_dealt")
ROW_TWOS_DEALT = LAYOUT.at("twos_dealt")

# the run's numbers (play_range's ``run`` vector)
RUN_START, RUN_COUNT, RUN_HANDS_PER_SESSION, RUN_ROTATE, RUN_DUPLICATE, RUN_BLOCKS = range(6)
RUN_LEN = 6


@njit(cache=True, nogil=True)
def play_hand(st, seed, deal, rotation, banker_in, search_on):
    """Play deal ``deal`` (turned by ``rotation``) in ``st`` into ``st.row``; returns the log rows
    written. ``banker_in``: the banker a session's previous hand made, or -1 to draw one.
    ``search_on``: None when no seat searches, so numba prunes the search and does not compile it."""
    row, gs = st.row, st.gs
    row[:] = 0
    banker, leader, stock = deal_hand(st, seed, deal, banker_in, rotation)
    row[ROW_BANKER] = banker
    row[ROW_FIRST_LEADER] = leader
    gs[:] = 0
    gs[GS_TURN] = leader
    gs[GS_TOP_SEAT] = -1
    gs[GS_LONE_SIDE] = 1
    gs[GS_LONE_SEAT] = -1
    gs[GS_BANKER] = banker
    gs[GS_PARTNER] = -1
    gs[GS_DIRECTION] = COUNTER_CLOCKWISE
    gs[GS_END_RULE] = END_BY_GAME
    gs[GS_STOCK] = stock
    for s in range(st.rules[GD_N_SEATS]):
        total = 0
        for r in range(16):
            total += st.counts[s, r]
        st.hand_left[s] = total
        row[ROW_DEALT + s] = total
        row[ROW_JOKERS_DEALT + s] = st.counts[s, JOKER]
        row[ROW_TWOS_DEALT + s] = st.counts[s, R_TWO]
        st.captured[s] = 0
        st.order[s] = -1
    st.seat_flags[:, :] = 0
    st.top[:] = 0
    st.played[:] = 0
    while True:
        forced = -2
        if search_on is not None:
            seat = gs[GS_TURN]
            if st.policies[seat] == SEARCH:
                forced = search_move(st, seat)
        if take_turn(st, forced):
            break
    end_facts(st)
    return gs[GS_N_LOG]


@njit(cache=True, nogil=True)
def _play_sessions(st, template, seed, run, out_rows, lo, hi, search_on):
    """Sessions ``lo .. hi - 1`` of ``play_range`` on ``st`` (a clone of ``template``; both given as
    ``borrow`` views, so no call per hand or turn reference-counts every slot). A function of
    its own, not the prange body: numba's parfor lowering loses writes into a slot of a state
    (``st.policies[k] = ...``) made directly in a prange body."""
    n_seats = template.rules[GD_N_SEATS]
    start, hands_per_session = run[RUN_START], run[RUN_HANDS_PER_SESSION]
    rotate, duplicate = run[RUN_ROTATE] != 0, run[RUN_DUPLICATE] != 0
    carry = template.rules[GD_BANKER_RULE] == BANKER_PREVIOUS_WINNER
    for sess in range(lo, hi):
        banker = -1
        for h in range(hands_per_session):
            i = sess * hands_per_session + h
            g = start + i
            if rotate:
                for k in range(n_seats):
                    st.policies[k] = template.policies[(k + g) % n_seats]
                    st.pp[k] = template.pp[(k + g) % n_seats]
            play_hand(st, seed, g // n_seats if duplicate else g, g % n_seats if duplicate else 0, banker, search_on)
            out_rows[i, :] = st.row
            if carry:
                w = st.row[ROW_WINNER]
                banker = w if w >= 0 else st.row[ROW_BANKER]


@njit(cache=True, nogil=True, parallel=True)
def play_range(seed, template, run, out_rows, search_on):
    """Play hands ``start .. start+count-1`` (``run[RUN_START]``, ``run[RUN_COUNT]``: whole sessions
    of ``run[RUN_HANDS_PER_SESSION]``) into ``out_rows[game - start]`` in ``run[RUN_BLOCKS]``
    parallel blocks of whole sessions, each on a clone of ``template``. With ``run[RUN_ROTATE]``
    seat k of hand g is played by ``template.policies[(k + g) % n_seats]`` (and its parameters);
    with ``run[RUN_DUPLICATE]`` hand g plays deal ``g // n_seats`` turned by ``g % n_seats``. Inside a
    session the banker is the previous hand's winner (``banker = previous_winner``). ``search_on``:
    None unless a seat searches (``play_hand``)."""
    n_sessions = run[RUN_COUNT] // run[RUN_HANDS_PER_SESSION]
    n_blocks = max(1, min(n_sessions, run[RUN_BLOCKS]))
    for b in prange(n_blocks):
        _block(clone(template), template, seed, run, out_rows, (n_sessions * b) // n_blocks,
               (n_sessions * (b + 1)) // n_blocks, search_on)


@njit(cache=True, nogil=True)
def _block(st, template, seed, run, out_rows, lo, hi, search_on):
    """``_play_sessions`` on ``borrow`` views of the block's clone ``st`` and ``template``. The views are
    taken here, where the caller's reference keeps ``st`` alive for the whole call: in the prange body
    numba drops ``st`` right after its last use (the ``borrow``), before the call that plays on it."""
    _play_sessions(borrow(st), borrow(template), seed, run, out_rows, lo, hi, search_on)


@njit(cache=True, nogil=True)
def play_logged(seed, template, deal, rotation, banker_in):
    """One hand with its action log (replay and the reference): (row, log[:n], shuffled deck).
    ``template``'s log has ``LOG_ROWS`` rows (``new_state(..., log_rows=LOG_ROWS)``)."""
    st = clone(template)
    st.log[:, :] = 0
    n = play_hand(borrow(st), seed, deal, rotation, banker_in, True)
    if n >= st.log.shape[0]:
        raise ValueError("the hand's log is longer than LOG_ROWS")
    return st.row.copy(), st.log[:n].copy(), st.deck.copy()
