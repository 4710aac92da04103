"""双扣's play-quality section, from the rows (``analysis.quality``).

No bidding: the decisions are the bomb-class plays (any bomb, 连炸, 三王, 天王炸弹), per role,
with the decider's mean money. The missed chance, per role: the seat's side lost while the seat
still held a bomb at the end (``left_max_bomb``, a raw fact of the rows: naturals of a rank +
wild jokers left, 4+ 相) — in 双扣 an unplayed bomb also leaves the side's 相 level, and so its
翻倍, lower (SK-7).

Search seats: the fraction of their searched decisions where search chose what ``smart`` would have.
"""

from __future__ import annotations

import numpy as np

from analysis.columns import seat_codes, seat_matrix
from analysis.quality import PlayQuality, run_section
from analysis.report import Section
from analysis.runs import BATCH_ROWS, Run
from sim.games.shuangkou.columns import N_SEATS
from sim.games.shuangkou.scoring import ROLES

LABELS = ("leader", "partner", "opponent")
SEAT_COLUMNS = ("role", "money", "won", "bombs", "lianzha", "sanwang", "tianwang", "left_max_bomb", "dealt_max_bomb")
NOTE = ("no bidding in 双扣: the decisions are the bomb-class plays; an unplayed bomb = 4+ 相 still held at the end "
        "(naturals of a rank + wild jokers left)")
SEARCH_COLUMNS = ("search_decisions", "search_agree")


def columns() -> list[str]:
    return [f"s{k}_{c}" for k in range(N_SEATS) for c in SEAT_COLUMNS + SEARCH_COLUMNS]


def fold(q: PlayQuality, b) -> None:
    """Fold one batch of a 双扣 play run into ``q``."""
    money = seat_matrix(b, "money", N_SEATS).astype(np.float64)
    role = seat_codes(b, "role", ROLES, N_SEATS)
    s = {c: seat_matrix(b, c, N_SEATS).astype(np.int64) for c in SEAT_COLUMNS if c != "role"}
    for i, label in enumerate(LABELS):
        mine = role == i
        q.decision(f"{label}: played a bomb-class play", mine & (s["bombs"] > 0), money, yardstick=mine)
        q.decision(f"{label}: played a 连炸", mine & (s["lianzha"] > 0), money, yardstick=mine)
        q.decision(f"{label}: played 三王 or 天王炸弹", mine & ((s["sanwang"] + s["tianwang"]) > 0), money, yardstick=mine)
    q.note(NOTE)
    lost = ~s["won"].astype(bool)
    q.per_role("lost holding an unplayed bomb, per seat-hand", lost & (s["left_max_bomb"] > 0), np.ones_like(lost),
               role, LABELS)
    q.per_role("lost holding an unplayed bomb of 6+ 相, per seat-hand", lost & (s["left_max_bomb"] >= 6),
               np.ones_like(lost), role, LABELS)
    q.per_role("never bombed | lost, dealt a bomb", s["bombs"] == 0, lost & (s["dealt_max_bomb"] > 0), role, LABELS)
    decisions = seat_matrix(b, "search_decisions", N_SEATS).astype(np.int64).ravel()
    agree = seat_matrix(b, "search_agree", N_SEATS).astype(np.int64).ravel()
    if decisions.sum():  # search seats: how often search kept smart's move
        q.event("search chose what smart would have | a searched decision",
                np.concatenate([np.ones(agree.sum(), bool), np.zeros(decisions.sum() - agree.sum(), bool)]))


def section(run: Run, batch_size: int = BATCH_ROWS) -> Section:
    return run_section(run, columns(), fold, batch_size)
