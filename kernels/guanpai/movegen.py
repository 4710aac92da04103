"""关牌 move generation over rank counts and the beat rule (rules/guanpai.md §3, §4).

A hand is its rank counts ``c[16]`` (``kernels.cards`` rank index; suits never matter). Moves are
the records of ``kernels.guanpai.moves``; switches come from the rules vector
(``kernels.guanpai.rulevec``). The pure-Python twin is ``tests/reference/guanpai_rules.py``; the
tests hold the two to equal move sets.

Order of generation (random players rely on it being fixed): singles, pairs, trios, 三带二,
四带三, chains (straights, 姐妹对, 三连) by top then length, bombs by rank (alone, then with each
single), the 3-card bomb (alone, then with each single). With ``top`` a PASS record every play is
generated (leading); otherwise only plays that beat ``top`` (never PASS: the caller adds it).
"""

from __future__ import annotations

from numba import njit

from kernels.climb.gen import chain_pos, gen_chains, gen_sets, put_move
from kernels.guanpai.moves import BOMB, FOUR_THREE, PAIR_CHAIN, PASS, STRAIGHT, THREE_BOMB, TRIO_CHAIN, TRIO_PAIR
from kernels.guanpai.rulevec import (
    GP_A_LOW_STRAIGHTS, GP_BOMB_SINGLE, GP_FOUR_THREE, GP_FOUR_THREE_TRIO, GP_TCB_HIGH, GP_TCB_RANK, GP_TCB_SINGLE,
)
from kernels.state import borrow_array


@njit(cache=True, nogil=True, inline="always")
def is_bomb(kind):
    return kind == BOMB or kind == THREE_BOMB


@njit(cache=True, nogil=True, inline="always")
def bomb_strength(move, rules):
    """Bomb order (GP-7: a single carried changes nothing): by rank; the 3-card bomb is below
    every bomb (3Q) or above every bomb (three As, ``GP_TCB_HIGH``)."""
    if move[0] == THREE_BOMB:
        return 100 if rules[GP_TCB_HIGH] != 0 else -1
    return move[1]


@njit(cache=True, nogil=True, inline="always")
def order_of(kind, rank):
    """Comparison value of a non-bomb play of ``kind`` and main ``rank``: chain tops by position,
    else the main rank."""
    if kind == STRAIGHT or kind == PAIR_CHAIN or kind == TRIO_CHAIN:
        return chain_pos(rank)
    return rank


@njit(cache=True, nogil=True, inline="always")
def gp_beats(move, top, rules):
    """Does ``move`` beat ``top`` (§4)? Leading (``top`` PASS) anything goes. Bombs beat every
    other pattern and each other by ``bomb_strength``; anything else needs the same pattern, the
    same number of cards and a higher main rank."""
    tk = top[0]
    if tk == PASS:
        return True
    if is_bomb(move[0]):
        return (not is_bomb(tk)) or bomb_strength(move, rules) > bomb_strength(top, rules)
    if is_bomb(tk):
        return False
    return move[0] == tk and move[2] == top[2] and order_of(move[0], move[1]) > order_of(tk, top[1])


@njit(cache=True, nogil=True, inline="always")
def _put(out, n, kind, rank, size, cards):
    """Append a 关牌 record (no wilds, suit -1, one rank: chain 1); ``gp_generate`` drops the ones
    that do not beat ``top`` afterwards, in one place (a small compile)."""
    return put_move(out, n, kind, rank, size, 0, -1, 1, cards)


@njit(cache=True, nogil=True, inline="always")
def _nib(r, k):
    return k << (4 * r)


@njit(cache=True, nogil=True, inline="always")
def _gen_groups(c, top, rules, out, n):
    """Singles, pairs, trios (``kernels.climb.gen``), 三带二 and 四带三 (only the top's own kind when
    following)."""
    tk = top[0]
    lead = tk == PASS
    floor = 0 if lead else top[1] + 1
    n = gen_sets(c, tk, floor, True, out, n)
    if lead or tk == TRIO_PAIR:
        for t in range(floor, 13):
            if c[t] >= 3:
                for k in range(13):
                    if k != t and c[k] >= 2:
                        n = _put(out, n, TRIO_PAIR, t, 5, _nib(t, 3) | _nib(k, 2))
    if (lead or tk == FOUR_THREE) and rules[GP_FOUR_THREE] != 0:
        trio_kick = rules[GP_FOUR_THREE_TRIO] != 0
        for f in range(floor, 13):
            if c[f] < 4:
                continue
            for p in range(13):
                if p == f or c[p] < 2:
                    continue
                if trio_kick and c[p] >= 3:
                    n = _put(out, n, FOUR_THREE, f, 7, _nib(f, 4) | _nib(p, 3))
                for s in range(13):
                    if s != f and s != p and c[s] >= 1:
                        n = _put(out, n, FOUR_THREE, f, 7, _nib(f, 4) | _nib(p, 2) | _nib(s, 1))
    return n


