"""五十K hands and matches played to the end (spec §4, §8–§10), and many matches in parallel.

A game index is a match (``rules[W_MAX_HANDS]`` > 1) or a single hand (= 1), on its own stream:
``seed_stream(seed, deal_index)`` deals — every hand shuffles the 104 cards, and the first hand
then draws the turned-up card's deck position — after one draw that seeds the players' stream
(random players). So the deals of a match do not depend on how it is played: ``--duplicate``
plays the same deals from every seat, and two runs with other players see the same cards.

Deal convention (``kernels.deal``): position p goes to seat p % 4, turned by ``rotation``
(``--duplicate``: seat k holds what seat k + rotation was dealt). The turned-up card's holder leads
the first hand of a match; later hands are led by the previous hand's 一游 (§4). A hand in which
the players of one team only were dealt 8 of a kind is not played unless ``record_only`` (W-7).

Each hand is scored as it ends (``hand_scores``, the formula of ``sim.games.wushik.scoring``) to
keep the running totals: a match ends after the hand in which a total reaches ``target_score``
(§10.3). Rows are the raw facts of ``kernels.wushik.layout.HAND_LAYOUT``.

The run is the climbing family's driver (``kernels.climb.run``) with matches as its sessions of
as many hands as they play: this module implements ``play_hand`` (a hand of the match; ``st.row``
keeps the previous hand's number and running totals between them), ``next_carry`` (who leads),
``session_over`` and ``end_session`` (the match facts of every row).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.climb import run, search_driver as sd
from kernels.climb.loop import GS_N_JIEFENG, GS_N_LOG, GS_N_TRICKS, GS_N_TURNS, LOG_WIDTH, MAX_LOG, SF_FINISH
from kernels.climb.partners import start_hand
from kernels.deal import place_fixed, shuffle
from kernels.hooks import implements
from kernels.rng import bounded, next_u64, seed_stream
from kernels.state import borrow, clone
from kernels.wushik.cardpick import zheng_sets
from kernels.wushik.layout import HAND_LAYOUT, MAX_SEATS as N_SEATS
from kernels.wushik.money import hand_scores
from kernels.wushik.movegen import (
    EIGHT_RECORD_ONLY, EIGHT_WIN_MATCH, JIEFENG_PARTNER, W_DIRECTION, W_EIGHT_RULE, W_JIEFENG, W_LEN, W_MAX_HANDS,
    W_TARGET, rank_points,
)
from kernels.wushik.policies import SEARCH
from kernels.wushik.search import search
from kernels.wushik.state import LAYOUT as STATE, N_CARDS, N_IDS, new_state
from kernels.wushik.turn import count_cards, play_on

ROW_LEN = HAND_LAYOUT.length
ROW_HAND_NO, ROW_LEADER, ROW_TURNED, ROW_EIGHT_SEAT, ROW_EIGHT, ROW_FINISH, ROW_CAPTURED, ROW_VOID = map(
    HAND_LAYOUT.at, ("hand_no", "leader", "turned_card", "eight_seat", "eight_applied", "finish", "captured", "void"))
ROW_LEFT_MAX_BOMB, ROW_TERMINAL_SEAT, ROW_N_TRICKS, ROW_N_TURNS, ROW_N_JIEFENG, ROW_DEALT_POINTS = map(
    HAND_LAYOUT.at, ("left_max_bomb", "terminal_seat", "n_tricks", "n_turns", "n_jiefeng", "dealt_points"))
ROW_DEALT_MAX_BOMB, ROW_DEALT_ZHENG, ROW_TOTAL0, ROW_TOTAL1, ROW_MATCH_OVER, ROW_MATCH_HANDS = map(
    HAND_LAYOUT.at, ("dealt_max_bomb", "dealt_zheng", "team0_total", "team1_total", "match_over", "match_hands"))
ROW_MATCH_WINNER, ROW_MATCH_EIGHT, ROW_FIRST_LEADER = map(
    HAND_LAYOUT.at, ("match_winner", "match_eight_win", "first_leader"))


@njit(cache=True, nogil=True)
def points_and_bomb(c):
    """(5/10/K points held, the largest count of one rank when >= 4 else 0) of rank counts ``c``."""
    points, best = 0, 0
    for r in range(13):
        points += c[r] * rank_points(r)
        best = max(best, c[r])
    return points, best if best >= 4 else 0


@njit(cache=True, nogil=True)
def deal_cards(st, rotation):
    """Shuffle the 104 cards (from id order) with the deal stream, place ``--fix``'s cards
    (``st.fix_card`` / ``st.fix_slots``; (0, 0) tables place nothing and draw nothing) and deal
    one hand; the dealt facts into ``st.row``. Returns the lowest seat dealt 8 of a kind (-1
    none) and whether only one team holds such a hand (W-7)."""
    deck, owner, counts, suit_counts, row = st.deck, st.owner, st.counts, st.suit_counts, st.row
    for i in range(N_CARDS):
        deck[i] = (i // 52) * 54 + i % 52
    shuffle(st.dstate, deck)
    place_fixed(st.dstate, deck, st.fix_card, st.fix_slots)
    owner[:] = -1
    for p in range(N_CARDS):
        owner[deck[p]] = (p % N_SEATS - rotation + N_SEATS) % N_SEATS
    count_cards(owner, counts, suit_counts)
    eight, teams = -1, 0  # the lowest seat dealt 8 of a kind; bit t: team t holds one
    for s in range(N_SEATS):
        row[ROW_DEALT_POINTS + s], best = points_and_bomb(counts[s])
        row[ROW_DEALT_MAX_BOMB + s] = best
        row[ROW_DEALT_ZHENG + s] = zheng_sets(suit_counts[s])
        if best >= 8:
            teams |= 1 << (s % 2)
            if eight < 0:
                eight = s
    return eight, teams != 3


@implements(run.play_hand, STATE)
def play_hand(st, seed, deal, rotation, carry, last, search_on):
    """A hand of the match of deal ``deal`` (turned by ``rotation``) into ``st.row``, played to its
    终止牌 unless the 8-of-a-kind rule decides it (W-7); returns the log rows written. ``carry``: -1 for the match's first hand (the match's streams are seeded and the
    turned-up card names the leader), else the seat that leads, with ``st.row`` still the previous
    hand's (its number and the running totals)."""
    st = borrow(st)  # the driver holds the state: null reference counts the compiler sees
    row, rules = st.row, st.rules
    if carry < 0:
        seed_stream(seed, deal, st.dstate)
        seed_stream(next_u64(st.dstate), deal, st.rng)  # the players' stream: deals never depend on play
        hand_no, totals0, totals1 = 0, 0, 0
    else:
        hand_no, totals0, totals1 = row[ROW_HAND_NO] + 1, row[ROW_TOTAL0], row[ROW_TOTAL1]
    row[:] = 0
    eight, one_team = deal_cards(st, rotation)
    row[ROW_HAND_NO] = hand_no
    row[ROW_TURNED] = -1
    leader = carry
    if carry < 0:
        p = bounded(st.dstate, N_CARDS)
        row[ROW_TURNED] = st.deck[p]
        leader = (p % N_SEATS - rotation + N_SEATS) % N_SEATS
    row[ROW_LEADER] = leader
    row[ROW_EIGHT_SEAT] = eight
    row[ROW_TERMINAL_SEAT] = -1
    n = np.int64(0)
    if eight >= 0 and one_team and rules[W_EIGHT_RULE] != EIGHT_RECORD_ONLY:
        row[ROW_EIGHT] = 1
    else:  # played to its 终止牌
        gs = st.gs
        start_hand(st, leader, rules[W_JIEFENG] == JIEFENG_PARTNER, rules[W_DIRECTION])  # 接风 (W-4)
        st.pend[:, :] = 0
        play_on(st, np.int64(-2), search_on)
        for s in range(N_SEATS):
            row[ROW_FINISH + s] = st.seat_flags[SF_FINISH, s]
            row[ROW_CAPTURED + s] = st.captured[s]
            row[ROW_VOID + s], row[ROW_LEFT_MAX_BOMB + s] = points_and_bomb(st.counts[s])
        row[ROW_N_TRICKS] = gs[GS_N_TRICKS]
        row[ROW_N_TURNS] = gs[GS_N_TURNS]
        row[ROW_N_JIEFENG] = gs[GS_N_JIEFENG]
        n = gs[GS_N_LOG]
    t0, t1 = hand_scores(row, rules)
    row[ROW_TOTAL0] = totals0 + t0
    row[ROW_TOTAL1] = totals1 + t1
    return n


