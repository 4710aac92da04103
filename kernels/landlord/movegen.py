"""Pattern generators and the beat rule of the landlord family (斗地主 3p/4p, 上海三打一).

These are the landlord family's generators on the climbing engine: suits never matter, so a hand is only its rank counts ``counts[16]``
(``kernels.cards`` rank index; nibble 15 unused) and a move is the 7-field record of
``kernels.landlord.moves``. Every switch comes from the ruleset block ``rules[LL + ...]`` below,
compiled by ``sim.games.landlord`` from the same option names as the reference
(``tests/reference/landlord_presets.py``), which the tests hold this module to (equal move sets).

Order of generation (random players rely on it being fixed): singles, pairs, trios, 三带一,
三带二, 四带二, 四带二对, chains (单顺, 双顺, 三顺) by top position then length, airplanes with
single wings, airplanes with pair wings, bombs (rank, then size), 火箭, 天王炸. With ``top``
given only moves that beat it are produced (never PASS; the caller adds it).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.landlord.moves import (
    AIRPLANE_PAIRS, AIRPLANE_SINGLES, BOMB, CHAIN_KINDS, FOUR_TWO_PAIRS, FOUR_TWO_SINGLES, PAIR_CHAIN, PASS, ROCKET,
    STRAIGHT, TIANWANG, TRIO_CHAIN, TRIO_PAIR, TRIO_SINGLE,
)

from kernels.climb.gen import chain_pos as seq_pos, pos_rank  # seq_pos: 上海's name for a chain top's position
from kernels.climb.loop import CL_HEADER
from kernels.climb.rankmask import popcount

# --- the landlord family's ``rules`` vector: the climbing header (kernels.climb.loop CL_*), then --
LL = CL_HEADER
# the slots from LL on, in order (what each holds):
#   LL_ROCKET                 火箭 SJ+BJ exists
#   LL_TIANWANG               天王炸 SJ SJ BJ BJ exists
#   LL_JOKER_PAIRS            SJSJ / BJBJ are pairs
#   LL_MAX_BOMB               largest bomb (4 one deck, 8 two decks)
#   LL_A_LOW                  chains on A-low..A-high (上海) instead of 3..A
#   LL_TRIO_A_LOW             trio chains / airplanes also A-low (SH-5)
#   LL_TRIO_SINGLE .. LL_FOUR_TWO_PAIRS: the kicker patterns that exist; LL_AIR_PAIRS_CONSEC 上海: pair
#                             wings form a 双顺 run
#   LL_WING_RULE              0 any, 1 distinct_ranks, 2 s001_literal (D-5)
#   LL_FOUR_SINGLES_MAY_PAIR  D-6
#   LL_WING_CAP               max single wings of one rank, 0 = no cap (OpenSpiel: 3)
#   LL_JOKER_PAIR_KICKER      joker pairs may be kickers (SH-4), where they are pairs
#   LL_CHAIN_HEAD_NOT_BOMB, LL_BOMBS_BEAT_ROCKET: OpenSpiel quirks
# then the game flow (read by kernels.landlord.play):
#   LL_AUCTION                0 one_round, 1 openspiel
#   LL_QIANG                  0 none, 1 after_bidding, 2 after_three
#   LL_MINGPAI                明牌 allowed
#   LL_ALL_PASS               0 redeal, 1 the hand ends with no landlord (OpenSpiel)
#   LL_FLOW                   the game's phases before the tricks (FLOW_*)
#   LL_BOMB_LIMITS            上海 §2.1; LL_TW_LIMIT: 天王炸 counts against the limit
#   LL_MAX_MOVES              rows of the move buffer: kernels.landlord.bounds.max_moves of these rules
(LL_ROCKET, LL_TIANWANG, LL_JOKER_PAIRS, LL_MAX_BOMB, LL_A_LOW, LL_TRIO_A_LOW, LL_TRIO_SINGLE, LL_TRIO_PAIR,
 LL_AIR_SINGLES, LL_AIR_PAIRS, LL_AIR_PAIRS_CONSEC, LL_FOUR_TWO_SINGLES, LL_FOUR_TWO_PAIRS, LL_WING_RULE,
 LL_FOUR_SINGLES_MAY_PAIR, LL_PAIR_KICKERS_DISTINCT, LL_KICKERS_NO_JOKER_BOMB, LL_WING_CAP, LL_JOKER_PAIR_KICKER,
 LL_CHAIN_HEAD_NOT_BOMB, LL_BOMBS_BEAT_ROCKET,
 LL_N_SEATS, LL_KITTY, LL_AUCTION, LL_MAX_BID, LL_QIANG, LL_MINGPAI, LL_ALL_PASS, LL_FLOW, LL_BOMB_LIMITS,
 LL_TW_LIMIT, LL_MAX_MOVES) = range(LL, LL + 32)
LL_LEN = 32
RULES_LEN = LL + LL_LEN

AUCTION_ONE_ROUND, AUCTION_OPENSPIEL = 0, 1
QIANG_NONE, QIANG_AFTER_BIDDING, QIANG_AFTER_THREE = 0, 1, 2
# LL_FLOW: FLOW_AUCTION = random first bidder, 叫分 (抢地主, 明牌 by the options); FLOW_MARKER_DANG =
# 上海三打一 §2/§6: the marker card's holder bids 档 first (明王, 头撂), 摊打, 报到, 荒番, bomb limits
FLOW_AUCTION, FLOW_MARKER_DANG = 0, 1


# Compile cost: the helpers below take scalars (or one array) and are plain functions: numba
# compiles each once and LLVM inlines the small ones where they are called. The generators are
# separate functions that share one ``work`` scratch array by offsets (no slices, no views), so a
# call passes few arrays (numba keeps a reference count per array argument).


@njit(cache=True, nogil=True)
def is_chain_kind(kind):
    return kind in CHAIN_KINDS


@njit(cache=True, nogil=True)
def is_bomb_class(kind):
    return kind == BOMB or kind == ROCKET or kind == TIANWANG


@njit(cache=True, nogil=True)
def bomb_order(kind, rank, size):
    if kind == TIANWANG:
        return 1 << 20
    if kind == ROCKET:
        return 1 << 19
    return size * 100 + rank


@njit(cache=True, nogil=True)
def main_order(kind, rank):
    """Order of a move's main part among moves of its kind (chains by their sequence top)."""
    return seq_pos(rank) if is_chain_kind(kind) else rank


