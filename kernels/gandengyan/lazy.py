"""干瞪眼 legal moves by kind, lazily, for the ``random`` player: the count, and only the move drawn.

``random`` draws one of the ``n`` plays of ``gd_generate``'s list (``n + 1`` with PASS when
following) and plays that row. It needs the count and one row, not every joker completion:
``gd_random`` counts each section of the list (one group kind, the chains run by run, the bombs)
and writes only the section holding the move drawn, one group kind or one chain run. The same draw
picks the same move as over the full list: ``tests/games/test_gandengyan_lazy.py`` holds the two
equal, draw by draw.
"""

from __future__ import annotations

from numba import njit

from kernels.gandengyan.movegen import (
    _gen_bombs, _gen_group, _gen_run, follow_rank_ok, gd_bombs_possible, is_bomb,
)
from kernels.gandengyan.moves import (
    JOKER, PAIR, PAIR_CHAIN, PASS, R_ACE, SINGLE, STRAIGHT, TRIO_CHAIN, TRIPLE,
)
from kernels.gandengyan.rulevec import (
    GD_LONE_JOKER, GD_PAIR_CHAIN_MAX, GD_PAIR_CHAIN_MIN, GD_STRAIGHT_MAX, GD_STRAIGHT_MIN, GD_TRIO,
    GD_TRIO_CHAIN_MAX, GD_TRIO_CHAIN_MIN,
)
from kernels.rng import bounded


@njit(cache=True, nogil=True, inline="always")
def _count_group(c, kind, size, top, rules):
    """Records ``_gen_group`` writes: per rank the naturals k in [max(1, size - jokers), min(held, size)],
    and a lone-joker single where the rules allow it."""
    w = c[JOKER]
    lead = top[0] == PASS
    lone = size == 1 and w >= 1 and rules[GD_LONE_JOKER] != 0
    k_lo = size - w if size - w > 1 else 1
    n = 0
    for r in range(13):
        if not lead and not follow_rank_ok(kind, r, top[1], rules):
            continue
        hi = c[r] if c[r] < size else size
        if hi >= k_lo:
            n += hi - k_lo + 1
        if lone:
            n += 1
    return n


@njit(cache=True, nogil=True)
def _count_run(c, per, length, hi, work):
    """Records ``_gen_run`` writes for one run, without writing them: the joker vectors d_i in
    [per - min(per, held_i), per] with sum at most the jokers and below ``per * length``, counted
    by their extra over the fewest (a DP over the ranks in ``work[:cap + 1]``)."""
    base = hi - length + 1
    need = 0
    for i in range(length):
        held = c[base + i]
        need += per - (held if held < per else per)
    most = per * length - 1
    if c[JOKER] < most:
        most = c[JOKER]
    cap = most - need
    if cap < 0:
        return 0
    work[0] = 1
    for s in range(1, cap + 1):
        work[s] = 0
    for i in range(length):
        held = c[base + i]
        u = held if held < per else per  # extra jokers this rank may take
        for s in range(cap, 0, -1):  # ways[s] += ways[s - 1] + ... + ways[s - u]
            add = 0
            for e in range(1, (u if u < s else s) + 1):
                add += work[s - e]
            work[s] += add
    total = 0
    for s in range(cap + 1):
        total += work[s]
    return total


@njit(cache=True, nogil=True)
def _chains(c, top, rules, out, work, k):
    """The chain section of ``gd_generate``'s list, in its order (``_gen_chains``), run by run. With
    ``k`` < 0: how many records it holds (nothing written). With 0 <= ``k`` < that: the run holding
    record ``k`` written into ``out`` from row 0; returns record k's row."""
    lead = top[0] == PASS
    seen = 0
    for kind in (STRAIGHT, PAIR_CHAIN, TRIO_CHAIN):
        if not (lead or top[0] == kind):
            continue
        if kind == STRAIGHT:
            per, lo, mx = 1, rules[GD_STRAIGHT_MIN], rules[GD_STRAIGHT_MAX]
        elif kind == PAIR_CHAIN:
            per, lo, mx = 2, rules[GD_PAIR_CHAIN_MIN], rules[GD_PAIR_CHAIN_MAX]
        else:
            per, lo, mx = 3, rules[GD_TRIO_CHAIN_MIN], rules[GD_TRIO_CHAIN_MAX]
        if lo == 0:
            continue
        if mx == 0 or mx > R_ACE + 1:
            mx = R_ACE + 1
        if lead:
            first, last = lo - 1, R_ACE
        else:
            first = last = top[1] + 1
        w = c[JOKER]
        for hi in range(first, last + 1):
            if hi > R_ACE:
                break
            length = lo if lead else top[5]
            top_len = mx if lead else top[5]
            need = 0  # jokers the run needs at least: none counted past w (as _gen_chains)
            for r in range(hi - length + 1, hi + 1):
                need += per - (c[r] if c[r] < per else per)
            while length <= top_len and length <= hi + 1:
                if need <= w:
                    m = _count_run(c, per, length, hi, work)
                    if k >= 0 and k < seen + m:
                        _gen_run(c, kind, per, length, hi, out, 0, work)
                        return k - seen
                    seen += m
                if length == top_len or length == hi + 1:
                    break
                r = hi - length  # the next longer run takes in the rank below
                need += per - (c[r] if c[r] < per else per)
                length += 1
    return seen


@njit(cache=True, nogil=True)
def gd_random(c, top, rules, out, work, rng, lead):
    """The random player over ``gd_generate(c, top, rules, out, work)``'s list without listing it:
    ``(n, row)``, the list's length and the row of ``out`` holding the move drawn, -1 to pass. It
    draws ``bounded(rng, n)`` leading, ``bounded(rng, n + 1)`` following (n: PASS), and nothing when
    there is no play. Counts each section (singles, pairs and trios in closed form, chains run by run,
    bombs written: rare), then writes only the section holding the move drawn."""
    tk = top[0]
    singles = pairs = trios = chains = 0
    if not is_bomb(tk):
        if lead or tk == SINGLE:
            singles = _count_group(c, SINGLE, 1, top, rules)
        if lead or tk == PAIR:
            pairs = _count_group(c, PAIR, 2, top, rules)
        if (lead or tk == TRIPLE) and rules[GD_TRIO] != 0:
            trios = _count_group(c, TRIPLE, 3, top, rules)
        if lead or tk == STRAIGHT or tk == PAIR_CHAIN or tk == TRIO_CHAIN:
            chains = _chains(c, top, rules, out, work, -1)
    bombs = _gen_bombs(c, top, rules, out, 0) if gd_bombs_possible(c, rules) else 0  # out[:bombs]
    n = singles + pairs + trios + chains + bombs
    if n == 0:
        return n, -1
    k = bounded(rng, n if lead else n + 1)
    if k >= n:
        return n, -1
    if k < singles:
        _gen_group(c, SINGLE, 1, top, rules, out, 0)
        return n, k
    k -= singles
    if k < pairs:
        _gen_group(c, PAIR, 2, top, rules, out, 0)
        return n, k
    k -= pairs
    if k < trios:
        _gen_group(c, TRIPLE, 3, top, rules, out, 0)
        return n, k
    k -= trios
    if k < chains:
        return n, _chains(c, top, rules, out, work, k)
    return n, k - chains  # a bomb, still in out[:bombs]