@implements(run.seat_count, STATE)
def _seat_count(st):
    return np.int64(N_SEATS)


@implements(run.next_carry, STATE)
def _next_carry(st, h):
    """Who leads hand ``h`` of a match: -1 (the turned-up card) first, then the previous hand's
    一游, or its leader again when it was not played (W-7)."""
    if h == 0:
        return np.int64(-1)
    return st.row[ROW_LEADER] if st.row[ROW_EIGHT] == 1 else st.order[0]


@njit(cache=True, nogil=True, inline="always")
def _eight_wins(row, rules):
    """Whether the hand of ``row`` ends the match by 8 of a kind (W-7 ``win_match``)."""
    return row[ROW_EIGHT] == 1 and rules[W_EIGHT_RULE] == EIGHT_WIN_MATCH


@implements(run.session_over, STATE)
def _session_over(st, h):
    """The match is over after its ``h``-th hand: 8 of a kind won it, a total reached the target
    (§10.3), or it has played its most hands."""
    row, rules = st.row, st.rules
    return (_eight_wins(row, rules) or row[ROW_TOTAL0] >= rules[W_TARGET] or row[ROW_TOTAL1] >= rules[W_TARGET]
            or h >= rules[W_MAX_HANDS])


@implements(run.end_session, STATE)
def _end_session(st, out_rows, r0, r1):
    """The match facts into every row of the match (rows ``r0 .. r1 - 1``): its hands, winner
    (team 0, team 1, 2 a draw), whether 8 of a kind won it, its first leader; ``match_over`` on
    its last row."""
    last = out_rows[r1 - 1]
    eight = _eight_wins(last, st.rules)
    winner = 0 if last[ROW_TOTAL0] > last[ROW_TOTAL1] else (1 if last[ROW_TOTAL1] > last[ROW_TOTAL0] else 2)
    if eight:
        winner = last[ROW_EIGHT_SEAT] % 2
    last[ROW_MATCH_OVER] = 1
    first_leader = out_rows[r0, ROW_LEADER]
    for r in range(r0, r1):
        out_rows[r, ROW_MATCH_HANDS] = r1 - r0
        out_rows[r, ROW_MATCH_WINNER] = winner
        out_rows[r, ROW_MATCH_EIGHT] = 1 if eight else 0
        out_rows[r, ROW_FIRST_LEADER] = first_leader


