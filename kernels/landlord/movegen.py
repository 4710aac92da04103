"""Pattern generators and the beat rule of the landlord family (斗地主 3p/4p, 上海三打一).

These are the landlord family's generators on the climbing engine: suits never matter, so a hand is only its rank counts ``counts[16]``
(``kernels.cards`` rank index; nibble 15 unused) and a move is the 7-field record of
``kernels.landlord.moves``. Every switch comes from the ruleset block ``rules[LL + ...]`` below,
compiled by ``sim.games.landlord`` from the same option names as the reference
(``tests/reference/landlord_presets.py``), which the tests hold this module to (equal move sets).

Order of generation (random players rely on it being fixed): singles, pairs, trios, 三带一,
三带二, 四带二, 四带二对, chains (单顺, 双顺, 三顺) by top position then length, airplanes with
single wings, airplanes with pair wings, bombs (rank, then size), 火箭, 天王炸. With ``top``
given only moves that beat it are produced (never PASS; the caller adds it).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.landlord.moves import (
    AIRPLANE_PAIRS, AIRPLANE_SINGLES, BOMB, FOUR_TWO_PAIRS, FOUR_TWO_SINGLES, PAIR, PAIR_CHAIN, PASS, ROCKET,
    SINGLE, STRAIGHT, TIANWANG, TRIO_CHAIN, TRIO_PAIR, TRIO_SINGLE, TRIPLE,
)

from kernels.climb.loop import CL_HEADER

# --- the landlord family's ``rules`` vector: the climbing header (kernels.climb.loop CL_*), then --
LL = CL_HEADER
LL_ROCKET = LL + 0  # 火箭 SJ+BJ exists
LL_TIANWANG = LL + 1  # 天王炸 SJ SJ BJ BJ exists
LL_JOKER_PAIRS = LL + 2  # SJSJ / BJBJ are pairs
LL_MAX_BOMB = LL + 3  # largest bomb (4 one deck, 8 two decks)
LL_A_LOW = LL + 4  # chains on A-low..A-high (上海) instead of 3..A
LL_TRIO_A_LOW = LL + 5  # trio chains / airplanes also A-low (SH-5)
LL_TRIO_SINGLE = LL + 6
LL_TRIO_PAIR = LL + 7
LL_AIR_SINGLES = LL + 8
LL_AIR_PAIRS = LL + 9
LL_AIR_PAIRS_CONSEC = LL + 10  # 上海: pair wings form a 双顺 run
LL_FOUR_TWO_SINGLES = LL + 11
LL_FOUR_TWO_PAIRS = LL + 12
LL_WING_RULE = LL + 13  # 0 any, 1 distinct_ranks, 2 s001_literal (D-5)
LL_FOUR_SINGLES_MAY_PAIR = LL + 14  # D-6
LL_PAIR_KICKERS_DISTINCT = LL + 15
LL_KICKERS_NO_JOKER_BOMB = LL + 16
LL_WING_CAP = LL + 17  # max single wings of one rank, 0 = no cap (OpenSpiel: 3)
LL_JOKER_PAIR_KICKER = LL + 18  # joker pairs may be kickers (SH-4), where they are pairs
LL_CHAIN_HEAD_NOT_BOMB = LL + 19  # OpenSpiel quirk
LL_BOMBS_BEAT_ROCKET = LL + 20  # OpenSpiel quirk
# game flow (read by kernels.landlord.play)
LL_N_SEATS = LL + 21
LL_KITTY = LL + 22
LL_AUCTION = LL + 23  # 0 one_round, 1 openspiel
LL_MAX_BID = LL + 24
LL_QIANG = LL + 25  # 0 none, 1 after_bidding, 2 after_three
LL_MINGPAI = LL + 26  # 明牌 allowed
LL_ALL_PASS = LL + 27  # 0 redeal, 1 the hand ends with no landlord (OpenSpiel)
LL_FLOW = LL + 28  # the game's phases before the tricks (FLOW_*)
LL_BOMB_LIMITS = LL + 29  # 上海 §2.1
LL_TW_LIMIT = LL + 30  # 天王炸 counts against the limit
LL_MAX_MOVES = LL + 31  # size of the move buffer the game needs
LL_LEN = 32
RULES_LEN = LL + LL_LEN

AUCTION_ONE_ROUND, AUCTION_OPENSPIEL = 0, 1
QIANG_NONE, QIANG_AFTER_BIDDING, QIANG_AFTER_THREE = 0, 1, 2
# LL_FLOW: FLOW_AUCTION = random first bidder, 叫分 (抢地主, 明牌 by the options); FLOW_MARKER_DANG =
# 上海三打一 §2/§6: the marker card's holder bids 档 first (明王, 头撂), 摊打, 报到, 荒番, bomb limits
FLOW_AUCTION, FLOW_MARKER_DANG = 0, 1


@njit(cache=True, nogil=True, inline="always")
def pos_rank(p):
    """Rank index at sequence position p: 0 → A (low), 1 → 2, p >= 2 → p - 2 (13 → A high)."""
    if p == 0:
        return 11
    if p == 1:
        return 12
    return p - 2


@njit(cache=True, nogil=True, inline="always")
def seq_pos(rank):
    return 1 if rank == 12 else rank + 2


@njit(cache=True, nogil=True, inline="always")
def is_chain_kind(kind):
    return kind == STRAIGHT or kind == PAIR_CHAIN or kind == TRIO_CHAIN or kind == AIRPLANE_SINGLES \
        or kind == AIRPLANE_PAIRS


@njit(cache=True, nogil=True, inline="always")
def is_bomb_class(kind):
    return kind == BOMB or kind == ROCKET or kind == TIANWANG


@njit(cache=True, nogil=True, inline="always")
def bomb_order(move):
    kind = move[0]
    if kind == TIANWANG:
        return 1 << 20
    if kind == ROCKET:
        return 1 << 19
    return move[2] * 100 + move[1]


@njit(cache=True, nogil=True, inline="always")
def main_order(move):
    return seq_pos(move[1]) if is_chain_kind(move[0]) else move[1]


@njit(cache=True, nogil=True, inline="always")
def ll_beats(move, top, rules):
    """Does ``move`` beat ``top``? (doudizhu.md A4, Part B; shanghai-sandayi.md §4)."""
    tk = top[0]
    if tk == PASS:
        return True
    kind = move[0]
    if is_bomb_class(kind):
        if rules[LL_BOMBS_BEAT_ROCKET] != 0 and kind == BOMB and tk == ROCKET:
            return True
        return (not is_bomb_class(tk)) or bomb_order(move) > bomb_order(top)
    if is_bomb_class(tk):
        return False
    return kind == tk and move[2] == top[2] and main_order(move) > main_order(top)


@njit(cache=True, nogil=True, inline="always")
def _put(out, n, kind, rank, size, chain, kickers):
    if n >= out.shape[0]:
        return n  # buffer full (sized per game by LL_MAX_MOVES; the tests check it is never hit)
    out[n, 0] = kind
    out[n, 1] = rank
    out[n, 2] = size
    out[n, 3] = 0
    out[n, 4] = -1
    out[n, 5] = chain
    out[n, 6] = kickers
    return n + 1


@njit(cache=True, nogil=True, inline="always")
def _put_beating(out, n, kind, rank, size, chain, kickers, top, rules):
    n2 = _put(out, n, kind, rank, size, chain, kickers)
    if n2 > n and not ll_beats(out[n], top, rules):
        return n
    return n2


@njit(cache=True, nogil=True, inline="always")
def _joker_bomb_in(sj, bj, rules):
    """Kicker cards holding a whole joker bomb of the game (forbidden as kickers)."""
    if rules[LL_KICKERS_NO_JOKER_BOMB] == 0:
        return False
    if rules[LL_ROCKET] != 0 and sj >= 1 and bj >= 1:
        return True
    return rules[LL_TIANWANG] != 0 and sj >= 2 and bj >= 2


@njit(cache=True, nogil=True, inline="always")
def _lo_pos(kind, rules):
    a_low = rules[LL_A_LOW] != 0
    if kind == TRIO_CHAIN or kind == AIRPLANE_SINGLES or kind == AIRPLANE_PAIRS:
        a_low = a_low and rules[LL_TRIO_A_LOW] != 0
    return 0 if a_low else 2


@njit(cache=True, nogil=True, inline="always")
def _pack(w):
    k = 0
    for r in range(15):
        k |= w[r] << (4 * r)
    return k


@njit(cache=True, nogil=True)
def _gen_wings(c, excl, total, step, kind, rank, size, chain, top, rules, out, n, maxc, w, suffix):
    """Every wing multiset of ``total`` cards (``step`` 2: pairs) outside the ranks in ``excl``."""
    pairs = step == 2
    wing_rule = rules[LL_WING_RULE]
    cap = rules[LL_WING_CAP]
    for r in range(15):
        m = 0 if excl[r] else c[r]
        if pairs:
            if r >= 13 and not (rules[LL_JOKER_PAIRS] != 0 and rules[LL_JOKER_PAIR_KICKER] != 0):
                m = 0
            m -= m % 2
            if rules[LL_PAIR_KICKERS_DISTINCT] != 0 and m > 2:
                m = 2
        else:
            if wing_rule == 1 and m > 1:
                m = 1
            if cap > 0 and m > cap:
                m = cap
        maxc[r] = m
    suffix[15] = 0
    for r in range(14, -1, -1):
        suffix[r] = suffix[r + 1] + maxc[r]
    if suffix[0] < total:
        return n
    for r in range(15):
        w[r] = -1
    i = 0
    rem = total
    while i >= 0:
        if i == 15:
            if rem == 0 and not _joker_bomb_in(w[13], w[14], rules):
                ok = True
                if not pairs and wing_rule == 2:  # s001_literal: all equal or all distinct
                    nz = 0
                    many = False
                    for r in range(15):
                        if w[r] > 0:
                            nz += 1
                            if w[r] > 1:
                                many = True
                    ok = nz == 1 or not many
                if ok:
                    n = _put_beating(out, n, kind, rank, size, chain, _pack(w), top, rules)
            i -= 1
            continue
        if w[i] < 0:
            v = 0
        else:
            rem += w[i]
            v = w[i] + step
        hi = maxc[i] if maxc[i] < rem else rem
        while v <= hi and rem - v > suffix[i + 1]:
            v += step
        if v > hi:
            w[i] = -1
            i -= 1
            continue
        w[i] = v
        rem -= v
        i += 1
    return n


@njit(cache=True, nogil=True, inline="always")
def ll_generate(c, top, rules, out, work):
    """All legal moves of rank counts ``c`` over ``top`` (a PASS record when leading).

    ``work`` is an int64 scratch buffer of at least ``WORK_LEN`` entries (no allocation per call).
    """
    tk = top[0]
    lead = tk == PASS
    top_bomb = is_bomb_class(tk)
    n = 0
    trank = top[1]
    if not top_bomb:
        if lead or tk == SINGLE:
            for r in range(trank + 1 if not lead else 0, 15):
                if c[r] >= 1:
                    n = _put(out, n, SINGLE, r, 1, 1, 0)
        if lead or tk == PAIR:
            hi = 15 if rules[LL_JOKER_PAIRS] != 0 else 13
            for r in range(trank + 1 if not lead else 0, hi):
                if c[r] >= 2:
                    n = _put(out, n, PAIR, r, 2, 1, 0)
        if lead or tk == TRIPLE:
            for r in range(trank + 1 if not lead else 0, 13):
                if c[r] >= 3:
                    n = _put(out, n, TRIPLE, r, 3, 1, 0)
        if (lead or tk == TRIO_SINGLE) and rules[LL_TRIO_SINGLE] != 0:
            for t in range(trank + 1 if not lead else 0, 13):
                if c[t] >= 3:
                    for k in range(15):
                        if k != t and c[k] >= 1:
                            n = _put(out, n, TRIO_SINGLE, t, 4, 1, 1 << (4 * k))
        if (lead or tk == TRIO_PAIR) and rules[LL_TRIO_PAIR] != 0:
            jp = rules[LL_JOKER_PAIRS] != 0 and rules[LL_JOKER_PAIR_KICKER] != 0
            for t in range(trank + 1 if not lead else 0, 13):
                if c[t] >= 3:
                    for k in range(15 if jp else 13):
                        if k != t and c[k] >= 2:
                            n = _put(out, n, TRIO_PAIR, t, 5, 1, 2 << (4 * k))
        if (lead or tk == FOUR_TWO_SINGLES) and rules[LL_FOUR_TWO_SINGLES] != 0:
            may_pair = rules[LL_FOUR_SINGLES_MAY_PAIR] != 0
            for f in range(trank + 1 if not lead else 0, 13):
                if c[f] >= 4:
                    for a in range(15):
                        if a == f or c[a] == 0:
                            continue
                        if may_pair and c[a] >= 2:
                            n = _put(out, n, FOUR_TWO_SINGLES, f, 6, 1, 2 << (4 * a))
                        for b in range(a + 1, 15):
                            if b != f and c[b] >= 1 and not _joker_bomb_in(1 if a == 13 else 0, 1 if b == 14 else 0, rules):
                                n = _put(out, n, FOUR_TWO_SINGLES, f, 6, 1, (1 << (4 * a)) | (1 << (4 * b)))
        if (lead or tk == FOUR_TWO_PAIRS) and rules[LL_FOUR_TWO_PAIRS] != 0:
            hi = 15 if (rules[LL_JOKER_PAIRS] != 0 and rules[LL_JOKER_PAIR_KICKER] != 0) else 13
            distinct = rules[LL_PAIR_KICKERS_DISTINCT] != 0
            for f in range(trank + 1 if not lead else 0, 13):
                if c[f] >= 4:
                    for a in range(hi):
                        if a == f or c[a] < 2:
                            continue
                        if not distinct and c[a] >= 4:
                            n = _put(out, n, FOUR_TWO_PAIRS, f, 8, 1, 4 << (4 * a))
                        for b in range(a + 1, hi):
                            if b != f and c[b] >= 2:
                                sj = 2 if a == 13 else 0
                                bj = 2 if b == 14 else 0
                                if not _joker_bomb_in(sj, bj, rules):
                                    n = _put(out, n, FOUR_TWO_PAIRS, f, 8, 1, (2 << (4 * a)) | (2 << (4 * b)))
        if lead or is_chain_kind(tk):
            n = _gen_chains(c, top, lead, rules, out, n, work)
    # bombs, 火箭, 天王炸
    for r in range(13):
        hi = c[r] if c[r] < rules[LL_MAX_BOMB] else rules[LL_MAX_BOMB]
        for size in range(4, hi + 1):
            n = _put_beating(out, n, BOMB, r, size, 1, 0, top, rules)
    if rules[LL_ROCKET] != 0 and c[13] >= 1 and c[14] >= 1:
        n = _put_beating(out, n, ROCKET, -1, 2, 1, 0, top, rules)
    if rules[LL_TIANWANG] != 0 and c[13] >= 2 and c[14] >= 2:
        n = _put_beating(out, n, TIANWANG, -1, 4, 1, 0, top, rules)
    return n


@njit(cache=True, nogil=True)
def _gen_chains(c, top, lead, rules, out, n, work):
    tk = top[0]
    need = work[0:15]
    excl = work[16:31]
    maxc = work[32:47]
    w = work[48:63]
    suffix = work[64:80]
    for kind in (STRAIGHT, PAIR_CHAIN, TRIO_CHAIN, AIRPLANE_SINGLES, AIRPLANE_PAIRS):
        if not (lead or tk == kind):
            continue
        if kind == AIRPLANE_SINGLES and rules[LL_AIR_SINGLES] == 0:
            continue
        if kind == AIRPLANE_PAIRS and rules[LL_AIR_PAIRS] == 0:
            continue
        per = 1 if kind == STRAIGHT else (2 if kind == PAIR_CHAIN else 3)
        min_len = 5 if kind == STRAIGHT else (3 if kind == PAIR_CHAIN else 2)
        wing = 0 if kind <= TRIO_CHAIN else (1 if kind == AIRPLANE_SINGLES else 2)
        lo = _lo_pos(kind, rules)
        want_len = -1
        if not lead:  # same number of cards: the chain length is fixed by the top
            want_len = top[5]
        for hi_pos in range(lo + min_len - 1, 14):
            if not lead and hi_pos <= seq_pos(top[1]):
                continue
            for r in range(15):
                need[r] = 0
            for length in range(1, hi_pos - lo + 2):
                p = hi_pos - length + 1
                rr = pos_rank(p)
                need[rr] += per
                if c[rr] < need[rr]:
                    break
                if length < min_len or (want_len > 0 and length != want_len):
                    continue
                size = per * length
                top_rank = pos_rank(hi_pos)
                if wing == 0:
                    if rules[LL_CHAIN_HEAD_NOT_BOMB] != 0 and c[rr] == 4:
                        continue
                    n = _put(out, n, kind, top_rank, size, length, 0)
                    continue
                for r in range(15):
                    excl[r] = 1 if need[r] > 0 else 0
                if wing == 1:
                    n = _gen_wings(c, excl, length, 1, kind, top_rank, 4 * length, length, top, rules, out, n,
                                   maxc, w, suffix)
                elif rules[LL_AIR_PAIRS_CONSEC] == 0:
                    n = _gen_wings(c, excl, 2 * length, 2, kind, top_rank, 5 * length, length, top, rules, out, n,
                                   maxc, w, suffix)
                else:
                    n = _consecutive_pair_wings(c, excl, length, kind, top_rank, top, rules, out, n, w)
    return n


@njit(cache=True, nogil=True)
def _consecutive_pair_wings(c, excl, length, kind, top_rank, top, rules, out, n, w):
    """上海 飞机: the ``length`` pair wings are themselves a run on the 双顺 sequence."""
    lo = _lo_pos(PAIR_CHAIN, rules)
    for hi_pos in range(lo + length - 1, 14):
        for r in range(15):
            w[r] = 0
        ok = True
        for p in range(hi_pos - length + 1, hi_pos + 1):
            rr = pos_rank(p)
            w[rr] += 2
            if excl[rr] or c[rr] < w[rr]:
                ok = False
                break
        if ok and not (rules[LL_PAIR_KICKERS_DISTINCT] != 0 and length >= 14):
            n = _put_beating(out, n, kind, top_rank, 5 * length, length, _pack(w), top, rules)
    return n


@njit(cache=True, nogil=True, inline="always")
def ll_move_counts(move, out):
    """Rank counts ``out[15]`` of the cards a move plays (a key fixes them: suits do not matter)."""
    for r in range(15):
        out[r] = 0
    kind = move[0]
    if kind == PASS:
        return
    if kind == ROCKET:
        out[13] = 1
        out[14] = 1
        return
    if kind == TIANWANG:
        out[13] = 2
        out[14] = 2
        return
    k = move[6]
    for r in range(15):
        out[r] = (k >> (4 * r)) & 15
    if kind == SINGLE or kind == PAIR or kind == TRIPLE or kind == BOMB:
        out[move[1]] += move[2]
    elif kind == TRIO_SINGLE or kind == TRIO_PAIR:
        out[move[1]] += 3
    elif kind == FOUR_TWO_SINGLES or kind == FOUR_TWO_PAIRS:
        out[move[1]] += 4
    else:
        per = 1 if kind == STRAIGHT else (2 if kind == PAIR_CHAIN else 3)
        hi = seq_pos(move[1])
        for p in range(hi - move[5] + 1, hi + 1):
            out[pos_rank(p)] += per


WORK_LEN = 80


def empty_work() -> np.ndarray:
    return np.zeros(WORK_LEN, np.int64)


def empty_moves(max_moves: int) -> np.ndarray:
    return np.zeros((max_moves, 7), np.int64)
