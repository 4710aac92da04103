"""Legal moves of a 百变双扣 hand and the 相 beat rule (spec §3, §4).

A hand is ``counts[>= 15]``: natural cards per rank index 0..12, then the 小王 (13) and 大王 (14)
held. Output rows are the move records of ``kernels.shuangkou.moves``.

Which moves: every pattern of §3 the hand can play, with wild jokers filling what the hand
lacks (``kernels.shuangkou.wild``). A joker stands only for a rank the hand holds no more
naturals of outside the play ("naturals first"): playing a joker where a natural of that rank
would do never gains anything, so such plays are not generated (the reference applies the same
rule). Which jokers play as wilds is a choice the player keeps: every split of 小王 / 大王 the
hand allows is its own move (field ``big``).

Order of generation (random players rely on it being fixed): singles (jokers last), pairs,
triples, straights, 连对, 连三同张 (by top rank, then length), bombs (rank, then size), 连炸, 三王,
天王; inside each, fewer 大王 first. With ``top`` a play only the moves that beat it are produced
(never PASS; the caller adds it).

Beat rule (§4): a non-bomb play is beaten by the same kind with as many cards and a higher top
rank, or by any bomb-class play. Bomb-class plays compare by ``bomb_power``: 相 first, then the
千变 ladder inside a 相 (三王 and a 天王 of the smallest 7相 lowest, then 连炸 by the number of
bombs, a plain bomb highest), then rank; equal power never beats (two 三王).
"""

from __future__ import annotations

from numba import njit

from kernels.climb.gen import put_move
from kernels.climb.loop import CL_HEADER
from kernels.shuangkou.moves import (
    BOMB, LIANZHA, PAIR, PAIR_CHAIN, PASS, SANWANG, SINGLE, STRAIGHT, TIANWANG, TRIO_CHAIN, TRIPLE,
)
from kernels.shuangkou.wild import TOP_CHAIN_RANK, WILD_BOTH, WILD_NONE

MAX_MOVES = 2048  # whole 27-card hands produce a few hundred moves (the tests check the bound)

# layout of the ``rules`` int64 vector of 双扣 (compiled by ``sim.games.shuangkou.rules.engine_rules``): the
# climbing engine's header ``CL_*`` (kernels.climb.loop: pass locks, 接风 skips, hand size), then these
S_WILD_MODE = CL_HEADER + 0  # 0 both, 1 big_only, 2 none (kernels.shuangkou.wild WILD_*)
S_TIANWANG_TOP = CL_HEADER + 1  # 1: 天王炸弹 is the top play; 0: the smallest 7相
S_LIANZHA = CL_HEADER + 2  # 1: 连炸 allowed
S_JIEFENG = CL_HEADER + 3  # 0 partner (spec §5), 1 next active seat
S_DIRECTION = CL_HEADER + 4  # 0 counter-clockwise (seat + 1), 1 clockwise
S_PARTNER_DRAW = CL_HEADER + 5  # 1: partners by the announced card with the seat swap (SK-2); 0: seats as dealt
S_TIANWANG_XIANG = CL_HEADER + 6  # 相 a 天王炸弹 counts for 翻倍 and tribute (players value it by it)
# the scoring numbers (``sim.games.shuangkou.scoring``), for the search player's money (``kernels.shuangkou.money``)
S_BASE = CL_HEADER + 8  # 基础分 B
S_COUNT_RULE = CL_HEADER + 9  # bomb_count_rule: 0 s001, 1 qianbian, 2 none
S_SIDE_SCOPE = CL_HEADER + 10  # xiang_level_scope: 0 per_player_max, 1 side_total_bombs
S_TRIBUTE_TABLE = CL_HEADER + 11  # contribution_table: 0 s001_extrapolated, 1 qianbian
S_LEN = CL_HEADER + 12

TOP_XIANG = 63  # 相 of a 天王炸弹 with tianwang_rank = top in the ladder (above any real bomb)
assert (SINGLE, PAIR, TRIPLE) == (1, 2, 3)  # _gen_groups: a group's kind is its number of cards


