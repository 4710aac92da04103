"""Bomb ladder and the beat rule of the 仙桃千分 family (spec §7).

Every bomb-class play has a ladder *level* 1..19 (the spec's table, L1 strongest by default);
the ruleset compiles a ``level_strength[20]`` table (higher beats lower) so that house rules
such as "正五十K beats 4-card bombs" only reorder the table. Inside a level, bombs compare by
rank; 王炸 and 五十K levels have no tie-break, and equal never beats.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.climb.moves import BOMB, F_KIND, F_RANK, F_SIZE, F_SUIT, F_WILDS, FIFTY_K, JOKER_BOMB, PAIR, SINGLE, TRIPLE

N_LEVELS = 19
LEVEL_JOKER_BOMB = 13
LEVEL_FIFTY_K_SPADES = 15  # ♠ 15, ♥ 16, ♣ 17, ♦ 18
LEVEL_FIFTY_K_ZA = 19


def default_level_strength(zheng510k_beats_4bomb: bool = False) -> np.ndarray:
    """``strength[level]`` (index 0 unused): the spec's order, optionally 正五十K over 4-bombs."""
    strength = np.zeros(N_LEVELS + 1, np.int64)
    for level in range(1, N_LEVELS + 1):
        strength[level] = (20 - level) * 10
    if zheng510k_beats_4bomb:  # between 王炸 (L13) and 4-card bombs (L14), order kept
        for k, level in enumerate(range(LEVEL_FIFTY_K_SPADES, LEVEL_FIFTY_K_SPADES + 4)):
            strength[level] = strength[LEVEL_JOKER_BOMB] - 2 * (k + 1)
    return strength


@njit(cache=True, nogil=True)
def bomb_level(kind, size, wilds, suit):
    """Ladder level 1..19 of a bomb-class play; 0 for anything else."""
    if kind == BOMB:
        if size >= 13:
            return 1 if size >= 14 else 2
        if wilds == 0 and (size == 7 or size == 8):
            return 11 - size  # hard 8 → 3, hard 7 → 4
        return 17 - size if size >= 5 else 14  # 12 → 5 ... 7 (soft) → 10, 6 → 11, 5 → 12; 4 → 14
    if kind == JOKER_BOMB:
        return LEVEL_JOKER_BOMB
    if kind == FIFTY_K:
        return LEVEL_FIFTY_K_SPADES + suit  # suit 4 (杂) → 19
    return 0


@njit(cache=True, nogil=True)
def move_level(move):
    return bomb_level(move[F_KIND], move[F_SIZE], move[F_WILDS], move[F_SUIT])


@njit(cache=True, nogil=True)
def beats_levels(kind, rank, level, strength, top_kind, top_rank, top_level, top_strength):
    """Does a play beat the top play? Spec §7. Each play is given by its kind, rank, ladder level
    and that level's strength (``level_strength[level]``): scalars only, so the generators call
    this per candidate without handing it arrays."""
    if top_level == 0:
        if level > 0:
            return True
        if kind != top_kind or (kind != SINGLE and kind != PAIR and kind != TRIPLE):
            return False
        return rank > top_rank
    if level == 0:
        return False
    if strength != top_strength:
        return strength > top_strength
    return kind == BOMB and top_kind == BOMB and rank > top_rank


@njit(cache=True, nogil=True)
def beats(move, top, level_strength):
    """Does ``move`` beat ``top`` (both move records)? Spec §7."""
    level, top_level = move_level(move), move_level(top)
    return beats_levels(move[F_KIND], move[F_RANK], level, level_strength[level], top[F_KIND], top[F_RANK], top_level,
                        level_strength[top_level])
