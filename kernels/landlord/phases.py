"""The landlord family's phases between the deal and the first play: 叫分 / 叫档 (one round, or
OpenSpiel's re-bidding auction), 抢地主, the kitty, 明牌, and 上海's 摊打 and 报到 (打 / 不打).

``pre_tricks`` plays them from the deal written in the row (``ROW_DEALT``, ``ROW_KITTY``,
``ROW_FIRST_BIDDER``) and records every decision in order (``hist``). A decision may be forced
(``forced[i] >= 0``: a search player's earlier answer when the phases are replayed, or, in a
search's rollout, what the table really said before). With ``stop`` set, the first unforced
decision of a ``search`` seat with ``search_bids`` stops the phases (``PRE_STOP``; ``dec`` says
whose and what): the hand's driver searches it (``kernels.landlord.search_bids``), forces the
answer and replays the phases from the same stream state. So the search never recurses into
itself, and every other player's decisions, random draws included, are those of a hand without
searching.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.climb.loop import END_FIRST_OUT_OR_TEAM, SF_BOMB_LIMIT
from kernels.climb.solo import start_hand as start_solo
from kernels.landlord import rows as W
from kernels.landlord.movegen import (
    AUCTION_OPENSPIEL, FLOW_MARKER_DANG, LL_AUCTION, LL_BOMB_LIMITS, LL_FLOW, LL_MAX_BID, LL_MINGPAI,
    LL_N_SEATS, LL_QIANG, QIANG_AFTER_THREE, QIANG_NONE,
)
from kernels.landlord.policies import (
    GREEDY, PP_MINGPAI, PP_QIANG, PP_SEARCH_BIDS, RANDOM, SEARCH, choose_bid, hand_strength,
)
from kernels.landlord.state import MAX_DECISIONS  # noqa: F401 (re-exported)
from kernels.rng import bounded

# pre_tricks results
PRE_TRICKS, PRE_NO_LANDLORD, PRE_OVER, PRE_STOP = 0, 1, 2, 3
# decision kinds before the tricks (dec[2]); the play at a turn is search_driver.KIND_PLAY (0)
KIND_BID, KIND_QIANG, KIND_MINGPAI, KIND_TANDA, KIND_BAODAO = 1, 2, 3, 4, 5
# dec: [decisions so far, stopping seat, stopping kind, highest bid at the stop]
DEC_N, DEC_SEAT, DEC_KIND, DEC_HIGHEST = 0, 1, 2, 3
_STOP = -99

# smart plays a 报到 hand out (打: win ×2, loss 0) instead of claiming it (不打: a sure win ×1) when
# the landlord's hand strength with the kitty is at least this (打 pays when P(win) > 1/2; smart
# landlords against smart farmers win about half their deals from strength 28 on)
SMART_BAODAO_DA = 28.0


@njit(cache=True, nogil=True)
def _auction(st, first, n_seats, stop):
    """叫分 / 叫档: returns (bidder or -1, highest bid), or (``_STOP``, 0); ``said[seat]`` = first bid
    (-1 never asked)."""
    rules, said, row = st.rules, st.said, st.row
    max_bid = rules[LL_MAX_BID]
    highest = np.int64(0)
    bidder = -1
    said[:] = -1
    openspiel = rules[LL_AUCTION] == AUCTION_OPENSPIEL
    passes = 0
    for i in range(1 << 20):
        if not openspiel and i == n_seats:
            break
        seat = (first + i) % n_seats
        b = _decide(st, seat, np.int64(KIND_BID), highest, stop)
        if b == _STOP:
            return _STOP, 0
        W.add_token(row, b)
        if said[seat] < 0:
            said[seat] = b
        if b > 0:
            highest = b
            bidder = seat
            passes = 0
            if b == max_bid:
                break
        elif openspiel:
            passes += 1
            if passes == n_seats or (passes == n_seats - 1 and bidder >= 0):
                break
    return bidder, highest


@njit(cache=True, nogil=True)
def _decide(st, seat, kind, highest, stop):
    """The answer of ``seat`` to the next decision (``kind``: a bid above ``highest``, 抢, 明牌, 摊打,
    报到), recorded in ``hist``: the forced one, else ``_STOP`` when a search seat must be asked
    (``dec`` then says whose and what), else its player's (``answer``)."""
    dec = st.dec
    i = dec[DEC_N]
    if i >= MAX_DECISIONS:
        raise ValueError("more decisions before the tricks than MAX_DECISIONS (kernels.landlord.phases)")
    v = st.forced[i]
    if v < 0:
        if stop and st.policies[seat] == SEARCH and st.pp[seat, PP_SEARCH_BIDS] > 0:
            dec[DEC_SEAT], dec[DEC_KIND], dec[DEC_HIGHEST] = seat, kind, highest
            return _STOP
        v = answer(st.policies[seat], seat, kind, highest, st.counts[seat], st.pp, st.rules, st.rng)
    st.hist[i] = v
    dec[DEC_N] = i + 1
    return v


