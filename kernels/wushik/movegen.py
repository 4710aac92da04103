"""Legal moves of a 五十K hand and the beat rule (spec §6, §7).

A hand is ``counts[>= 13]`` (natural cards per rank index 0:3 .. 12:2; 五十K has no jokers) and
``suit_counts[13, 4]`` (cards per rank and suit; only 5, 10 and K are read). Output rows are the
move records of ``kernels.wushik.moves``.

Order of generation (random players rely on it being fixed): singles, pairs, triples by rank;
连对, 连三同张 and straights by top rank then length; 正510K ♠ ♥ ♣ ♦, 副510K; bombs by rank then
size. With ``top`` a play (not PASS) only the moves that beat it are produced; PASS is never
produced (the caller adds it).

Beat rule (§7): a non-bomb play is beaten by the same kind with as many cards and a higher top
rank, or by any 510K or bomb; 510K beats every non-bomb; 正510K beats 副510K (``zheng_beats_fu``,
W-2), and equal 510Ks never beat each other; a bomb beats every 510K; bombs compare by size, then
rank. ``strength`` puts this ladder in one number: 0 plain plays, 1 副, 2 正 (1 when 正 = 副),
16 + size for bombs.
"""

from __future__ import annotations

from numba import njit

from kernels.cards import R5, R10, RK
from kernels.climb.loop import CL_HEADER
from kernels.climb.gen import fu_possible, gen_chains, gen_sets, put_move, suit_mask  # noqa: F401 (census)
from kernels.wushik.moves import BOMB, FIFTY_K, PAIR_CHAIN, PASS, STRAIGHT, SUIT_FU, TRIO_CHAIN

MAX_MOVES = 512  # a 26-card hand has at most a few hundred moves (checked by the tests)

# layout of the ``rules`` int64 vector of 五十K (compiled by ``sim.games.wushik.rules.engine_rules``): the
# climbing engine's header ``CL_*`` (kernels.climb.loop: pass locks, 接风 skips, hand size), then these
W_ZHENG_BEATS_FU = CL_HEADER + 0  # 1: 正510K beats 副510K (W-2)
W_STRAIGHTS = CL_HEADER + 1  # 1: straights of >= W_MIN_STRAIGHT singles are a pattern (allow_straights)
W_MIN_STRAIGHT = CL_HEADER + 2  # 5
W_MIN_PAIR_CHAIN = CL_HEADER + 3  # 2 pairs (3344)
W_MIN_TRIO_CHAIN = CL_HEADER + 4  # 2 triples (333444)
W_MAX_BOMB = CL_HEADER + 5  # 8 (two decks)
W_JIEFENG = CL_HEADER + 6  # 0 partner, 1 next active seat (W-4)
W_DIRECTION = CL_HEADER + 7  # 0 counter-clockwise (seat + 1), 1 clockwise (seat - 1) (W-1)
W_TERMINAL_POINTS = CL_HEADER + 8  # 0 the table's points of the 终止牌 trick go to its player, 1 void (W-5)
W_EIGHT_RULE = CL_HEADER + 9  # 0 win_hand_as_double_catch, 1 record_only, 2 win_match (W-7)
W_TARGET = CL_HEADER + 10  # match target score (800)
W_MAX_HANDS = CL_HEADER + 11  # hands a game index plays: 1 (single hands) or the match cap
W_ZERO_SUM = CL_HEADER + 12  # 1: bomb bonuses are also taken from the other team (W-6)
W_BONUS = CL_HEADER + 13  # + size - 5 for sizes 5..8: bomb bonus of a bomb not over-bombed (W-6)
W_LEN = CL_HEADER + 17

JIEFENG_PARTNER, JIEFENG_NEXT = 0, 1
EIGHT_WIN_HAND, EIGHT_RECORD_ONLY, EIGHT_WIN_MATCH = 0, 1, 2


@njit(cache=True, nogil=True, inline="always")
def rank_points(r):
    """Points of one card of rank index r: 5 → 5, 10 and K → 10 (§2)."""
    return 5 if r == R5 else 10 if r == R10 or r == RK else 0