@njit(cache=True, nogil=True)
def beats_key(kind, rank, size, top_kind, top_rank, top_size, bombs_beat_rocket):
    """Does the move (kind, rank, size) beat the top play? (doudizhu.md A4, Part B;
    shanghai-sandayi.md §4). Kickers never matter, so this is decided per main part."""
    if top_kind == PASS:
        return True
    if is_bomb_class(kind):
        if bombs_beat_rocket and kind == BOMB and top_kind == ROCKET:
            return True
        return (not is_bomb_class(top_kind)) or bomb_order(kind, rank, size) > bomb_order(top_kind, top_rank, top_size)
    if is_bomb_class(top_kind):
        return False
    return kind == top_kind and size == top_size and main_order(kind, rank) > main_order(top_kind, top_rank)


@njit(cache=True, nogil=True)
def ll_beats(move, top, rules):
    """Does the move record ``move`` beat the record ``top``?"""
    return beats_key(move[0], move[1], move[2], top[0], top[1], top[2], rules[LL_BOMBS_BEAT_ROCKET] != 0)


@njit(cache=True, nogil=True)
def _put(out, n, want, kind, rank, size, chain, kickers):
    """Write move number ``n`` (one its caller wants: ``_wants``) to ``out[n]`` (``want`` -1: every
    move) or to ``out[0]`` (``want`` = n). The generators call it only for a move written and
    count the others themselves: a call passing an array costs numba a reference count of it."""
    i = n if want == -1 else np.int64(0)
    if i >= out.shape[0]:  # never with a buffer of kernels.landlord.bounds.max_moves rows
        raise ValueError("move buffer full: size it with kernels.landlord.bounds.max_moves")
    out[i, 0] = kind
    out[i, 1] = rank
    out[i, 2] = size
    out[i, 3] = 0
    out[i, 4] = -1
    out[i, 5] = chain
    out[i, 6] = kickers


