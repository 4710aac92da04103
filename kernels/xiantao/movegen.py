"""Move generation for the 仙桃千分 family: every legal move key of a hand, in a fixed order.

Inputs are the hand encoding of ``kernels.hand`` unpacked to arrays: ``counts[16]`` (naturals
per rank, wilds at 15) and ``suit_counts[13, 4]``; the ruleset's switches come in ``rules``
(layout ``R_*`` below, compiled by ``sim.games.<game>``). Output rows are move records
(``kernels.climb.moves``). Generators are small and separate so that other games add theirs (runs,
chained pairs, airplanes) without touching the turn loop.

Order of generation (policies rely on it being deterministic): singles by rank, the wild
single, pairs, triples, bombs (rank, then size, then wilds used), 王炸, 五十K (正 ♠..♦ then 杂, by
wilds used). With ``top`` given, only moves that beat it are kept (never PASS; the caller adds it).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.cards import R5, R10, RK
from kernels.climb.loop import CL_HEADER
from kernels.xiantao.ladder import beats_fields, move_level
from kernels.climb.moves import BOMB, FIFTY_K, JOKER_BOMB, MOVE_FIELDS, PAIR, PASS, SINGLE, TRIPLE

MAX_MOVES = 2048

# layout of 仙桃千分's ``rules`` int64 vector: the climbing header (kernels.climb.loop CL_*), then
R_WILD_SINGLE_RANK = CL_HEADER + 0  # rank index of a lone wild (0 = the 3s, 12 = the 2s)
R_WILD_JOKER = CL_HEADER + 1  # 1: a wild may complete 王炸 with one natural joker
R_WILDS_510K = CL_HEADER + 2  # wilds allowed in one 五十K (0 = none)
R_JOKER_BOMB = CL_HEADER + 3  # 1: natural 大王 + 小王 is a bomb
R_CALL_RULE = CL_HEADER + 4  # 0 literal_recall, 1 uniform_eligible, 2 daguong_opposite
R_BONUS_REQUIRES_PLAY = CL_HEADER + 5
LEVEL_TABLE = 32  # rules[LEVEL_TABLE + level] = strength of ladder level (1..19)
RULES_LEN = LEVEL_TABLE + 20


@njit(cache=True, nogil=True, inline="always")
def _put(out, n, kind, rank, size, wilds, suit):
    """Append a move record (no beat check: the caller knows it is legal)."""
    out[n, 0] = kind
    out[n, 1] = rank
    out[n, 2] = size
    out[n, 3] = wilds
    out[n, 4] = suit
    out[n, 5] = 1
    out[n, 6] = 0
    return n + 1


@njit(cache=True, nogil=True, inline="always")
def _put_if_beats(out, n, kind, rank, size, wilds, suit, top, level_strength):
    """Append a bomb-class move if it beats the bomb-class ``top``."""
    if beats_fields(kind, rank, size, wilds, suit, top, level_strength):
        return _put(out, n, kind, rank, size, wilds, suit)
    return n


@njit(cache=True, nogil=True, inline="always")
def gen_groups(counts, top, top_level, level_strength, rules, out, n):
    """Singles, pairs, triples and bombs: one rank, naturals plus wilds (all-wild = the 3s).

    Leading (``top`` is a PASS record) everything is legal; over a single/pair/triple only the
    same kind with a higher rank, and every bomb; over a bomb-class play only stronger bombs.
    """
    wilds = counts[15]
    top_kind = top[0]
    lead = top_kind == PASS
    if lead or top_kind == SINGLE:
        floor = -1 if lead else top[1]
        for r in range(floor + 1, 15):  # natural singles, jokers included
            if counts[r] > 0:
                n = _put(out, n, SINGLE, r, 1, 0, -1)
        if wilds > 0 and rules[R_WILD_SINGLE_RANK] > floor:
            n = _put(out, n, SINGLE, rules[R_WILD_SINGLE_RANK], 1, 1, -1)
    for kind in (PAIR, TRIPLE):
        if not (lead or top_kind == kind):
            continue
        size = 2 if kind == PAIR else 3
        floor = -1 if lead else top[1]
        for r in range(floor + 1, 13):
            for w in range(0, min(wilds, size) + 1):
                k = size - w
                if k <= counts[r] and (k >= 1 or r == 0):
                    n = _put(out, n, kind, r, size, w, -1)
    for r in range(13):
        natural = counts[r]
        min_naturals = 0 if r == 0 else 1
        for size in range(4, natural + wilds + 1):
            for w in range(max(0, size - natural), min(wilds, size - min_naturals) + 1):
                if top_level == 0:
                    n = _put(out, n, BOMB, r, size, w, -1)
                else:
                    n = _put_if_beats(out, n, BOMB, r, size, w, -1, top, level_strength)
    return n


@njit(cache=True, nogil=True, inline="always")
def gen_joker_bomb(counts, top, top_level, level_strength, rules, out, n):
    """王炸: natural 小王 + 大王; with ``R_WILD_JOKER`` one wild may stand for a missing joker."""
    if rules[R_JOKER_BOMB] == 0:
        return n
    jokers = (1 if counts[13] > 0 else 0) + (1 if counts[14] > 0 else 0)
    for w in range(2):
        if (w == 0 and jokers == 2) or (w == 1 and rules[R_WILD_JOKER] != 0 and jokers >= 1 and counts[15] >= 1):
            if top_level == 0:
                n = _put(out, n, JOKER_BOMB, -1, 2, w, -1)
            else:
                n = _put_if_beats(out, n, JOKER_BOMB, -1, 2, w, -1, top, level_strength)
    return n


@njit(cache=True, nogil=True, inline="always")
def _suit_mask(suit_counts, rank):
    """Bit s set when the hand holds a natural card of ``rank`` in suit s."""
    m = 0
    for s in range(4):
        if suit_counts[rank, s] > 0:
            m |= 1 << s
    return m


@njit(cache=True, nogil=True, inline="always")
def _mixable(a, b):
    """Two ranks held in suit masks a, b can be picked in different suits."""
    return a != 0 and b != 0 and not (a == b and (a & (a - 1)) == 0)


@njit(cache=True, nogil=True, inline="always")
def fifty_k_possible(suit_counts, wilds, suit, w):
    """Can ``w`` wilds plus naturals form a 五十K of ``suit`` (0..3 正, 4 杂)?"""
    if w > wilds or w > 2:
        return False
    m5, m10, mk = _suit_mask(suit_counts, R5), _suit_mask(suit_counts, R10), _suit_mask(suit_counts, RK)
    if suit < 4:
        held = ((m5 >> suit) & 1) + ((m10 >> suit) & 1) + ((mk >> suit) & 1)
        return held + w >= 3
    if w == 2:
        return False  # one natural card alone always makes a 正五十K
    if w == 1:  # two naturals of different ranks in different suits
        return _mixable(m5, m10) or _mixable(m5, mk) or _mixable(m10, mk)
    # three naturals, not all of one suit: impossible only if every rank sits in the same single suit
    if m5 == 0 or m10 == 0 or mk == 0:
        return False
    return not (m5 == m10 and m10 == mk and (m5 & (m5 - 1)) == 0)


@njit(cache=True, nogil=True, inline="always")
def gen_fifty_k(counts, suit_counts, top, top_level, level_strength, rules, out, n):
    max_w = min(rules[R_WILDS_510K], counts[15])
    for suit in range(5):
        for w in range(max_w + 1):
            if fifty_k_possible(suit_counts, counts[15], suit, w):
                if top_level == 0:
                    n = _put(out, n, FIFTY_K, -1, 3, w, suit)
                else:
                    n = _put_if_beats(out, n, FIFTY_K, -1, 3, w, suit, top, level_strength)
    return n


@njit(cache=True, nogil=True, inline="always")
def generate_moves(counts, suit_counts, top, rules, out):
    """All legal moves of the hand (leading when ``top`` is a PASS record); returns how many."""
    level_strength = rules[LEVEL_TABLE:]
    top_level = move_level(top)
    n = gen_groups(counts, top, top_level, level_strength, rules, out, 0)
    n = gen_joker_bomb(counts, top, top_level, level_strength, rules, out, n)
    n = gen_fifty_k(counts, suit_counts, top, top_level, level_strength, rules, out, n)
    return n


def empty_moves() -> np.ndarray:
    return np.zeros((MAX_MOVES, MOVE_FIELDS), np.int64)
