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
from kernels.climb.gen import fu_possible, put_move, suit_mask
from kernels.climb.loop import CL_HEADER
from kernels.climb.moves import BOMB, FIFTY_K, JOKER_BOMB, PAIR, PASS, SINGLE, TRIPLE
from kernels.xiantao.bounds import MAX_MOVES
from kernels.xiantao.ladder import beats_levels, bomb_level, move_level

# layout of 仙桃千分's ``rules`` int64 vector: the climbing header (kernels.climb.loop CL_*), then
# R_WILD_SINGLE_RANK     rank index of a lone wild (0 = the 3s, 12 = the 2s)
# R_WILD_JOKER           1: a wild may complete 王炸 with one natural joker
# R_WILDS_510K           wilds allowed in one 五十K (0 = none)
# R_JOKER_BOMB           1: natural 大王 + 小王 is a bomb
# R_CALL_RULE            0 literal_recall, 1 uniform_eligible, 2 daguong_opposite
# R_BONUS_REQUIRES_PLAY  1: a 喜 counts only when its holding is played (bonus_requires_play)
(R_WILD_SINGLE_RANK, R_WILD_JOKER, R_WILDS_510K, R_JOKER_BOMB, R_CALL_RULE,
 R_BONUS_REQUIRES_PLAY) = range(CL_HEADER, CL_HEADER + 6)
LEVEL_TABLE = 32  # rules[LEVEL_TABLE + level] = strength of ladder level (1..19)
RULES_LEN = LEVEL_TABLE + 20


@njit(cache=True, nogil=True)
def _put(out, n, kind, rank, size, wilds, suit):
    """Append a move record (no beat check: the caller knows it is legal). A buffer of
    ``MAX_MOVES`` rows always suffices (``kernels.xiantao.bounds``); a smaller one raises."""
    if n >= out.shape[0]:
        raise ValueError("move buffer full: it must hold kernels.xiantao.bounds.MAX_MOVES moves")
    return put_move(out, n, kind, rank, size, wilds, suit, 1, 0)


@njit(cache=True, nogil=True, inline="always")
def _put_bomb(out, n, kind, rank, size, wilds, suit, rules, topi):
    """Append a bomb-class move if it beats the top play (``topi``: its kind, rank, level and that
    level's strength): every bomb beats a top that is no bomb. (Inlined: on the hot lead it only
    puts, and a call passing ``rules`` would cost reference counts.)"""
    top_kind, top_rank, top_level, top_strength = topi
    if top_level == 0:
        return _put(out, n, kind, rank, size, wilds, suit)
    level = bomb_level(kind, size, wilds, suit)
    if beats_levels(kind, rank, level, rules[LEVEL_TABLE + level], top_kind, top_rank, top_level, top_strength):
        return _put(out, n, kind, rank, size, wilds, suit)
    return n


@njit(cache=True, nogil=True, inline="always")
def gen_groups(counts, topi, rules, out, n):
    """Singles, pairs, triples and bombs: one rank, naturals plus wilds (all-wild = the 3s).

    Leading (``top_kind`` PASS) everything is legal; over a single/pair/triple only the same
    kind with a higher rank, and every bomb; over a bomb-class play only stronger bombs.
    """
    top_kind, top_rank = topi[0], topi[1]
    wilds = counts[15]
    lead = top_kind == PASS
    floor = -1 if lead else top_rank
    if lead or top_kind == SINGLE:
        for r in range(floor + 1, 15):  # natural singles, jokers included
            if counts[r] > 0:
                n = _put(out, n, np.int64(SINGLE), r, np.int64(1), np.int64(0), np.int64(-1))
        if wilds > 0 and rules[R_WILD_SINGLE_RANK] > floor:
            n = _put(out, n, np.int64(SINGLE), rules[R_WILD_SINGLE_RANK], np.int64(1), np.int64(1), np.int64(-1))
    for kind in (PAIR, TRIPLE):
        if lead or top_kind == kind:
            size = 2 if kind == PAIR else 3
            for r in range(floor + 1, 13):
                for w in range(min(wilds, size) + 1):
                    if size - w <= counts[r] and (w < size or r == 0):  # all wilds: a group of 3s
                        n = _put(out, n, kind, r, size, w, np.int64(-1))
    for r in range(13):
        natural = counts[r]
        min_naturals = 0 if r == 0 else 1
        for size in range(4, natural + wilds + 1):
            for w in range(max(0, size - natural), min(wilds, size - min_naturals) + 1):
                n = _put_bomb(out, n, np.int64(BOMB), r, size, w, np.int64(-1), rules, topi)
    return n


@njit(cache=True, nogil=True, inline="always")
def gen_joker_bomb(counts, topi, rules, out, n):
    """王炸: natural 小王 + 大王; with ``R_WILD_JOKER`` one wild may stand for a missing joker."""
    if rules[R_JOKER_BOMB] == 0:
        return n
    jokers = (1 if counts[13] > 0 else 0) + (1 if counts[14] > 0 else 0)
    for w in range(2):
        if (w == 0 and jokers == 2) or (w == 1 and rules[R_WILD_JOKER] != 0 and jokers >= 1 and counts[15] >= 1):
            n = _put_bomb(out, n, np.int64(JOKER_BOMB), np.int64(-1), np.int64(2), w, np.int64(-1), rules, topi)
    return n


@njit(cache=True, nogil=True)
def fifty_k_possible(m5, m10, mk, wilds, suit, w):
    """Can ``w`` of the hand's ``wilds`` plus naturals form a 五十K of ``suit`` (0..3 正, 4 杂)?
    ``m5``, ``m10``, ``mk``: suit masks of the 5s, 10s and Ks held (bit s: suit s)."""
    if w > wilds or w > 2:
        return False
    if suit < 4:
        held = ((m5 >> suit) & 1) + ((m10 >> suit) & 1) + ((mk >> suit) & 1)
        return held + w >= 3
    if w == 2:
        return False  # one natural card alone always makes a 正五十K
    if w == 1:  # two naturals of different ranks in different suits (fu_possible of the two ranks' masks)
        return fu_possible(m5, m10, m10) or fu_possible(m5, mk, mk) or fu_possible(m10, mk, mk)
    return fu_possible(m5, m10, mk)  # three naturals, not all of one suit


@njit(cache=True, nogil=True, inline="always")
def gen_fifty_k(counts, suit_counts, topi, rules, out, n):
    """五十K of each suit (正 ♠..♦, then 杂) with 0 .. ``R_WILDS_510K`` wilds."""
    max_w = min(rules[R_WILDS_510K], counts[15])
    m5, m10, mk = suit_mask(suit_counts, R5), suit_mask(suit_counts, R10), suit_mask(suit_counts, RK)
    for suit in range(5):
        for w in range(max_w + 1):
            if fifty_k_possible(m5, m10, mk, counts[15], suit, w):
                n = _put_bomb(out, n, np.int64(FIFTY_K), np.int64(-1), np.int64(3), w, suit, rules, topi)
    return n


@njit(cache=True, nogil=True)
def generate_moves(counts, suit_counts, top, rules, out):
    """All legal moves of the hand (leading when ``top`` is a PASS record); returns how many."""
    top_kind, top_rank, top_level = top[0], top[1], move_level(top)
    topi = (top_kind, top_rank, top_level, rules[LEVEL_TABLE + top_level])
    n = gen_groups(counts, topi, rules, out, np.int64(0))
    n = gen_joker_bomb(counts, topi, rules, out, n)
    n = gen_fifty_k(counts, suit_counts, topi, rules, out, n)
    return n