@njit(cache=True, nogil=True, inline="always")
def xiang(kind, size, chain, rules):
    """相 of a bomb-class play as it counts for 翻倍 and tribute: ``bomb_power``'s 相 (a 天王 as the
    ruleset says, ``S_TIANWANG_XIANG``); 0 for other plays."""
    if kind == TIANWANG:
        return rules[S_TIANWANG_XIANG]
    return bomb_power(kind, 0, size, chain, rules) >> 8


@njit(cache=True, nogil=True, inline="always")
def bomb_power(kind, rank, size, chain, rules):
    """One number ordering bomb-class plays (0 for the others): (相 * 16 + place in the 相) * 16 +
    rank + 1, so ``>> 8`` is the 相."""
    if kind == BOMB:
        level, sub = size, 15
    elif kind == LIANZHA:
        level, sub = size // chain + chain, chain
    elif kind == SANWANG:
        level, sub = 6, 0
    elif kind == TIANWANG:
        level, sub = (TOP_XIANG, 0) if rules[S_TIANWANG_TOP] != 0 else (7, 0)
    else:
        return 0
    return (level * 16 + sub) * 16 + rank + 1


@njit(cache=True, nogil=True, inline="always")
def beats_fields(kind, rank, size, chain, top, rules):
    """Does the play (kind, rank, size, chain) beat the record ``top``? Anything beats PASS."""
    if top[0] == PASS:
        return True
    p = bomb_power(kind, rank, size, chain, rules)
    t = bomb_power(top[0], top[1], top[2], top[5], rules)
    if t == 0:
        if p > 0:
            return True
        return kind == top[0] and size == top[2] and rank > top[1]
    return p > t


@njit(cache=True, nogil=True, inline="always")
def beats(move, top, rules):
    return beats_fields(move[0], move[1], move[2], move[5], top, rules)


@njit(cache=True, nogil=True, inline="always")
def _put_splits(out, n, kind, rank, size, wilds, chain, wildas, ws, wb):
    """One move per choice of which wild jokers play: ``big`` 大王 and ``wilds - big`` 小王."""
    if wilds == 0:
        return put_move(out, n, kind, rank, size, 0, 0, chain, wildas)
    for big in range(max(0, wilds - ws), min(wilds, wb) + 1):
        n = put_move(out, n, kind, rank, size, wilds, big, chain, wildas)
    return n


@njit(cache=True, nogil=True)
def _gen_runs(c, kind, per, min_len, lowest_top, want_len, ws, wb, out, n):
    """Runs of ``per`` each within 3..A, wild jokers filling what is missing; by top, then length."""
    w = ws + wb
    for hi in range(max(lowest_top, min_len - 1), TOP_CHAIN_RANK + 1):
        missing, packed = 0, 0
        for length in range(1, hi + 2):
            r = hi - length + 1
            if c[r] < per:
                missing += per - c[r]
                packed |= (per - c[r]) << (4 * r)
                if missing > w:
                    break
            if length >= min_len and (want_len <= 0 or length == want_len):
                n = _put_splits(out, n, kind, hi, per * length, missing, length, packed, ws, wb)
            if want_len > 0 and length >= want_len:
                break
    return n


@njit(cache=True, nogil=True)
def _gen_lianzha(c, top, rules, ws, wb, out, n):
    """连炸: k >= 3 consecutive ranks within 3..A, n >= 4 cards each, wild jokers filling."""
    w = ws + wb
    for hi in range(2, TOP_CHAIN_RANK + 1):
        for k in range(3, hi + 2):
            lo = hi - k + 1
            for per in range(4, 13):
                missing, packed = 0, 0
                for r in range(lo, hi + 1):
                    if c[r] < per:
                        missing += per - c[r]
                        packed |= (per - c[r]) << (4 * r)
                if missing > w:
                    break
                if beats_fields(LIANZHA, hi, per * k, k, top, rules):
                    n = _put_splits(out, n, LIANZHA, hi, per * k, missing, k, packed, ws, wb)
    return n


