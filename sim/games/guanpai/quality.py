"""关牌's play-quality section, from the rows (``analysis.quality``).

There is no bidding and no redeal (the deal decides the first lead), so the decisions are the
bombs: per role, playing a bomb (four of a kind or the 3-card bomb) and what it earns the seat;
and the missed chance, losing while a rank is still held four times at the end (``bombs_left``,
a raw fact of the rows), which also leaves the bomb's cards to count against the loser (§6).
"""

from __future__ import annotations

import numpy as np

from analysis.columns import seat_codes, seat_matrix
from analysis.quality import PlayQuality, run_section
from analysis.report import Section
from analysis.runs import BATCH_ROWS, Run
from sim.games.guanpai.columns import N_SEATS, ROLES

LABELS = ("first leader", "second")
SEAT_COLUMNS = ("role", "won", "money", "bombs_played", "three_bombs_played", "bombs_dealt", "three_bomb_dealt",
                "bombs_left")
NOTE = ("no bidding and no redeal in 关牌: the decisions are the bombs; an unplayed bomb is a rank still held four "
        "times at the end (the 3-card bomb left in hand is not in the rows)")


def columns() -> list[str]:
    return [f"s{k}_{c}" for k in range(N_SEATS) for c in SEAT_COLUMNS]


def fold(q: PlayQuality, b) -> None:
    """Fold one batch of a 关牌 play run into ``q``."""
    s = {c: seat_matrix(b, c, N_SEATS) for c in SEAT_COLUMNS if c != "role"}
    role = seat_codes(b, "role", ROLES, N_SEATS)
    money = s["money"].astype(np.float64)
    won = s["won"].astype(bool)
    for i, label in enumerate(LABELS):
        mine = role == i
        q.decision(f"{label}: played a bomb", mine & (s["bombs_played"] > 0), money)
        q.decision(f"{label}: played the 3-card bomb", mine & (s["three_bombs_played"] > 0), money)
    q.note(NOTE)
    dealt = (s["bombs_dealt"] + s["three_bomb_dealt"].astype(np.int64)) > 0
    q.per_role("lost holding an unplayed bomb, per seat-hand", ~won & (s["bombs_left"] > 0), np.ones_like(won),
               role, LABELS)
    q.per_role("never bombed | lost, dealt a bomb", s["bombs_played"] == 0, ~won & dealt, role, LABELS)


def section(run: Run, batch_size: int = BATCH_ROWS) -> Section:
    return run_section(run, columns(), fold, batch_size)
