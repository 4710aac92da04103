"""One 仙桃千分 hand played to the end (spec §4–§9), and many of them in parallel.

The hand's stream is ``(seed, game_index)``; its draws come in a fixed order: the shuffle, the
face-up card that names the first 庄家 (always drawn; a session overrides it with the previous
一游), random players' 硬牌 answers, the call-card pick, then random players' moves. Scoring is
not done here: the kernel writes raw facts (``ROW_*``) and ``sim.games.xiantao.scoring`` turns
them into money, so that stored games can be rescored (DESIGN principle 6).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.climb.loop import (  # noqa: F401  (the log layout, re-exported for callers)
    CL_HAND_SIZE, GS_BANKER, GS_N_JIEFENG, GS_N_LOG, GS_N_TRICKS, GS_N_TURNS, LOG_CARDS, LOG_MOVE, LOG_NCARDS,
    LOG_SEAT, LOG_TRICK, MAX_LOG,
)
from kernels.climb import run, search_driver as sd
from kernels.climb.run import RUN_LEN  # noqa: F401  (the run vector's length, for callers)
from kernels.deal import place_fixed, shuffle
from kernels.rng import bounded
from kernels.hooks import implements
from kernels.xiantao.callcard import call_partner
from kernels.xiantao.census import census_one
from kernels.xiantao.movegen import R_BONUS_REQUIRES_PLAY, R_JOKER_BOMB
from kernels.xiantao.policies import SEARCH
from kernels.xiantao.rows import (  # noqa: F401  (the raw-fact offsets, re-exported for callers)
    ROW_BANKER, ROW_BOMBS, ROW_CALL_CARD, ROW_CALL_PICK, ROW_CAPTURED, ROW_FEATURES, ROW_FINISH, ROW_HARD_ASKED,
    ROW_HARD_SEAT, ROW_LEN, ROW_MINGJI, ROW_MODE, ROW_N_JIEFENG, ROW_N_TRICKS, ROW_N_TURNS, ROW_PARTNER, ROW_PUBLIC,
    ROW_RECALLS, ROW_REDEALS, ROW_UNPLAYED, ROW_XI_EIGHT, ROW_XI_SEVEN, ROW_XI_WANGZHA, note_left,
)
from kernels.xiantao.search import ask_hard, rebuild_counts, search
from kernels.xiantao.state import LAYOUT as STATE, new_state  # noqa: F401  (new_state: a run's template, for callers)
from kernels.xiantao.turn import play_on, start_tricks

N_SEATS = 4


@implements(run.play_hand, STATE)
def play_hand(st, seed, deal, rotation, carry, last, search_on):
    """Play one hand on ``st`` (``kernels.xiantao.state``); fill ``st.row`` (ROW_*), return the
    number of log rows written (the run driver's hook, ``kernels.climb.run.play_hand``).

    ``deal`` names the deal's stream; ``rotation`` (0..3) turns the dealt hands round the
    table (seat k receives what seat k + rotation was dealt, 庄家's hand moves with them), which
    is how ``--duplicate`` plays one deal from every seat. ``carry`` >= 0 overrides 庄家 (a
    session's previous 一游, ``next_carry``). ``--fix``'s cards (``st.fix_card`` / ``st.fix_slots``,
    (0, 0) tables: none) are placed after every shuffle (``kernels.deal.place_fixed``).
    ``search_on``: None when no seat searches, so numba prunes the search and does not compile it.
    """
    state, deck, hands, owner, counts, suit_counts, row = st.rng, st.deck, st.hands, st.owner, st.counts, \
        st.suit_counts, st.row
    card_points = st.card_tab[3]
    rules = st.rules
    hand_size = rules[CL_HAND_SIZE]
    joker_bomb = rules[R_JOKER_BOMB] != 0
    row[:] = 0
    # -- deal: the census features' shuffle is the deal (same stream as `paiju census`), drawn once
    census_one(seed, deal, (st.deck_template, st.fix_card, st.fix_slots, st.inc_rank, st.inc_fk, card_points,
                            st.census_params), state, deck, st.features, 0)
    face_up = bounded(state, deck.shape[0])
    banker = (face_up % N_SEATS - rotation + N_SEATS) % N_SEATS if carry < 0 else carry
    st.gs[GS_BANKER] = banker  # (what a searched 硬牌 answer reads)
    redeals = 0
    while True:
        owner[:] = -1
        for p in range(N_SEATS * hand_size):
            seat = (p % N_SEATS - rotation + N_SEATS) % N_SEATS
            hands[seat, p // N_SEATS] = deck[p]
            owner[deck[p]] = seat
        rebuild_counts(owner, st.card_tab, counts, suit_counts)
        # -- 硬牌: asked from 庄家 round the table
        hard_seat, row[ROW_HARD_ASKED] = ask_hard(st, banker, 0, search_on)
        call_card, partner, revealed = call_partner(st, banker, hard_seat)
        if hard_seat >= 0 or call_card >= 0:
            break
        redeals += 1  # no eligible call card anywhere: deal again from the same stream
        shuffle(state, deck)
        place_fixed(state, deck, st.fix_card, st.fix_slots)
    row[ROW_PUBLIC] = 1 if revealed else 0
    row[ROW_MODE] = 1 if hard_seat >= 0 else 0
    row[ROW_BANKER] = banker
    row[ROW_HARD_SEAT] = hard_seat
    row[ROW_CALL_CARD] = call_card
    row[ROW_PARTNER] = partner
    row[ROW_MINGJI] = -1
    row[ROW_REDEALS] = redeals
    for f in range(st.features.shape[2]):
        for s in range(N_SEATS):
            row[ROW_FEATURES + f * N_SEATS + s] = st.features[0, (s + rotation) % N_SEATS, f]
    # -- 喜 held at the deal (bonus_requires_play: earned when the holding is played)
    for s in range(N_SEATS):
        for r in range(16):
            st.dealt_counts[s, r] = counts[s, r]
        st.dealt_wz[s] = 1 if (counts[s, 13] > 0 and counts[s, 14] > 0) else 0
        if rules[R_BONUS_REQUIRES_PLAY] == 0:
            row[ROW_XI_WANGZHA + s] = st.dealt_wz[s]
            for r in range(13):
                if counts[s, r] == 7:
                    row[ROW_XI_SEVEN + s] += 1
                elif counts[s, r] == 8:
                    row[ROW_XI_EIGHT + s] += 1
    # -- tricks
    start_tricks(st, banker, partner, hard_seat, call_card, revealed)
    play_on(st, np.int64(-2), search_on)
    # -- raw facts
    gs = st.gs
    note_left(counts, joker_bomb, row)
    for s in range(N_SEATS):
        row[ROW_FINISH + s] = st.seat_flags[0, s]
        row[ROW_CAPTURED + s] = st.captured[s]
    for c in range(owner.shape[0]):
        if owner[c] >= 0:
            row[ROW_UNPLAYED + owner[c]] += card_points[c]
    row[ROW_N_TRICKS] = gs[GS_N_TRICKS]
    row[ROW_N_JIEFENG] = gs[GS_N_JIEFENG]
    row[ROW_N_TURNS] = gs[GS_N_TURNS]
    return gs[GS_N_LOG]


@implements(run.seat_count, STATE)
def _seat_count(st):
    return np.int64(N_SEATS)


@implements(run.next_carry, STATE)
def _next_carry(st, h):
    """庄家 of hand ``h`` of a session: the previous hand's 一游, -1 (the face-up card) first."""
    return st.order[0] if h > 0 else np.int64(-1)


def play_range(template, run_, out_rows, search_on):
    """Play hands ``start .. start+count-1`` into ``out_rows[game - start]`` (``kernels.climb.run``:
    ``run_[RUN_*]``, whole sessions in parallel blocks, each on a ``clone`` of ``template``, the
    run's state ``kernels.xiantao.state.new_state``). Inside a session 庄家 of the next hand is the
    previous hand's 一游 (``next_carry``). ``search_on``: None unless a seat searches (then the
    search is called through a pointer: ``kernels.xiantao.search.search``)."""
    run.play_range(_play_block, template, run_, out_rows, sd.search_on_for(search, template, search_on))


@njit(cache=True, nogil=True)
def _play_block(template, run_, lo, hi, out_rows, search_on):
    """A parallel block of the run (``kernels.climb.run.play_block``) compiled with this game's
    hooks: the hands' code lives here once, and the driver calls it through its address."""
    return run.play_block(template, run_, lo, hi, out_rows, search_on)


def play_logged(template, seed, game_index, banker_given, rotation):
    """One hand with its full action log (``template``: a run's state whose log holds ``MAX_LOG``
    rows; for replay and conformance): (row, log[:n], hands). The search is compiled only when a
    seat of ``template`` searches."""
    search_on = sd.search_on_for(search, template, True if (template.policies == SEARCH).any() else None)
    return _play_logged(template, seed, game_index, banker_given, rotation, search_on)


@njit(cache=True, nogil=True)
def _play_logged(template, seed, game_index, banker_given, rotation, search_on):
    """The cached entry of ``play_logged`` (``kernels.climb.run.play_logged``)."""
    st, n = run.play_logged(template, seed, game_index, rotation, banker_given, True, search_on)
    return st.row.copy(), st.log[:n].copy(), st.hands.copy()