@njit(cache=True, nogil=True, inline="always")
def strength(kind, size, suit, rules):
    """Ladder strength: 0 plain plays, 1 副510K, 2 正510K (1 if equal to 副), 16 + size for bombs."""
    if kind == BOMB:
        return 16 + size
    if kind == FIFTY_K:
        return 2 if (suit < SUIT_FU and rules[W_ZHENG_BEATS_FU] != 0) else 1
    return 0


@njit(cache=True, nogil=True, inline="always")
def beats_fields(kind, rank, size, suit, top, rules):
    """Does the play (kind, rank, size, suit) beat the record ``top``? Anything beats PASS."""
    if top[0] == PASS:
        return True
    s = strength(kind, size, suit, rules)
    t = strength(top[0], top[2], top[4], rules)
    if t == 0:
        if s > 0:
            return True
        return kind == top[0] and size == top[2] and rank > top[1]
    if s != t:
        return s > t
    return kind == BOMB and rank > top[1]  # same-size bombs by rank; equal 510Ks never beat


@njit(cache=True, nogil=True, inline="always")
def beats(move, top, rules):
    """Does the record ``move`` beat the record ``top``?"""
    return beats_fields(move[0], move[1], move[2], move[4], top, rules)


@njit(cache=True, nogil=True, inline="always")
def _put(out, n, kind, rank, size, suit):
    """Append a one-rank (or 510K) record; MAX_MOVES is sized so that the buffer never fills."""
    return put_move(out, n, kind, rank, size, 0, suit, 1, 0)


@njit(cache=True, nogil=True, inline="always")
def _gen_fifty_k(suit_counts, top, rules, out, n):
    m5, m10, mk = suit_mask(suit_counts, R5), suit_mask(suit_counts, R10), suit_mask(suit_counts, RK)
    zheng = m5 & m10 & mk
    for s in range(4):
        if (zheng >> s) & 1 and beats_fields(FIFTY_K, -1, 3, s, top, rules):
            n = _put(out, n, FIFTY_K, -1, 3, s)
    if fu_possible(m5, m10, mk) and beats_fields(FIFTY_K, -1, 3, SUIT_FU, top, rules):
        n = _put(out, n, FIFTY_K, -1, 3, SUIT_FU)
    return n


@njit(cache=True, nogil=True)
def generate_moves(counts, suit_counts, top, rules, out):
    """All legal moves of the hand over ``top`` (a PASS record when leading); returns how many."""
    tk = top[0]
    lead = tk == PASS
    plain_top = lead or strength(tk, top[2], top[4], rules) == 0
    n = 0
    if plain_top:
        lowest = 0 if lead else top[1] + 1
        n = gen_sets(counts, tk, lowest, False, out, n)
        want = -1 if lead else top[5]  # chains on positions 2..13 (3..A; kernels.climb.gen)
        if lead or tk == PAIR_CHAIN:
            n = gen_chains(counts, PAIR_CHAIN, 2, rules[W_MIN_PAIR_CHAIN], 2, lowest + 2, want, False, out, n)
        if lead or tk == TRIO_CHAIN:
            n = gen_chains(counts, TRIO_CHAIN, 3, rules[W_MIN_TRIO_CHAIN], 2, lowest + 2, want, False, out, n)
        if rules[W_STRAIGHTS] != 0 and (lead or tk == STRAIGHT):
            n = gen_chains(counts, STRAIGHT, 1, rules[W_MIN_STRAIGHT], 2, lowest + 2, want, False, out, n)
    if tk != BOMB:
        n = _gen_fifty_k(suit_counts, top, rules, out, n)
    for r in range(13):
        hi = min(counts[r], rules[W_MAX_BOMB])
        for size in range(4, hi + 1):
            if beats_fields(BOMB, r, size, -1, top, rules):
                n = _put(out, n, BOMB, r, size, -1)
    return n


@njit(cache=True, nogil=True, inline="always")
def move_rank_counts(move, out):
    """Rank counts ``out[13]`` of the cards a move plays (its suits: ``kernels.wushik.cardpick``)."""
    for r in range(13):
        out[r] = 0
    kind = move[0]
    if kind == PASS:
        return
    if kind == FIFTY_K:
        out[R5] = 1
        out[R10] = 1
        out[RK] = 1
        return
    per = move[2] // move[5]
    for r in range(move[1] - move[5] + 1, move[1] + 1):
        out[r] = per