@njit(cache=True, nogil=True, inline="always")
def _wants(want, n):
    """Is move number ``n`` written (``want`` -1: all of them; else only number ``want``)?"""
    return want == -1 or want == n


@njit(cache=True, nogil=True, inline="always")
def _skip(want, n, count):
    """Lazy generation (``want`` != -1): does a group of ``count`` moves from number ``n`` on
    miss the wanted one (only counted, never enumerated)?"""
    return want != -1 and not (n <= want < n + count)


@njit(cache=True, nogil=True, inline="always")
def _past(want, n):
    """Lazy generation: the wanted move is written (nothing after it is needed)."""
    return 0 <= want < n


@njit(cache=True, nogil=True, inline="always")
def _joker_bomb_in(sj, bj, rules):
    """Kicker cards holding a whole joker bomb of the game (forbidden as kickers)."""
    if rules[LL_KICKERS_NO_JOKER_BOMB] == 0:
        return False
    if rules[LL_ROCKET] != 0 and sj >= 1 and bj >= 1:
        return True
    return rules[LL_TIANWANG] != 0 and sj >= 2 and bj >= 2


@njit(cache=True, nogil=True, inline="always")
def _lo_pos(kind, rules):
    """First chain position of ``kind``: 0 (the low A) where the rules allow it (trio chains and
    airplanes by their own rule), else 2 (the 3)."""
    trio = kind == TRIO_CHAIN or kind == AIRPLANE_SINGLES or kind == AIRPLANE_PAIRS
    return 0 if rules[LL_A_LOW] != 0 and (not trio or rules[LL_TRIO_A_LOW] != 0) else 2


# ``work`` scratch layout (int64, WORK_LEN entries): the chain's rank counts, the wing caps per
# rank, the ranks that may take wings, suffix sums of their caps, the wing counts being tried
# (or the ways to make each wing total, when counted), and the move wanted (``_put``)
W_NEED, W_CAP, W_RANKS, W_SUFFIX, W_WING, W_WANT = 0, 16, 32, 48, 64, 80
WORK_LEN = 81


@njit(cache=True, nogil=True)
def _count_wings(work, m, total, step, rules):
    """How many wing sets ``_gen_wings`` writes, without them: the ways to make ``total`` from the
    non-joker ranks' caps (a product of polynomials, in ``work[W_WING + t]``), then each joker
    choice the joker-bomb rule allows; -1 when the total is too large to count here."""
    if total >= 16:
        return np.int64(-1)
    for t in range(total + 1):
        work[W_WING + t] = 0
    work[W_WING] = 1
    cap_sj, cap_bj = 0, 0
    for i in range(m):
        r, cap = work[W_RANKS + i], work[W_CAP + i]
        if r == 13:
            cap_sj = cap
        elif r == 14:
            cap_bj = cap
        else:
            for t in range(total, 0, -1):
                s = 0
                for v in range(step, min(cap, t) + 1, step):
                    s += work[W_WING + t - v]
                work[W_WING + t] += s
    count = np.int64(0)
    for sj in range(0, min(cap_sj, total) + 1, step):
        for bj in range(0, min(cap_bj, total - sj) + 1, step):
            if not _joker_bomb_in(sj, bj, rules):
                count += work[W_WING + total - sj - bj]
    return count


