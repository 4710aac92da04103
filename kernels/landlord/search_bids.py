"""The landlord family's ``search`` player at its decisions before the tricks (``search_bids = 1``):
each bid level and the pass (叫分 / 叫档), 抢 or not, 明牌, 摊打, and 报到 none / 打 / 不打.

Each answer is evaluated by playing the whole hand out from that decision in ``worlds`` sampled
deals: the seat's own cards are known (its dealt hand, with the kitty once it took it); the other
hands and, until the seat took it, the kitty are dealt at random from the rest of the pack. The
decisions the table made before are forced as they were; everything after (the rest of the
auction, 抢, declarations and the tricks) is played by the rollout players, every seat as the
searcher would (``kernels.landlord.search``). Every answer meets the same worlds (paired); smart's
answer stands unless another's mean gain over it is at least ``confidence`` standard errors
(``kernels.climb.search_pick``).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.climb.loop import CL_HAND_SIZE
from kernels.climb.search import deal_counts, search_stream
from kernels.climb.search_pick import add_gains, confident_best
from kernels.landlord import rows as W
from kernels.landlord.movegen import LL_KITTY, LL_MAX_BID, LL_N_SEATS
from kernels.landlord.phases import (
    KIND_BAODAO, KIND_BID, KIND_MINGPAI, KIND_QIANG, KIND_TANDA, MAX_DECISIONS, PRE_NO_LANDLORD, PRE_OVER,
    choose_baodao, pre_tricks, start_tricks,
)
from kernels.landlord.policies import PP_CONFIDENCE, PP_MINGPAI, PP_QIANG, PP_WORLDS, SMART, choose_bid, choose_yes
from kernels.landlord.search import _rollout, _rollout_players, _world
from kernels.landlord.money import seat_money
from kernels.rng import next_u64

BID_WORLDS = 4  # a bid is searched in this many times the play decisions' worlds: there are few of them, a
#                 bid multiplies every later payment, and with few worlds the best of several answers often
#                 looks better than smart's by chance
PRE_SALT = 1 << 40  # the stream index of decision k before the tricks is PRE_SALT + k (plays use the turn)


@njit(cache=True, nogil=True)
def options_of(kind, highest, rules, out):
    """The answers of a decision (bids: 0 = pass, then each bid above ``highest``); how many."""
    if kind == KIND_BID:
        out[0] = 0
        n = 1
        for b in range(highest + 1, rules[LL_MAX_BID] + 1):
            out[n] = b
            n += 1
        return n
    if kind == KIND_BAODAO:
        for k in range(3):
            out[k] = k
        return 3
    out[0], out[1] = 0, 1
    return 2


@njit(cache=True, nogil=True)
def smart_answer(seat, kind, highest, c, pp, rules, state):
    """What smart (with the seat's parameters) would answer, from the seat's rank counts ``c``."""
    if kind == KIND_BID:
        return choose_bid(SMART, seat, c, highest, pp, rules, state)
    if kind == KIND_QIANG:
        return 1 if choose_yes(SMART, seat, c, np.int64(PP_QIANG), pp, state) else 0
    if kind == KIND_MINGPAI or kind == KIND_TANDA:
        return 1 if choose_yes(SMART, seat, c, np.int64(PP_MINGPAI), pp, state) else 0
    return choose_baodao(SMART, seat, c, pp, state)


@njit(cache=True, nogil=True)
def sample_deal(seat, took_kitty, row, rules, w_row, state):
    """``w_row``'s deal (``ROW_DEALT``, ``ROW_KITTY``) = ``row``'s with what ``seat`` cannot see
    dealt again: the other hands and, unless it took it, the kitty."""
    n_seats, hand_size, kitty_size = rules[LL_N_SEATS], rules[CL_HAND_SIZE], rules[LL_KITTY]
    pool = np.zeros(15, np.int64)
    out = np.zeros((n_seats + 1, 16), np.int64)  # row n_seats: the kitty
    sizes = np.zeros(n_seats + 1, np.int64)
    fixed = np.zeros(n_seats + 1, np.bool_)
    for s in range(n_seats):
        sizes[s] = hand_size
        for r in range(15):
            out[s, r] = row[W.ROW_DEALT + s * 15 + r]
            pool[r] += out[s, r]
    sizes[n_seats] = kitty_size
    for r in range(15):
        out[n_seats, r] = row[W.ROW_KITTY + r]
        pool[r] += out[n_seats, r]
    fixed[seat] = True
    fixed[n_seats] = took_kitty
    for r in range(15):
        pool[r] -= out[seat, r] + (out[n_seats, r] if took_kitty else 0)
    deal_counts(pool, sizes, fixed, out, state)
    for s in range(n_seats):
        for r in range(15):
            w_row[W.ROW_DEALT + s * 15 + r] = out[s, r]
    for r in range(15):
        w_row[W.ROW_KITTY + r] = out[n_seats, r]


@njit(cache=True, nogil=True)
def search_pre(seat, kind, highest, k, counts, row, hist, rules, pp, mv, state):
    """The search seat's answer to decision ``k`` before the tricks (``kernels.landlord.phases``:
    ``kind``, ``highest``); ``hist[:k]`` the table's decisions so far, ``counts`` the seat's cards now."""
    n_seats = rules[LL_N_SEATS]
    opts = np.empty(8, np.int64)
    n_opt = options_of(kind, highest, rules, opts)
    smart = smart_answer(seat, kind, highest, counts[seat], pp, rules, state)
    took_kitty = kind == KIND_MINGPAI or kind == KIND_TANDA or kind == KIND_BAODAO
    sstate = np.empty(4, np.uint64)
    search_stream(state, PRE_SALT + k, sstate)
    rpol, rpp = _rollout_players(seat, pp)
    base_row = row.copy()
    w = _world(n_seats, rules)
    said = np.empty(n_seats, np.int64)
    forced = np.full(MAX_DECISIONS, np.int64(-1))
    w_hist = np.zeros(MAX_DECISIONS, np.int64)
    dec = np.zeros(4, np.int64)
    rstate = np.empty(4, np.uint64)
    base_opt = 0  # smart's answer: the others are judged by their paired gain over it
    for oi in range(n_opt):
        if opts[oi] == smart:
            base_opt = oi
    opts[0], opts[base_opt] = opts[base_opt], opts[0]
    gain = np.zeros(n_opt)
    gain2 = np.zeros(n_opt)
    money_of = np.empty(n_opt)
    rollouts = 0  # answers played out through the tricks (a redeal or a hand over before them plays none)
    worlds = BID_WORLDS * max(1, np.int64(pp[seat, PP_WORLDS]))
    for _ in range(worlds):
        sample_deal(seat, took_kitty, row, rules, base_row, sstate)
        for j in range(4):
            rstate[j] = next_u64(sstate)
        for oi in range(n_opt):
            gs, hand_left, seat_flags, captured, order, w_counts, top, w_row = w[0], w[1], w[2], w[3], w[4], w[5], \
                w[6], w[7]
            w_row[:] = base_row
            w[11][:] = rstate
            forced[:] = -1
            forced[:k] = hist[:k]
            forced[k] = opts[oi]
            code = pre_tricks(rules, rpol, rpp, w[11], w_counts, said, w_row, forced, w_hist, dec, False)
            if code == PRE_NO_LANDLORD:
                money = 0.0  # a redeal (or no game): worth the same whatever the seat answered
            elif code == PRE_OVER:
                money = seat_money(w_row, seat, n_seats, mv)
            else:
                start_tricks(gs, hand_left, seat_flags, top, w_row, rules)
                captured[:] = 0
                order[:] = 0
                money = _rollout(np.int64(-2), seat, w, rules, rpol, rpp, mv)
                rollouts += 1
            money_of[oi] = money
        add_gains(money_of, n_opt, gain, gain2)
    best = confident_best(gain, gain2, n_opt, worlds, pp[seat, PP_CONFIDENCE])
    row[W.ROW_SEARCH_DECISIONS + seat] += 1
    row[W.ROW_SEARCH_ROLLOUTS + seat] += rollouts
    if opts[best] == smart:
        row[W.ROW_SEARCH_AGREE + seat] += 1
    return opts[best]