@njit(cache=True, nogil=True, inline="always")
def _gen_chains(c, top, rules, out, n):
    """Straights (>= 5), 姐妹对 (>= 2 pairs) and 三连 (>= 2 trios), by top position then length.

    Straights run on positions 2..13 (3..A), or 0..13 with ``as_straights`` (A2345 .. 10JQKA);
    pair and trio chains always on 3..A (2 never in a chain).
    """
    tk = top[0]
    lead = tk == PASS
    lowest = 0 if lead else chain_pos(top[1]) + 1
    want = -1 if lead else top[5]
    if lead or tk == STRAIGHT:
        lo = 0 if rules[GP_A_LOW_STRAIGHTS] != 0 else 2
        n = gen_chains(c, STRAIGHT, 1, 5, lo, lowest, want, True, out, n)
    if lead or tk == PAIR_CHAIN:
        n = gen_chains(c, PAIR_CHAIN, 2, 2, 2, lowest, want, True, out, n)
    if lead or tk == TRIO_CHAIN:
        n = gen_chains(c, TRIO_CHAIN, 3, 2, 2, lowest, want, True, out, n)
    return n


@njit(cache=True, nogil=True, inline="always")
def _gen_bombs(c, top, rules, out, n):
    """Bombs (four of a rank, then with each single) and the 3-card bomb (alone, with a single)."""
    single = rules[GP_BOMB_SINGLE] != 0
    for r in range(13):
        if c[r] >= 4:
            n = _put(out, n, BOMB, r, 4, _nib(r, 4))
            if single:
                for s in range(13):
                    if s != r and c[s] >= 1:
                        n = _put(out, n, BOMB, r, 5, _nib(r, 4) | _nib(s, 1))
    t = rules[GP_TCB_RANK]
    if t >= 0 and c[t] >= 3:
        n = _put(out, n, THREE_BOMB, t, 3, _nib(t, 3))
        if rules[GP_TCB_SINGLE] != 0:
            for s in range(13):
                if s != t and c[s] >= 1:  # a fourth card of the rank is the real bomb, not a single
                    n = _put(out, n, THREE_BOMB, t, 4, _nib(t, 3) | _nib(s, 1))
    return n


@njit(cache=True, nogil=True)
def gp_generate(c, top, rules, out):
    """Every legal play of rank counts ``c`` over ``top`` (a PASS record: leading); returns how
    many rows of ``out`` were written. PASS itself is never generated.

    Works on borrowed views of its arrays (the caller holds them for the call): numba keeps an
    incref and a decref of each array a function takes when that function inlines a loop that
    uses it (``kernels.climb.gen``'s), which cost more than the generation itself; on views whose
    null meminfo is a constant here they compile away."""
    c, top, rules, out = borrow_array(c), borrow_array(top), borrow_array(rules), borrow_array(out)
    n = 0
    if not is_bomb(top[0]):
        n = _gen_groups(c, top, rules, out, n)
        n = _gen_chains(c, top, rules, out, n)
    n = _gen_bombs(c, top, rules, out, n)
    if top[0] == PASS:
        return n
    k = 0
    for i in range(n):  # keep what beats the top (the generators already keep to its pattern)
        if gp_beats(out[i], top, rules):
            if k != i:
                for f in range(7):
                    out[k, f] = out[i, f]
            k += 1
    return k


@njit(cache=True, nogil=True)
def keep_with_rank(moves, n, rank):
    """Drop the moves that play no card of ``rank`` (option ``first_play_includes_lead_card``: the
    first lead must contain the lead card's rank); returns the new count."""
    k = 0
    for i in range(n):
        if (moves[i, 6] >> (4 * rank)) & 15:  # the move's packed cards hold that rank
            if k != i:
                for f in range(moves.shape[1]):
                    moves[k, f] = moves[i, f]
            k += 1
    return k
