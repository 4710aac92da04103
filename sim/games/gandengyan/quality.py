"""干瞪眼's play-quality section, from the rows (``analysis.quality``).

No bidding: the decisions are the bombs (a bomb or 双王 played, per role) and what they earn the
seat. The missed chance, per role: a seat still holding cards at the end (it pays) with a bomb it
never played — a rank held ``bomb_min`` or more times naturally (``held3`` / ``held4`` /
``held5p``), or one short of it with a joker left, or two jokers (双王, where the variant has it):
in the multiplier variants each such bomb also raises what the loser pays. A stalemate (only
jokers left, nobody out) is the game's hand without a result; a loser shut out (全关) holding a bomb
never played it at all.
Search seats: the fraction of their searched decisions where search chose what ``smart`` would have.
"""

from __future__ import annotations

import numpy as np

from analysis.columns import num, seat_codes, seat_matrix
from analysis.quality import PlayQuality, run_section
from analysis.report import Section
from analysis.runs import BATCH_ROWS, Run
from sim.games.gandengyan.columns import ROLES

LABELS = ("banker", "other")
SEAT_COLUMNS = ("role", "money", "cards_left", "bombs_played", "held3", "held4", "held5p", "jokers_left", "quanguan",
                "search_decisions", "search_agree")
NOTE = ("no bidding in 干瞪眼: the decisions are the bombs; an unplayed bomb at the end is a rank held bomb_min+ "
        "times naturally, or bomb_min - 1 times (3 of a kind) with a joker left, or two jokers (双王)")


def columns(n_seats: int) -> list[str]:
    return ["winner"] + [f"s{k}_{c}" for k in range(n_seats) for c in SEAT_COLUMNS]


def bomb_left(s: dict, bomb_min: int, joker_bomb: bool) -> np.ndarray:
    """(rows, seats): the seat holds a bomb at the end, from the rows' end-of-hand counts."""
    held = s["held5p"] > 0
    if bomb_min <= 4:
        held |= s["held4"] > 0
    if bomb_min <= 3:
        held |= s["held3"] > 0
    if bomb_min == 4:
        held |= (s["held3"] > 0) & (s["jokers_left"] > 0)
    if joker_bomb:
        held |= s["jokers_left"] >= 2
    return held


def fold(q: PlayQuality, b, n_seats: int, bomb_min: int, joker_bomb: bool) -> None:
    """Fold one batch of a 干瞪眼 play run into ``q``."""
    s = {c: seat_matrix(b, c, n_seats) for c in SEAT_COLUMNS if c != "role"}
    role = seat_codes(b, "role", ROLES, n_seats)
    money = s["money"].astype(np.float64)
    for i, label in enumerate(LABELS):
        q.decision(f"{label}: played a bomb or 双王", (role == i) & (s["bombs_played"] > 0), money, yardstick=role == i)
    q.note(NOTE)
    loser = s["cards_left"] > 0
    q.per_role("lost holding an unplayed bomb, per seat-hand", loser & bomb_left(s, bomb_min, joker_bomb),
               np.ones_like(loser), role, LABELS)
    q.event("held an unplayed bomb | shut out (全关), per seat-hand", bomb_left(s, bomb_min, joker_bomb),
            s["quanguan"].astype(bool))
    q.event("stalemate (only jokers left, nobody out), per hand", num(b, "winner") < 0)
    decisions = s["search_decisions"].astype(np.int64).sum()
    agree = s["search_agree"].astype(np.int64).sum()
    if decisions:  # search seats: how often search chose what smart would have
        q.event("search chose what smart would have | a searched decision",
                np.concatenate([np.ones(agree, bool), np.zeros(decisions - agree, bool)]))


def section(run: Run, rules, batch_size: int = BATCH_ROWS) -> Section:
    return run_section(run, columns(rules.players), lambda q, b: fold(q, b, rules.players, rules.bomb_min,
                                                                       rules.joker_bomb != "none"), batch_size)