@njit(cache=True, nogil=True)
def _gen_wings(c, work, step, kind, rank, chain, rules, out, n):
    """Every wing multiset of ``step * chain`` cards (``step`` 2: pairs) on ranks outside the chain
    of ``chain`` trios (``work[W_NEED + r] > 0``), in increasing order of (count of rank 0, of rank
    1, ...). Every key has the chain's main part, so when following the caller has already checked
    the beat."""
    want = work[W_WANT]
    total = step * chain
    size = (3 + step) * chain
    pairs = step == 2
    m = _wing_caps(c, work, pairs, rules)
    if work[W_SUFFIX] < total:
        return n
    if want != -1 and (pairs or rules[LL_WING_RULE] != 2):  # lazy: count them, enumerate only the wanted
        count = _count_wings(work, m, total, step, rules)
        if count >= 0 and _skip(want, n, count):
            return n + count
    for i in range(m):
        work[W_WING + i] = -1
    packed = np.int64(0)  # the wings as packed rank counts, kept in step with work[W_WING + ...]
    i = 0
    rem = total
    wing_rule = rules[LL_WING_RULE]
    while i >= 0:
        if i == m:  # rem == 0 here: the suffix test below leaves nothing over
            sj = (packed >> 52) & 15
            bj = (packed >> 56) & 15
            if not _joker_bomb_in(sj, bj, rules):
                ok = True
                if not pairs and wing_rule == 2:  # s001_literal: all equal (one rank) or all distinct
                    nz = 0  # ranks taking wings; all distinct: as many as the wing cards
                    for j in range(m):
                        if work[W_WING + j] > 0:
                            nz += 1
                    ok = nz == 1 or nz == total
                if ok:
                    if _wants(want, n):
                        _put(out, n, want, kind, rank, size, chain, packed)
                    n += 1
            i -= 1
            continue
        shift = 4 * work[W_RANKS + i]
        cur = work[W_WING + i]
        if cur < 0:
            v = 0
        else:
            rem += cur
            packed -= cur << shift
            v = cur + step
        hi = work[W_CAP + i] if work[W_CAP + i] < rem else rem
        while v <= hi and rem - v > work[W_SUFFIX + i + 1]:
            v += step
        if v > hi:
            work[W_WING + i] = -1
            i -= 1
            continue
        work[W_WING + i] = v
        packed += v << shift
        rem -= v
        i += 1
    return n


@njit(cache=True, nogil=True)
def _wing_caps(c, work, pairs, rules):
    """The ranks that may take wings (``work[W_RANKS + i]``, outside the chain's
    ``work[W_NEED + r]``), their caps (``W_CAP``) and the suffix sums of the caps (``W_SUFFIX``);
    how many ranks."""
    wing_rule = rules[LL_WING_RULE]
    cap = rules[LL_WING_CAP]
    joker_pair_wings = rules[LL_JOKER_PAIRS] != 0 and rules[LL_JOKER_PAIR_KICKER] != 0
    m = 0  # ranks that can take a wing, in rank order
    for r in range(15):
        k = 0 if work[W_NEED + r] > 0 else c[r]
        if pairs:
            if r >= 13 and not joker_pair_wings:
                k = 0
            k -= k % 2
            if rules[LL_PAIR_KICKERS_DISTINCT] != 0 and k > 2:
                k = 2
        else:
            if wing_rule == 1 and k > 1:
                k = 1
            if cap > 0 and k > cap:
                k = cap
        if k > 0:
            work[W_RANKS + m] = r
            work[W_CAP + m] = k
            m += 1
    work[W_SUFFIX + m] = 0
    for i in range(m - 1, -1, -1):
        work[W_SUFFIX + i] = work[W_SUFFIX + i + 1] + work[W_CAP + i]
    return m


