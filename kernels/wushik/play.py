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
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from kernels.climb.loop import (
    END_FIRST_OUT_OR_TEAM, GS_BANKER, GS_DIRECTION, GS_END_RULE, GS_N_JIEFENG, GS_N_LOG, GS_N_TRICKS, GS_N_TURNS,
    GS_PARTNER, GS_REVEALED, GS_TOP_SEAT, GS_TURN, LOG_WIDTH, MAX_LOG, SF_FINISH,
)
from kernels.climb import search_driver as sd
from kernels.climb.run import RUN_BLOCKS, RUN_COUNT, RUN_DUPLICATE, RUN_ROTATE, RUN_SEED, RUN_START, run_vector
from kernels.deal import place_fixed, shuffle
from kernels.rng import bounded, next_u64, seed_stream
from kernels.state import clone
from kernels.wushik.cardpick import zheng_sets
from kernels.wushik.layout import HAND_LAYOUT
from kernels.wushik.money import hand_scores
from kernels.wushik.movegen import (
    EIGHT_RECORD_ONLY, EIGHT_WIN_MATCH, JIEFENG_PARTNER, W_DIRECTION, W_EIGHT_RULE, W_JIEFENG, W_LEN, W_MAX_HANDS,
    W_TARGET, rank_points,
)
from kernels.wushik.policies import SEARCH
from kernels.wushik.search import search_entry
from kernels.wushik.state import HAND_SIZE, N_CARDS, N_IDS, fix_arg, new_state
from kernels.wushik.turn import play_on

N_SEATS = 4
ROW_LEN = HAND_LAYOUT.length
_at = HAND_LAYOUT.at
ROW_HAND_NO, ROW_LEADER, ROW_TURNED, ROW_EIGHT_SEAT, ROW_EIGHT = (
    _at("hand_no"), _at("leader"), _at("turned_card"), _at("eight_seat"), _at("eight_applied"))
ROW_FINISH, ROW_CAPTURED, ROW_VOID, ROW_LEFT_MAX_BOMB = _at("finish"), _at("captured"), _at("void"), _at("left_max_bomb")
ROW_TERMINAL_SEAT = _at("terminal_seat")
ROW_N_TRICKS, ROW_N_TURNS, ROW_N_JIEFENG = _at("n_tricks"), _at("n_turns"), _at("n_jiefeng")
ROW_DEALT_POINTS, ROW_DEALT_MAX_BOMB, ROW_DEALT_ZHENG = _at("dealt_points"), _at("dealt_max_bomb"), _at("dealt_zheng")
ROW_TOTAL0, ROW_TOTAL1, ROW_MATCH_OVER = _at("team0_total"), _at("team1_total"), _at("match_over")
ROW_MATCH_HANDS, ROW_MATCH_WINNER, ROW_MATCH_EIGHT, ROW_FIRST_LEADER = (
    _at("match_hands"), _at("match_winner"), _at("match_eight_win"), _at("first_leader"))


@njit(cache=True, nogil=True)
def points_and_bomb(c):
    """(5/10/K points held, the largest count of one rank when >= 4 else 0) of rank counts ``c``."""
    points, best = 0, 0
    for r in range(13):
        points += c[r] * rank_points(r)
        best = max(best, c[r])
    return points, best if best >= 4 else 0


