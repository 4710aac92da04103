"""How many legal moves a landlord-family hand can have: the move buffer's size, derived (plain
Python, read when a ruleset is compiled).

``kernels.landlord.movegen.ll_generate`` writes one record per legal move and never the same key
twice (tests/kernels/test_landlord_moves.py checks both), and every key it writes is a pattern of
at most ``H`` cards made of cards the pack holds, ``H`` the largest hand (the landlord's, with the
kitty). So the number of distinct keys of at most ``H`` cards that the ruleset's patterns allow
in the pack bounds the move list of every hand, leading or following (following keeps a subset).
``max_moves`` counts those keys pattern by pattern, from the same rules vector the kernel reads:

* fixed-shape patterns: singles, pairs, trios, 三带一 / 三带二, 四带二 (two singles, or one pair as
  two singles) and 四带二对, bombs of 4..``LL_MAX_BOMB`` cards, 火箭, 天王炸 — each at most
  (main rank) × (kicker choice) of the ranks the pack holds enough of;
* chains (单顺 / 双顺 / 三顺): one key per (top position, length) on the sequence;
* airplanes: per chain, the number of wing multisets of the right size on ranks outside the
  chain, each rank capped by the pack's copies and the wing rules (counted by a product of
  polynomials, ``_multisets``); with consecutive pair wings, one per run of pairs.

Filters that only remove keys (a kicker set holding a joker bomb, S001's all-equal-or-distinct
wings, a chain headed by a bomb) are ignored: the count stays an upper bound. It is loose — a
real hand holds a few copies of each rank, not the pack — but provable, and the buffer costs only
memory that a hand's moves never touch (a few MB for two decks). ``ll_generate`` raises if a
buffer smaller than this is ever full.
"""

from __future__ import annotations

from kernels.climb.loop import CL_HAND_SIZE
from kernels.climb.moves import pos_rank
from kernels.landlord.moves import (
    AIRPLANE_PAIRS, AIRPLANE_SINGLES, BOMB, FOUR_TWO_PAIRS, FOUR_TWO_SINGLES, PAIR, PAIR_CHAIN, ROCKET, SINGLE,
    STRAIGHT, TIANWANG, TRIO_CHAIN, TRIO_PAIR, TRIO_SINGLE, TRIPLE,
)
from kernels.landlord.movegen import (
    LL_A_LOW, LL_AIR_PAIRS, LL_AIR_PAIRS_CONSEC, LL_AIR_SINGLES, LL_FOUR_SINGLES_MAY_PAIR,
    LL_FOUR_TWO_PAIRS, LL_FOUR_TWO_SINGLES, LL_JOKER_PAIR_KICKER, LL_JOKER_PAIRS, LL_KITTY, LL_MAX_BOMB,
    LL_PAIR_KICKERS_DISTINCT, LL_ROCKET, LL_TIANWANG, LL_TRIO_A_LOW, LL_TRIO_PAIR, LL_TRIO_SINGLE, LL_WING_CAP,
    LL_WING_RULE,
)


def _multisets(caps: list[int], total: int, step: int) -> int:
    """Vectors w with w[r] a multiple of ``step`` in 0..caps[r] and sum(w) = total."""
    ways = [1] + [0] * total
    for cap in caps:
        nxt = [0] * (total + 1)
        for s, k in enumerate(ways):
            if k:
                for v in range(0, min(cap, total - s) + 1, step):
                    nxt[s + v] += k
        ways = nxt
    return ways[total]


def _chains(lo: int, min_len: int, per: int, h: int):
    """(top position, length) of every chain whose main part fits in ``h`` cards."""
    for hi in range(lo + min_len - 1, 14):
        for length in range(min_len, hi - lo + 2):
            if per * length <= h:
                yield hi, length


