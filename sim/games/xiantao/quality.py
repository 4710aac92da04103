"""仙桃千分's play-quality section, from the rows (``analysis.quality``).

Decisions, each with its frequency and the decider's mean money: 硬牌 (the seat that declared it)
and declining 硬牌 when asked (the seats asked before one accepted, or all four when none did;
the asking goes round from 庄家).

Missed chances, per role. The rows hold each seat's dealt hand features, where it finished (0 =
still holding cards when the hand ended) and the hand's bomb-class plays by ladder level, not who
played them or what a seat still held at the end, so these are proxies, and the section says so:

* lost with cards left, dealt a bomb: the seat lost, still held cards at the end, and was dealt a
  4+ bomb (natural count with all wilds) or 王炸; whether that bomb was played is not in the rows;
  the same for a 6+ bomb or 王炸;
* 7张/8张 split or kept: a seat was dealt a rank 7 or 8 times naturally and the hand had fewer
  7+-card bombs played (ladder L01-L10) than 7张 and 8张 dealt; a soft 7 made by another seat
  hides a split, so this is a lower bound.
"""

from __future__ import annotations

import numpy as np
import pyarrow as pa

from analysis.columns import codes, num, seat_matrix
from analysis.quality import PlayQuality

N_SEATS = 4
ROLES = ("banker", "partner", "opponent", "hard", "hard_opponent")
ROLE_LABEL = {"banker": "庄家", "partner": "暗对家", "opponent": "闲家", "hard": "硬牌家", "hard_opponent": "硬牌 opponent"}
BIG_LEVELS = range(1, 11)  # ladder L01..L10: bombs of 7 or more cards (rules §7.2)
SEAT_COLUMNS = ("won", "finish", "money", "role", "max_bomb", "wangzha", "seven", "eight")
COLUMNS = ("banker", "hard_seat", "hard_asked") + tuple(f"bombs_L{lv:02d}" for lv in BIG_LEVELS)

PROXY_NOTE = ("missed chances are proxies from the dealt hands, the finishing places and the hand's bombs by "
              "level: who played a bomb and what a seat still held at the end are not in the rows")


def columns() -> list[str]:
    return list(COLUMNS) + [f"s{k}_{c}" for k in range(N_SEATS) for c in SEAT_COLUMNS]


def fold(q: PlayQuality, b: pa.RecordBatch, money: np.ndarray | None = None) -> None:
    """Fold one batch of a 仙桃千分 play run into ``q``."""
    seat = np.arange(N_SEATS)[None, :]
    money = seat_matrix(b, "money", N_SEATS).astype(np.float64) if money is None else money
    banker = num(b, "banker").astype(np.int64)
    hard_seat = num(b, "hard_seat").astype(np.int64)
    asked = num(b, "hard_asked").astype(np.int64)
    rel = (seat - banker[:, None]) % N_SEATS
    declared = seat == hard_seat[:, None]
    q.decision("硬牌 (decider: the 硬牌家)", declared, money)
    q.decision("declines 硬牌 when asked", (rel < asked[:, None]) & ~declared, money, flag=False)

    won = seat_matrix(b, "won", N_SEATS).astype(bool)
    left = seat_matrix(b, "finish", N_SEATS) == 0
    max_bomb = seat_matrix(b, "max_bomb", N_SEATS).astype(np.int64)
    wangzha = seat_matrix(b, "wangzha", N_SEATS).astype(bool)
    role = np.stack([codes(b.column(f"s{k}_role"), ROLES) for k in range(N_SEATS)], axis=1)
    q.note(PROXY_NOTE)
    for i, r in enumerate(ROLES):
        lab, sel = ROLE_LABEL[r], role == i
        q.event(f"{lab} lost with cards left, dealt a 4+ bomb or 王炸 (proxy), per {lab} seat-hand",
                ~won & left & ((max_bomb >= 4) | wangzha), sel)
        q.event(f"{lab} lost with cards left, dealt a 6+ bomb or 王炸 (proxy), per {lab} seat-hand",
                ~won & left & ((max_bomb >= 6) | wangzha), sel)

    big = seat_matrix(b, "seven", N_SEATS).astype(np.int64) + seat_matrix(b, "eight", N_SEATS)
    played = sum(num(b, f"bombs_L{lv:02d}").astype(np.int64) for lv in BIG_LEVELS)
    short = np.broadcast_to((big.sum(axis=1) > played)[:, None], big.shape)
    q.event("7张/8张 split or kept | dealt one (proxy, a lower bound: the hand played fewer 7+-card bombs than "
            "7张 and 8张 dealt)", short, big > 0)
    q.event("7张/8张 split or kept and lost | dealt one (proxy)", short & ~won, big > 0)
