"""One landlord-family hand (斗地主 3p/4p, 上海三打一) played to the end, and many in parallel.

The game contributes its phases — deal, first bidder, then 叫分 (one round, or OpenSpiel's
re-bidding auction), 抢地主, the kitty, 明牌 (``kernels.landlord.phases``) — and hands the trick play to the climbing engine's shared
turn loop (``kernels.landlord.turn.play_on``) with the landlord as the lone side: the hand ends at the
first player out. Scoring is late (``sim.games.landlord_play``), from the raw facts of
``kernels.landlord.rows``. A ``search`` seat searches its plays (``kernels.landlord.search``) and,
with ``search_bids``, its decisions before the tricks (``kernels.landlord.search_bids``).

The hand's stream ``(seed, game_index)`` is drawn in a fixed order: the shuffle, the first bidder
(上海: the marker card's deal position), then every random player's decision in turn order. An
all-pass auction redeals (new shuffle and first bidder from the same stream) or, with
``all_pass = no_game`` (OpenSpiel), ends the hand with no landlord.

上海三打一 adds its phases after the kitty: 摊打 (头撂 deals only) and 报到 with the 打 / 不打
choice (不打 ends the deal at once, a landlord win). Its sessions (``hands_per_session``) make each
deal one row: an all-pass deal that is not the session's last is a row with no landlord and the
session's next deal is 荒番; the last deal of a session redeals inside its row. ``ROW_HUANGFAN``
holds the consecutive all-pass deals right before the deal (carried in and redealt in the row).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.climb import run, search_driver as sd
from kernels.climb.loop import CL_HAND_SIZE, GS_N_LOG, GS_N_TRICKS, GS_N_TURNS, GS_TURN
from kernels.deal import place_fixed, reset_deck, shuffle
from kernels.hooks import implements
from kernels.landlord import rows as W
from kernels.landlord.movegen import FLOW_MARKER_DANG, LL_ALL_PASS, LL_FLOW, LL_KITTY, LL_N_SEATS
from kernels.landlord.phases import DEC_KIND, DEC_N, DEC_SEAT, PRE_NO_LANDLORD, PRE_OVER, PRE_STOP, pre_tricks, start_tricks
from kernels.landlord.policies import SEARCH
from kernels.landlord.search import search
from kernels.landlord.state import LAYOUT
from kernels.landlord.turn import play_on, turn_bombs
from kernels.rng import bounded, seed_stream

# players who never bid (e.g. --policy-param bid1=99) would redeal forever: after this many all-pass
# redeals in a row the row ends with no landlord (ROW_LANDLORD = -1)
MAX_REDEALS = 100


@implements(run.play_hand, LAYOUT)
def play_hand(st, seed, deal, rotation, carry, last, search_on):
    """Play one hand of the declared state ``st`` (``kernels.landlord.state``); fill ``st.row``
    (kernels.landlord.rows layout); return the log rows written (the run driver's hook,
    ``kernels.climb.run``).

    ``deal`` names the deal's stream; ``st.fix_card`` / ``st.fix_slots`` the cards ``--fix``
    puts in a seat's hand after each shuffle (``kernels.deal.place_fixed``; empty tables: none,
    nothing drawn). ``rotation`` turns the dealt hands round the table (seat k receives what seat k +
    rotation was dealt, and the first bidder moves with his hand), which is how ``--duplicate``
    plays one deal from every seat.

    ``carry``: consecutive all-pass deals of the session right before this one (上海 荒番);
    ``last``: the session's last deal, where an all-pass auction redeals inside this row (else the
    row ends with no landlord and the session's next deal carries the 荒番). ``search_on``: None
    when no seat searches, so numba prunes the search (tricks and bids) and does not compile it;
    else the search entry as a function value (``search_driver.search_on_for``)."""
    rules, row, state, deck, card_rank = st.rules, st.row, st.rng, st.deck, st.card_rank
    n_seats = rules[LL_N_SEATS]
    hand_size = rules[CL_HAND_SIZE]
    kitty_size = rules[LL_KITTY]
    dang_flow = rules[LL_FLOW] == FLOW_MARKER_DANG  # 上海三打一 phases
    row[:] = 0
    seed_stream(seed, deal, state)
    reset_deck(deck, st.deck_template)
    redeals = 0
    while True:
        shuffle(state, deck)
        place_fixed(state, deck, st.fix_card, st.fix_slots)
        if dang_flow:  # 标记牌: a uniformly random dealt card; its holder bids first; a joker is 明王
            pos = bounded(state, n_seats * hand_size)
            first = pos % n_seats
            row[W.ROW_MINGWANG] = 1 if card_rank[deck[pos]] >= 13 else 0
        else:
            first = bounded(state, n_seats)
        first = (first - rotation + n_seats) % n_seats
        row[W.ROW_DEALT:W.ROW_DEALT + n_seats * 15] = 0
        row[W.ROW_KITTY:W.ROW_KITTY + 15] = 0
        for p in range(n_seats * hand_size + kitty_size):  # each seat's rank counts, then the kitty's
            s = (p % n_seats - rotation + n_seats) % n_seats if p < n_seats * hand_size else n_seats
            row[W.deal_at(s, n_seats) + card_rank[deck[p]]] += 1
        row[W.ROW_FIRST_BIDDER] = first
        row[W.ROW_REDEALS] = redeals
        if dang_flow:
            row[W.ROW_HUANGFAN] = carry + redeals
        # the phases before the tricks; a search seat's decision stops them: search it, force the
        # answer, and play them again from the same stream state (kernels.landlord.phases)
        st.forced[:] = -1
        for k in range(4):
            st.saved[k] = state[k]
        while True:
            code = pre_tricks(st, np.bool_(True))
            if code != PRE_STOP:
                break
            if search_on is not None:  # (only a search seat stops them)
                st.forced[st.dec[DEC_N]] = search_on(st, st.dec[DEC_SEAT], st.dec[DEC_KIND])
            for k in range(4):
                state[k] = st.saved[k]
        if code != PRE_NO_LANDLORD or rules[LL_ALL_PASS] != 0 or not last or redeals == MAX_REDEALS:
            break
        redeals += 1
    if code == PRE_NO_LANDLORD:  # OpenSpiel: all passed, the hand is over with no score
        return 0
    if code == PRE_OVER:  # 上海 报到 不打
        _note_left(st, np.bool_(False))
        return 0
    # -- tricks: the shared climbing loop, landlord as the lone side
    start_tricks(st)
    play_tricks(st, search_on)
    W.end_facts(row[W.ROW_LANDLORD], st.hand_left, st.gs[GS_N_TRICKS], st.gs[GS_N_TURNS], row)
    _note_left(st, np.bool_(True))
    return st.gs[GS_N_LOG]


@njit(cache=True, nogil=True)
def _note_left(st, after_tricks):
    """The ``left_*`` facts of every seat at the end (``after_tricks``: whether a last play exists
    for a bomb to beat; 报到 不打 ends the deal before the first play)."""
    rules = st.rules
    for s in range(rules[LL_N_SEATS]):
        W.note_left(s, st.counts[s], rules, after_tricks and turn_bombs(st, s) > 0, st.row)


@njit(cache=True, nogil=True, inline="always")
def play_tricks(st, search_on):
    """The tricks of a hand whose landlord is known, turn by turn until the first player is out
    (inlined into ``play_hand``: a function of its own is one more level at which numba links and
    optimizes the turn loop again). A ``search`` seat decides before its turn, through
    ``search_on`` (``kernels.landlord.search``)."""
    forced = np.int64(-2)
    while not play_on(st, forced, np.int64(1 if search_on is not None else 0)):
        if search_on is not None:  # play_on paused at a search seat's turn
            forced = search_on(st, st.gs[GS_TURN], np.int64(sd.KIND_PLAY))
            if forced == -2:
                forced = np.int64(-3)


@implements(run.seat_count, LAYOUT)
def _seat_count(st):
    return st.rules[LL_N_SEATS]


@implements(run.next_carry, LAYOUT)
def _next_carry(st, h):
    """上海 荒番: after an all-pass deal (a row with no landlord) the count of all-pass deals in a row."""
    if h > 0 and st.row[W.ROW_LANDLORD] < 0:
        return st.row[W.ROW_HUANGFAN] + 1
    return np.int64(0)


def play_range(template, seed, run_, out_rows, search_on):
    """Play hands ``start .. start+count-1`` (``run_``: start, count, hands per session, rotate,
    duplicate, blocks; whole sessions) into ``out_rows[game - start]`` (``kernels.climb.run``:
    parallel blocks of whole sessions, each on its own ``clone(template)``). ``search_on``: None
    unless a seat searches."""
    start, count, hps, rotate, duplicate, blocks = (int(x) for x in run_)
    vector = run.run_vector(seed, start, count, blocks, hps, rotate, duplicate)
    run.play_range(_play_block, template, vector, out_rows, sd.search_on_for(search, template, search_on))


@njit(cache=True, nogil=True)
def _play_block(template, run_, lo, hi, out_rows, search_on):
    """A parallel block of the run (``kernels.climb.run.play_block``) compiled with this family's
    hooks: the hands' code lives here once, and the driver calls it through its address."""
    return run.play_block(template, run_, lo, hi, out_rows, search_on)


def play_logged(template, seed, game_index, rotation, carry_hf, last_in_session):
    """One hand with its play log (for replay and conformance): (row, log[:n], shuffled deck);
    ``template`` allocated with ``log_rows = MAX_LOG``; ``rotation``, ``carry_hf`` /
    ``last_in_session`` as ``play_hand``'s ``carry`` / ``last`` (0, 0 / True outside duplicates and
    sessions). The search is compiled only when a seat of ``template`` searches."""
    search_on = sd.search_on_for(search, template, True if (template.policies == SEARCH).any() else None)
    return _play_logged(template, seed, game_index, rotation, carry_hf, last_in_session, search_on)


@njit(cache=True, nogil=True)
def _play_logged(template, seed, game_index, rotation, carry_hf, last_in_session, search_on):
    """The cached entry of ``play_logged`` (``kernels.climb.run.play_logged``)."""
    st, n = run.play_logged(template, seed, game_index, rotation, carry_hf, last_in_session, search_on)
    return st.row.copy(), st.log[:n].copy(), st.deck.copy()
