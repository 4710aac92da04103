"""Move generators the climbing games share: records written from rank counts (rank index 0:3 ..
12:2, ``kernels.cards``), in a fixed order.

A game's own ``movegen`` is its pattern table: which of these it calls, with which lengths and in
which order, what beats what, and its own patterns (wild completions, kickers, bombs, 五十K
ladders). These only list what a hand holds; the order they write in is part of every game's
golden playthroughs (a random player draws an index into the list, the smart ones break ties by
it), so it never changes. Records are ``kernels.climb.moves``'s 7 fields; ``pack`` selects the
``cards`` form of the last field (packed counts of every card played, 4 bits a rank) instead
of 0.

The pure-Python twin is ``tests/reference/climb_gen.py`` (``tests/kernels/test_climb_gen.py``
holds the two equal).
"""

from __future__ import annotations

from numba import njit

from kernels.climb.moves import PAIR, PASS, SINGLE, TRIPLE


@njit(cache=True, nogil=True, inline="always")
def put_move(out, n, kind, rank, size, wilds, suit, chain, cards):
    """Append the record (kind, rank, size, wilds, suit, chain, cards) at row ``n`` if the buffer
    has room; returns the new count. A full buffer drops it: each game sizes its buffer so that
    this never happens (its tests check the bound)."""
    if n >= out.shape[0]:
        return n
    out[n, 0] = kind
    out[n, 1] = rank
    out[n, 2] = size
    out[n, 3] = wilds
    out[n, 4] = suit
    out[n, 5] = chain
    out[n, 6] = cards
    return n + 1


@njit(cache=True, nogil=True, inline="always")
def pos_rank(p):
    """Rank index at chain position ``p``: 0 = an A below the 2 (A2345), 1 = a low 2, p >= 2 =
    rank p - 2 (13 = the A on top). Chains run on positions 2..13 (3..A) unless a game lets
    straights start at the low A."""
    if p == 0:
        return 11
    if p == 1:
        return 12
    return p - 2


@njit(cache=True, nogil=True, inline="always")
def chain_pos(rank):
    """Chain position of a chain's top card (``pos_rank``'s inverse): a 2 on top only ends an A-low
    chain, so rank 12 -> 1; ranks 3..A -> rank + 2."""
    return 1 if rank == 12 else rank + 2


@njit(cache=True, nogil=True, inline="always")
def gen_sets(c, tk, lowest, pack, out, n):
    """Singles, pairs, then triples of natural ranks ``lowest``..12 (suit -1): all three kinds
    when leading (``tk`` PASS), only ``tk``'s kind when following (``lowest`` = above its rank)."""
    lead = tk == PASS
    if lead or tk == SINGLE:  # written out: a loop over (kind, count) pairs was slower
        for r in range(lowest, 13):
            if c[r] >= 1:
                n = put_move(out, n, SINGLE, r, 1, 0, -1, 1, (1 << (4 * r)) if pack else 0)
    if lead or tk == PAIR:
        for r in range(lowest, 13):
            if c[r] >= 2:
                n = put_move(out, n, PAIR, r, 2, 0, -1, 1, (2 << (4 * r)) if pack else 0)
    if lead or tk == TRIPLE:
        for r in range(lowest, 13):
            if c[r] >= 3:
                n = put_move(out, n, TRIPLE, r, 3, 0, -1, 1, (3 << (4 * r)) if pack else 0)
    return n


@njit(cache=True, nogil=True, inline="always")
def gen_chains(c, kind, per, min_len, lo, lowest_hi, want_len, pack, out, n):
    """Chains of ``per`` cards a rank (straights 1, 连对 2, 三连 3) of at least ``min_len`` ranks,
    by top position (>= ``lowest_hi``) then length, over chain positions ``lo``..13 (``pos_rank``:
    ``lo`` 2 is 3..A, ``lo`` 0 lets a straight start at the low A). ``want_len`` > 0 keeps only
    that length (following a chain). A record's rank is its top card's; a rank met twice (the A
    at both ends of A2..KA) needs the cards for both."""
    for hi in range(max(lowest_hi, lo + min_len - 1), 14):
        cards = 0
        for length in range(1, hi - lo + 2):
            p = hi - length + 1
            r = p - 2 if lo == 2 else pos_rank(p)
            if c[r] < per + (((cards >> (4 * r)) & 15) if lo == 0 else 0):  # an A met twice from lo 0
                break
            if pack or lo == 0:  # only when needed: unused, it cost ~15% of a generation
                cards += per << (4 * r)
            if length >= min_len and (want_len <= 0 or length == want_len):
                n = put_move(out, n, kind, pos_rank(hi), per * length, 0, -1, length, cards if pack else 0)
            if want_len > 0 and length >= want_len:
                break
    return n


@njit(cache=True, nogil=True, inline="always")
def suit_mask(suit_counts, rank):
    """Bit s set when the hand holds a card of ``rank`` in suit s (``suit_counts[rank, s]``)."""
    m = 0
    for s in range(4):
        if suit_counts[rank, s] > 0:
            m |= 1 << s
    return m


@njit(cache=True, nogil=True, inline="always")
def fu_possible(m5, m10, mk):
    """Can a mixed-suit 五十K (副 / 杂) be formed from the suit masks of the 5s, 10s and Ks held?
    Each rank held, and not every one of them held in one and the same single suit."""
    if m5 == 0 or m10 == 0 or mk == 0:
        return False
    return not (m5 == m10 and m10 == mk and (m5 & (m5 - 1)) == 0)
