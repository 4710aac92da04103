"""百变双扣 hands played to the end (spec §1, §5, §6), and many of them in parallel.

Hand g's stream is ``(seed, deal_index)``; its draws come in a fixed order: the shuffle of the
108 cards (from id order), the announced card's deck position (``kernels.shuangkou.draw``, with
``partner_draw``), then random players' moves. Deal convention (``kernels.deal``): position p goes
to player (p - rotation) % 4 (``--duplicate``: player k holds what seat k + rotation was dealt),
who sits at seat k until the draw's swap moves him (SK-2). Without the draw the player dealt
seat 0's hand leads and partners sit opposite as dealt.

The hand is played on the game's declared state (``kernels.shuangkou.state``); the run (parallel
blocks, seat rotation, duplicate deals, the logged hand) is the climbing family's driver
(``kernels.climb.run``), for which this module implements ``play_hand``. The driver seats the
run's players by player (player k plays slot ``(k + g) % 4`` with ``rotate``); ``play_hand``
moves the swapped players' ids and parameters with them for the hand and back after it.

Scoring is not done here: the kernel writes the raw facts of ``kernels.shuangkou.layout``, by
player, and ``sim.games.shuangkou.scoring`` turns them into money.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.climb import run, search_driver as sd
from kernels.climb.loop import GS_N_JIEFENG, GS_N_LOG, GS_N_TRICKS, GS_N_TURNS, GS_TURN, MAX_LOG, SF_FINISH
from kernels.climb.partners import start_hand
from kernels.deal import place_fixed, shuffle
from kernels.hooks import implements
from kernels.rng import seed_stream
from kernels.shuangkou.draw import apply_swap, partner_draw, swap_seat
from kernels.shuangkou.layout import HAND_LAYOUT
from kernels.shuangkou.movegen import S_DIRECTION, S_JIEFENG, S_PARTNER_DRAW, S_WILD_MODE
from kernels.shuangkou.policies import SEARCH
from kernels.shuangkou.search import search
from kernels.shuangkou.state import LAYOUT as STATE, N_CARDS, N_SEATS, new_state
from kernels.shuangkou.turn import count_cards, take_turn
from kernels.shuangkou.wild import wild_jokers
from kernels.state import borrow

ROW_LEN = HAND_LAYOUT.length
ROW_DRAW_CARD, ROW_LEADER, ROW_MATE, ROW_SWAPPED, ROW_SEAT, ROW_FINISH, ROW_DEALT_JOKERS = map(
    HAND_LAYOUT.at, ("draw_card", "leader", "mate", "swapped", "seat", "finish", "dealt_jokers"))
ROW_DEALT_MAX_BOMB, ROW_LEFT_MAX_BOMB, ROW_N_TRICKS, ROW_N_TURNS, ROW_N_JIEFENG = map(
    HAND_LAYOUT.at, ("dealt_max_bomb", "left_max_bomb", "n_tricks", "n_turns", "n_jiefeng"))


@njit(cache=True, nogil=True, inline="always")
def _max_bomb(counts, s, mode):
    """Largest bomb of seat ``s``'s hand in 相 (most naturals of a rank + wild jokers), 0 under 4."""
    best = 0
    for r in range(13):  # a loop: an array reduction compiles its empty-array error path
        best = max(best, counts[s, r])
    big = best + wild_jokers(counts[s, 13], counts[s, 14], mode)
    return big if big >= 4 else 0


@njit(cache=True, nogil=True)
def deal_and_draw(st, rotation):
    """Shuffle (from ``st.rng``), place ``--fix``'s cards (``kernels.deal.place_fixed``), deal,
    the partner draw and its swap; the deal's facts into ``st.row``. Returns the leader's seat.
    ``st.counts`` and ``st.owner`` are by seat, ``st.player_at[seat]`` the player there."""
    deck, owner, counts, player_at, row, rules = st.deck, st.owner, st.counts, st.player_at, st.row, st.rules
    for i in range(N_CARDS):
        deck[i] = i
    shuffle(st.rng, deck)
    place_fixed(st.rng, deck, st.fix_card, st.fix_slots)
    for p in range(N_CARDS):
        owner[deck[p]] = (p % N_SEATS - rotation + N_SEATS) % N_SEATS
    count_cards(owner, counts)
    mode = rules[S_WILD_MODE]
    for s in range(N_SEATS):
        player_at[s] = s
        row[ROW_DEALT_JOKERS + s] = counts[s, 13] + counts[s, 14]
        row[ROW_DEALT_MAX_BOMB + s] = _max_bomb(counts, s, mode)
    row[ROW_DRAW_CARD] = -1
    leader = (N_SEATS - rotation) % N_SEATS
    mate = (leader + 2) % N_SEATS
    if rules[S_PARTNER_DRAW] != 0:
        card, lp, mp = partner_draw(st.rng, deck, N_SEATS)
        row[ROW_DRAW_CARD] = card
        leader = (lp - rotation + N_SEATS) % N_SEATS
        mate = (mp - rotation + N_SEATS) % N_SEATS
        other = swap_seat(leader, mate, N_SEATS)
        if other >= 0:  # the mate and the player opposite the leader exchange seats (and hands)
            row[ROW_SWAPPED] = 1
            apply_swap(counts, player_at, mate, other)
            for c in range(N_CARDS):
                if owner[c] == mate or owner[c] == other:
                    owner[c] = mate + other - owner[c]
    row[ROW_LEADER] = leader
    row[ROW_MATE] = mate
    for s in range(N_SEATS):
        row[ROW_SEAT + player_at[s]] = s
    return leader


