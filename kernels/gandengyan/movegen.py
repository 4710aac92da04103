"""干瞪眼 move generation with every joker completion, and the beat rule (rules/gandengyan.md).

A hand is its rank counts ``c[16]`` with the jokers at ``c[JOKER]`` (``kernels.gandengyan.moves``);
switches come from the rules vector (``kernels.gandengyan.rulevec``). Jokers stand for any rank
but every play other than 双王 needs at least one natural card (a lone joker is a single only
with ``GD_LONE_JOKER``). Each way of completing a pattern with jokers is its own record: the
natural cards it uses (``cards``) and the jokers (``wilds``) fix what leaves the hand.

Follow rule ("exactly +1", §1): a single, pair, straight or pair chain is answered only by the
same pattern of the same size one rank higher; a single 2 beats any single and 22 any pair; a
三张 by any higher trio (qq) or exactly +1 / 222 (two-deck, ``GD_TRIO_FOLLOW``); bombs beat every
non-bomb and each other by ``bomb_strength``.

Order of generation (random players rely on it being fixed): singles, pairs, trios (rank, then
jokers used), straights, 连对, 三连对 (top, then length, then completion), bombs (rank, size,
jokers used), 双王. With ``top`` a PASS record every play is generated (leading); otherwise only
plays that beat ``top`` (never PASS: the caller adds it). The pure-Python twin is
``tests/reference/gandengyan_rules.py``; the tests hold the two to equal move sets.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.climb.gen import put_move
from kernels.gandengyan.moves import (
    BOMB, JOKER, JOKER_BOMB, PAIR, PAIR_CHAIN, PASS, R_ACE, R_TWO, SINGLE, STRAIGHT, TRIO_CHAIN, TRIPLE,
)
from kernels.gandengyan.rulevec import (
    BOMB_COMPARE_RANK_ONLY, GD_BOMB_COMPARE, GD_BOMB_MAX, GD_BOMB_MIN, GD_JOKER_BOMB, GD_LONE_JOKER, GD_STRAIGHT_MAX,
    GD_STRAIGHT_MIN, GD_TRIO, GD_TRIO_CHAIN_MAX, GD_TRIO_CHAIN_MIN, GD_TRIO_FOLLOW, JOKER_BOMB_TOP_OF_THREE,
    TRIO_FOLLOW_HIGHER,
)

# chain_spec reads a chain kind's (fewest, most) rule slots by its offset from STRAIGHT
assert (PAIR_CHAIN, TRIO_CHAIN) == (STRAIGHT + 1, STRAIGHT + 2)
assert (GD_TRIO_CHAIN_MIN, GD_TRIO_CHAIN_MAX) == (GD_STRAIGHT_MIN + 4, GD_STRAIGHT_MAX + 4)

WORK_LEN = 16  # scratch a chain run's odometer needs, one digit a rank (no allocation per call)


@njit(cache=True, nogil=True, inline="always")
def is_bomb(kind):
    return kind == BOMB or kind == JOKER_BOMB


@njit(cache=True, nogil=True, inline="always")
def bomb_strength(move, rules):
    """Bomb order. ``count_then_rank`` (G-2): more cards first, then rank; 双王 is above every bomb
    (qq) or the top 3-card-level bomb (sichuan: above 222, below any 4 cards). ``rank_only``:
    by rank, 双王 above every rank."""
    if rules[GD_BOMB_COMPARE] == BOMB_COMPARE_RANK_ONLY:
        return 13 if move[0] == JOKER_BOMB else move[1]
    if move[0] == JOKER_BOMB:
        return 3 * 16 + 13 if rules[GD_JOKER_BOMB] == JOKER_BOMB_TOP_OF_THREE else 1 << 20
    return move[2] * 16 + move[1]


@njit(cache=True, nogil=True, inline="always")
def follow_rank_ok(kind, rank, top_rank, rules):
    """For a non-bomb play of the top's own pattern and size: is ``rank`` a legal answer?"""
    if kind == TRIPLE and rules[GD_TRIO_FOLLOW] == TRIO_FOLLOW_HIGHER:
        return rank > top_rank
    if kind == SINGLE or kind == PAIR or kind == TRIPLE:
        return rank == top_rank + 1 or (rank == R_TWO and top_rank < R_TWO)
    return rank == top_rank + 1


@njit(cache=True, nogil=True, inline="always")
def gd_beats(move, top, rules):
    """May ``move`` follow ``top`` (a PASS record: leading, anything goes)?"""
    tk = top[0]
    if tk == PASS:
        return True
    if is_bomb(move[0]):
        return (not is_bomb(tk)) or bomb_strength(move, rules) > bomb_strength(top, rules)
    if is_bomb(tk):
        return False
    if move[0] != tk or move[2] != top[2] or move[5] != top[5]:
        return False
    return follow_rank_ok(move[0], move[1], top[1], rules)