@njit(cache=True, nogil=True)
def _qiang(st, bidder, highest, n_seats, stop):
    """抢地主 (A2.2 / A2', D-1): returns (landlord, number of 抢), or (``_STOP``, 0)."""
    said, row = st.said, st.row
    mode = st.rules[LL_QIANG]
    if mode == QIANG_NONE or (mode == QIANG_AFTER_THREE and highest != 3):
        return bidder, 0
    landlord = bidder
    count = 0
    for i in range(1, n_seats + 1):
        seat = (bidder + i) % n_seats
        if said[seat] == 0 or (seat == bidder and count == 0):
            continue
        v = _decide(st, seat, np.int64(KIND_QIANG), np.int64(0), stop)
        if v == _STOP:
            return _STOP, 0
        W.add_token(row, W.TOK_QIANG if v == 1 else W.TOK_BUQIANG)
        if v == 1:
            landlord = seat
            count += 1
    return landlord, count


@njit(cache=True, nogil=True)
def in_baodao_set(c, r):
    """Is rank ``r`` part of a 上海 §6 报到 set of the rank counts ``c``: held 7+ times, or a joker
    of the four?"""
    if r >= 13:
        return c[13] >= 2 and c[14] >= 2
    return c[r] >= 7


@njit(cache=True, nogil=True)
def baodao_sets(c):
    """上海 §6 报到 sets in rank counts: four jokers, and each rank held 7+ times."""
    sets = 1 if in_baodao_set(c, 13) else 0
    for r in range(13):
        if in_baodao_set(c, r):
            sets += 1
    return sets


@njit(cache=True, nogil=True)
def answer(policy, seat, kind, highest, c, pp, rules, state):
    """What ``policy`` answers to decision ``kind`` from the seat's rank counts ``c``: a bid above
    ``highest`` or 0, 抢 / 明牌 / 摊打 yes (1) or no (0), a 报到 choice (none, 打 or 不打). Random
    answers uniformly; greedy claims a 报到 (不打), smart plays it out (打) from ``SMART_BAODAO_DA``
    on; the yes/no decisions are hand strength against the seat's threshold."""
    if kind == KIND_BID:
        return choose_bid(policy, seat, c, highest, pp, rules, state)
    if policy == RANDOM:
        return bounded(state, np.int64(3 if kind == KIND_BAODAO else 2))
    s = hand_strength(c)
    if kind == KIND_BAODAO:
        return W.BAODAO_DA if policy != GREEDY and s >= SMART_BAODAO_DA else W.BAODAO_BUDA
    threshold = PP_QIANG if kind == KIND_QIANG else PP_MINGPAI  # 明牌 and 摊打 share theirs
    return np.int64(1 if s >= pp[seat, threshold] else 0)


@njit(cache=True, nogil=True)
def _baodao(st, landlord, stop):
    """上海 §6 报到 (打 / 不打), after 摊打; returns PRE_OVER on 报到 不打, PRE_STOP, else PRE_TRICKS."""
    row = st.row
    c = st.counts[landlord]
    sets = baodao_sets(c)
    row[W.ROW_BAODAO_SETS] = sets
    if sets == 0:
        return PRE_TRICKS
    choice = _decide(st, landlord, np.int64(KIND_BAODAO), np.int64(0), stop)
    if choice == _STOP:
        return PRE_STOP
    row[W.ROW_BAODAO] = choice
    if choice == W.BAODAO_DA:
        W.add_token(row, W.TOK_BAODAO_DA)
    elif choice == W.BAODAO_BUDA:
        W.add_token(row, W.TOK_BAODAO_BUDA)
        row[W.ROW_WINNER] = landlord
        row[W.ROW_LANDLORD_WON] = 1
        return PRE_OVER
    return PRE_TRICKS