@implements(run.play_hand, STATE)
def play_hand(st, seed, deal, rotation, carry, last, search_on):
    """Deal ``deal`` (turned by ``rotation``), draw and play it; raw facts into ``st.row``. Returns
    the number of log rows. ``st.policies`` / ``st.pp`` come by player and leave by player: the
    draw's swap moves them to the players' seats for the hand. ``search_on``: None when no seat
    searches, so numba prunes the search and does not compile it; else the search entry as a
    function value (``kernels.shuangkou.search.search``)."""
    st = borrow(st)  # the driver holds the state: null reference counts the compiler sees, none taken below
    row, gs, rules = st.row, st.gs, st.rules
    row[:] = 0
    seed_stream(seed, deal, st.rng)
    leader = deal_and_draw(st, rotation)
    if row[ROW_SWAPPED] != 0:  # the swapped players take their ids and parameters along
        apply_swap(st.pp, st.policies, row[ROW_MATE], (leader + 2) % N_SEATS)
    start_hand(st, leader, rules[S_JIEFENG] == 0, rules[S_DIRECTION])  # the shared end rule (SK-5), 接风 (§5)
    st.level_now[:] = 0
    st.n_bombs[:] = 0
    st.max_x[:] = 0
    while True:
        forced = np.int64(-2)
        if search_on is not None:
            seat = gs[GS_TURN]
            if st.policies[seat] == SEARCH:  # a search seat decides before its turn
                forced = search_on(st, seat, np.int64(sd.KIND_PLAY))
        if take_turn(st, forced):
            break
    mode = rules[S_WILD_MODE]
    for s in range(N_SEATS):
        row[ROW_FINISH + st.player_at[s]] = st.seat_flags[SF_FINISH, s]
        row[ROW_LEFT_MAX_BOMB + st.player_at[s]] = _max_bomb(st.counts, s, mode)
    row[ROW_N_TRICKS] = gs[GS_N_TRICKS]
    row[ROW_N_TURNS] = gs[GS_N_TURNS]
    row[ROW_N_JIEFENG] = gs[GS_N_JIEFENG]
    if row[ROW_SWAPPED] != 0:  # and back: the driver seats players by player
        apply_swap(st.pp, st.policies, row[ROW_MATE], (leader + 2) % N_SEATS)
    return gs[GS_N_LOG]


@implements(run.seat_count, STATE)
def _seat_count(st):
    return np.int64(N_SEATS)


@implements(run.next_carry, STATE)
def _next_carry(st, h):
    """Nothing: every hand stands alone."""
    return np.int64(0)


def play_range(template, run_, out_rows, search_on):
    """Hands ``run_[RUN_START]`` .. ``+ run_[RUN_COUNT] - 1`` (``kernels.climb.run``: parallel blocks,
    each on a clone of ``template``) into ``out_rows[g - start]``. ``search_on``: None unless a seat
    searches (then the search is called through a pointer: ``search``)."""
    run.play_range(_play_block, template, run_, out_rows, sd.search_on_for(search, template, search_on))


@njit(cache=True, nogil=True)
def _play_block(template, run_, lo, hi, out_rows, search_on):
    """A parallel block of the run (``kernels.climb.run.play_block``) compiled with this game's
    hooks: the hands' code lives here once, and the driver calls it through its address."""
    return run.play_block(template, run_, lo, hi, out_rows, search_on)


@njit(cache=True, nogil=True)
def _play_logged(template, seed, deal, rotation, search_on):
    """The cached entry of ``play_logged``."""
    st, n = run.play_logged(template, seed, deal, rotation, 0, True, search_on)
    return st.row.copy(), st.log[:n].copy()


def play_logged(seed, game_index, rules, policies, pp, rotate=False, duplicate=False, fix=None):
    """One hand with its action log (for replay and conformance): (row, log[:n]); ``fix``:
    ``--fix``'s ``(fix_card, fix_slots)`` tables or None. Seats as ``play_range`` seats them."""
    turn = (np.arange(N_SEATS) + (game_index if rotate else 0)) % N_SEATS
    template = new_state(rules, np.asarray(policies, np.int64)[turn], np.asarray(pp, np.float64)[turn],
                         *(fix or (None, None)), log_rows=MAX_LOG)
    deal, rotation = (game_index // N_SEATS, game_index % N_SEATS) if duplicate else (game_index, 0)
    search_on = sd.search_on_for(search, template, True if (template.policies == SEARCH).any() else None)
    return _play_logged(template, np.uint64(seed), deal, rotation, search_on)


@njit(cache=True, nogil=True)
def _dealt(st, seed, deal_index, rotation):
    seed_stream(seed, deal_index, st.rng)
    deal_and_draw(st, rotation)


def dealt_owner(seed, deal_index, rotation, rules, fix_card, fix_slots):
    """``owner[card]``: the seat holding each card when play starts (after the draw's swap), and
    ``player_at[seat]`` — the deal ``play_hand`` plays (for replay)."""
    st = new_state(rules, fix_card=fix_card, fix_slots=fix_slots)
    _dealt(st, np.uint64(seed), deal_index, rotation)
    return st.owner.copy(), st.player_at.copy()
