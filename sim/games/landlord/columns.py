"""The landlord family's play columns, declared once: the kernel's raw facts
(``kernels.landlord.layout``), what the deal and the facts give without any rule (roles, holdings,
the kitty), and the scored columns (``Scoring.score`` of the game; rewritten by ``paiju
rescore``). ``docs/schema.md`` is generated from ``play_columns``.
"""

from __future__ import annotations

import pyarrow as pa

from kernels.landlord.layout import PLAY
from sim.schema import DICT, PLAY_INDEX_COLUMNS, Column, layout_columns, per_seat, policy_columns

POLICIES = ("random", "greedy", "smart", "search")
ROLES = ("landlord", "farmer", "none")
ROLE_LABELS = {"landlord": "地主", "farmer": "农民", "none": "no game (all passed)"}
RANK_CHARS = "3456789TJQKA2SB"  # rank index → one character (T = 10, S = 小王, B = 大王)


def derived_columns(n_seats: int) -> list[Column]:
    c = [
        Column("kitty", pa.string(), "底牌 ranks, e.g. '39B' (T = 10, S = 小王, B = 大王)"),
        Column("kitty_jokers", pa.int8(), "jokers in the kitty"),
        Column("kitty_twos", pa.int8(), "2s in the kitty"),
        Column("kitty_made_bomb", pa.bool_(), "the kitty completed a bomb (or the rocket) for the landlord"),
        Column("landlord_plays", pa.int16(), "plays (not passes) by the landlord"),
    ]
    c += per_seat("role", DICT, "landlord | farmer | none (no game)", n_seats, categories=ROLES)
    c += per_seat("won", pa.bool_(), "seat is on the winning side", n_seats)
    c += per_seat("bombs_held", pa.int8(), "ranks held 4+ times at the deal (before the kitty)", n_seats)
    c += per_seat("rocket_held", pa.bool_(), "holds 小王 and 大王 at the deal", n_seats)
    c += per_seat("big_bombs_held", pa.int8(), "ranks held 7+ times at the deal (上海 报到 sets, with four jokers)",
                  n_seats)
    c += per_seat("twos_held", pa.int8(), "2s held at the deal", n_seats)
    c += per_seat("jokers_held", pa.int8(), "jokers held at the deal", n_seats)
    c += per_seat("aces_held", pa.int8(), "aces held at the deal", n_seats)
    return c


def scored_columns(n_seats: int) -> list[Column]:
    c = [
        Column("dang", pa.float64(), "上海 D of §7: the 档数, or 4 / 3 for a 头撂 deal won / lost (SH-8); the bid "
                                     "elsewhere; 0 without a landlord"),
        Column("f_qiang", pa.float64(), "factor of 抢地主 in the multiplier"),
        Column("f_mingpai", pa.float64(), "factor of 明牌 / 摊打"),
        Column("f_bombs", pa.float64(), "factor of bombs, rockets and 天王炸 played"),
        Column("f_spring", pa.float64(), "factor of 春天 / 反春"),
        Column("f_huangfan", pa.float64(), "factor of 荒番 (上海)"),
        Column("f_mingwang", pa.float64(), "factor of 明王 (上海)"),
        Column("f_touliao", pa.float64(), "factor of 头撂 with touliao_rule = extra_x4 (上海)"),
        Column("f_baodao", pa.float64(), "factor of 报到: 打 ×2 on a win, ×0 on a loss; × sets with "
                                         "baodao_count_multiplies / pz_baodao_settlement (上海)"),
        Column("multiplier", pa.float64(), "M, product of the factors (0 without a landlord)"),
    ]
    c += per_seat("money", pa.float64(), "net money of the hand (units of 底注 B)", n_seats)
    return c


def play_columns(n_seats: int) -> list[Column]:
    return (PLAY_INDEX_COLUMNS + layout_columns(PLAY, n_seats) + derived_columns(n_seats)
            + policy_columns(POLICIES, n_seats) + scored_columns(n_seats))


def census_columns(n_seats: int) -> list[Column]:
    """``paiju census``: what the first deal gives each seat and the 底牌 (``kernels.landlord.layout.CENSUS``)."""
    from kernels.landlord.layout import CENSUS
    from sim.schema import game_index_column

    return [game_index_column()] + layout_columns(CENSUS, n_seats)