@njit(cache=True, nogil=True)
def deal_cards(st, rotation, fix):
    """Shuffle the 104 cards (from id order) with the deal stream, place ``--fix``'s cards
    (``fix``: ``(fix_card, fix_slots)`` of ``kernels.deal.place_fixed``, None without) and deal
    one hand; the dealt facts into ``st.row``. Returns the lowest seat dealt 8 of a kind (-1
    none) and whether only one team holds such a hand (W-7)."""
    deck, owner, counts, suit_counts, row = st.deck, st.owner, st.counts, st.suit_counts, st.row
    for i in range(N_CARDS):
        deck[i] = (i // 52) * 54 + i % 52
    shuffle(st.dstate, deck)
    if fix is not None:
        place_fixed(st.dstate, deck, fix[0], fix[1])
    owner[:] = -1
    counts[:, :] = 0
    suit_counts[:, :, :] = 0
    for p in range(N_CARDS):
        seat = (p % N_SEATS - rotation + N_SEATS) % N_SEATS
        c = deck[p]
        owner[c] = seat
        k = c % 54
        counts[seat, k // 4] += 1
        suit_counts[seat, k // 4, k % 4] += 1
    eight = -1
    teams = 0
    for s in range(N_SEATS):
        points, best = points_and_bomb(counts[s])
        row[ROW_DEALT_POINTS + s] = points
        row[ROW_DEALT_MAX_BOMB + s] = best
        row[ROW_DEALT_ZHENG + s] = zheng_sets(suit_counts[s])
        if best >= 8:
            teams |= 1 << (s % 2)
            if eight < 0:
                eight = s
    return eight, teams != 3


@njit(cache=True, nogil=True)
def play_hand(st, leader, search_on):
    """Play the dealt hand of ``st`` from ``leader`` to its 终止牌; facts into ``st.row``. Returns
    the number of log rows written. ``search_on``: None when no seat searches, so numba prunes
    the search and does not compile it."""
    gs, rules = st.gs, st.rules
    gs[:] = 0
    gs[GS_TURN] = leader
    gs[GS_TOP_SEAT] = -1
    gs[GS_BANKER] = 0  # teams {0, 2} and {1, 3}: the shared partnership end rule and 接风
    gs[GS_PARTNER] = 2
    gs[GS_REVEALED] = 1 if rules[W_JIEFENG] == JIEFENG_PARTNER else 0  # 0: 接风 to the next seat (W-4)
    gs[GS_DIRECTION] = rules[W_DIRECTION]
    gs[GS_END_RULE] = END_FIRST_OUT_OR_TEAM
    st.hand_left[:] = HAND_SIZE
    st.seat_flags[:, :] = 0
    st.captured[:] = 0
    st.order[:] = -1
    st.top[:] = 0
    st.pend[:, :] = 0
    play_on(st, np.int64(-2), search_on)
    row = st.row
    for s in range(N_SEATS):
        row[ROW_FINISH + s] = st.seat_flags[SF_FINISH, s]
        row[ROW_CAPTURED + s] = st.captured[s]
        row[ROW_VOID + s], row[ROW_LEFT_MAX_BOMB + s] = points_and_bomb(st.counts[s])
    row[ROW_N_TRICKS] = gs[GS_N_TRICKS]
    row[ROW_N_TURNS] = gs[GS_N_TURNS]
    row[ROW_N_JIEFENG] = gs[GS_N_JIEFENG]
    return gs[GS_N_LOG]


@njit(cache=True, nogil=True)
def play_match(st, run, g, fix, rows, r0, r_end, logged, search_on):
    """Game index ``g`` of the run: a match (or a single hand) into ``rows[r0:]``, at most up to
    ``r_end``. Returns the number of rows (hands) written, or -1 when they do not fit (the caller
    retries with more room). ``logged``: ``(logs, n_logs)`` to receive each hand's action log
    (``logs[h, :n_logs[h]]``, replay), or None."""
    duplicate = run[RUN_DUPLICATE] != 0
    deal_index = g // N_SEATS if duplicate else g
    rotation = g % N_SEATS if duplicate else 0
    rules = st.rules
    seed_stream(np.uint64(run[RUN_SEED]), deal_index, st.dstate)
    seed_stream(next_u64(st.dstate), deal_index, st.rng)  # the players' stream: deals never depend on play
    totals0, totals1 = 0, 0
    leader = -1
    first_leader = -1
    eight_win = -1
    h = 0
    while True:
        if r0 + h >= r_end:
            return -1
        st.row[:] = 0
        eight, one_team = deal_cards(st, rotation, fix)
        st.row[ROW_HAND_NO] = h
        st.row[ROW_TURNED] = -1
        if h == 0:
            p = bounded(st.dstate, N_CARDS)
            st.row[ROW_TURNED] = st.deck[p]
            leader = (p % N_SEATS - rotation + N_SEATS) % N_SEATS
            first_leader = leader
        st.row[ROW_LEADER] = leader
        st.row[ROW_EIGHT_SEAT] = eight
        st.row[ROW_TERMINAL_SEAT] = -1
        if eight >= 0 and one_team and rules[W_EIGHT_RULE] != EIGHT_RECORD_ONLY:
            st.row[ROW_EIGHT] = 1
            if rules[W_EIGHT_RULE] == EIGHT_WIN_MATCH:
                eight_win = eight % 2
        else:
            n = play_hand(st, leader, search_on)
            if logged is not None and h < logged[0].shape[0]:
                logged[0][h, :n] = st.log[:n]
                logged[1][h] = n
            leader = st.order[0]
        t0, t1 = hand_scores(st.row, rules)
        totals0 += t0
        totals1 += t1
        st.row[ROW_TOTAL0] = totals0
        st.row[ROW_TOTAL1] = totals1
        rows[r0 + h] = st.row
        h += 1
        if eight_win >= 0 or totals0 >= rules[W_TARGET] or totals1 >= rules[W_TARGET] or h >= rules[W_MAX_HANDS]:
            break
    winner = eight_win if eight_win >= 0 else (0 if totals0 > totals1 else (1 if totals1 > totals0 else 2))
    rows[r0 + h - 1, ROW_MATCH_OVER] = 1
    for k in range(h):
        row = rows[r0 + k]
        row[ROW_MATCH_HANDS] = h
        row[ROW_MATCH_WINNER] = winner
        row[ROW_MATCH_EIGHT] = 1 if eight_win >= 0 else 0
        row[ROW_FIRST_LEADER] = first_leader
    return h


@njit(cache=True, nogil=True)
def play_block(template, run, b, fix, out_rows, logged, search_on):
    """Block ``b`` of the run's ``run[RUN_BLOCKS]``: its contiguous game indices, in order, into
    ``out_rows`` from row ``b * cap`` (``cap = out_rows.shape[0] // run[RUN_BLOCKS]``), on a state
    of its own (``clone(template)``). Returns the rows written, or -1 when they do not fit. With
    ``run[RUN_ROTATE]`` seat k of game g is played by the template's seat (k + g) % 4."""
    n_blocks, start, count = run[RUN_BLOCKS], run[RUN_START], run[RUN_COUNT]
    cap = out_rows.shape[0] // n_blocks
    st = clone(template)
    r = r0 = b * cap
    for g in range(start + count * b // n_blocks, start + count * (b + 1) // n_blocks):
        if run[RUN_ROTATE] != 0:
            for k in range(N_SEATS):
                st.policies[k] = template.policies[(k + g) % N_SEATS]
                st.pp[k] = template.pp[(k + g) % N_SEATS]
        h = play_match(st, run, g, fix, out_rows, r, r0 + cap, logged, search_on)
        if h < 0:
            return -1
        r += h
    return r - r0


def play_range(template, run, fix, out_rows, n_rows, search_on):
    """Play the run's game indices ``run[RUN_START]`` on, ``run[RUN_COUNT]`` of them (matches or
    single hands), into ``out_rows``: ``run[RUN_BLOCKS]`` contiguous blocks in parallel, block b
    from row ``b * cap`` (``play_block``), ``n_rows[b]`` how many, or -1 when they did not fit in
    ``cap`` (the caller retries with more room). With ``duplicate`` game g plays deal ``g // 4``
    turned by ``g % 4``. ``fix``: ``--fix``'s tables or None; ``search_on``: None unless a seat
    searches (then the search is called through a pointer: ``kernels.wushik.search.search_entry``)."""
    _play_range(template, run, fix, out_rows, n_rows, sd.search_on_for(search_entry, template, search_on))


@njit(cache=True, nogil=True, parallel=True)
def _play_range(template, run, fix, out_rows, n_rows, search_on):
    """The cached entry of ``play_range``."""
    for b in prange(run[RUN_BLOCKS]):
        n_rows[b] = play_block(template, run, b, fix, out_rows, None, search_on)


def play_logged(seed, game_index, rules, policies, pp, n_hands, rotate=False, duplicate=False, fix=None):
    """One game index with the action log of each of its first ``n_hands`` hands (for replay and
    conformance): (rows[:hands], logs[h, :n_logs[h]], n_logs, hands), hands -1 when the game
    index plays more than ``n_hands`` hands; ``fix``: ``--fix``'s ``(fix_card, fix_slots)`` tables or None."""
    rows = np.zeros((n_hands, ROW_LEN), np.int64)
    logs = np.zeros((n_hands, MAX_LOG, LOG_WIDTH), np.int64)
    n_logs = np.zeros(n_hands, np.int64)
    template = new_state(rules, policies, pp, logged=True)
    search_on = sd.search_on_for(search_entry, template, True if (template.policies == SEARCH).any() else None)
    h = play_block(template, run_vector(seed, game_index, 1, rotate=rotate, duplicate=duplicate),
                   0, fix_arg(*fix) if fix is not None else None, rows, (logs, n_logs), search_on)
    return rows[:max(h, 0)], logs, n_logs, h


@njit(cache=True, nogil=True)
def _owners(st, seed, deal_index, rotation, n_hands, fix):
    owners = np.full((n_hands, N_IDS), -1, np.int64)
    seed_stream(seed, deal_index, st.dstate)
    next_u64(st.dstate)
    for h in range(n_hands):
        deal_cards(st, rotation, fix)
        owners[h] = st.owner
        if h == 0:
            bounded(st.dstate, N_CARDS)
    return owners


def dealt_owners(seed, deal_index, rotation, n_hands, fix_card=None, fix_slots=None):
    """``owner[h, card]``: the seat dealt each card in each of the first ``n_hands`` hands of a
    game index (the same deals ``play_match`` plays; for replay)."""
    return _owners(new_state(np.zeros(W_LEN, np.int64)), np.uint64(seed), deal_index, rotation, n_hands,
                   fix_arg(fix_card, fix_slots))
