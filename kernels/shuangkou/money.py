"""百变双扣 money of one finished hand inside numba: the search player's yardstick.

The formula of ``sim.games.shuangkou.scoring.score`` (spec §6, §7: 双扣 / 单扣 / 平扣 units, 翻倍
from the winning side's 相, tribute from players of >= 6相) read from one hand's fact row
(``kernels.shuangkou.layout.HAND_LAYOUT``, by player) instead of columns of stored rows; the
scoring options come in the engine's rules vector (``S_BASE`` …). ``tests/games/
test_shuangkou_search.py`` checks that ``player_money`` equals the scorer's ``s{k}_money`` on
every hand of played runs.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.shuangkou.layout import HAND_LAYOUT
from kernels.shuangkou.movegen import S_BASE, S_COUNT_RULE, S_SIDE_SCOPE, S_TIANWANG_XIANG, S_TRIBUTE_TABLE

N_PLAYERS = 4
ROW_SEAT, ROW_FINISH, ROW_BOMBS, ROW_GE5, ROW_MAX_XIANG, ROW_TIANWANG = map(
    HAND_LAYOUT.at, ("seat", "finish", "bombs", "bombs_ge5", "max_xiang", "tianwang"))
COUNT_S001, COUNT_QIANBIAN = 0, 1
UNITS = (3, 2, 1)


@njit(cache=True, nogil=True, inline="always")
def count_level(n_bombs, n_ge5, rule):
    """相 a number of bomb plays counts as (SK-7; ``scoring.count_level``)."""
    if rule == COUNT_S001:
        return n_bombs + 2 if n_bombs >= 3 else 0
    if rule == COUNT_QIANBIAN:
        return max(n_bombs + 2 if n_bombs >= 4 else 0, 6 if n_ge5 >= 2 else 0)
    return 0


@njit(cache=True, nogil=True, inline="always")
def tribute_each(level, value, rules):
    """What a player of ``level`` receives from each other player (0 under 6相)."""
    if level < 6:
        return 0
    if rules[S_TRIBUTE_TABLE] == 0:
        return (2 * level - 11) * rules[S_BASE]
    return (1 << (level - 5)) * value


@njit(cache=True, nogil=True)
def player_money(player, row, rules):
    """Money of ``player`` for a finished hand's row: ±V·F for his team's result plus the tribute
    he receives minus what he pays."""
    first, second, third = -1, -1, -1
    for k in range(N_PLAYERS):
        place = row[ROW_FINISH + k]
        if place == 1:
            first = k
        elif place == 2:
            second = k
        elif place == 3:
            third = k
    win = row[ROW_SEAT + max(first, 0)] % 2
    units = UNITS[0 if second >= 0 and row[ROW_SEAT + second] % 2 == win else
                  1 if third >= 0 and row[ROW_SEAT + third] % 2 == win else 2]  # 双扣, 单扣, 平扣
    value = units * rules[S_BASE]
    rule = rules[S_COUNT_RULE]
    levels = np.zeros(N_PLAYERS, np.int64)
    side_level, side_biggest, side_bombs, side_ge5, total_each = 0, 0, 0, 0, 0
    for k in range(N_PLAYERS):
        biggest = row[ROW_MAX_XIANG + k]
        if row[ROW_TIANWANG + k] > 0:
            biggest = max(biggest, rules[S_TIANWANG_XIANG])
        levels[k] = max(biggest, count_level(row[ROW_BOMBS + k], row[ROW_GE5 + k], rule))
        total_each += tribute_each(levels[k], value, rules)
        if row[ROW_SEAT + k] % 2 == win:
            side_level = max(side_level, levels[k])
            side_biggest = max(side_biggest, biggest)
            side_bombs += row[ROW_BOMBS + k]
            side_ge5 += row[ROW_GE5 + k]
    if rules[S_SIDE_SCOPE] != 0:
        side_level = max(side_biggest, count_level(side_bombs, side_ge5, rule))
    mult = (1 << (side_level - 4)) if side_level >= 5 else 1
    hand = value * mult if row[ROW_SEAT + player] % 2 == win else -value * mult
    return float(hand + N_PLAYERS * tribute_each(levels[player], value, rules) - total_each)