def _wing_cap(v, r, step: int, copies: int, pair_kicker_ranks: int) -> int:
    """Most wing cards of rank ``r`` (outside the chain) an airplane may take: single wings
    (``step`` 1) within the wing rules, pair wings (2) in whole pairs of the kicker ranks."""
    if step == 1:
        cap = min(copies, 1) if v[LL_WING_RULE] == 1 else copies
        return min(cap, int(v[LL_WING_CAP])) if v[LL_WING_CAP] > 0 else cap
    if r >= pair_kicker_ranks:
        return 0
    cap = copies - copies % 2
    return min(cap, 2) if v[LL_PAIR_KICKERS_DISTINCT] else cap


def max_moves(v, n_decks: int) -> int:
    """Upper bound on the legal moves of any hand under the landlord rules vector ``v``."""
    return sum(keys_by_kind(v, n_decks).values())


def keys_by_kind(v, n_decks: int) -> dict[int, int]:
    """Per move kind: how many keys of at most ``H`` cards the pack allows (an upper bound on
    that kind's moves in any hand; see the module doc)."""
    h = int(v[CL_HAND_SIZE] + v[LL_KITTY])
    copies = [4 * n_decks] * 13 + [n_decks] * 2
    joker_pairs = bool(v[LL_JOKER_PAIRS]) and n_decks >= 2
    pair_kicker_ranks = 13 + (2 if joker_pairs and v[LL_JOKER_PAIR_KICKER] else 0)
    n = {SINGLE: 15, PAIR: 13 + (2 if joker_pairs else 0), TRIPLE: 13}
    if v[LL_TRIO_SINGLE] and h >= 4:
        n[TRIO_SINGLE] = 13 * 14
    if v[LL_TRIO_PAIR] and h >= 5:
        n[TRIO_PAIR] = 13 * (pair_kicker_ranks - 1)
    if v[LL_FOUR_TWO_SINGLES] and h >= 6:
        n[FOUR_TWO_SINGLES] = 13 * (14 * 13 // 2 + (14 if v[LL_FOUR_SINGLES_MAY_PAIR] else 0))
    if v[LL_FOUR_TWO_PAIRS] and h >= 8:
        k = pair_kicker_ranks - 1
        n[FOUR_TWO_PAIRS] = 13 * (k * (k - 1) // 2 + (0 if v[LL_PAIR_KICKERS_DISTINCT] else k))
    lo = 0 if v[LL_A_LOW] else 2
    lo_trio = 0 if (v[LL_A_LOW] and v[LL_TRIO_A_LOW]) else 2
    n[STRAIGHT] = sum(1 for _ in _chains(lo, 5, 1, h))
    n[PAIR_CHAIN] = sum(1 for _ in _chains(lo, 3, 2, h))
    n[TRIO_CHAIN] = sum(1 for _ in _chains(lo_trio, 2, 3, h))
    for kind, step in ((AIRPLANE_SINGLES, 1), (AIRPLANE_PAIRS, 2)):  # wings of single cards, of pairs
        if not v[LL_AIR_SINGLES if step == 1 else LL_AIR_PAIRS]:
            continue
        n[kind] = 0
        for hi, length in _chains(lo_trio, 2, 3 + step, h):
            if step == 2 and v[LL_AIR_PAIRS_CONSEC]:
                n[kind] += 14  # at most one key per run of pairs (its top position)
                continue
            chain = {pos_rank(p) for p in range(hi - length + 1, hi + 1)}  # its ranks (pos_rank: A low 0, 2 at 1)
            caps = [0 if r in chain else _wing_cap(v, r, step, copies[r], pair_kicker_ranks) for r in range(15)]
            n[kind] += _multisets(caps, step * length, step)
    n[BOMB] = 13 * max(0, min(int(v[LL_MAX_BOMB]), 4 * n_decks) - 3)
    n[ROCKET] = 1 if v[LL_ROCKET] else 0
    n[TIANWANG] = 1 if v[LL_TIANWANG] else 0
    return n
