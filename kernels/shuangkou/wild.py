"""Wild completion (百变): which values wild jokers take to make which pattern, at what rank.

Works on count vectors and rank bitmasks: ``nat[13]`` natural cards per rank index 0..12 of the
cards in question, plus how many 小王 (``sj``) and 大王 (``bj``) are among them. Which jokers are
wild is the ruleset's ``wild_jokers`` (spec §2): ``both`` (every joker), ``big_only`` (大王 only),
``none``. The rules of §2, as encoded here:

* a joker played alone is itself (a single 小王 / 大王); two identical jokers are a pair of that
  joker (SK-3); three jokers are 三王; four are 天王炸弹 — whatever ``wild_jokers`` says;
* combined with natural cards every joker must be wild, and every one takes a rank 3..2 (never a
  joker's rank) that makes the whole a legal pattern: one rank (pair, triple, bomb of >= 4), or a
  run within 3..A (no 2) of equal counts — straight (1 each, >= 5), 连对 (2 each, >= 3), 连三同张
  (3 each, >= 3), 连炸 (n >= 4 each, >= 3 ranks, with ``allow_lianzha``). Ranks made only of jokers
  may sit inside a run (3344 + 2 jokers → 334455).

``window_fill`` is the one primitive: what a run of ``length`` ranks from ``lo`` with ``per``
cards each lacks, as a count and as packed rank counts (4 bits per rank). Move generation fills
windows from a whole hand (``kernels.shuangkou.movegen``); ``complete`` classifies exactly the
cards of one play, e.g. 33445 + 大王 → 连对 334455 (大王 = 5), 5679 + 大王 → 顺子 56789 (大王 = 8).
"""

from __future__ import annotations

from numba import njit

from kernels.climb.gen import put_move  # the record (kind, rank, size, wilds, big joker, chain, wild-as)
from kernels.shuangkou.moves import BOMB, LIANZHA, PAIR_CHAIN, SANWANG, STRAIGHT, TIANWANG, TRIO_CHAIN, TRIPLE

WILD_BOTH, WILD_BIG_ONLY, WILD_NONE = 0, 1, 2
TOP_CHAIN_RANK = 11  # runs stay within 3..A


@njit(cache=True, nogil=True, inline="always")
def wild_jokers(sj, bj, mode):
    """How many of ``sj`` 小王 and ``bj`` 大王 are wild under ``mode`` (WILD_*)."""
    return (sj if mode == WILD_BOTH else 0) + (bj if mode != WILD_NONE else 0)


@njit(cache=True, nogil=True, inline="always")
def window_fill(nat, lo, length, per):
    """(missing cards, packed missing counts) to make ``per`` cards of each rank lo..lo+length-1;
    (-1, 0) when a rank there holds more than ``per``."""
    missing, packed = 0, 0
    for r in range(lo, lo + length):
        c = nat[r]
        if c > per:
            return -1, 0
        missing += per - c
        packed |= (per - c) << (4 * r)
    return missing, packed


@njit(cache=True, nogil=True, inline="always")
def _runs(nat, span, total, wilds, bj, kind, per, min_len, out, n):
    """Every window of a run of ``per`` each that these cards complete exactly (``span``: the
    lowest and highest natural rank among them)."""
    lo_nat, hi_nat = span
    if total % per != 0:
        return n
    length = total // per
    if length < min_len or length > TOP_CHAIN_RANK + 1 or hi_nat > TOP_CHAIN_RANK:
        return n
    for lo in range(max(0, hi_nat - length + 1), min(lo_nat, TOP_CHAIN_RANK + 1 - length) + 1):
        missing, packed = window_fill(nat, lo, length, per)
        if missing == wilds:
            n = put_move(out, n, kind, lo + length - 1, total, wilds, bj, length, packed)
    return n


@njit(cache=True, nogil=True)
def complete(nat, sj, bj, mode, allow_lianzha, out):
    """Every pattern (move record, ``kernels.shuangkou.moves``) these exact cards make, in
    ``out``; returns how many (0: not a legal play). Order: one-rank patterns, straights, 连对,
    连三同张, 连炸 by length, each by window from the lowest."""
    n, total_nat, lo_nat, hi_nat = 0, 0, 13, -1  # the cards' lowest and highest natural ranks
    for r in range(13):
        if nat[r] > 0:
            total_nat += nat[r]
            lo_nat = min(lo_nat, r)
            hi_nat = r
    jokers = sj + bj
    if total_nat == 0:
        if 1 <= jokers <= 2 and (sj == 0 or bj == 0):  # a single or a pair of one joker (kind = count)
            n = put_move(out, n, jokers, 13 if bj == 0 else 14, jokers, 0, bj, 1, 0)
        elif jokers >= 3:
            n = put_move(out, n, SANWANG if jokers == 3 else TIANWANG, -1, jokers, 0, bj, 1, 0)
        return n
    if wild_jokers(sj, bj, mode) < jokers:
        return 0  # a joker that is not wild cannot join natural cards
    total = total_nat + jokers
    if lo_nat == hi_nat:  # one natural rank
        kind = total if total <= TRIPLE else BOMB  # SINGLE, PAIR, TRIPLE are 1, 2, 3
        n = put_move(out, n, kind, lo_nat, total, jokers, bj, 1, jokers << (4 * lo_nat))
    for kind, per, min_len in ((STRAIGHT, 1, 5), (PAIR_CHAIN, 2, 3), (TRIO_CHAIN, 3, 3)):
        n = _runs(nat, (lo_nat, hi_nat), total, jokers, bj, kind, per, min_len, out, n)
    if allow_lianzha:
        for k in range(3, TOP_CHAIN_RANK + 2):
            if total % k == 0 and total // k >= 4:
                n = _runs(nat, (lo_nat, hi_nat), total, jokers, bj, LIANZHA, total // k, k, out, n)
    return n