@njit(cache=True, nogil=True)
def ll_generate(c, top, rules, out, work, want):
    """The legal moves of rank counts ``c`` over ``top`` (a PASS record when leading), in the
    module's order: ``want`` -1 writes every one into ``out`` and returns how many; ``want`` -2 only
    counts them (returned); ``want`` >= 0 writes move number ``want`` of that list into ``out[0]``
    (the random player's lazy draw: the same move as from the full list, without listing it).

    ``work`` is an int64 scratch buffer of at least ``WORK_LEN`` entries (no allocation per call).
    It walks the order kind by kind, from rank masks (bit r: rank r held at least 1, 2, 3, 4
    times). Lazily, each kind is counted without listing it; the kind holding move ``want`` builds
    only that move (the k-th rank of a mask, the k-th kicker of a trio) or its generator runs with
    ``want`` set (四带二 and plain chains count in closed form; airplanes count their wings).
    (A call, not inlined into the turn loop through ``kernels.landlord.policies.random_move``:
    inlined, it cost 斗地主's play engine 6 CPU-s of compile; called, the random player plays
    0.98–1.01 as fast.)"""
    m1, m2, m3, m4, quads = np.int64(0), np.int64(0), np.int64(0), np.int64(0), np.int64(0)
    for r in range(15):
        k = c[r]
        m1 |= np.int64(k >= 1) << r
        m2 |= np.int64(k >= 2) << r
        m3 |= np.int64(k >= 3) << r
        m4 |= np.int64(k >= 4) << r
        quads |= np.int64(k == 4) << r
    tk = top[0]
    lead = tk == PASS
    n = np.int64(0)  # (not a literal: kernels/__init__, compile cost)
    if not is_bomb_class(tk):
        above = ~((np.int64(1) << (top[1] + 1)) - 1) if not lead else np.int64(-1)  # ranks that beat the top
        jp = rules[LL_JOKER_PAIRS] != 0 and rules[LL_JOKER_PAIR_KICKER] != 0
        for k in range(1, 4):  # singles, pairs, trios (SINGLE, PAIR, TRIPLE: the kind is the card count)
            if lead or tk == k:
                ranks = 0x7FFF if k == 1 or (k == 2 and rules[LL_JOKER_PAIRS] != 0) else 0x1FFF
                n = _gen_sets((m1 if k == 1 else (m2 if k == 2 else m3)) & above & ranks, k, out, n, want)
        for each in range(1, 3):  # 三带一 (a single kicker), 三带二 (a pair kicker)
            if (lead or tk == _TRIO_KIND[each]) and rules[_TRIO_RULE[each]] != 0:
                kickers = m1 & 0x7FFF if each == 1 else m2 & (0x7FFF if jp else 0x1FFF)
                n = _gen_trios(m3 & above & 0x1FFF, kickers, np.int64(_TRIO_KIND[each]), each, out, n, want)
        if _past(want, n):
            return n
        fours = m4 & above & 0x1FFF
        for each in range(1, 3):  # 四带二 (single kickers), 四带二对 (pair kickers)
            if fours != 0 and (lead or tk == _FOUR_TWO_KIND[each]) and rules[_FOUR_TWO_RULE[each]] != 0:
                for f in range(13):
                    if (fours >> f) & 1:
                        n = _four_two(c, f, np.int64(each), rules, out, n, want)
                if _past(want, n):
                    return n
        if lead or is_chain_kind(tk):
            count = _lazy_chain_count(m1, m2, m3, quads, c[11], top, rules) if want != -1 else np.int64(-1)
            if count >= 0 and _skip(want, n, count):  # lazily, no chain wanted: counted without the call
                n += count
            else:
                work[W_WANT] = want
                n = _gen_chains(c, top, m1, m2, m3, quads, rules, out, n, work)
                if _past(want, n):
                    return n
    if m4 == 0 and (m1 >> 13) == 0:  # no bomb of any kind
        return n
    return _gen_bombs(c, top, rules, out, n, want)


_TRIO_KIND = (0, TRIO_SINGLE, TRIO_PAIR)  # by kicker size (1 single, 2 pair)
_TRIO_RULE = (0, LL_TRIO_SINGLE, LL_TRIO_PAIR)
_FOUR_TWO_KIND = (0, FOUR_TWO_SINGLES, FOUR_TWO_PAIRS)
_FOUR_TWO_RULE = (0, LL_FOUR_TWO_SINGLES, LL_FOUR_TWO_PAIRS)


@njit(cache=True, nogil=True)
def _four_two(c, f, each, rules, out, n, want):
    """The 四带二 moves of the four ``f`` (``each`` 1: two single kickers, 2: two pair kickers), in
    kicker order, from number ``n`` on (``want`` as ``_put``); the next number. Two kickers of one
    rank (a pair, or four cards) only where the rules allow it, never a whole joker bomb."""
    pairs = each == 2
    kind = np.int64(FOUR_TWO_PAIRS if pairs else FOUR_TWO_SINGLES)
    size = 4 + 2 * each
    hi = 15 if (not pairs or (rules[LL_JOKER_PAIRS] != 0 and rules[LL_JOKER_PAIR_KICKER] != 0)) else 13
    doubled = rules[LL_PAIR_KICKERS_DISTINCT] == 0 if pairs else rules[LL_FOUR_SINGLES_MAY_PAIR] != 0
    if want != -1:  # lazy: count them in closed form, enumerate only when the wanted one is among them
        m, count = np.int64(0), np.int64(0)  # kicker ranks; ranks that may give both kickers
        for a in range(hi):
            if a != f and c[a] >= each:
                m += 1
                if doubled and c[a] >= 2 * each:
                    count += 1
        count += m * (m - 1) // 2  # two kicker ranks, less the joker bomb where it is forbidden
        if hi == 15 and c[13] >= each and c[14] >= each and _joker_bomb_in(each, each, rules):
            count -= 1
        if _skip(want, n, count):
            return n + count
    for a in range(hi):
        if a == f or c[a] < each:
            continue
        if doubled and c[a] >= 2 * each:
            if _wants(want, n):
                _put(out, n, want, kind, f, size, np.int64(1), (2 * each) << (4 * a))
            n += 1
        for b in range(a + 1, hi):
            if b != f and c[b] >= each and not _joker_bomb_in(each if a == 13 else 0, each if b == 14 else 0, rules):
                if _wants(want, n):
                    _put(out, n, want, kind, f, size, np.int64(1), (each << (4 * a)) | (each << (4 * b)))
                n += 1
    return n


