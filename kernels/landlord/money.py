"""Landlord-family money of one finished hand inside numba: the search player's yardstick.

The same settlement as ``sim.games.landlord.scoring`` (斗地主 factors) and
``sim.games.shanghai.scoring`` (上海 §7), read from one kernel row (``kernels.landlord.rows``)
instead of columns; ``tests/games/test_landlord_search.py`` checks that both give the same money
on every row of played runs. The ruleset's numbers come compiled by the game into one float64
vector (layout ``MV_*``; ``Family.money``): factors a game lacks are 1 there and its rows hold 0 for
the facts it never has (so one formula serves the family).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.landlord.rows import (
    ROW_BAODAO, ROW_BAODAO_SETS, ROW_BID, ROW_BOMBS_PLAYED, ROW_FANCHUN, ROW_HUANGFAN, ROW_LANDLORD, ROW_LANDLORD_WON,
    ROW_MINGPAI, ROW_MINGWANG, ROW_QIANG, ROW_ROCKETS_PLAYED, ROW_SPRING, ROW_TIANWANG_PLAYED, ROW_TOULIAO,
    BAODAO_BUDA, BAODAO_DA, BAODAO_NONE,
)

(MV_BASE, MV_QIANG, MV_MINGPAI, MV_BOMB, MV_ROCKET, MV_TIANWANG, MV_ANY_BOMB, MV_SPRING, MV_FANCHUN, MV_HUANGFAN,
 MV_HF_STACKS, MV_MINGWANG, MV_TOULIAO, MV_BAODAO_SETS, MV_PZ) = range(15)
MV_LEN = 15
TOULIAO_NONE, TOULIAO_AS_4_DANG, TOULIAO_EXTRA_X4 = 0, 1, 2  # MV_TOULIAO codes


def money_vector(**values) -> np.ndarray:
    """The ``MV_*`` vector from named values (lower-case names without ``MV_``); unnamed factors 1,
    flags 0."""
    v = np.ones(MV_LEN, np.float64)
    v[[MV_HF_STACKS, MV_TOULIAO, MV_BAODAO_SETS, MV_PZ]] = 0.0
    for k, x in values.items():
        v[globals()["MV_" + k.upper()]] = float(x)
    return v


@njit(cache=True, nogil=True)
def stake(row, mv):
    """The landlord's stake per farmer, ``base × D × M``, signed for a farmer: + when the landlord
    lost, - when he won (0 without a landlord)."""
    if row[ROW_LANDLORD] < 0:
        return 0.0
    won = row[ROW_LANDLORD_WON] == 1
    baodao = row[ROW_BAODAO]
    dang = float(row[ROW_BID])
    m = 1.0
    touliao = row[ROW_TOULIAO] == 1 and not (mv[MV_PZ] != 0 and baodao == BAODAO_BUDA)
    if touliao:
        if mv[MV_TOULIAO] == TOULIAO_AS_4_DANG:
            dang = 4.0 if won else 3.0
        elif mv[MV_TOULIAO] == TOULIAO_EXTRA_X4 and won:
            m *= 4.0
    m *= mv[MV_QIANG] ** row[ROW_QIANG]
    if row[ROW_MINGPAI] == 1:
        m *= mv[MV_MINGPAI]
    b, r, t = row[ROW_BOMBS_PLAYED], row[ROW_ROCKETS_PLAYED], row[ROW_TIANWANG_PLAYED]
    m *= mv[MV_BOMB] ** b * mv[MV_ROCKET] ** r * mv[MV_TIANWANG] ** t * mv[MV_ANY_BOMB] ** (b + r + t)
    if row[ROW_SPRING] == 1:
        m *= mv[MV_SPRING]
    if row[ROW_FANCHUN] == 1:
        m *= mv[MV_FANCHUN]
    hf = row[ROW_HUANGFAN]
    if hf > 0:
        m *= mv[MV_HUANGFAN] ** hf if mv[MV_HF_STACKS] != 0 else mv[MV_HUANGFAN]
    if row[ROW_MINGWANG] == 1:
        m *= mv[MV_MINGWANG]
    if baodao != BAODAO_NONE and (mv[MV_BAODAO_SETS] != 0 or mv[MV_PZ] != 0):
        m *= row[ROW_BAODAO_SETS]
    if baodao == BAODAO_DA:
        m *= 2.0 if won else 0.0
    per = mv[MV_BASE] * dang * m
    return -per if won else per


@njit(cache=True, nogil=True)
def seat_money(row, seat, n_seats, mv):
    """Money of ``seat`` for a finished hand's row: the landlord wins or pays the stake to each farmer."""
    s = stake(row, mv)
    if row[ROW_LANDLORD] == seat:
        return -(n_seats - 1) * s + 0.0
    return s + 0.0