@njit(cache=True, nogil=True)
def _gen_groups(c, top, lead, ws, wb, out, n):
    """Singles, pairs, triples (kinds 1, 2, 3: as many cards) over a plain ``top``, by rank: naturals,
    else wild jokers making up what a held rank lacks; then the joker singles and identical-joker
    pairs."""
    w = ws + wb
    lowest = 0 if lead else top[1] + 1
    for size in range(SINGLE, TRIPLE + 1):
        if not (lead or top[0] == size):
            continue
        for r in range(lowest, 13):
            if c[r] >= size:
                n = put_move(out, n, size, r, size, 0, 0, 1, 0)
            elif c[r] >= 1 and c[r] + w >= size:
                n = _put_splits(out, n, size, r, size, size - c[r], 1, (size - c[r]) << (4 * r), ws, wb)
        if size < TRIPLE and c[13] >= size and lowest <= 13:
            n = put_move(out, n, size, 13, size, 0, 0, 1, 0)
        if size < TRIPLE and c[14] >= size and lowest <= 14:
            n = put_move(out, n, size, 14, size, 0, size, 1, 0)
    return n


@njit(cache=True, nogil=True)
def _gen_bombs(c, top, rules, ws, wb, out, n):
    """One-rank bombs (naturals + wild jokers, rank then size), 连炸, 三王, 天王 that beat ``top``."""
    w = ws + wb
    sj, bj = c[13], c[14]
    for r in range(13):
        if c[r] == 0:
            continue
        for size in range(4, c[r] + w + 1):
            if beats_fields(BOMB, r, size, 1, top, rules):
                extra = max(0, size - c[r])
                n = _put_splits(out, n, BOMB, r, size, extra, 1, extra << (4 * r), ws, wb)
    if rules[S_LIANZHA] != 0:
        n = _gen_lianzha(c, top, rules, ws, wb, out, n)
    if sj + bj >= 3 and beats_fields(SANWANG, -1, 3, 1, top, rules):
        for big in range(max(0, 3 - sj), min(3, bj) + 1):
            n = put_move(out, n, SANWANG, -1, 3, 0, big, 1, 0)
    if sj >= 2 and bj >= 2 and beats_fields(TIANWANG, -1, 4, 1, top, rules):
        n = put_move(out, n, TIANWANG, -1, 4, 0, 2, 1, 0)
    return n


@njit(cache=True, nogil=True)
def generate_moves(c, top, rules, out):
    """All legal moves of the hand ``c`` over ``top`` (a PASS record when leading); returns how many."""
    mode = rules[S_WILD_MODE]
    ws = c[13] if mode == WILD_BOTH else 0
    wb = c[14] if mode != WILD_NONE else 0
    tk = top[0]
    lead = tk == PASS
    n = 0
    if lead or bomb_power(tk, top[1], top[2], top[5], rules) == 0:
        n = _gen_groups(c, top, lead, ws, wb, out, n)
        lowest = 0 if lead else top[1] + 1
        want = -1 if lead else top[5]
        for kind, per, min_len in ((STRAIGHT, 1, 5), (PAIR_CHAIN, 2, 3), (TRIO_CHAIN, 3, 3)):  # (a call each)
            if lead or tk == kind:
                n = _gen_runs(c, kind, per, min_len, lowest, want, ws, wb, out, n)
    return _gen_bombs(c, top, rules, ws, wb, out, n)


@njit(cache=True, nogil=True, inline="always")
def move_cards(move, out):
    """Cards a move plays: ``out[0..12]`` naturals per rank, ``out[13]`` 小王, ``out[14]`` 大王."""
    for r in range(15):
        out[r] = 0
    kind, rank, size, wilds, big, chain, wildas = move[0], move[1], move[2], move[3], move[4], move[5], move[6]
    if kind == PASS:
        return
    if kind == SANWANG or kind == TIANWANG or rank >= 13:
        out[14] = big
        out[13] = size - big
        return
    per = size // chain
    for r in range(rank - chain + 1, rank + 1):
        out[r] = per - ((wildas >> (4 * r)) & 15)
    out[14] = big
    out[13] = wilds - big