@njit(cache=True, nogil=True, inline="always")
def _gen_group(c, kind, size, top, rules, out, n, write=True):
    """``size`` cards of one rank: k >= 1 naturals + (size - k) jokers, for every k that fits (the
    most naturals first), and a lone joker as a single where the rules allow it. ``write`` False:
    only counts them, ``n`` + how many (the random player, ``kernels.gandengyan.lazy``)."""
    w = c[JOKER]
    lead = top[0] == PASS
    lone = size == 1 and w >= 1 and rules[GD_LONE_JOKER] != 0
    k_lo = size - w if size - w > 1 else 1  # the fewest naturals a record holds
    for r in range(13):
        if not lead and not follow_rank_ok(kind, r, top[1], rules):
            continue
        hi = c[r] if c[r] < size else size
        if not write:
            n += (hi - k_lo + 1 if hi >= k_lo else 0) + (1 if lone else 0)
            continue
        for k in range(hi, k_lo - 1, -1):
            n = put_move(out, n, kind, r, size, size - k, -1, 1, k << (4 * r))
        if lone:
            n = put_move(out, n, SINGLE, r, 1, 1, -1, 1, 0)
    return n


@njit(cache=True, nogil=True)
def _gen_run(c, kind, per, length, hi, out, n, work):
    """Every completion of ``length`` consecutive ranks ending at ``hi`` with ``per`` cards each:
    jokers d_i standing in at rank i of the run, from the fewest it needs (``per`` less the
    naturals held, at most ``per``) to ``per``, their sum at most the jokers held and below
    ``per * length`` (one natural at least); in lexicographic order of (d_0, d_1, ...), counted
    up like an odometer in ``work[:length]``."""
    base = hi - length + 1
    cap = min(c[JOKER], per * length - 1)  # the most jokers one record may use
    total = 0
    for i in range(length):
        work[i] = per - min(c[base + i], per)
        total += work[i]
    if total > cap:
        return n
    while True:
        cards = 0
        for j in range(length):
            cards |= (per - work[j]) << (4 * (base + j))
        n = put_move(out, n, kind, hi, per * length, total, -1, length, cards)
        i = length - 1  # the last digit that can take one more joker; the digits after it back to their fewest
        while i >= 0 and (work[i] == per or total == cap):
            fewest = per - min(c[base + i], per)
            total -= work[i] - fewest
            work[i] = fewest
            i -= 1
        if i < 0:
            return n
        work[i] += 1
        total += 1


@njit(cache=True, nogil=True, inline="always")
def chain_spec(kind, rules):
    """(cards a rank, fewest ranks, most ranks) of a chain kind (straight, 连对, 三连对) under the
    rules: fewest 0 = no such pattern; the most capped at the 12 ranks of 3..A."""
    k = kind - STRAIGHT  # 0, 1, 2: the kinds follow each other, and so do their (fewest, most) rules
    lo, mx = rules[GD_STRAIGHT_MIN + 2 * k], rules[GD_STRAIGHT_MAX + 2 * k]
    return k + 1, lo, (R_ACE + 1 if mx == 0 or mx > R_ACE + 1 else mx)


ALL_RUNS, COUNT_RUNS = -2, -1  # what chain_section does (its ``k``)


@njit(cache=True, nogil=True)
def chain_section(c, top, rules, out, n, work, k):
    """The chain section of ``gd_generate``'s list: straights, 连对 and 三连对 on 3..A, every top and
    length (leading) or the top's length one rank higher (following), run by run (``_gen_run``).
    ``k`` ``ALL_RUNS``: writes every record into ``out`` from row ``n``, returns the new count;
    ``COUNT_RUNS``: how many records there are (each run written over the last from row 0); 0 <=
    ``k`` < that: stops at the run holding record k, in ``out`` from row 0, and returns record k's
    row (the random player, ``kernels.gandengyan.lazy``)."""
    lead = top[0] == PASS
    w = c[JOKER]
    seen = 0
    for kind in (STRAIGHT, PAIR_CHAIN, TRIO_CHAIN):
        if not (lead or top[0] == kind):
            continue
        per, lo, mx = chain_spec(kind, rules)
        if lo == 0:
            continue
        first, last = (lo - 1, R_ACE) if lead else (top[1] + 1, min(top[1] + 1, R_ACE))
        for hi in range(first, last + 1):
            shortest = lo if lead else top[5]
            need = 0  # the fewest jokers the run needs (_gen_run writes nothing past the jokers held)
            for r in range(hi - shortest + 2, hi + 1):
                need += per - min(c[r], per)
            for length in range(shortest, min(mx if lead else top[5], hi + 1) + 1):
                need += per - min(c[hi - length + 1], per)  # the run's lowest rank, one lower each time
                if need <= w:
                    m = _gen_run(c, kind, per, length, hi, out, n, work) - n  # counting: n stays 0
                    if 0 <= k < seen + m:
                        return k - seen  # the run holding record k is in out from row 0
                    seen += m
                    if k == ALL_RUNS:
                        n += m
    return n if k == ALL_RUNS else seen


