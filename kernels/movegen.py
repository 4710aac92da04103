"""Move generation for the 仙桃千分 family: every legal move key of a hand, in a fixed order.

Inputs are the hand encoding of ``kernels.hand`` unpacked to arrays: ``counts[16]`` (naturals
per rank, wilds at 15) and ``suit_counts[13, 4]``; the ruleset's switches come in ``rules``
(layout ``R_*`` below, compiled by ``sim.games.<game>``). Output rows are move records
(``kernels.moves``). Generators are small and separate so that other games add theirs (runs,
chained pairs, airplanes) without touching the turn loop.

Order of generation (policies rely on it being deterministic): singles by rank, the wild
single, pairs, triples, bombs (rank, then size, then wilds used), 王炸, 五十K (正 ♠..♦ then 杂, by
wilds used). With ``top`` given, only moves that beat it are kept (never PASS; the caller adds it).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.cards import R5, R10, RK
from kernels.ladder import beats
from kernels.moves import BOMB, FIFTY_K, JOKER_BOMB, MOVE_FIELDS, PAIR, PASS, SINGLE, TRIPLE

MAX_MOVES = 2048

# layout of the ``rules`` int64 vector read by the engine
R_WILD_SINGLE_RANK = 0  # rank index of a lone wild (0 = the 3s, 12 = the 2s)
R_WILD_JOKER = 1  # 1: a wild may complete 王炸 with one natural joker
R_WILDS_510K = 2  # wilds allowed in one 五十K (0 = none)
R_JOKER_BOMB = 3  # 1: natural 大王 + 小王 is a bomb
R_PASS_LOCKS = 4  # 1: a pass locks the player out of the rest of the trick
R_BANKER_NO_JIEFENG = 5
R_CALL_RULE = 6  # 0 literal_recall, 1 uniform_eligible, 2 daguong_opposite
R_BONUS_REQUIRES_PLAY = 7
R_HAND_SIZE = 8
N_RULES = 9
LEVEL_TABLE = 32  # rules[LEVEL_TABLE + level] = strength of ladder level (1..19)
RULES_LEN = LEVEL_TABLE + 20


@njit(cache=True, nogil=True, inline="always")
def _emit(out, n, kind, rank, size, wilds, suit, top, level_strength):
    """Append a move if it beats ``top`` (or ``top`` is a PASS record = leading)."""
    out[n, 0] = kind
    out[n, 1] = rank
    out[n, 2] = size
    out[n, 3] = wilds
    out[n, 4] = suit
    out[n, 5] = 1
    out[n, 6] = 0
    if top[0] != PASS and not beats(out[n], top, level_strength):
        return n
    return n + 1


@njit(cache=True, nogil=True)
def gen_groups(counts, top, level_strength, rules, out, n):
    """Singles, pairs, triples and bombs: one rank, naturals plus wilds (all-wild = the 3s)."""
    wilds = counts[15]
    top_kind = top[0]
    for r in range(15):  # natural singles, jokers included
        if counts[r] > 0:
            n = _emit(out, n, SINGLE, r, 1, 0, -1, top, level_strength)
    if wilds > 0:
        n = _emit(out, n, SINGLE, rules[R_WILD_SINGLE_RANK], 1, 1, -1, top, level_strength)
    for kind in (PAIR, TRIPLE):
        if top_kind != PASS and top_kind != kind and top_kind < BOMB:
            continue  # a pair cannot beat a single nor a triple; bombs are generated below
        if top_kind >= BOMB:
            continue
        size = 2 if kind == PAIR else 3
        for r in range(13):
            for w in range(0, min(wilds, size) + 1):
                k = size - w
                if k <= counts[r] and (k >= 1 or r == 0):
                    n = _emit(out, n, kind, r, size, w, -1, top, level_strength)
    for r in range(13):
        natural = counts[r]
        min_naturals = 0 if r == 0 else 1
        for size in range(4, natural + wilds + 1):
            for w in range(max(0, size - natural), min(wilds, size - min_naturals) + 1):
                n = _emit(out, n, BOMB, r, size, w, -1, top, level_strength)
    return n


@njit(cache=True, nogil=True)
def gen_joker_bomb(counts, top, level_strength, rules, out, n):
    """王炸: natural 小王 + 大王; with ``R_WILD_JOKER`` one wild may stand for a missing joker."""
    if rules[R_JOKER_BOMB] == 0:
        return n
    jokers = (1 if counts[13] > 0 else 0) + (1 if counts[14] > 0 else 0)
    if jokers == 2:
        n = _emit(out, n, JOKER_BOMB, -1, 2, 0, -1, top, level_strength)
    if rules[R_WILD_JOKER] != 0 and jokers >= 1 and counts[15] >= 1:
        n = _emit(out, n, JOKER_BOMB, -1, 2, 1, -1, top, level_strength)
    return n


@njit(cache=True, nogil=True)
def fifty_k_possible(suit_counts, wilds, suit, w):
    """Can ``w`` wilds plus naturals form a 五十K of ``suit`` (0..3 正, 4 杂)?"""
    if w > wilds or w > 2:
        return False
    if suit < 4:
        held = 0
        for r in (R5, R10, RK):
            if suit_counts[r, suit] > 0:
                held += 1
        return held + w >= 3
    if w == 2:
        return False  # one natural card alone always makes a 正五十K
    # 杂: naturals of 3 - w distinct ranks, whose suits can be chosen not all equal
    ranks = (R5, R10, RK)
    for skip in range(3 if w == 1 else 1):
        for s0 in range(4):
            for s1 in range(4):
                for s2 in range(4):
                    suits = (s0, s1, s2)
                    ok = True
                    distinct = False
                    first = -1
                    for i in range(3):
                        if w == 1 and i == skip:
                            continue
                        if suit_counts[ranks[i], suits[i]] == 0:
                            ok = False
                            break
                        if first < 0:
                            first = suits[i]
                        elif suits[i] != first:
                            distinct = True
                    if ok and distinct:
                        return True
    return False


@njit(cache=True, nogil=True)
def gen_fifty_k(counts, suit_counts, top, level_strength, rules, out, n):
    max_w = min(rules[R_WILDS_510K], counts[15])
    for suit in range(5):
        for w in range(max_w + 1):
            if fifty_k_possible(suit_counts, counts[15], suit, w):
                n = _emit(out, n, FIFTY_K, -1, 3, w, suit, top, level_strength)
    return n


@njit(cache=True, nogil=True)
def generate_moves(counts, suit_counts, top, rules, out):
    """All legal moves of the hand (leading when ``top`` is a PASS record); returns how many."""
    level_strength = rules[LEVEL_TABLE:]
    n = gen_groups(counts, top, level_strength, rules, out, 0)
    n = gen_joker_bomb(counts, top, level_strength, rules, out, n)
    n = gen_fifty_k(counts, suit_counts, top, level_strength, rules, out, n)
    return n


def empty_moves() -> np.ndarray:
    return np.zeros((MAX_MOVES, MOVE_FIELDS), np.int64)