def play_range(template, run_, out_rows, n_rows, search_on):
    """Play the run's game indices ``run_[RUN_START]`` on, ``run_[RUN_COUNT]`` of them (matches or
    single hands), into ``out_rows`` (``kernels.climb.run.play_matches``: parallel blocks, each
    on a clone of ``template``, block b from row ``b * cap``, ``n_rows[b]`` how many or -1 when they
    did not fit; the caller retries with more room). With ``duplicate`` game g plays deal
    ``g // 4`` turned by ``g % 4``. ``search_on``: None unless a seat searches (then the search is
    called through a pointer: ``kernels.wushik.search.search``)."""
    search_on = sd.search_on_for(search, template, search_on)
    run.play_matches(_match_block, template, run_, out_rows, n_rows, search_on)


@njit(cache=True, nogil=True)
def _match_block(template, run_, lo, hi, out_rows, r0, r_end, search_on):
    """A parallel block of the run's matches (``kernels.climb.run.match_block``) compiled with this
    game's hooks: the hands' code lives here once, and the driver calls it through its address."""
    return run.match_block(template, run_, lo, hi, out_rows, r0, r_end, search_on)


@njit(cache=True, nogil=True)
def _play_logged(template, seed, deal, rotation, rows, logs, n_logs, search_on):
    """The match of ``deal`` (turned by ``rotation``) into ``rows`` with each hand's action log in
    ``logs``: its hands, or -1 when it plays more than ``rows`` holds."""
    st = clone(template)  # (not borrowed here: numba would free it after its last use, the borrow)
    for h in range(rows.shape[0]):
        n = run.play_hand(st, seed, deal, rotation, run.next_carry(st, h), False, search_on)
        logs[h, :n] = st.log[:n]
        n_logs[h] = n
        rows[h] = st.row
        if run.session_over(st, h + 1):
            run.end_session(st, rows, 0, h + 1)
            return h + 1
    return -1


def play_logged(seed, game_index, rules, policies, pp, n_hands, duplicate=False, fix=None):
    """One game index with the action log of each of its first ``n_hands`` hands (for replay and
    conformance): (rows[:hands], logs[h, :n_logs[h]], n_logs, hands), hands -1 when the game
    index plays more than ``n_hands`` hands; ``fix``: ``--fix``'s ``(fix_card, fix_slots)`` tables or None."""
    rows = np.zeros((n_hands, ROW_LEN), np.int64)
    logs = np.zeros((n_hands, MAX_LOG, LOG_WIDTH), np.int64)
    n_logs = np.zeros(n_hands, np.int64)
    template = new_state(rules, policies, pp, *(fix or (None, None)), logged=True)
    search_on = sd.search_on_for(search, template, True if (template.policies == SEARCH).any() else None)
    deal, rotation = divmod(game_index, N_SEATS) if duplicate else (game_index, 0)
    h = _play_logged(template, np.uint64(seed), deal, rotation, rows, logs, n_logs, search_on)
    return rows[:max(h, 0)], logs, n_logs, h


@njit(cache=True, nogil=True)
def _owners(st, seed, deal_index, rotation, n_hands):
    owners = np.full((n_hands, N_IDS), -1, np.int64)
    seed_stream(seed, deal_index, st.dstate)
    next_u64(st.dstate)
    for h in range(n_hands):
        deal_cards(st, rotation)
        owners[h] = st.owner
        if h == 0:
            bounded(st.dstate, N_CARDS)
    return owners


def dealt_owners(seed, deal_index, rotation, n_hands, fix_card=None, fix_slots=None):
    """``owner[h, card]``: the seat dealt each card in each of the first ``n_hands`` hands of a
    game index (the same deals ``play_match`` plays; for replay)."""
    return _owners(new_state(np.zeros(W_LEN, np.int64), fix_card=fix_card, fix_slots=fix_slots), np.uint64(seed),
                   deal_index, rotation, n_hands)
