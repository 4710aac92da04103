"""仙桃千分's play-quality section, from the rows (``analysis.quality``).

Decisions, each with its frequency and the decider's mean money: 硬牌 (the seat that declared it)
and declining 硬牌 when asked (the seats asked before one accepted, or all four when none did;
the asking goes round from 庄家).

Missed chances, per role, from the end-of-hand facts in the rows (``s{k}_left_max_bomb``, the
largest bomb a seat could still make with the cards it held when the hand ended; ``s{k}_left_wangzha``;
``s{k}_big_whole``, its 7张/8张 played whole):

* lost holding a 4+ bomb or 王炸 at the end; the same for a 6+ bomb or 王炸;
* 7张/8张 split or kept: a seat dealt a rank 7 or 8 times naturally did not play all of them in one
  bomb (and the same, when its side lost).

Search seats: the fraction of their searched decisions where search chose what ``smart`` would have.
"""

from __future__ import annotations

import numpy as np
import pyarrow as pa

from analysis.columns import codes, num, seat_matrix
from analysis.quality import PlayQuality

N_SEATS = 4
ROLES = ("banker", "partner", "opponent", "hard", "hard_opponent")
ROLE_LABEL = {"banker": "庄家", "partner": "暗对家", "opponent": "闲家", "hard": "硬牌家", "hard_opponent": "硬牌 opponent"}
SEAT_COLUMNS = ("won", "money", "role", "seven", "eight", "left_max_bomb", "left_wangzha", "big_whole",
                "search_decisions", "search_agree")
COLUMNS = ("banker", "hard_seat", "hard_asked")


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
    left_bomb = seat_matrix(b, "left_max_bomb", N_SEATS).astype(np.int64)
    left_wangzha = seat_matrix(b, "left_wangzha", N_SEATS).astype(bool)
    role = np.stack([codes(b.column(f"s{k}_role"), ROLES) for k in range(N_SEATS)], axis=1)
    for i, r in enumerate(ROLES):
        lab, sel = ROLE_LABEL[r], role == i
        q.event(f"{lab} lost holding a 4+ bomb or 王炸 at the end, per {lab} seat-hand",
                ~won & ((left_bomb >= 4) | left_wangzha), sel)
        q.event(f"{lab} lost holding a 6+ bomb or 王炸 at the end, per {lab} seat-hand",
                ~won & ((left_bomb >= 6) | left_wangzha), sel)

    big = seat_matrix(b, "seven", N_SEATS).astype(np.int64) + seat_matrix(b, "eight", N_SEATS)
    split = big > seat_matrix(b, "big_whole", N_SEATS).astype(np.int64)
    q.event("7张/8张 split or kept | dealt one", split, big > 0)
    q.event("7张/8张 split or kept and lost | dealt one", split & ~won, big > 0)

    decisions = seat_matrix(b, "search_decisions", N_SEATS).astype(np.int64).ravel()
    agree = seat_matrix(b, "search_agree", N_SEATS).astype(np.int64).ravel()
    if decisions.sum():
        q.event("search chose what smart would have | a searched decision",
                np.concatenate([np.ones(agree.sum(), bool), np.zeros(decisions.sum() - agree.sum(), bool)]))