@njit(cache=True, nogil=True, inline="always")
def _gen_bombs(c, top, rules, out, n, want):
    """Bombs (rank, then size), 火箭, 天王炸 that beat ``top`` (all of them when leading), from
    number ``n`` on (``want`` as ``_put``); the next number."""
    tk, trank, tsize = top[0], top[1], top[2]
    lead = tk == PASS
    bbr = rules[LL_BOMBS_BEAT_ROCKET] != 0
    for r in range(13):
        hi = c[r] if c[r] < rules[LL_MAX_BOMB] else rules[LL_MAX_BOMB]
        for size in range(4, hi + 1):
            if lead or beats_key(np.int64(BOMB), r, size, tk, trank, tsize, bbr):
                if _wants(want, n):
                    _put(out, n, want, np.int64(BOMB), r, size, np.int64(1), np.int64(0))
                n += 1
    for k in range(1, 3):  # 火箭 (one of each joker), 天王炸 (two of each)
        kind = np.int64(ROCKET if k == 1 else TIANWANG)
        if rules[LL_ROCKET if k == 1 else LL_TIANWANG] != 0 and c[13] >= k and c[14] >= k and (
                lead or beats_key(kind, np.int64(-1), np.int64(2 * k), tk, trank, tsize, bbr)):
            if _wants(want, n):
                _put(out, n, want, kind, np.int64(-1), np.int64(2 * k), np.int64(1), np.int64(0))
            n += 1
    return n


@njit(cache=True, nogil=True, inline="always")
def _nth_bit(m, k):
    """Index of the k-th lowest set bit of ``m`` (k from 0; m below 2**16)."""
    for _ in range(k):
        m &= m - 1
    return popcount((m & -m) - 1)


@njit(cache=True, nogil=True, inline="always")
def _positions(m):
    """Rank mask ``m`` as a mask of sequence positions (``pos_rank``: A at 0 and 13, 2 at 1)."""
    return ((m & 0xFFF) << 2) | ((m >> 11) & 3)


@njit(cache=True, nogil=True, inline="always")
def _built(want, n, count):
    """Which of a group of ``count`` moves from number ``n`` on are written: ``range(lo, hi)`` of
    their numbers in the group (all when ``want`` is -1, else the wanted one's, or none)."""
    if want == -1:
        return 0, count
    if _skip(want, n, count):
        return 0, 0
    return want - n, want - n + 1


@njit(cache=True, nogil=True, inline="always")
def _gen_sets(mask, k, out, n, want):
    """Singles, pairs or trios (``k`` cards: the kind) on the ranks of ``mask``, in rank order:
    every one, or lazily only the wanted one (``_built``); the next move number."""
    count = popcount(mask)
    lo, hi = _built(want, n, count)
    for j in range(lo, hi):
        _put(out, n + j, want, k, _nth_bit(mask, j), k, np.int64(1), np.int64(0))
    return n + count