@njit(cache=True, nogil=True)
def pre_tricks(st, stop):
    """The phases from the deal in ``st.row`` to the first play: fills ``st.counts`` (the landlord
    with the kitty) and the row's auction and declaration facts. Returns PRE_TRICKS,
    PRE_NO_LANDLORD (everybody passed), PRE_OVER (报到 不打: a landlord win without play) or
    PRE_STOP (``st.dec``)."""
    rules, counts, said, row = st.rules, st.counts, st.said, st.row
    n_seats = rules[LL_N_SEATS]
    dang_flow = rules[LL_FLOW] == FLOW_MARKER_DANG
    first = row[W.ROW_FIRST_BIDDER]
    counts[:, :] = 0
    for s in range(n_seats):
        for r in range(15):
            counts[s, r] = row[W.ROW_DEALT + s * 15 + r]
    for f in (W.ROW_N_TOKENS, W.ROW_LANDLORD, W.ROW_BID, W.ROW_QIANG, W.ROW_MINGPAI, W.ROW_TOULIAO,
              W.ROW_BAODAO_SETS, W.ROW_BAODAO, W.ROW_WINNER, W.ROW_LANDLORD_WON):
        row[f] = 0
    st.dec[DEC_N] = 0
    bidder, highest = _auction(st, first, n_seats, stop)
    if bidder == _STOP:
        return PRE_STOP
    for s in range(n_seats):
        row[W.ROW_SAID + s] = said[s]
    if bidder < 0:
        row[W.ROW_LANDLORD] = -1
        row[W.ROW_WINNER] = -1
        return PRE_NO_LANDLORD
    landlord, n_qiang = _qiang(st, bidder, highest, n_seats, stop)
    if landlord == _STOP:
        return PRE_STOP
    row[W.ROW_LANDLORD] = landlord
    row[W.ROW_BID] = highest
    row[W.ROW_QIANG] = n_qiang
    for r in range(15):
        counts[landlord, r] += row[W.ROW_KITTY + r]
    for s in range(n_seats):  # 上海 §2.1 bomb limits: -1 unlimited
        lim = -1
        if dang_flow and rules[LL_BOMB_LIMITS] != 0 and s != landlord and said[s] >= 0:
            lim = 2 if said[s] == 2 else 1
        row[W.ROW_BOMB_LIMIT + s] = lim
    touliao = dang_flow and said[first] == 3  # 上海 头撂
    row[W.ROW_TOULIAO] = 1 if touliao else 0
    if touliao or (rules[LL_MINGPAI] != 0 and not dang_flow):  # 斗地主 明牌, 上海 §2.5 摊打 (头撂 deals only)
        v = _decide(st, landlord, np.int64(KIND_TANDA if dang_flow else KIND_MINGPAI), np.int64(0), stop)
        if v == _STOP:
            return PRE_STOP
        if v == 1:
            W.add_token(row, W.TOK_TANDA if dang_flow else W.TOK_MINGPAI)
            row[W.ROW_MINGPAI] = 1
    return _baodao(st, landlord, stop) if dang_flow else PRE_TRICKS


@njit(cache=True, nogil=True)
def start_tricks(st):
    """The trick state once the landlord is known (``kernels.climb.solo.start_hand``): he leads,
    the lone side; each seat holds what its counts hold (he the kitty too), nobody out; the 上海
    bomb limits of the row in the seat flags."""
    landlord = st.row[W.ROW_LANDLORD]
    start_solo(st, landlord, landlord, landlord, END_FIRST_OUT_OR_TEAM)
    for s in range(st.rules[LL_N_SEATS]):
        st.seat_flags[SF_BOMB_LIMIT, s] = st.row[W.ROW_BOMB_LIMIT + s]
