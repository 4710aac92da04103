"""关牌's play-quality section, from the rows (``analysis.quality``).

There is no bidding and no redeal (the deal decides the first lead), so the decisions are the
bombs: per role, playing a bomb (four of a kind or the 3-card bomb) and what it earns the seat.
The missed chances: losing while a bomb is still in hand at the end (``bombs_left``: a rank held
four times; ``three_bomb_left``: the 3-card bomb, raw facts of the rows), whose cards then count
against the loser (§6); and 全关 (the loser never played, ×2) conceded while holding a bomb.
Search seats: the fraction of their searched decisions where search chose what ``smart`` would have.
"""

from __future__ import annotations

import numpy as np

from analysis.columns import num, seat_codes, seat_matrix
from analysis.quality import PlayQuality, run_section
from analysis.report import Section
from analysis.runs import BATCH_ROWS, Run
from sim.games.guanpai.columns import N_SEATS, ROLES

LABELS = ("first leader", "second")
SEAT_COLUMNS = ("role", "won", "money", "bombs_played", "three_bombs_played", "bombs_dealt", "three_bomb_dealt",
                "bombs_left", "three_bomb_left", "search_decisions", "search_agree")
NOTE = ("no bidding and no redeal in 关牌: the decisions are the bombs; an unplayed bomb is a rank still held four "
        "times at the end, or the 3-card bomb (3Q / 3A) still whole")


def columns() -> list[str]:
    return ["quanguan"] + [f"s{k}_{c}" for k in range(N_SEATS) for c in SEAT_COLUMNS]


def fold(q: PlayQuality, b) -> None:
    """Fold one batch of a 关牌 play run into ``q``."""
    s = {c: seat_matrix(b, c, N_SEATS) for c in SEAT_COLUMNS if c != "role"}
    role = seat_codes(b, "role", ROLES, N_SEATS)
    money = s["money"].astype(np.float64)
    won = s["won"].astype(bool)
    for i, label in enumerate(LABELS):
        mine = role == i
        q.decision(f"{label}: played a bomb", mine & (s["bombs_played"] > 0), money, yardstick=mine)
        q.decision(f"{label}: played the 3-card bomb", mine & (s["three_bombs_played"] > 0), money, yardstick=mine)
    q.note(NOTE)
    dealt = (s["bombs_dealt"] + s["three_bomb_dealt"].astype(np.int64)) > 0
    left = (s["bombs_left"] > 0) | s["three_bomb_left"].astype(bool)
    q.per_role("lost holding an unplayed bomb, per seat-hand", ~won & left, np.ones_like(won), role, LABELS)
    q.per_role("never bombed | lost, dealt a bomb", s["bombs_played"] == 0, ~won & dealt, role, LABELS)
    shut_out = num(b, "quanguan").astype(bool)
    loser_left = (~won & left).any(axis=1)
    q.event("全关 conceded while the loser held a bomb, per hand", shut_out & loser_left)
    q.event("the loser held a bomb | 全关", loser_left[shut_out])
    decisions = s["search_decisions"].astype(np.int64).sum()
    agree = s["search_agree"].astype(np.int64).sum()
    if decisions:  # search seats: how often search chose what smart would have
        q.event("search chose what smart would have | a searched decision",
                np.concatenate([np.ones(agree, bool), np.zeros(decisions - agree, bool)]))


def section(run: Run, batch_size: int = BATCH_ROWS) -> Section:
    return run_section(run, columns(), fold, batch_size)