@njit(cache=True, nogil=True, inline="always")
def _gen_trios(trios, kickers, kind, each, out, n, want):
    """三带一 / 三带二 (``each`` cards of a kicker rank): every trio of ``trios`` with every other
    rank of ``kickers`` (a trio's own rank is in ``kickers``), trio then kicker in rank order."""
    per = popcount(kickers) - 1  # kickers of each trio
    count = popcount(trios) * per
    lo, hi = _built(want, n, count)
    for j in range(lo, hi):
        t = _nth_bit(trios, j // per)
        kick = _nth_bit(kickers & ~(np.int64(1) << t), j % per)
        _put(out, n + j, want, kind, t, 3 + each, np.int64(1), each << (4 * kick))
    return n + count


@njit(cache=True, nogil=True, inline="always")
def _count_chains(held, per, min_len, lo, top, quads, aces, rules):
    """How many plain chains of ``per`` cards a rank ``_gen_chains`` writes from the positions
    ``held`` (``quads``: ranks held exactly 4 times; ``aces``: the count of A)."""
    lead = top[0] == PASS
    first = lo + min_len - 1 if lead else max(lo + min_len - 1, seq_pos(top[1]) + 1)
    heads = _positions(quads) if rules[LL_CHAIN_HEAD_NOT_BOMB] != 0 else np.int64(0)  # excluded low ends
    count = np.int64(0)
    run = np.int64(0)
    for hi in range(lo, 14):
        run = run + 1 if (held >> hi) & 1 else np.int64(0)
        if hi < first or run < min_len:
            continue
        longest = min(run, 13)  # (14 positions hold A twice: below)
        if lead:
            count += longest - min_len + 1 - popcount(heads & (((2 << (hi - min_len + 1)) - 1) >> (hi - longest + 1)
                                                                << (hi - longest + 1)))
            if run == 14 and aces >= 2 * per and (heads & 1) == 0:
                count += 1
        elif top[5] <= longest:
            count += 1 - ((heads >> (hi - top[5] + 1)) & 1)
    return count


@njit(cache=True, nogil=True, inline="always")
def _chain_shape(kind, m1, m2, m3, rules):
    """A chain kind's cards per rank, shortest length, wings (0 none, 1 singles, 2 pairs), first
    position (``_lo_pos``) and the positions held that many times from there on (rank masks
    ``m1``..``m3`` of ``ll_generate``)."""
    per = 1 if kind == STRAIGHT else (2 if kind == PAIR_CHAIN else 3)
    min_len = 5 if kind == STRAIGHT else (3 if kind == PAIR_CHAIN else 2)
    wing = 0 if kind <= TRIO_CHAIN else (1 if kind == AIRPLANE_SINGLES else 2)
    lo = _lo_pos(kind, rules)
    held = _positions(m1 if per == 1 else (m2 if per == 2 else m3)) >> lo << lo
    return per, min_len, wing, lo, held


@njit(cache=True, nogil=True, inline="always")
def _lazy_chain_count(m1, m2, m3, quads, aces, top, rules):
    """How many chains ``_gen_chains`` writes, counted from the rank masks without calling it (a
    call passes five arrays: the random player's draw on a lead would pay for it every time), or
    -1 when an airplane may be among them (two trios in a row where airplanes are allowed:
    ``_gen_chains`` counts those)."""
    tk = top[0]
    count = np.int64(0)
    for kind in CHAIN_KINDS:
        if not (tk == PASS or tk == kind):
            continue
        per, min_len, wing, lo, held = _chain_shape(kind, m1, m2, m3, rules)
        if wing > 0:
            if rules[LL_AIR_SINGLES if wing == 1 else LL_AIR_PAIRS] != 0 and held & (held >> 1) != 0:
                return np.int64(-1)
            continue
        count += _count_chains(held, per, min_len, lo, top, quads, aces, rules)
    return count


@njit(cache=True, nogil=True)
def _gen_chains(c, top, m1, m2, m3, quads, rules, out, n, work):
    """Chains (单顺, 双顺, 三顺) and airplanes, by kind, top position, then length, from the rank
    masks of ``ll_generate``. Following, only chains of the top's kind and length above its top:
    they all beat it, wings whatever. Lazily (``work[W_WANT]`` >= -2), a kind of plain chains not
    holding the wanted move is only counted."""
    want = work[W_WANT]
    tk = top[0]
    lead = tk == PASS
    for r in range(15):  # a chain's rank counts: zero between top positions
        work[W_NEED + r] = 0
    for kind in CHAIN_KINDS:
        if not (lead or tk == kind):
            continue
        per, min_len, wing, lo, runs = _chain_shape(kind, m1, m2, m3, rules)  # runs: positions held per times
        if wing > 0 and rules[LL_AIR_SINGLES if wing == 1 else LL_AIR_PAIRS] == 0:
            continue
        if wing == 0 and want != -1:
            count = _count_chains(runs, per, min_len, lo, top, quads, c[11], rules)
            if _skip(want, n, count):
                n += count
                continue
        for _ in range(min_len - 1):  # bit p: positions p .. p + min_len - 1 all held per times
            runs &= runs >> 1
        if runs == 0:
            continue
        for hi_pos in range(lo + min_len - 1, 14):
            if not lead and hi_pos <= seq_pos(top[1]):
                continue
            if (runs >> (hi_pos - min_len + 1)) & 1 == 0:  # no chain of min_len tops here
                continue
            low = hi_pos + 1  # the lowest position counted into W_NEED (zeroed after)
            for length in range(1, hi_pos - lo + 2):
                p = hi_pos - length + 1
                rr = pos_rank(p)
                work[W_NEED + rr] += per
                low = p
                if c[rr] < work[W_NEED + rr]:
                    break
                if length < min_len or (not lead and length != top[5]):  # following: the top's length
                    continue
                size = per * length
                top_rank = pos_rank(hi_pos)
                if wing == 0:
                    if rules[LL_CHAIN_HEAD_NOT_BOMB] != 0 and c[rr] == 4:
                        continue
                    if _wants(want, n):
                        _put(out, n, want, kind, top_rank, size, length, np.int64(0))
                    n += 1
                elif wing == 1:
                    n = _gen_wings(c, work, np.int64(1), kind, top_rank, length, rules, out, n)
                elif rules[LL_AIR_PAIRS_CONSEC] == 0:
                    n = _gen_wings(c, work, np.int64(2), kind, top_rank, length, rules, out, n)
                else:
                    n = _consecutive_pair_wings(c, work, length, kind, top_rank, rules, out, n)
            for p in range(low, hi_pos + 1):
                work[W_NEED + pos_rank(p)] = 0
            if _past(want, n):
                return n
    return n


@njit(cache=True, nogil=True)
def _consecutive_pair_wings(c, work, length, kind, top_rank, rules, out, n):
    """上海 飞机: the ``length`` pair wings are themselves a run on the 双顺 sequence, on ranks
    outside the chain (``work[W_NEED + r] > 0``)."""
    want = work[W_WANT]
    lo = _lo_pos(np.int64(PAIR_CHAIN), rules)
    for hi_pos in range(lo + length - 1, 14):
        for r in range(15):
            work[W_WING + r] = 0
        ok = True
        packed = np.int64(0)
        for p in range(hi_pos - length + 1, hi_pos + 1):
            rr = pos_rank(p)
            work[W_WING + rr] += 2
            packed += 2 << (4 * rr)
            if work[W_NEED + rr] > 0 or c[rr] < work[W_WING + rr]:
                ok = False
                break
        if ok and not (rules[LL_PAIR_KICKERS_DISTINCT] != 0 and length >= 14):
            if _wants(want, n):
                _put(out, n, want, kind, top_rank, 5 * length, length, packed)
            n += 1
    return n


@njit(cache=True, nogil=True, inline="always")
def ll_move_counts(move, out):
    """Rank counts ``out[15]`` of the cards a move plays (a key fixes them: suits do not matter).
    (Inlined into the turn loop, its one kernel caller: a call costs a reference count per array.)"""
    kind = move[0]
    kickers = 0
    for r in range(15):
        out[r] = 0 if kind == PASS else (move[6] >> (4 * r)) & 15
        kickers += out[r]
    if kind == ROCKET or kind == TIANWANG:  # one or two of each joker (rank -1, no kickers)
        out[13] = move[2] // 2
        out[14] = move[2] // 2
    elif is_chain_kind(kind):  # each rank of the chain: the cards but the kickers (wings) over its length
        hi = seq_pos(move[1])
        for p in range(hi - move[5] + 1, hi + 1):
            out[pos_rank(p)] += (move[2] - kickers) // move[5]
    elif kind != PASS:
        out[move[1]] += move[2] - kickers  # the main rank: every card but the kickers


def empty_work() -> np.ndarray:
    return np.zeros(WORK_LEN, np.int64)