@njit(cache=True, nogil=True, inline="always")
def _put_if_beats(out, n, kind, rank, size, wilds, cards, top, rules):
    """Append a bomb record at row ``n`` and keep it when it may follow ``top`` (leading: always)."""
    m = put_move(out, n, kind, rank, size, wilds, -1, 1, cards)
    return n if m > n and top[0] != PASS and not gd_beats(out[n], top, rules) else m


@njit(cache=True, nogil=True)
def _gen_bombs(c, top, rules, out, n):
    w = c[JOKER]
    lo = rules[GD_BOMB_MIN]
    mx = rules[GD_BOMB_MAX]
    for r in range(13):
        if c[r] == 0:
            continue
        hi = c[r] + w if mx == 0 or c[r] + w < mx else mx
        for size in range(lo, hi + 1):
            top_k = c[r] if c[r] < size else size
            for k in range(top_k, 0, -1):
                if size - k > w:
                    break
                n = _put_if_beats(out, n, BOMB, r, size, size - k, k << (4 * r), top, rules)
    if rules[GD_JOKER_BOMB] != 0 and w >= 2:
        n = _put_if_beats(out, n, JOKER_BOMB, -1, 2, 2, 0, top, rules)
    return n


@njit(cache=True, nogil=True)
def gd_generate(c, top, rules, out, work):
    """Every legal play of hand ``c`` over ``top`` (a PASS record: leading); returns how many
    rows of ``out`` were written. ``work`` is int64 scratch of ``WORK_LEN``."""
    n = 0
    tk = top[0]
    if not is_bomb(tk):
        lead = tk == PASS
        if lead or tk == SINGLE:
            n = _gen_group(c, SINGLE, 1, top, rules, out, n)
        if lead or tk == PAIR:
            n = _gen_group(c, PAIR, 2, top, rules, out, n)
        if (lead or tk == TRIPLE) and rules[GD_TRIO] != 0:
            n = _gen_group(c, TRIPLE, 3, top, rules, out, n)
        if lead or tk == STRAIGHT or tk == PAIR_CHAIN or tk == TRIO_CHAIN:
            n = chain_section(c, top, rules, out, n, work, ALL_RUNS)
    if gd_bombs_possible(c, rules):  # most hands hold no bomb: skip the call
        n = _gen_bombs(c, top, rules, out, n)
    return n


@njit(cache=True, nogil=True, inline="always")
def gd_bombs_possible(c, rules):
    """Whether hand ``c`` can make any bomb (else ``_gen_bombs`` writes nothing)."""
    w = c[JOKER]
    most = 0
    for r in range(13):
        if c[r] > most:
            most = c[r]
    lo = rules[GD_BOMB_MIN]
    return (most > 0 and most + w >= lo and (rules[GD_BOMB_MAX] == 0 or rules[GD_BOMB_MAX] >= lo)) or (
        rules[GD_JOKER_BOMB] != 0 and w >= 2)


@njit(cache=True, nogil=True, inline="always")
def remove_move(c, move):
    """Take a move's cards out of hand ``c`` (naturals from ``cards``, jokers from ``wilds``)."""
    k = move[6]
    for r in range(13):
        c[r] -= (k >> (4 * r)) & 15
    c[JOKER] -= move[3]


@njit(cache=True, nogil=True, inline="always")
def dengyan(c, top, rules):
    """瞪眼 (§8): the hand could form the top's pattern at a higher rank, but no such play is a
    legal answer (not exactly +1, not a 2). Bombs are not considered."""
    tk = top[0]
    if tk == PASS or is_bomb(tk):
        return False
    w = c[JOKER]
    higher = False  # a legal answer settles it (False) at once
    if tk == SINGLE or tk == PAIR or tk == TRIPLE:
        size = top[2]
        for r in range(top[1] + 1, 13):
            if (c[r] >= 1 and c[r] + w >= size) or (size == 1 and w >= 1 and rules[GD_LONE_JOKER] != 0):
                if follow_rank_ok(tk, r, top[1], rules):
                    return False
                higher = True
    else:
        per = chain_spec(tk, rules)[0]
        for hi in range(top[1] + 1, R_ACE + 1):
            need = nat = 0  # jokers the run needs, naturals it holds (one at least)
            for r in range(hi - top[5] + 1, hi + 1):
                need += per - min(c[r], per)
                nat += c[r]
            if need <= w and nat > 0:
                if hi == top[1] + 1:
                    return False
                higher = True
    return higher


def empty_work() -> np.ndarray:
    return np.zeros(WORK_LEN, np.int64)
